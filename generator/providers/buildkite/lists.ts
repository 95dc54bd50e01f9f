import type { LinkHeaderPaging } from "../../core/pagination/paging.js";
import type { FilterSpec, ListProfile } from "../../core/lists/profile.js";

/**
 * Buildkite pages every REST list by `page` and `per_page` (30 by default, 100 at most; a larger
 * `per_page` is silently capped) with a `Link` header of `prev`, `next`, `last` and `first` absolute
 * URLs, core's link-header mechanism. Lists are arrays.
 */
export const DEFAULT_PER_PAGE = 30;
export const MAX_PER_PAGE = 100;

export function bkPagination(origin: string): LinkHeaderPaging {
  return {
    mechanism: "link-header",
    pageParam: "page",
    sizeParam: "per_page",
    defaultSize: DEFAULT_PER_PAGE,
    rendered: [DEFAULT_PER_PAGE, MAX_PER_PAGE],
    max: MAX_PER_PAGE,
    overMax: "clamp",
    underMin: "clamp",
    invalidSize: "default",
    origin,
  };
}

const eq = (param: string, field: string, extra: Partial<FilterSpec> = {}): FilterSpec => ({
  param,
  field,
  op: "eq",
  type: "string",
  ...extra,
});
const time = (param: string, field: string, op: FilterSpec["op"]): FilterSpec => ({ param, field, op, type: "time" });

/**
 * The build list filters (pages/apis/rest_api/_builds_list_query_strings.md): `branch` and `branch[]`,
 * `commit` and `commit[]`, `state` and `state[]` (`finished` stands for passed, failed, blocked and
 * canceled), `creator` (a user id), `created_from` (on or after), `created_to` (before) and
 * `finished_from`. Not evaluated: branch wildcards (`*dev*` matches a branch of that exact name),
 * `meta_data[…]` (no build carries meta-data: any value matches none), `include_retried_jobs` (no job is retried),
 * `include_paused` (no queue is paused).
 */
export const BUILD_FILTERS: FilterSpec[] = [
  eq("branch", "branch"),
  eq("commit", "commit"),
  eq("state", "state", { values: { finished: ["passed", "failed", "blocked", "canceled"] } }),
  eq("creator", "creator.id"),
  time("created_from", "created_at", "gte"),
  time("created_to", "created_at", "lt"),
  time("finished_from", "finished_at", "gte"),
];

/** Parameters that pick a frozen variant of the build lists and of a build: `true` leaves that part out. */
export const BUILD_SELECTORS = ["exclude_jobs", "exclude_pipeline"];

const ARTIFACT_STATES = ["new", "error", "finished", "deleted", "expired"];

export function listProfiles(origin: string): ListProfile[] {
  const paging = bkPagination(origin);
  const org = "v2/organizations/[^/]+";
  const build = `${org}/pipelines/[^/]+/builds/\\d+`;
  return [
    { path: "^v2/organizations$", paging },
    { path: `^${org}/members$`, paging },
    { path: `^${org}/agents$`, paging, filters: [eq("name", "name"), eq("hostname", "hostname"), eq("version", "version")] },
    {
      path: `^${org}/pipelines$`,
      paging,
      filters: [
        { param: "name", field: "name", op: "contains", type: "string" },
        { param: "repository", field: "repository", op: "contains", type: "string" },
        // Read by Airbyte's incremental sync; the note "Filtering pipelines by creation date" of pipelines.md.
        time("created_from", "created_at", "gte"),
        time("created_to", "created_at", "lt"),
      ],
    },
    { path: `^(v2|${org}|${org}/pipelines/[^/]+)/builds$`, paging, selectors: BUILD_SELECTORS, filters: BUILD_FILTERS },
    {
      path: `^(${build}|${build}/jobs/[^/]+|${org}/jobs/[^/]+)/artifacts$`,
      paging,
      filters: [eq("state", "state", { accepted: ARTIFACT_STATES }), eq("path", "path")],
    },
    { path: `^${build}/annotations$`, paging, filters: [eq("scope", "scope", { default: "build", all: ["all"] })] },
    { path: `^(${build}/jobs/[^/]+|${org}/jobs/[^/]+)/annotations$`, paging },
  ];
}
