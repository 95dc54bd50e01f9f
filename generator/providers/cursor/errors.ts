import type { ErrorDoc } from "../../core/provider.js";

/**
 * Cursor's API errors, as its API overview documents them (https://cursor.com/docs/api#common-error-responses):
 * `{"error": "<HTTP reason>", "message": "<what is wrong>"}` for 400, 401, 403, 404, 429 and 500. Two write
 * endpoints document their own shapes: `/teams/user-spend-limit` answers `{"outcome": "error", "message"}`
 * and `/teams/remove-member` `{"error": "<message>"}` (writes.ts).
 */
export function cursorError(status: number, error: string, message: string): ErrorDoc {
  return { status, body: { error, message } };
}

/** A missing or malformed `Authorization` header: the documented 401. Any key passes. */
export const unauthorized = cursorError(401, "Unauthorized", "Invalid API key");

export const notFound = cursorError(404, "Not Found", "Resource not found");

/**
 * Cursor routes by method and path: a method a path does not answer is the same 404 as an unknown path.
 * Writes Cursor has are answered statelessly (writes.ts); the rest of the Admin API is not served.
 */
export const methodNotAllowed = notFound;

/** A request Cursor refuses (a bad date range, a page size above the maximum): `{message}` is filled in. */
export const badRequest = cursorError(400, "Bad Request", "{message}");

export function invalid(message: string): ErrorDoc {
  return cursorError(400, "Bad Request", message);
}
