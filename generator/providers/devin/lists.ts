import { listPages } from "../../core/paginate.js";
import type { JsonValue, Pagination, Resource } from "../../core/provider.js";

/**
 * Devin v1 pages its session list by `limit` (default 100, at most 1000) and `offset`. The body is
 * `{sessions: [...]}` with no total, cursor or has_more: a client stops at a short page. Both sizes are
 * pre-rendered; other limits and offsets that fall inside a page are cut from the 1000-item pages.
 */
export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;

export function devinPagination(origin: string): Pagination {
  return { mechanism: "offset", pageParam: "offset", sizeParam: "limit", defaultSize: DEFAULT_LIMIT, rendered: [DEFAULT_LIMIT, MAX_LIMIT], max: MAX_LIMIT, origin };
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
