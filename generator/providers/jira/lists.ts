import type { StartAtPaging } from "../../core/pagination/paging.js";
import { listPages } from "../../core/paginate.js";
import type { JsonValue, Resource } from "../../core/provider.js";

/**
 * Jira's offset paging, `startAt`/`maxResults`, in three envelopes that share their page fields:
 * - PageBean (`project/search`, `issue/{key}/changelog`, `statuses/search`):
 *   `{self, nextPage, maxResults, startAt, total, isLast, values}`, `nextPage` absent on the last page;
 * - the legacy pages of comments and worklogs: `{startAt, maxResults, total, comments|worklogs}`;
 * - Agile: `{maxResults, startAt, total, isLast, values}` for boards and sprints, and
 *   `{expand, startAt, maxResults, total, issues}` for issue lists.
 * User searches return plain arrays paged by the same parameters.
 *
 * Lists are pre-rendered at their default and maximum sizes: 50 and 100 items a page almost everywhere;
 * changelogs at 100 (their default and maximum); comments and worklogs, whose default is 5000, as one page
 * of everything, and at 100, the size every other page is cut from. Any other size up to 100 and any
 * `startAt` are cut from the 100-item pages at request time (core mechanism `start-at`). `maxResults` above 100
 * is clamped to 100 and the body says so, as Jira reports the size it used.
 */
export const DEFAULT_SIZE = 50;
export const MAX_SIZE = 100;
/** Comments and worklogs without `maxResults`. */
export const LEGACY_DEFAULT = 5000;
export const CHANGELOG_DEFAULT = 100;
/** Dashboards without `maxResults` (Jira's default for `GET /dashboard`). */
export const DASHBOARD_DEFAULT = 20;

/**
 * Any `expand` (changelog, names, renderedFields, ...) gets the one expanded rendering, on GET issue
 * (names and the whole changelog) and on a board's issue list (each issue's changelog).
 */
export const EXPANDED = "changelog,names";

export const LEGACY_LISTS = "^rest/api/[23]/issue/[^/]+/(comment|worklog)$";
export const CHANGELOG_LIST = "^rest/api/[23]/issue/[^/]+/changelog$";
export const DASHBOARD_LIST = "^rest/api/[23]/dashboard$";

export function jiraPagination(origin: string): StartAtPaging {
  return {
    mechanism: "start-at",
    pageParam: "startAt",
    sizeParam: "maxResults",
    defaultSize: DEFAULT_SIZE,
    rendered: [DEFAULT_SIZE, MAX_SIZE],
    max: MAX_SIZE,
    origin,
    fieldsByPath: [
      { path: LEGACY_LISTS, fields: ["startAt", "maxResults", "total"] },
      // Dashboards carry `prev`/`next` links under their own names, which the start-at mechanism does not
      // write: the pages say where they are, and a client pages by `startAt` (README).
      { path: DASHBOARD_LIST, fields: ["startAt", "maxResults", "total"] },
      { path: "^rest/agile/1\\.0/(board|sprint)/[^/]+/(issue|backlog)$", fields: ["startAt", "maxResults", "total"] },
      { path: "^rest/agile/", fields: ["maxResults", "startAt", "total", "isLast"] },
    ],
  };
}

type Fields = Record<string, JsonValue | undefined>;
type Wrap = (items: JsonValue[], f: Fields) => JsonValue;

export const pageBean: Wrap = (values, f) => ({
  self: f.self,
  nextPage: f.nextPage,
  maxResults: f.maxResults,
  startAt: f.startAt,
  total: f.total,
  isLast: f.isLast,
  values,
});
export const agileValues: Wrap = (values, f) => ({
  maxResults: f.maxResults,
  startAt: f.startAt,
  total: f.total,
  isLast: f.isLast,
  values,
});
export const agileIssues: Wrap = (issues, f) => ({
  expand: "schema,names",
  startAt: f.startAt,
  maxResults: f.maxResults,
  total: f.total,
  issues,
});
export function legacy(envelope: "comments" | "worklogs"): Wrap {
  return (items, f) => ({ startAt: f.startAt, maxResults: f.maxResults, total: f.total, [envelope]: items });
}

export const dashboardPage: Wrap = (dashboards, f) => ({ startAt: f.startAt, maxResults: f.maxResults, total: f.total, dashboards });

export type Shape = "pageBean" | "agileValues" | "agileIssues" | "comments" | "worklogs" | "dashboards" | "array";

const WRAPS: Record<Shape, { wrap?: Wrap; envelope?: string }> = {
  pageBean: { wrap: pageBean, envelope: "values" },
  agileValues: { wrap: agileValues, envelope: "values" },
  agileIssues: { wrap: agileIssues, envelope: "issues" },
  comments: { wrap: legacy("comments"), envelope: "comments" },
  worklogs: { wrap: legacy("worklogs"), envelope: "worklogs" },
  dashboards: { wrap: dashboardPage, envelope: "dashboards" },
  array: {},
};

/** Every page of a list at its pre-rendered sizes, with `filters` (the query that selects it) in its links. */
export function* jiraList(
  origin: string,
  path: string,
  shape: Shape,
  items: JsonValue[],
  filters: Array<[string, string]> = [],
  sizes?: number[],
): Generator<Resource> {
  const p = jiraPagination(origin);
  const own =
    shape === "comments" || shape === "worklogs" || path.endsWith("/changelog")
      ? { ...p, rendered: [MAX_SIZE] }
      : sizes
        ? { ...p, rendered: sizes }
        : p;
  yield* listPages(own, path, items, { filters, ...WRAPS[shape] });
  // Comments and worklogs asked for without a size: one page of everything, as `maxResults` 5000 gives.
  if (shape === "comments" || shape === "worklogs") {
    yield {
      path,
      ...(filters.length ? { query: Object.fromEntries(filters) } : {}),
      body: legacy(shape)(items, { startAt: 0, maxResults: LEGACY_DEFAULT, total: items.length }),
    };
  }
}
