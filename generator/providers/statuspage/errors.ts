import type { ErrorDoc } from "../../core/provider.js";

/**
 * Statuspage's error body is its published `ErrorEntity`, `{"message": "…"}`; the messages are the
 * published description's own words for each response (401 "Could not authenticate", 404 "The requested
 * resource could not be found.", 400 "Bad request").
 */
export const notFound: ErrorDoc = { status: 404, body: { message: "The requested resource could not be found." } };

/** No `Authorization: OAuth <key>` (any key passes: the host is not a secret). */
export const unauthenticated: ErrorDoc = { status: 401, body: { message: "Could not authenticate" } };

/** A list parameter the API refuses (a `q` it cannot read); `{message}` names it. */
export const badRequest: ErrorDoc = { status: 400, body: { message: "Bad request: {message}" } };

/**
 * Writes: this host serves a snapshot of the page and changes nothing, so creating or updating an
 * incident, a component or a subscriber is refused in the same shape.
 */
export const methodNotAllowed: ErrorDoc = {
  status: 405,
  body: { message: "This is a read-only snapshot of the Statuspage API: writes are not served and nothing was changed." },
};
