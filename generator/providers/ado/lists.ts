import type { ContinuationTokenPaging, OffsetPaging } from "../../core/pagination/paging.js";
import type { JsonValue, Pagination, Resource } from "../../core/provider.js";
import { listPages } from "../../core/paginate.js";

/**
 * Azure DevOps pages with `$top`/`$skip` and answers `{count, value}`, where `count` is the number of
 * items on the page: a client reads pages until one is short. There are no links. The default `$top`
 * is 100 for most lists; the largest page pre-rendered is 5000 (Azure DevOps sets no common maximum),
 * and other sizes are cut from it at request time.
 */
export const DEFAULT_TOP = 100;
export const MAX_TOP = 5000;
/** Builds list 1000 at a time by default, and continue with `x-ms-continuationtoken`. */
export const BUILDS_TOP = 1000;
/**
 * `searchCriteria.$top` sizes pre-rendered for commits. The engine pages commits with the top-level
 * `$top`/`$skip` (one size parameter per list): the criteria spelling selects these pages (README).
 */
export const SEARCH_CRITERIA_TOPS = [10, DEFAULT_TOP];
/** Pull request lists: `$top=5000` answers 1000 items on Azure DevOps (vsts-rest-api-specs#405). */
export const PULLS_MAX_TOP = 1000;

export function adoPagination(origin: string): OffsetPaging {
  return {
    mechanism: "offset",
    pageParam: "$skip",
    sizeParam: "$top",
    defaultSize: DEFAULT_TOP,
    rendered: [DEFAULT_TOP, MAX_TOP],
    max: MAX_TOP,
    origin,
    countField: "count",
  };
}

/**
 * Builds: 1000 by default, `x-ms-continuationtoken` on every page but the last at any `$top`, sent back
 * as `continuationToken`. Tokens are the decimal index of the next build, as the pins always wrote them.
 */
export function buildPaging(origin: string): ContinuationTokenPaging {
  return {
    mechanism: "continuation-token",
    pageParam: "continuationToken",
    sizeParam: "$top",
    defaultSize: BUILDS_TOP,
    rendered: [BUILDS_TOP, MAX_TOP],
    max: MAX_TOP,
    origin,
    countField: "count",
    continuation: { header: "x-ms-continuationtoken", token: "offset" },
  };
}

/** Pipeline runs: one page of up to 10000 runs; `$top` cuts it (pre-rendered whole and at 5000). */
export function runsPaging(origin: string): OffsetPaging {
  return { ...adoPagination(origin), defaultSize: 10_000, max: 10_000, rendered: [MAX_TOP] };
}

export function pullPaging(origin: string): OffsetPaging {
  return { ...adoPagination(origin), max: PULLS_MAX_TOP };
}

export const envelope = (items: JsonValue[], fields: Record<string, JsonValue | undefined>): JsonValue => ({
  count: fields.count ?? items.length,
  value: items,
});

/**
 * Every page of a `{count, value}` list at the pre-rendered sizes, and the empty page just past the end
 * when the list fills its last page exactly, so that a client reading until a short page ends cleanly.
 */
export function* valueList(
  p: Pagination,
  path: string,
  items: JsonValue[],
  filters: Array<[string, string]> = [],
  headers?: Record<string, string>,
): Generator<Resource> {
  yield* listPages(p, path, items, { filters, envelope: "value", wrap: envelope, ...(headers ? { headers } : {}) });
  for (const size of p.rendered) {
    if (items.length === 0 || items.length % size !== 0) continue;
    const query: Record<string, string> = Object.fromEntries(filters);
    query[p.sizeParam] = String(size);
    query[p.pageParam] = String(items.length);
    yield { path, query, ...(headers ? { headers } : {}), body: { count: 0, value: [] } };
  }
}

/** A list Azure DevOps does not page (repositories, threads, iterations): `{count, value}` in one body. */
export function whole(path: string, items: JsonValue[], query?: Record<string, string>): Resource {
  return { path, ...(query ? { query } : {}), body: { count: items.length, value: items } };
}
