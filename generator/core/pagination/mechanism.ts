import type { JsonValue } from "../json.js";
import type { FieldSubset, Pagination, PagingBase } from "./paging.js";

/** Where one page sits in its (filtered, sorted) list. */
export interface PageAt {
  /** The list's path, and the parameters its links repeat (filters, sorts, selectors) in the provider's order. */
  path: string;
  carry: Array<[string, string]>;
  /** The index of the page's first item, the page size and the list's length. */
  start: number;
  size: number;
  total: number;
  /** The ids of the page's items, for mechanisms that hand them back (after-id). */
  ids?: string[];
  /** The page was asked for as the one before an id (after-id's `beforeParam`). */
  backward?: boolean;
  /** The whole (filtered, sorted) list, for markers that read its items' values (time cursors). */
  list?: ListView;
  /** The page parameter as the request spelled it, when it names the page some other way (a number). */
  requested?: string;
}

/** What a page says about its neighbours: response headers and fields of the page body. */
export interface PageMarkers {
  headers: Record<string, string>;
  /** Fields set on an object page (undefined leaves one out). */
  fields: Record<string, JsonValue | undefined>;
}

/** A list as a mechanism sees it: how long it is, and item ids by position (for id cursors). */
export interface ListView {
  total: number;
  idAt(index: number): string | undefined;
  indexOf(id: string): number;
}

/**
 * One pagination mechanism: how a request names its page, and what a page writes about its neighbours.
 * The build renders pre-rendered pages with it and the query engine computes every other page with it,
 * so both carry the same links. Each mechanism is one file beside this one, and reads its own variant
 * of Pagination (`P`): the registry hands it only paginations that name it.
 */
export interface Mechanism<P extends PagingBase = Pagination> {
  /** The index of the first item a request asks for (`value` is the page parameter, if sent). */
  start(p: P, value: string | undefined, size: number, list: ListView): number | { problem: string };
  /** The page parameter of the page that starts at `start`; undefined for the first page when it is left out. */
  pageValue(p: P, start: number, size: number, list: ListView): string | undefined;
  markers(p: P, at: PageAt): PageMarkers;
  /** The response headers its markers may write: a computed page drops the template page's copies. */
  headerNames(p: P): string[];
}

/** A page link: the carried parameters, the size (unless it is the default), then the page parameter. */
export function pageUrl(
  p: PagingBase,
  at: Pick<PageAt, "path" | "carry" | "size">,
  page: string,
  options: { forceSize?: boolean } = {},
): string {
  const params = new URLSearchParams(at.carry);
  if (options.forceSize || at.size !== p.defaultSize) params.set(p.sizeParam, String(at.size));
  params.set(p.pageParam, page);
  return `${p.origin}/${at.path}?${params.toString()}`;
}

/** A non-negative integer parameter, or undefined when it is not one. */
export function count(value: string | undefined): number | undefined {
  if (value === undefined || !/^\s*\d+\s*$/.test(value)) return undefined;
  const n = Number.parseInt(value, 10);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** The fields a page of the list at `path` carries: the per-path subset, the mechanism's, or all. */
export function fieldSubset(
  p: FieldSubset & { fieldsByPath?: Array<{ path: string; fields: string[] }> },
  path: string,
  all: Record<string, JsonValue | undefined>,
): Record<string, JsonValue | undefined> {
  const shape = p.fieldsByPath?.find((f) => new RegExp(f.path).test(path))?.fields ?? p.fields;
  return shape ? Object.fromEntries(Object.entries(all).filter(([k]) => shape.includes(k))) : all;
}

/**
 * The keys of a dotted field path: `paging.next.after` is three; a key that starts with `@` is one whole
 * (OData's `@odata.nextLink` is a single key with dots in it).
 */
export function pathKeys(path: string): string[] {
  return path.startsWith("@") ? [path] : path.split(".");
}

/** Sets `a.b.c` on a fields record, building the objects on the way. */
export function setPath(fields: Record<string, JsonValue | undefined>, path: string, value: JsonValue): void {
  const [head, ...rest] = pathKeys(path);
  if (!rest.length) {
    fields[head!] = value;
    return;
  }
  let obj = (fields[head!] ?? {}) as Record<string, JsonValue>;
  fields[head!] = obj;
  for (const [i, part] of rest.entries()) {
    if (i === rest.length - 1) obj[part] = value;
    else obj = (obj[part] ??= {}) as Record<string, JsonValue>;
  }
}
