import { newest, type Activity, type ActivityProbe } from "../../support/activity.js";

/**
 * Slack: the newest message in any channel, as a client reads a workspace. conversations.list names the
 * channels; conversations.history is newest first, so its first page holds the channel's newest top-level
 * message. Thread replies are not in history, but each parent carries `latest_reply` (the ts of its newest
 * reply), so the first few parents also give the newest reply on a recent thread.
 */
export const newestActivity: ActivityProbe = async (client) => {
  const list = await client.json<{ channels: Array<{ id: string; name: string }> }>(
    "/api/conversations.list?exclude_archived=true&limit=1000",
  );
  const found: Activity[] = [];
  for (const ch of list.channels) {
    const history = await client.json<{ ok: boolean; messages?: Array<{ ts: string; latest_reply?: string; text?: string }> }>(
      `/api/conversations.history?channel=${encodeURIComponent(ch.id)}&limit=20`,
    );
    if (!history.ok) throw new Error(`conversations.history of #${ch.name} failed`);
    for (const m of history.messages ?? []) {
      found.push({ at: Number(m.ts) * 1000, what: `message in #${ch.name}: ${(m.text ?? "").slice(0, 60)}` });
      if (m.latest_reply) found.push({ at: Number(m.latest_reply) * 1000, what: `thread reply in #${ch.name} (thread ${m.ts})` });
    }
  }
  return newest(found, "slack");
};
