import type { ErrorDoc, JsonValue } from "../../core/provider.js";

/**
 * PagerDuty's error body (the description's generic error response): `{"error":{"message","code",
 * "errors"}}`, `errors` holding the human-readable details where PagerDuty gives some. The codes are
 * PagerDuty's (developer.pagerduty.com/docs/errors): 2001 Invalid Input Provided, 2002 Arguments Caused
 * Error, 2006 Authentication failed, 2010 Access Denied, 2100 Not Found.
 */
export function pdError(message: string, code: number, errors?: string[]): JsonValue {
  return { error: errors ? { message, code, errors } : { message, code } };
}

/** An unknown path or id: `{"error":{"message":"Not Found","code":2100}}`. */
export const notFound: ErrorDoc = { status: 404, body: pdError("Not Found", 2100) };

/** Without `Authorization: Token token=…` (or an OAuth `Bearer` token); any token passes. */
export const unauthorized: ErrorDoc = { status: 401, body: pdError("Authentication failed", 2006) };

/**
 * Writes: the host answers like a read-only API key, which PagerDuty refuses with 403 for any method
 * other than GET. Nothing changes.
 */
export const readOnly: ErrorDoc = {
  status: 403,
  body: pdError("Access Denied", 2010, [
    "This is a read-only snapshot of a PagerDuty account: writes are refused and nothing was changed.",
  ]),
};

/** A malformed parameter (`statuses[]=open`, `since=yesterday`): 400, 2001, the detail in `errors`. */
export const invalidInput: ErrorDoc = { status: 400, body: pdError("Invalid Input Provided", 2001, ["{message}"]) };

/** `offset + limit` past 10,000 (and a malformed `offset`): 400, 2002. */
export const argumentsError: ErrorDoc = { status: 400, body: pdError("Arguments Caused Error", 2002, ["{message}"]) };

/** `GET /users/me` with an account-level key: there is no "me". */
export const ME_WITH_ACCOUNT_KEY =
  "Requests made with an account-level API key cannot use /users/me: use a user-level API key or an OAuth token.";
