import type { LinkHeaderPaging } from "../../core/pagination/paging.js";
import type { JsonValue, Resource } from "../../core/provider.js";
import { listPages } from "../../core/paginate.js";
import type { GhContext } from "./context.js";

/** GitHub's page sizes: 30 by default, 100 at most. Both are pre-rendered; others are sliced (see README). */
export const DEFAULT_PER_PAGE = 30;
export const MAX_PER_PAGE = 100;

export function ghPagination(origin: string): LinkHeaderPaging {
  return {
    mechanism: "link-header",
    pageParam: "page",
    sizeParam: "per_page",
    defaultSize: DEFAULT_PER_PAGE,
    rendered: [DEFAULT_PER_PAGE, MAX_PER_PAGE],
    max: MAX_PER_PAGE,
    origin,
  };
}

/**
 * Every page of a list at each pre-rendered page size, with GitHub's Link header: absolute URLs,
 * rel next/last/first/prev, omitted when there is only one page. `envelope` wraps a page as
 * `{total_count, <key>: [...]}` for the endpoints that do (check runs, workflow runs, jobs).
 */
export function listResources(
  gh: GhContext,
  path: string,
  items: JsonValue[],
  options: { query?: Record<string, string>; envelope?: string; headers?: Record<string, string> } = {},
): Iterable<Resource> {
  const { envelope } = options;
  return listPages(ghPagination(gh.api), path, items, {
    filters: Object.entries(options.query ?? {}),
    ...(options.headers ? { headers: options.headers } : {}),
    ...(envelope ? { envelope, wrap: (page: JsonValue[]) => ({ total_count: items.length, [envelope]: page }) } : {}),
  });
}
