import type { ErrorDoc } from "../../core/provider.js";

/**
 * Zendesk's error bodies (developer.zendesk.com/api-reference/introduction/requests/ and the answers
 * the API gives): `{"error": <code>, "description": <text>}`, except the 401 of a request without
 * credentials, which is `{"error":"Couldn't authenticate you"}` alone.
 */
export const notFound: ErrorDoc = { status: 404, body: { error: "RecordNotFound", description: "Not found" } };

export const unauthenticated: ErrorDoc = {
  status: 401,
  headers: { "www-authenticate": 'Basic realm="Web Password"' },
  body: { error: "Couldn't authenticate you" },
};

/** Writes: the host is a snapshot of the account, and its API token may read but never change it. */
export const forbidden: ErrorDoc = {
  status: 403,
  body: {
    error: "Forbidden",
    description: "You do not have access to this page. Please contact the account owner of this help desk for further help.",
  },
};

/** A cursor that is no cursor of this list. */
export const badRequest: ErrorDoc = { status: 400, body: { error: "InvalidPaginationParameter", description: "{message}" } };

/** A filter value Zendesk does not know (`role=owner`) or cannot read (`start_time=yesterday`). */
export const badRequestByReason: Partial<Record<"format" | "value" | "range" | "minimum", ErrorDoc>> = {
  value: { status: 400, body: { error: "InvalidValue", description: "{message}" } },
  format: { status: 400, body: { error: "InvalidValue", description: "{message}" } },
};
