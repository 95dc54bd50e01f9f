import type { ErrorDoc } from "../../core/provider.js";

/**
 * Sentry's error bodies are Django REST framework's: `{"detail": "…"}` (sentry/api/base.py,
 * rest_framework.exceptions). The texts are Sentry's own where it has one.
 */
const detail = (status: number, text: string): ErrorDoc => ({ status, body: { detail: text } });

/** An unknown organization, project, issue, release or path. */
export const notFound = detail(404, "The requested resource does not exist");

/** No `Authorization` header (any token is accepted: the host is not a secret). */
export const unauthenticated = detail(401, "Authentication credentials were not provided.");

/** Writes: the host is a snapshot of the world and nothing changes. */
export const methodNotAllowed = detail(
  405,
  "This is a read-only snapshot of the Sentry API: writes are not served and nothing was changed.",
);

/** A list parameter Sentry refuses; `{message}` is the engine's wording. */
export const badRequest = detail(400, "{message}");

export const badRequestByParam: Record<string, ErrorDoc> = {
  // GenericOffsetPaginator's Cursor.from_string failing, as Endpoint.get_cursor_from_request words it.
  cursor: detail(400, "Invalid cursor parameter."),
  // Endpoint.get_per_page.
  per_page: detail(400, "Invalid per_page value. Cannot exceed 100."),
  limit: detail(400, "invalid limit"),
  // The issue search (lists.ts issueSearch): a malformed value or an unknown key, as Sentry's parser words it.
  query: detail(400, "Error parsing search query: {message}"),
  statsPeriod: detail(400, "Invalid statsPeriod: {value}"),
};
