import type { ErrorDoc, JsonValue } from "../../core/provider.js";

/**
 * Slack answers errors with HTTP 200 and `{"ok":false,"error":"<code>"}` (https://api.slack.com/web#evaluating_responses);
 * only rate limiting (429) and outages use other statuses. The codes are each method's documented ones.
 */
export function slackError(error: string, extra: Record<string, JsonValue> = {}): ErrorDoc {
  return { status: 200, body: { ok: false, error, ...extra } };
}

/** No token in `Authorization: Bearer …` (any token passes: the host is not a secret). */
export const notAuthed = slackError("not_authed");

/**
 * A method that does not exist: the one error Slack answers with HTTP 404
 * (`{"ok":false,"error":"unknown_method"}`), so @slack/web-api raises it as an HTTP error.
 */
export const unknownMethod: ErrorDoc = { status: 404, body: { ok: false, error: "unknown_method" } };

/**
 * Write methods (chat.postMessage, reactions.add, conversations.create, …): the host is a read-only
 * projection of the world, so every write is refused with the code Slack documents for a workspace
 * preference that forbids the action, and nothing changes.
 */
export const restrictedAction = slackError("restricted_action");

/** List parameters Slack refuses, by parameter: a cursor that is not one of ours, a `ts` that is no timestamp. */
export const badRequestByParam: Record<string, ErrorDoc> = {
  cursor: slackError("invalid_cursor"),
  oldest: slackError("invalid_ts_oldest"),
  latest: slackError("invalid_ts_latest"),
};

export const badRequest = slackError("invalid_arguments");

/**
 * An id that names nothing, by method: Slack's own code (HTTP 200), not `unknown_method`. The path is
 * all the resolver sees, so a reply thread that does not exist reads as its channel's.
 */
export const notFoundByPath = [
  { path: "^api/users\\.(info|profile\\.get)$", error: slackError("user_not_found") },
  { path: "^api/users\\.lookupByEmail$", error: slackError("users_not_found") },
  { path: "^api/conversations\\.(info|members|history|replies)$", error: slackError("channel_not_found") },
  { path: "^api/reactions\\.get$", error: slackError("message_not_found") },
  { path: "^api/bots\\.info$", error: slackError("bot_not_found") },
];
