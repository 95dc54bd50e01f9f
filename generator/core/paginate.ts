import type { JsonValue, Pagination, Resource } from "./provider.js";
import { mechanismOf, type ListView, type PageMarkers } from "./pagination/index.js";

export type { PageMarkers } from "./pagination/index.js";

/** One page of a list: which items, which page, how many pages in all. */
export interface Page<T> {
  items: T[];
  page: number;
  perPage: number;
  lastPage: number;
  total: number;
}

/** Splits a list into numbered pages; an empty list still has its page 1. */
export function* pages<T>(items: readonly T[], perPage: number): Generator<Page<T>> {
  const lastPage = Math.max(1, Math.ceil(items.length / perPage));
  for (let page = 1; page <= lastPage; page++) {
    yield { items: items.slice((page - 1) * perPage, page * perPage), page, perPage, lastPage, total: items.length };
  }
}

/** An item's id for id cursors: the pagination's `idField` where it has one (default `id`), as a string. */
export function itemId(p: Pagination, item: JsonValue | undefined): string | undefined {
  if (!item || typeof item !== "object" || Array.isArray(item)) return undefined;
  const v = item[("idField" in p ? p.idField : undefined) ?? "id"];
  return v === undefined || v === null ? undefined : String(v);
}

/** A list as the mechanisms see it. */
export function listView(p: Pagination, items: readonly JsonValue[]): ListView {
  let index: Map<string, number> | undefined;
  return {
    total: items.length,
    idAt: (i) => itemId(p, items[i]),
    indexOf: (id) => {
      index ??= new Map(items.map((item, i) => [itemId(p, item) ?? "", i]));
      return index.get(id) ?? -1;
    },
  };
}

/** The markers of the page of `items` that starts at `start`, in the list's mechanism. */
export function markersFor(
  p: Pagination,
  at: { path: string; carry: Array<[string, string]>; start: number; size: number; backward?: boolean; requested?: string },
  items: readonly JsonValue[],
): PageMarkers {
  const page = items.slice(at.start, at.start + at.size);
  const ids = p.mechanism === "after-id" ? page.map((i) => itemId(p, i) ?? "") : undefined;
  return mechanismOf(p.mechanism).markers(p, { ...at, total: items.length, list: listView(p, items), ...(ids ? { ids } : {}) });
}

/**
 * Every page of a list at each pre-rendered size, in its mechanism. `wrap` shapes one page's body from
 * its items and markers (a plain array, `{pagelen, size, values, page, next}`, `{count, value}`);
 * `envelope` names the key holding the items when the body is an object.
 */
export function* listPages(
  p: Pagination,
  path: string,
  items: JsonValue[],
  options: {
    filters?: Array<[string, string]>;
    envelope?: string;
    wrap?: (items: JsonValue[], fields: Record<string, JsonValue | undefined>) => JsonValue;
    headers?: Record<string, string>;
    /** Sizes to render instead of the mechanism's `rendered`. */
    sizes?: number[];
  } = {},
): Generator<Resource> {
  const filters = options.filters ?? [];
  const mechanism = mechanismOf(p.mechanism);
  const view = listView(p, items);
  for (const size of options.sizes ?? p.rendered) {
    for (const page of pages(items, size)) {
      const start = (page.page - 1) * size;
      const markers = markersFor(p, { path, carry: filters, start, size }, items);
      const query: Record<string, string | string[]> = {};
      for (const [k, v] of filters) query[k] = k in query ? [query[k]!, v].flat() : v;
      query[p.sizeParam] = String(size);
      const value = mechanism.pageValue(p, start, size, view);
      if (value !== undefined) query[p.pageParam] = value;
      const headers = { ...(options.headers ?? {}), ...markers.headers };
      yield {
        path,
        query,
        ...(Object.keys(headers).length ? { headers } : {}),
        body: options.wrap ? options.wrap(page.items, markers.fields) : page.items,
        list: { total: page.total, ...(options.envelope ? { envelope: options.envelope } : {}) },
      };
    }
  }
}
