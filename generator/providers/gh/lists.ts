import type { JsonValue, Resource } from "../../core/provider.js";
import { pages } from "../../core/paginate.js";
import type { GhContext } from "./context.js";

/** GitHub's page sizes: 30 by default, 100 at most. Both are pre-rendered; others are clamped or snapped (see README). */
export const DEFAULT_PER_PAGE = 30;
export const MAX_PER_PAGE = 100;
export const PAGE_SIZES = [DEFAULT_PER_PAGE, MAX_PER_PAGE] as const;

/**
 * Every page of a list at each pre-rendered page size, with GitHub's Link header: absolute URLs,
 * rel next/last/first/prev, omitted when there is only one page. `envelope` wraps a page as
 * `{total_count, <key>: [...]}` for the endpoints that do (check runs, workflow runs, jobs).
 */
export function* listResources(
  gh: GhContext,
  path: string,
  items: JsonValue[],
  options: { query?: Record<string, string>; envelope?: string } = {},
): Generator<Resource> {
  const filters = options.query ?? {};
  for (const perPage of PAGE_SIZES) {
    for (const page of pages(items, perPage)) {
      const url = (n: number) => {
        const params = new URLSearchParams(filters);
        if (perPage !== DEFAULT_PER_PAGE) params.set("per_page", String(perPage));
        params.set("page", String(n));
        return `${gh.api}/${path}?${params.toString()}`;
      };
      const links: string[] = [];
      if (page.page > 1) links.push(`<${url(page.page - 1)}>; rel="prev"`);
      if (page.page < page.lastPage) links.push(`<${url(page.page + 1)}>; rel="next"`, `<${url(page.lastPage)}>; rel="last"`);
      if (page.page > 1) links.push(`<${url(1)}>; rel="first"`);
      yield {
        path,
        query: { ...filters, per_page: String(perPage), page: String(page.page) },
        ...(links.length ? { headers: { link: links.join(", ") } } : {}),
        body: options.envelope ? { total_count: page.total, [options.envelope]: page.items } : page.items,
        list: { total: page.total, ...(options.envelope ? { envelope: options.envelope } : {}) },
      };
    }
  }
}
