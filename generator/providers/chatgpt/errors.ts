import type { ErrorDoc, JsonValue } from "../../core/provider.js";

/**
 * The Compliance API is served by OpenAI's API stack (api.chatgpt.com), and answers errors in OpenAI's
 * shape: `{"error":{"message","type","param","code"}}`. The published description gives the statuses
 * (404 "An identifying parameter was not found (`workspace_id`, etc.)", 429) but not the bodies; the
 * wording here is this snapshot's own.
 */
export function complianceError(message: string, type: string, param: string | null, code: string | null): JsonValue {
  return { error: { message, type, param, code } };
}

/**
 * One body for every unknown path, workspace and object id: an unknown workspace id, GPT or project
 * is a 404 on the real API too.
 */
export const notFound: ErrorDoc = {
  status: 404,
  body: complianceError(
    "Not found: no such workspace, object or route. Check the workspace ID and the object ID.",
    "invalid_request_error",
    null,
    "not_found",
  ),
};

/** A list parameter that does not parse (`limit=abc`, `since_timestamp=yesterday`). */
export const badRequest: ErrorDoc = { status: 400, body: complianceError("{message}", "invalid_request_error", "{param}", null) };

/** No `Authorization: Bearer <key>`: OpenAI's 401 wording (any key is accepted). */
export const missingKey: ErrorDoc = {
  status: 401,
  body: complianceError(
    "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: " +
      "Bearer YOUR_KEY).",
    "invalid_request_error",
    null,
    null,
  ),
};

/** Writes other than the computed deletions (deletes.ts): nothing in this workspace changes. */
export const methodNotAllowed: ErrorDoc = {
  status: 405,
  body: complianceError(
    "This is a snapshot of the ChatGPT Enterprise Compliance API: it is read-only apart from DELETE of conversations, GPTs and projects, " +
      "which are acknowledged without changing anything.",
    "invalid_request_error",
    null,
    "method_not_allowed",
  ),
};
