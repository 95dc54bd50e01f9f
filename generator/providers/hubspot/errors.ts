import type { ErrorDoc, JsonValue } from "../../core/provider.js";

/**
 * HubSpot's error body: `{status: "error", message, correlationId, category}`, plus `context` (and
 * `subCategory`) where HubSpot gives one. Pre-rendered errors carry one correlation id per pin (the
 * profile is data); computed ones derive theirs from the request, so the same request repeats it.
 */
export function hsError(message: string, category: string, correlationId: string, extra: Record<string, JsonValue> = {}): JsonValue {
  return { status: "error", message, correlationId, category, ...extra };
}

/** An unknown path, object, owner, pipeline, property or file. */
export function notFoundDoc(correlationId: string): ErrorDoc {
  return { status: 404, body: hsError("resource not found", "OBJECT_NOT_FOUND", correlationId) };
}

/** A list parameter HubSpot refuses (an `after` that is no cursor): `{message}` is filled in per request. */
export function badRequestDoc(correlationId: string): ErrorDoc {
  return { status: 400, body: hsError("{message}", "VALIDATION_ERROR", correlationId) };
}

/**
 * Writes to a frozen pin: what a private app without write scopes gets (403 MISSING_SCOPES), with a
 * message that says why.
 */
export function readOnlyDoc(correlationId: string): ErrorDoc {
  return {
    status: 403,
    body: hsError(
      "This snapshot is read-only: creating, updating, merging or archiving records is not " +
        "possible. Reads, searches (POST .../search) and " +
        "batch reads (POST .../batch/read) are served.",
      "MISSING_SCOPES",
      correlationId,
    ),
  };
}

/** A search or batch read whose body HubSpot would reject. */
export function validationError(message: string, correlationId: string): JsonValue {
  return hsError(message, "VALIDATION_ERROR", correlationId);
}

/** A batch read's error for the ids it could not find (answered with 207). */
export function batchNotFound(upper: string, ids: string[]): JsonValue {
  return {
    status: "error",
    category: "OBJECT_NOT_FOUND",
    message: `Could not get some ${upper} objects, they may be deleted or not exist. Check that ids are valid.`,
    context: { ids },
  };
}
