import type { OffsetPaging } from "../../core/pagination/paging.js";
import { listPages } from "../../core/paginate.js";
import type { ListProfile } from "../../core/lists/profile.js";
import type { JsonValue, Resource } from "../../core/provider.js";

/**
 * Devin v1 pages its session list by `limit` (default 100, at most 1000) and `offset`. The body is
 * `{sessions: [...]}` with no total, cursor or has_more: a client stops at a short page. Both sizes are
 * pre-rendered; any other limit and offset, and every filter, are computed by the query engine from the
 * 1000-item pages of the whole list.
 */
export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;

export function devinPagination(origin: string): OffsetPaging {
  return {
    mechanism: "offset",
    pageParam: "offset",
    sizeParam: "limit",
    defaultSize: DEFAULT_LIMIT,
    rendered: [DEFAULT_LIMIT, MAX_LIMIT],
    max: MAX_LIMIT,
    origin,
    invalidSize: "error",
  };
}

/** Every page of a session list, wrapped as `{sessions}`; `filters` are the query that selects the list. */
export function sessionPages(origin: string, items: JsonValue[], filters: Array<[string, string]> = []): Iterable<Resource> {
  return listPages(devinPagination(origin), "v1/sessions", items, {
    filters,
    envelope: "sessions",
    // The offset style's `count` field belongs to Azure DevOps; Devin's page is the list alone.
    wrap: (page) => ({ sessions: page }),
  });
}

/**
 * `GET /v1/sessions` as the query engine reads it. `tags` (repeated; `tags[]` is folded into it) keeps
 * the sessions that carry any of the tags, `user_email` those its owner requested; values no session has
 * give `{"sessions":[]}`. Devin does not say whether several tags are ANDed or ORed: they are ORed here,
 * as FastAPI list filters usually are (`tags IN (...)`).
 *
 * A `limit` that is no number (`invalidSize: "error"`) or an `offset` that is no non-negative integer
 * gets FastAPI's 422.
 */
export function sessionListProfile(origin: string): ListProfile {
  return {
    path: "^v1/sessions$",
    paging: devinPagination(origin),
    filters: [
      { param: "tags", field: "tags[]", op: "eq", type: "string" },
      { param: "user_email", field: "requesting_user_email", op: "eq", type: "string" },
    ],
  };
}
