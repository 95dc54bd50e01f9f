import type { JsonValue, PageStyle, Pagination, Resource } from "./provider.js";
import { pattern } from "./query.js";

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

/** Where one page sits in its list, as the build renders it and as the resolver slices it. */
export interface PagePosition {
  /** The list's path and the filters that select it, in the order the provider writes them in URLs. */
  path: string;
  filters: Array<[string, string]>;
  /** 1-based page number; for offset paging, the page whose first item is at `(page - 1) * size`. */
  page: number;
  size: number;
  total: number;
  /**
   * Offset styles: the index of the page's first item when a request starts between page boundaries
   * (`startAt=7` at size 5); `(page - 1) * size` when absent.
   */
  start?: number;
}

/** Styles whose page parameter counts items to skip rather than pages. */
export function offsetStyle(style: PageStyle): boolean {
  return style === "offset" || style === "jira";
}

/** What a page says about its neighbours: response headers and fields of the page body. */
export interface PageMarkers {
  headers: Record<string, string>;
  /** Fields set on an object page (undefined removes one). */
  fields: Record<string, JsonValue | undefined>;
}

/**
 * The one place each pagination style is spelled out, shared by the build (pre-rendered pages) and the
 * resolver (page sizes cut at request time), so that both write the same links.
 * - github: a Link header with prev, next, last, first; none on a single page.
 * - gitlab: a Link header (prev, next, first, last) and x-page, x-per-page, x-next-page, x-prev-page,
 *   x-total, x-total-pages.
 * - bitbucket: body fields pagelen, size, page, and absolute next and previous URLs.
 * - offset: `$top`/`$skip` (Azure DevOps) or `limit`/`offset` (Devin), with the page's item count in
 *   `countField` where the provider has one; no links.
 * - jira: `startAt`/`maxResults` with body fields `self`, `nextPage` (absent on the last page),
 *   `maxResults`, `startAt`, `total` and `isLast`; `pageFields` picks the subset a list carries (Jira's
 *   PageBean has all six, its legacy and Agile pages fewer). Both links always carry both parameters.
 */
export function pageMarkers(p: Pagination, at: PagePosition): PageMarkers {
  const lastPage = Math.max(1, Math.ceil(at.total / at.size));
  const defaultSize = p.defaultSize;
  const url = (n: number, forceSize = false) => {
    const params = new URLSearchParams(at.filters);
    if (forceSize || at.size !== defaultSize) params.set(p.sizeParam, String(at.size));
    params.set(p.pageParam, String(p.style === "offset" ? (n - 1) * at.size : n));
    return `${p.origin}/${at.path}?${params.toString()}`;
  };
  const style: PageStyle = p.style;
  if (style === "jira") return jiraMarkers(p, at);
  if (style === "github") {
    const links: string[] = [];
    if (at.page > 1) links.push(`<${url(Math.min(at.page - 1, lastPage))}>; rel="prev"`);
    if (at.page < lastPage) links.push(`<${url(at.page + 1)}>; rel="next"`, `<${url(lastPage)}>; rel="last"`);
    if (at.page > 1) links.push(`<${url(1)}>; rel="first"`);
    return { headers: links.length ? { link: links.join(", ") } : {}, fields: {} };
  }
  if (style === "gitlab") {
    const links: string[] = [];
    const prev = at.page > 1 ? Math.min(at.page - 1, lastPage) : undefined;
    const next = at.page < lastPage ? at.page + 1 : undefined;
    if (prev) links.push(`<${url(prev, true)}>; rel="prev"`);
    if (next) links.push(`<${url(next, true)}>; rel="next"`);
    links.push(`<${url(1, true)}>; rel="first"`, `<${url(lastPage, true)}>; rel="last"`);
    return {
      headers: {
        link: links.join(", "),
        "x-next-page": next ? String(next) : "",
        "x-page": String(at.page),
        "x-per-page": String(at.size),
        "x-prev-page": prev ? String(prev) : "",
        "x-total": String(at.total),
        "x-total-pages": String(lastPage),
      },
      fields: {},
    };
  }
  if (style === "bitbucket") {
    return {
      headers: {},
      fields: {
        pagelen: at.size,
        size: at.total,
        page: at.page,
        next: at.page < lastPage ? url(at.page + 1) : undefined,
        previous: at.page > 1 ? url(Math.min(at.page - 1, lastPage)) : undefined,
      },
    };
  }
  const count = Math.max(0, Math.min(at.size, at.total - (at.page - 1) * at.size));
  return { headers: {}, fields: p.countField ? { [p.countField]: count } : {} };
}

function jiraMarkers(p: Pagination, at: PagePosition): PageMarkers {
  const start = at.start ?? (at.page - 1) * at.size;
  const isLast = start + at.size >= at.total;
  const link = (from: number) => {
    const params = new URLSearchParams(at.filters);
    params.set(p.pageParam, String(from));
    params.set(p.sizeParam, String(at.size));
    return `${p.origin}/${at.path}?${params.toString()}`;
  };
  const all: Record<string, JsonValue | undefined> = {
    self: link(start), nextPage: isLast ? undefined : link(start + at.size), maxResults: at.size, startAt: start, total: at.total, isLast,
  };
  const shape = p.pageFields?.find((f) => pattern(f.path).test(at.path))?.fields;
  return { headers: {}, fields: shape ? Object.fromEntries(Object.entries(all).filter(([k]) => shape.includes(k))) : all };
}

/**
 * Every page of a list at each pre-rendered size, in a provider's style. `wrap` shapes one page's body
 * from its items and markers (GitHub's plain array, Bitbucket's `{pagelen, size, values, page, next}`,
 * Azure DevOps' `{count, value}`); `envelope` names the key holding the items when the body is an object.
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
  } = {},
): Generator<Resource> {
  const filters = options.filters ?? [];
  for (const size of p.rendered) {
    for (const page of pages(items, size)) {
      const markers = pageMarkers(p, { path, filters, page: page.page, size, total: page.total });
      const query: Record<string, string | string[]> = {};
      for (const [k, v] of filters) query[k] = k in query ? [query[k]!, v].flat() : v;
      query[p.sizeParam] = String(size);
      query[p.pageParam] = String(offsetStyle(p.style) ? (page.page - 1) * size : page.page);
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
