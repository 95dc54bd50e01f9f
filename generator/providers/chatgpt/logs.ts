import { createHash } from "node:crypto";
import { uuidFromHex } from "../../world/ids.js";
import { errorReply, jsonReply } from "../../core/compute.js";
import { parseTime } from "../../core/lists/values.js";
import type { JsonObject, ComputeHandler, Resource } from "../../core/provider.js";
import { DAY, isoMillis, isoSeconds, startOfDay } from "../../world/clock.js";
import type { ChatGptConversation } from "../../world/types.js";
import { type CgContext, stamp } from "./context.js";
import { badRequest, complianceError, notFound } from "./errors.js";
import type { ComputedRoute } from "../../core/define-provider.js";

/**
 * The Compliance Logs Platform (OpenAI's cookbook quickstart; Elastic's and Psoxy's connectors): the
 * workspace's activity as immutable JSON Lines log files, listed by time and downloaded one by one.
 *
 * - `GET …/logs?event_type=CONVERSATION_MESSAGE&after=<ISO 8601>&limit=<n>` lists the files whose
 *   events end after `after`, oldest first: `{"data":[{"id"}…],"has_more","last_end_time"}`; a client
 *   sends `last_end_time` as the next `after` while `has_more`. An empty page has `last_end_time: null`.
 * - `GET …/logs/{id}` is the file: one event per line.
 *
 * Only `CONVERSATION_MESSAGE` is in the world: one event per user or assistant message of every
 * conversation (`world.ai.chatgpt`), one file per UTC day with messages, the last one ending at as-of.
 * The other documented event types answer an empty list. The list is a computed route over a frozen
 * index of the files (`_snapverse/chatgpt/logs-index`); the files are served as they are.
 */
export const EVENT_TYPES = [
  "APP_AUTH_LOG",
  "APP_LOG",
  "AUDIT_LOG",
  "AUTH_LOG",
  "CODEX_LOG",
  "CODEX_SECURITY_LOG",
  "CONVERSATION_MESSAGE",
  "CUSTOM_AGENTS_LOG",
] as const;
export const LOGS_INDEX = "_snapverse/chatgpt/logs-index";
export const LOGS_LIMIT = { default: 100, max: 1000 };

interface LogIndex {
  workspace_id: string;
  files: Array<{ id: string; event_type: string; end_time: number }>;
}

/** ISO 8601 with microseconds, as the log events write instants (`2026-07-15T15:29:00.243000Z`). */
function isoMicros(seconds: number): string {
  const micros = Math.round(seconds * 1_000_000);
  const ms = Math.floor(micros / 1000);
  return `${isoMillis(ms).slice(0, -1)}${String(micros % 1000).padStart(3, "0")}Z`;
}

function uuidFrom(text: string): string {
  const h = createHash("sha256").update(`chatgpt-compliance\u0000${text}`).digest("hex");
  return uuidFromHex(h, "a");
}

/** The client a person chats from: most from the web app, some from the macOS app (stable per person). */
function clientType(personId: number): string {
  return createHash("sha256").update(`chatgpt-compliance\u0000client\u0000${personId}`).digest()[0]! % 4 === 0
    ? "macos_app"
    : "desktop_web";
}

function events(cg: CgContext, c: ChatGptConversation): Array<{ at: number; line: string }> {
  const user = cg.user(c.personId);
  const salt = `conversation/${c.id}`;
  const gpt = c.gptId ? cg.gpts.find((g) => g.id === c.gptId) : undefined;
  const project = c.projectId ? cg.projects.find((p) => p.id === c.projectId) : undefined;
  const conversation: JsonObject = {
    id: c.id,
    title: c.title,
    created_at: isoMicros(stamp(c.createdAt, salt)),
    is_pinned: false,
    is_temporary_chat: false,
    ...(gpt ? { gpt_id: gpt.id, gpt_name: gpt.name } : {}),
    ...(project ? { project_id: project.id, project_name: project.name } : {}),
  };
  return c.messages.map((m, i) => {
    const at = isoMicros(stamp(m.at, salt));
    const author: JsonObject =
      m.role === "user" ? { type: "user", client_type: clientType(c.personId) } : { type: "assistant", model: c.model };
    const event: JsonObject = {
      event_id: uuidFrom(`event/${m.id}`),
      type: "CONVERSATION_MESSAGE",
      principal: { id: cg.workspaceId, type: "CHATGPT_WORKSPACE" },
      actor: { type: "ACCOUNT_USER", user_id: user.id, user_email: user.person.email },
      timestamp: at,
      ...(i > 0 ? { previous_message_id: c.messages[i - 1]!.id } : {}),
      message: { id: m.id, created_at: at, author, content: { type: "text", value: m.text } },
      conversation,
    };
    return { at: m.at, line: JSON.stringify(event) };
  });
}

export function* logResources(cg: CgContext): Generator<Resource> {
  const byDay = new Map<number, Array<{ at: number; line: string }>>();
  for (const c of cg.conversations) {
    for (const e of events(cg, c)) {
      const day = startOfDay(e.at);
      if (!byDay.has(day)) byDay.set(day, []);
      byDay.get(day)!.push(e);
    }
  }
  const index: LogIndex = { workspace_id: cg.workspaceId, files: [] };
  for (const day of [...byDay.keys()].sort((a, b) => a - b)) {
    const lines = byDay
      .get(day)!
      .sort((a, b) => a.at - b.at || (a.line < b.line ? -1 : 1))
      .map((e) => e.line);
    const id = `log_${cg.b62(`log/CONVERSATION_MESSAGE/${day}`, 24)}`;
    index.files.push({ id, event_type: "CONVERSATION_MESSAGE", end_time: Math.min(day + DAY, cg.world.asOf) });
    yield { path: `${cg.base}/logs/${id}`, body: { raw: `${lines.join("\n")}\n`, contentType: "application/octet-stream" } };
  }
  yield { path: LOGS_INDEX, body: index as unknown as JsonObject };
}

function problem(param: string, message: string) {
  return jsonReply(badRequest.status, complianceError(message, "invalid_request_error", param, null));
}

const list: ComputeHandler = async (input) => {
  const text = await input.read(LOGS_INDEX);
  const index = text === undefined ? undefined : (JSON.parse(text) as LogIndex);
  if (!index || input.path.split("/")[3] !== index.workspace_id) return errorReply(notFound);
  const one = (name: string) => input.query.find(([k]) => k === name)?.[1];
  const type = one("event_type");
  if (type !== undefined && !(EVENT_TYPES as readonly string[]).includes(type))
    return problem("event_type", `Invalid event_type '${type}'. Expected one of: ${EVENT_TYPES.join(", ")}.`);
  const afterText = one("after");
  const after = afterText === undefined || afterText === "" ? Number.NEGATIVE_INFINITY : parseTime(afterText);
  if (after === undefined)
    return problem("after", "Invalid 'after': expected an ISO 8601 date-time with a time zone, e.g. 2026-09-30T00:00:00Z.");
  const limitText = one("limit");
  const limit =
    limitText === undefined
      ? LOGS_LIMIT.default
      : /^\d+$/.test(limitText)
        ? Math.min(LOGS_LIMIT.max, Math.max(1, Number(limitText)))
        : undefined;
  if (limit === undefined) return problem("limit", "Invalid 'limit': expected an integer.");
  const files = index.files.filter((f) => (type === undefined || f.event_type === type) && f.end_time > after);
  const page = files.slice(0, limit);
  return jsonReply(200, {
    data: page.map((f) => ({ id: f.id })),
    has_more: files.length > page.length,
    last_end_time: page.length ? isoSeconds(page.at(-1)!.end_time) : null,
  });
};

export const logRoutes: ComputedRoute[] = [{ method: "GET", path: "^v1/compliance/workspaces/[^/]+/logs$", handler: "logs", run: list }];
