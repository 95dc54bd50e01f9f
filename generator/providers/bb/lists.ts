import { pages } from "../../core/paginate.js";
import type { JsonValue, Pagination, QueryRules, Resource } from "../../core/provider.js";
import { pattern } from "../../core/query.js";
import { type BbContext, enc } from "./context.js";

/**
 * Bitbucket's page sizes (`pagelen`): 10 by default and 100 at most for most lists; pull request lists
 * stop at 50; the commits lists (`commits`, `commits/{revision}`) default to 30. The pin renders every
 * list at 10 and 100 (the profile's sizes, which the resolver slices others from), plus 50 for pull
 * request lists and 30 for commits lists. See README.
 */
export const DEFAULT_PAGELEN = 10;
export const MAX_PAGELEN = 100;
export const PULLS_MAX_PAGELEN = 50;
export const COMMITS_PAGELEN = 30;

/** The commits lists, whose default page holds 30. */
export const COMMITS_LIST = "^2\\.0/repositories/[^/]+/[^/]+/commits(/|$)";

export function bbPagination(origin: string): Pagination {
  return { mechanism: "body-links", pageParam: "page", sizeParam: "pagelen", defaultSize: DEFAULT_PAGELEN, rendered: [DEFAULT_PAGELEN, MAX_PAGELEN], max: MAX_PAGELEN, origin };
}

/** Query parameters that select a resource; the build writes keys with the same rules the resolver reads. */
export function bbQueryRules(): QueryRules {
  return {
    keep: ["page", "pagelen", "state", "format"],
    defaults: [
      { param: "page", value: "1" },
      { param: "pagelen", value: String(DEFAULT_PAGELEN), path: `^(?!${COMMITS_LIST.slice(1)})` },
      { param: "pagelen", value: String(COMMITS_PAGELEN), path: COMMITS_LIST },
    ],
    anyValue: [],
    // Bitbucket answers a pagelen above the maximum with 400 "Invalid pagelen"; the pin clamps (README).
    clamp: [{ param: "pagelen", min: 1, max: MAX_PAGELEN }, { param: "page", min: 1, max: 100_000 }],
  };
}

export interface ListOptions {
  /** Parameters that select the list, in the order links write them; a name may repeat (`state`). */
  filters?: Array<[string, string]>;
  /**
   * The filters the page links carry, when they differ from those that select the list: a list whose
   * filter cannot change its items (`state=SUPERSEDED` next to others) links to the list without it,
   * so both write the same bytes and share one file.
   */
  linkFilters?: Array<[string, string]>;
  /** Extra pre-rendered sizes besides 10 and 100 (50 for pull requests, 30 for commits). */
  extraSizes?: number[];
  /**
   * Iterator-style pages, as the commits resources page: `pagelen`, `values` and `next` only, no `size`,
   * `page` or `previous`.
   */
  iterator?: boolean;
}

/**
 * Every page of a list at each pre-rendered size, in Bitbucket's envelope
 * `{pagelen, size, values, page, next, previous}` with absolute `next`/`previous` URLs on the pin.
 */
export function* bbList(bb: BbContext, path: string, items: JsonValue[], options: ListOptions = {}): Generator<Resource> {
  const p = bbPagination(bb.pin.origin);
  const filters = options.filters ?? [];
  const defaultSize = pattern(COMMITS_LIST).test(path) ? COMMITS_PAGELEN : DEFAULT_PAGELEN;
  const sizes = [...new Set([...p.rendered, ...(options.extraSizes ?? [])])].sort((a, b) => a - b);
  for (const size of sizes) {
    for (const page of pages(items, size)) {
      // Links of a list whose default size is not the profile's name their size unless it is the list's own
      // default (a commits page of 10 must say pagelen=10, one of 30 need not).
      const url = (n: number) => {
        const params = new URLSearchParams(options.linkFilters ?? filters);
        if (size !== defaultSize) params.set("pagelen", String(size));
        params.set("page", String(n));
        return enc(`${p.origin}/${path}?${params.toString()}`);
      };
      const next = page.page < page.lastPage ? url(page.page + 1) : undefined;
      const previous = page.page > 1 ? url(page.page - 1) : undefined;
      const body: { [k: string]: JsonValue | undefined } = options.iterator
        ? { pagelen: size, values: page.items, next }
        : { pagelen: size, size: page.total, values: page.items, page: page.page, next, previous };
      const query: Record<string, string | string[]> = { pagelen: String(size), page: String(page.page) };
      for (const [k, v] of filters) query[k] = k in query ? [query[k]!, v].flat() : v;
      yield { path, query, body: body as JsonValue, list: { total: page.total, envelope: "values" } };
    }
  }
}
