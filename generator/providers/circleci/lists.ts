import type { ContinuationTokenPaging } from "../../core/pagination/paging.js";
import type { FilterSpec, ListProfile } from "../../core/lists/profile.js";
import { listPages } from "../../core/paginate.js";
import type { JsonValue, Resource } from "../../core/provider.js";

/**
 * CircleCI's v2 lists: `{items, next_page_token}`, 20 items a page, the next page asked for with
 * `page-token=<next_page_token>`, and `next_page_token: null` on the last page. Tokens are opaque
 * (core's continuation-token mechanism, sealed tokens). CircleCI's list endpoints take no page size:
 * `page-size` (CircleCI's own spelling, on its newer deploy endpoints) selects a smaller page here, an
 * extension the README names; without it every page holds 20 items, as CircleCI's do.
 */
export const PAGE_SIZE = 20;
export const PAGE_PARAM = "page-token";
export const SIZE_PARAM = "page-size";

/** The body keys of a page, in CircleCI's order. */
export const PAGE_KEYS = ["next_page_token", "items"];

export function cciPagination(origin: string): ContinuationTokenPaging {
  return {
    mechanism: "continuation-token",
    pageParam: PAGE_PARAM,
    sizeParam: SIZE_PARAM,
    defaultSize: PAGE_SIZE,
    rendered: [PAGE_SIZE],
    max: PAGE_SIZE,
    origin,
    continuation: { field: "next_page_token", token: "opaque", last: "null" },
  };
}

/** Every page of a list along its token chain; the selecting parameters (`org-slug`, `reporting-window`) go in `query`. */
export function pagesOf(origin: string, path: string, items: JsonValue[], query: Array<[string, string]> = []): Iterable<Resource> {
  return listPages(cciPagination(origin), path, items, {
    filters: query,
    envelope: "items",
    wrap: (page, fields) => ({ next_page_token: fields.next_page_token ?? null, items: page }),
  });
}

/** A project slug as a path pattern: `gh/<org>/<repo>` (`github/…` is an alias, see index.ts). */
const SLUG = "gh/[^/]+/[^/]+";

const branch: FilterSpec = { param: "branch", field: "vcs.branch", op: "eq", type: "string" };

/** The insights windows CircleCI accepts; 90 days is the default. */
export const WINDOWS = ["last-24-hours", "last-7-days", "last-30-days", "last-60-days", "last-90-days"] as const;
export type Window = (typeof WINDOWS)[number];
export const DEFAULT_WINDOW: Window = "last-90-days";

/**
 * The list endpoints as the query engine reads them. Pipelines of a project filter by `branch`; the
 * organization's pipelines are selected by `org-slug` and filtered to the token holder's by `mine=true`.
 * Insights lists are selected by their window and branch (`reporting-window`, `branch`, `all-branches`:
 * each a pre-rendered list, see insights.ts); the runs of a workflow filter by `start-date`/`end-date`,
 * the job summaries by `job-name`. CircleCI sorts nothing on request: every list is newest first, or by
 * name for summaries.
 */
export function listProfiles(origin: string, meLogin: string): ListProfile[] {
  const paging = cciPagination(origin);
  const keys = PAGE_KEYS;
  const insights = ["reporting-window", "branch", "all-branches"];
  return [
    {
      path: "^api/v2/pipeline$",
      paging,
      keys,
      selectors: ["org-slug"],
      filters: [
        {
          param: "mine",
          field: "trigger.actor.login",
          op: "eq",
          type: "string",
          all: ["false"],
          values: { true: meLogin },
          accepted: ["true", "false"],
        },
      ],
    },
    { path: `^api/v2/project/${SLUG}/pipeline$`, paging, keys, filters: [branch] },
    { path: `^api/v2/project/${SLUG}/pipeline/mine$`, paging, keys },
    { path: "^api/v2/pipeline/[^/]+/workflow$", paging, keys },
    { path: "^api/v2/context$", paging, keys, selectors: ["owner-id", "owner-slug", "owner-type"] },
    { path: "^api/v2/workflow/[^/]+/job$", paging, keys },
    { path: `^api/v2/project/${SLUG}/\\d+/(tests|artifacts)$`, paging, keys },
    { path: `^api/v2/insights/${SLUG}/workflows$`, paging, keys, selectors: insights },
    {
      path: `^api/v2/insights/${SLUG}/workflows/[^/]+/jobs$`,
      paging,
      keys,
      selectors: insights,
      filters: [{ param: "job-name", field: "name", op: "eq", type: "string" }],
    },
    {
      path: `^api/v2/insights/${SLUG}/workflows/[^/]+$`,
      paging,
      keys,
      selectors: ["branch", "all-branches"],
      filters: [
        { param: "start-date", field: "created_at", op: "gte", type: "time" },
        // "Include only executions that started before this date."
        { param: "end-date", field: "created_at", op: "lt", type: "time" },
      ],
    },
  ];
}
