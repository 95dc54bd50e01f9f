import type { ErrorDoc, JsonValue } from "../../core/provider.js";

/**
 * Anthropic's error body: `{"type":"error","error":{"type","message"},"request_id"}`, the same
 * `request_id` as the answer's `request-id` header (https://platform.claude.com/docs/en/api/errors).
 * Pre-rendered errors carry the pin's error request id, which the profile's `request-id` header repeats;
 * computed answers derive theirs from the request.
 */
export function anthropicError(type: string, message: string, requestId: string): JsonValue {
  return { type: "error", error: { type, message }, request_id: requestId };
}

export function notFound(requestId: string): ErrorDoc {
  return { status: 404, body: anthropicError("not_found_error", "Not Found", requestId) };
}

/** Without `x-api-key` (any key is accepted: the host is not a secret), reads included. */
export function missingKey(requestId: string): ErrorDoc {
  return { status: 401, body: anthropicError("authentication_error", "x-api-key header is required", requestId) };
}

/** An `anthropic-version` that is not one of the published versions. */
export function badVersion(requestId: string): ErrorDoc {
  return { status: 400, body: anthropicError("invalid_request_error", 'anthropic-version: "{version}" is not a valid version', requestId) };
}

/**
 * A list parameter Anthropic refuses (`limit=5000`, `limit=ten`, `roles[]=owner`), worded as its
 * validation errors are (`limit: Input should be less than or equal to 1000`).
 */
export function badRequest(requestId: string): ErrorDoc {
  return { status: 400, body: anthropicError("invalid_request_error", "{message}", requestId) };
}

export function badRequestByReason(requestId: string): Partial<Record<"format" | "value" | "range" | "minimum", ErrorDoc>> {
  const doc = (message: string): ErrorDoc => ({ status: 400, body: anthropicError("invalid_request_error", message, requestId) });
  return {
    format: doc("{param}: Input should be a valid integer, unable to parse string as an integer"),
    range: doc("{param}: Input should be less than or equal to 1000"),
    minimum: doc("{param}: Input should be greater than or equal to 1"),
    value: doc("{param}: Input should be one of the accepted values, got '{value}'"),
  };
}

/** Writes other than the computed ones: the host is a frozen snapshot and nothing changes. */
export function methodNotAllowed(requestId: string): ErrorDoc {
  return {
    status: 405,
    body: anthropicError(
      "invalid_request_error",
      "This is a frozen snapshot of the Anthropic API: writes are not served and nothing was " +
        "changed. Only POST /v1/messages and POST /v1/" +
        "messages/count_tokens are answered.",
      requestId,
    ),
  };
}

export const MISSING_VERSION = "anthropic-version: header is required";
