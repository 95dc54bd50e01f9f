import { COMPANIES } from "../../../generator/world/vocabulary.js";
import { workspaceIdOf } from "../../../generator/providers/chatgpt/context.js";
import { newest, type ActivityProbe } from "../../support/activity.js";

/**
 * ChatGPT Enterprise: what happened last in the workspace is the newest message of any conversation, as
 * the Compliance API's connectors read it (Elastic's, the cookbook's): the Logs Platform says up to when
 * there are messages, then the conversations active since then are read with their messages.
 */
export const newestActivity: ActivityProbe = async (client) => {
  // The workspace id is what an admin copies from ChatGPT's settings; the API lists no workspaces. It is
  // derived from the company, so try the world's possible companies: only the host's own answers.
  let base: string | undefined;
  let logs: any;
  for (const [, slug] of COMPANIES) {
    if (base) break;
    const at = `/v1/compliance/workspaces/${workspaceIdOf(slug)}`;
    logs = await client.json(`${at}/logs?event_type=CONVERSATION_MESSAGE&limit=1000`).catch((e: Error) => {
      if (!/ answered 404:/.test(e.message)) throw e;
    });
    if (logs) base = at;
  }
  if (!base) throw new Error("chatgpt: no workspace of the world's companies answers");
  // One log file per UTC day with messages, oldest first; the last one ends at the next midnight (or now).
  let end: string | null = logs.last_end_time;
  while (logs.has_more) {
    logs = await client.json(`${base}/logs?event_type=CONVERSATION_MESSAGE&limit=1000&after=${logs.last_end_time}`);
    end = logs.last_end_time ?? end;
  }
  if (!end) return newest([], "chatgpt");
  // Conversations active in that last day, oldest update first: the last one holds the newest message.
  const since = Date.parse(end) / 1000 - 86_400;
  let page = await client.json(`${base}/conversations?since_timestamp=${since}&limit=500`);
  let last = page.data.at(-1);
  while (page.has_more) {
    page = await client.json(`${base}/conversations?since_timestamp=${since}&limit=500&after=${page.last_id}`);
    last = page.data.at(-1) ?? last;
  }
  const message = last?.messages.data.filter((m: any) => m.created_at !== null).at(-1);
  return newest(
    [
      last && { at: last.last_active_at * 1000, what: `conversation "${last.title}" last active` },
      message && { at: message.created_at * 1000, what: `${message.author.role} message in "${last.title}"` },
    ],
    "chatgpt",
  );
};
