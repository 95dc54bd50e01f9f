import type { ErrorDoc } from "../../core/provider.js";

/** Salesforce answers errors as an array of `{message, errorCode}` (some add `fields`). */
export const sfError = (errorCode: string, message: string, status: number): ErrorDoc => ({ status, body: [{ message, errorCode }] });

export const NOT_FOUND = sfError("NOT_FOUND", "The requested resource does not exist", 404);
export const INVALID_SESSION = sfError("INVALID_SESSION_ID", "Session expired or invalid", 401);
/** The org is a frozen snapshot: the API refuses writes as it does for a user without edit access. */
export const READ_ONLY = sfError(
  "INSUFFICIENT_ACCESS_OR_READONLY",
  "insufficient access rights on object id: this org is a read-only snapshot",
  403,
);
