import type { PageHeadersPaging } from "../../core/pagination/paging.js";
import type { JsonValue, Resource } from "../../core/provider.js";
import { listPages } from "../../core/paginate.js";
import type { GlContext } from "./context.js";

/** GitLab's offset pagination: 20 items by default, 100 at most. Both are pre-rendered; the query engine computes other sizes. */
export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;

/**
 * `sizeInLinks` is read by nothing: page-headers names the size in every link. It stays in the data
 * because the serving profile is part of every pin's tree hash (decision 0025), so it is typed here.
 */
export type GlPagination = PageHeadersPaging & { sizeInLinks: true };

export function glPagination(origin: string): GlPagination {
  return {
    mechanism: "page-headers",
    sizeInLinks: true,
    invalidSize: "error",
    pageParam: "page",
    sizeParam: "per_page",
    defaultSize: DEFAULT_PER_PAGE,
    rendered: [DEFAULT_PER_PAGE, MAX_PER_PAGE],
    max: MAX_PER_PAGE,
    origin,
  };
}

/**
 * Every page of a list at each pre-rendered size, with GitLab's headers: a `link` header (prev, next,
 * first, last; absolute URLs carrying every filter, `per_page` and `page`) and `x-page`, `x-per-page`,
 * `x-next-page`, `x-prev-page`, `x-total`, `x-total-pages`. `filters` are the query parameters that select
 * the list, in the order GitLab writes them in its links.
 */
export function listResources(gl: GlContext, path: string, items: JsonValue[], filters: Array<[string, string]> = []): Iterable<Resource> {
  return listPages(glPagination(gl.pin.origin), path, items, { filters });
}
