import type { BodyLinksPaging } from "../../core/pagination/paging.js";
import { listPages } from "../../core/paginate.js";
import type { JsonValue, QueryRules, Resource } from "../../core/provider.js";
import { pattern } from "../../core/query.js";
import type { BbContext } from "./context.js";
import { bbLists } from "./queries.js";

/**
 * Bitbucket's page sizes (`pagelen`): 10 by default and 100 at most for most lists; pull request lists
 * stop at 50 (above, Bitbucket answers 400 `Invalid pagelen`); the commits lists (`commits`,
 * `commits/{revision}`) default to 30. The pin renders every list at 10 and 100, pull request lists at
 * 10 and 50, and commits lists also at 30; the query engine computes every other size. See README.
 */
export const DEFAULT_PAGELEN = 10;
export const MAX_PAGELEN = 100;
export const PULLS_MAX_PAGELEN = 50;
export const COMMITS_PAGELEN = 30;

/** The commits lists, whose default page holds 30. */
export const COMMITS_LIST = "^2\\.0/repositories/[^/]+/[^/]+/commits(/|$)";

/**
 * Diffstats (`diffstat/{spec}`, a pull request's `diffstat`): 500 entries a page by default, as
 * Bitbucket pages them, and at most 500 here (Bitbucket documents no maximum).
 */
export const DIFFSTAT_LIST = "^2\\.0/repositories/[^/]+/[^/]+/(diffstat/[^/]+|pullrequests/\\d+/diffstat)$";
export const DIFFSTAT_PAGELEN = 500;

/** Body keys in Bitbucket's order: paged lists, and iterator-style lists (commits). */
export const PAGE_KEYS = ["pagelen", "size", "values", "page", "next", "previous"];
export const ITERATOR_KEYS = ["pagelen", "values", "next"];

export function bbPagination(origin: string): BodyLinksPaging {
  return {
    mechanism: "body-links",
    pageParam: "page",
    sizeParam: "pagelen",
    defaultSize: DEFAULT_PAGELEN,
    rendered: [DEFAULT_PAGELEN, MAX_PAGELEN],
    max: MAX_PAGELEN,
    origin,
  };
}

/** Pull request lists: at most 50 a page, and a larger `pagelen` is refused, as Bitbucket refuses it. */
export function pullsPaging(origin: string): BodyLinksPaging {
  return { ...bbPagination(origin), rendered: [DEFAULT_PAGELEN, PULLS_MAX_PAGELEN], max: PULLS_MAX_PAGELEN, overMax: "error" };
}

/**
 * Iterator-style pages (`pagelen`, `values`, `next`: no `size`, `page` or `previous`), as Bitbucket pages
 * commits; the repository's commits lists hold 30 by default, a pull request's 10.
 */
export function iteratorPaging(origin: string, defaultSize: number): BodyLinksPaging {
  const rendered = [...new Set([DEFAULT_PAGELEN, defaultSize, MAX_PAGELEN])].sort((a, b) => a - b);
  return { ...bbPagination(origin), defaultSize, rendered, fields: ["pagelen", "next"] };
}

/** Diffstat pages: 500 by default and at most, pre-rendered at 500 only. */
export function diffstatPaging(origin: string): BodyLinksPaging {
  return { ...bbPagination(origin), defaultSize: DIFFSTAT_PAGELEN, rendered: [DIFFSTAT_PAGELEN], max: DIFFSTAT_PAGELEN };
}

/** Query parameters that select a resource; the build writes keys with the same rules the resolver reads. */
export function bbQueryRules(): QueryRules {
  return {
    // `role` selects the global `repositories` listing's variants (the caller's role on each repository).
    keep: ["page", "pagelen", "state", "format", "role"],
    defaults: [
      { param: "page", value: "1" },
      { param: "pagelen", value: String(DEFAULT_PAGELEN), path: `^(?!${COMMITS_LIST.slice(1)}|${DIFFSTAT_LIST.slice(1)})` },
      { param: "pagelen", value: String(COMMITS_PAGELEN), path: COMMITS_LIST },
      { param: "pagelen", value: String(DIFFSTAT_PAGELEN), path: DIFFSTAT_LIST },
    ],
    anyValue: [],
    // Keys of sizes above a list's maximum: lists that refuse them do so before the key is read
    // (pullsPaging); others clamp to their own maximum, diffstats to 500 and every other list to 100.
    clamp: [
      { param: "pagelen", min: 1, max: DIFFSTAT_PAGELEN, path: DIFFSTAT_LIST },
      { param: "pagelen", min: 1, max: MAX_PAGELEN },
      { param: "page", min: 1, max: 100_000 },
    ],
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
}

/**
 * Every pre-rendered page of a list, in Bitbucket's envelope `{pagelen, size, values, page, next,
 * previous}` (or the iterator's `{pagelen, values, next}`), paged by the list's own profile, so the
 * pages the build writes and those the query engine computes carry the same links.
 */
export function* bbList(bb: BbContext, path: string, items: JsonValue[], options: ListOptions = {}): Generator<Resource> {
  const paging = bbLists(bb.pin.origin).find((l) => pattern(l.path).test(path))?.paging ?? bbPagination(bb.pin.origin);
  const filters = options.filters ?? [];
  const wrap = (values: JsonValue[], f: Record<string, JsonValue | undefined>): JsonValue => ({
    pagelen: f.pagelen,
    size: f.size,
    values,
    page: f.page,
    next: f.next,
    previous: f.previous,
  });
  for (const page of listPages(paging, path, items, { filters: options.linkFilters ?? filters, envelope: "values", wrap })) {
    if (!options.linkFilters) {
      yield page;
      continue;
    }
    // The page links name the linked filters; the key names those that select the list.
    const query: Record<string, string | string[]> = { pagelen: page.query!.pagelen!, page: page.query!.page! };
    for (const [k, v] of filters) query[k] = k in query ? [query[k]!, v].flat() : v;
    yield { ...page, query };
  }
}
