import type { JsonValue, Resource } from "../../core/provider.js";
import type { HsContext } from "./context.js";

/**
 * HubSpot's cursor paging: `limit` (a default and a maximum per endpoint) and `after`, an opaque cursor
 * that is, here, the decimal offset of the next item. A page that is not the last carries
 * `paging: {next: {after, link}}`; `link` is the same request with `after` set (the filters first, then
 * `limit` when it is not the default, then `after`), on the serving host. The last page has no `paging`.
 *
 * No core pagination style writes `paging.next` (see the README): every page is pre-rendered at the
 * endpoint's default and maximum sizes, and `limit` is clamped to 1..100.
 */
export const OBJECTS_LIMIT = { default: 10, sizes: [10, 100] };
export const OWNERS_LIMIT = { default: 100, sizes: [10, 100] };
/**
 * v4 associations default to 500: any limit of 100 or more gets the one page of all of them (no record
 * has 100). Pages of 1 are pre-rendered too, for clients that walk associations one at a time.
 */
export const ASSOCIATIONS_LIMIT = { default: 100, sizes: [1, 10, 100] };
export const FILES_LIMIT = { default: 10, sizes: [10, 100] };

export function pageLink(hs: HsContext, path: string, filters: Array<[string, string]>, size: number, defaultSize: number, after: number): string {
  const params = new URLSearchParams(filters);
  if (size !== defaultSize) params.set("limit", String(size));
  params.set("after", String(after));
  return `${hs.api}/${path}?${params.toString()}`;
}

/**
 * Every page of a list at each size. `filters` are the query parameters that select the list (in the
 * canonical order: sorted by name), kept in each page's key and link.
 */
export function* cursorPages(
  hs: HsContext,
  path: string,
  items: JsonValue[],
  limit: { default: number; sizes: number[] },
  filters: Array<[string, string]> = [],
  headers: Record<string, string> = {},
): Generator<Resource> {
  for (const size of limit.sizes) {
    const pages = Math.max(1, Math.ceil(items.length / size));
    for (let page = 0; page < pages; page++) {
      const from = page * size;
      const next = from + size;
      const query: Record<string, string> = Object.fromEntries(filters);
      if (size !== limit.default) query.limit = String(size);
      if (from > 0) query.after = String(from);
      const body: Record<string, JsonValue> = { results: items.slice(from, next) };
      if (next < items.length) body.paging = { next: { after: String(next), link: pageLink(hs, path, filters, size, limit.default, next) } };
      yield { path, query, ...(Object.keys(headers).length ? { headers } : {}), body, list: { total: items.length, envelope: "results" } };
    }
  }
}
