import type { CursorLinkPaging } from "../../core/pagination/paging.js";
import type { FilterSpec, ListProfile, QualifierSpec, SortSpec } from "../../core/lists/profile.js";
import { listPages } from "../../core/paginate.js";
import type { JsonValue, Pagination, Resource } from "../../core/provider.js";
import { isoSeconds } from "../../world/clock.js";

/**
 * How Sentry's lists page and filter. Every list pages by cursor (`cursor.ts`), 100 items by default
 * and at most 100 (`per_page`; the issue lists name it `limit`). Filters and sorts are data for core's
 * query engine; what Sentry's search syntax can say beyond them is listed in the README.
 */
export const PAGE_SIZE = 100;

export function sentryPaging(origin: string, sizeParam: "per_page" | "limit" = "per_page"): CursorLinkPaging {
  return {
    mechanism: "cursor-link",
    pageParam: "cursor",
    sizeParam,
    defaultSize: PAGE_SIZE,
    rendered: [PAGE_SIZE],
    max: PAGE_SIZE,
    // Endpoint.get_per_page refuses more than 100; the issue search clamps `limit`.
    overMax: sizeParam === "per_page" ? "error" : "clamp",
    underMin: "clamp",
    invalidSize: sizeParam === "limit" ? "error" : "default",
    origin,
  };
}

/** Every page of a plain-array list at 100 items; `filters` are the fixed parameters of a source list. */
export function pagesOf(p: Pagination, path: string, items: JsonValue[], filters: Array<[string, string]> = []): Iterable<Resource> {
  return listPages(p, path, items, { filters });
}

const HOUR = 3_600_000;

/** `statsPeriod` spellings that are not whole days (`relativeTo` reads `<n>d`), as instants before as-of. */
function periods(asOf: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (const h of [1, 6, 12, 24, 48, 72]) out[`${h}h`] = isoSeconds(asOf - h * HOUR);
  for (const w of [1, 2, 4]) out[`${w}w`] = isoSeconds(asOf - w * 7 * 24 * HOUR);
  return out;
}

/**
 * What the issue search's terms select, beyond the issue list items' own fields: the issues whose first
 * release is a version (`release:`), and the issues with events in an environment (`environment:`; list
 * items carry no environment, Sentry matches the issue's events). Keyed by issue id.
 */
export interface IssueFacts {
  byRelease: Record<string, string[]>;
  byEnvironment: Record<string, string[]>;
  teams: string[];
}

/**
 * Sentry's issue search (`query=`, the syntax of docs.sentry.io/concepts/search/): `is:` statuses,
 * `level:`, `release:`, `environment:`, `assigned:`, `firstSeen:`/`lastSeen:` with `>`, `>=`, `<`, `<=`
 * and relative `-24h` (within the last 24 hours) / `+14d` (longer ago), `!` negation and free words on
 * title and culprit. Statuses: `is:archived` is the new name of ignored. An unknown key is refused rather
 * than read as a tag search that would silently match nothing.
 */
function issueSearch(asOf: number, facts: IssueFacts): QualifierSpec {
  const status = (value: string) => [{ field: "status", type: "string" as const, value }];
  const assigned: Record<string, string[]> = { none: [], me: [], my_teams: [] };
  for (const t of facts.teams) assigned[`#${t}`] = [t];
  return {
    param: "query",
    default: "is:unresolved",
    negation: ["!"],
    text: ["title", "culprit"],
    unknown: "error",
    relativeTo: isoSeconds(asOf),
    fixed: {
      "is:unresolved": status("unresolved"),
      "is:resolved": status("resolved"),
      "is:ignored": status("ignored"),
      "is:archived": status("ignored"),
      "is:assigned": [{ field: "assignedTo.name", type: "string", op: "present", value: "true" }],
      "is:unassigned": [{ field: "assignedTo.name", type: "string", op: "present", value: "false" }],
    },
    keys: {
      level: { field: "level", type: "string" },
      release: { field: "id", type: "string", values: facts.byRelease },
      environment: { field: "id", type: "string", values: facts.byEnvironment },
      // `#team-slug` or the slug; `none`, `me` and `my_teams` match nothing (every issue is its team's, no user is signed in).
      assigned: { field: "assignedTo.name", type: "string", values: assigned },
      firstSeen: { field: "firstSeen", type: "time" },
      lastSeen: { field: "lastSeen", type: "time" },
    },
  };
}

/** last seen (`date`, the default), first seen (`new`), events (`freq`) and users (`user`), each newest or most first. */
const issueSort: SortSpec = {
  param: "sort",
  keys: {
    date: { field: "lastSeen", type: "time" },
    new: { field: "firstSeen", type: "time" },
    freq: { field: "count", type: "number" },
    user: { field: "userCount", type: "number" },
  },
  default: { key: "date", direction: "desc" },
  directions: { date: "desc", new: "desc", freq: "desc", user: "desc" },
  unknown: "ignore",
};

/** Time windows over one item field: `statsPeriod` (relative to as-of), `start` and `end`. */
function window(field: { from: string; to: string }, asOf: number, statsDefault?: string): FilterSpec[] {
  const relativeTo = isoSeconds(asOf);
  return [
    {
      param: "statsPeriod",
      field: field.from,
      op: "gte",
      type: "time",
      all: [""],
      relativeTo,
      values: periods(asOf),
      ...(statsDefault ? { default: statsDefault, defaultUnless: ["start", "end"] } : {}),
    },
    { param: "start", field: field.from, op: "gte", type: "time" },
    { param: "end", field: field.to, op: "lte", type: "time" },
  ];
}

const O = "[^/]+";

/**
 * An event's environment is its `environment` tag. The filter reads any tag's value (the engine has no
 * key-value lookup), so only the environments events report are accepted: no other tag takes those values.
 */
const eventEnvironment = (environments: string[]): FilterSpec => ({
  param: "environment",
  field: "tags[].value",
  op: "eq",
  type: "string",
  accepted: environments,
});
/**
 * The organization issue list's `environment` parameter: the issues with events there (repeated: any of
 * them). Items carry no environment, so the provider declares each environment's issue ids, as for the
 * search's `environment:` term.
 */
const issueEnvironment = (byEnvironment: Record<string, string[]>): FilterSpec => ({
  param: "environment",
  field: "id",
  op: "eq",
  type: "string",
  values: byEnvironment,
});
const anyProject = (fields: string[]): FilterSpec => ({ param: "project", field: fields, op: "eq", type: "string", all: ["-1"] });
const textSearch = (fields: string[]): FilterSpec => ({ param: "query", field: fields, op: "contains", type: "string" });

/**
 * The org issue list defaults to `query=is:unresolved` and the last 14 days (`statsPeriod=14d`), so its
 * frozen items are the list at `query=&statsPeriod=`; the project issue list only to `is:unresolved`.
 */
export function listProfiles(origin: string, asOf: number, environments: string[], facts: IssueFacts): ListProfile[] {
  const paging = sentryPaging(origin);
  const issues = sentryPaging(origin, "limit");
  const qualifiers = issueSearch(asOf, facts);
  return [
    {
      path: `^api/0/organizations/${O}/issues$`,
      paging: issues,
      source: { query: "", statsPeriod: "" },
      sort: issueSort,
      qualifiers,
      filters: [
        ...window({ from: "lastSeen", to: "firstSeen" }, asOf, "14d"),
        anyProject(["project.id", "project.slug"]),
        issueEnvironment(facts.byEnvironment),
      ],
    },
    { path: `^api/0/projects/${O}/${O}/issues$`, paging: issues, source: { query: "" }, sort: issueSort, qualifiers },
    {
      path: `^api/0/organizations/${O}/issues/\\d+/events$`,
      paging,
      filters: [...window({ from: "dateCreated", to: "dateCreated" }, asOf), eventEnvironment(environments)],
    },
    {
      path: `^api/0/projects/${O}/${O}/events$`,
      paging,
      filters: [...window({ from: "dateCreated", to: "dateCreated" }, asOf), eventEnvironment(environments)],
    },
    {
      path: `^api/0/organizations/${O}/releases$`,
      paging,
      filters: [{ ...textSearch(["version"]), ignoreCase: true }, anyProject(["projects[].id", "projects[].slug"])],
    },
    { path: `^api/0/projects/${O}/${O}/releases$`, paging, filters: [{ ...textSearch(["version"]), ignoreCase: true }] },
    { path: `^api/0/organizations/${O}/projects$`, paging, filters: [textSearch(["slug", "name"])] },
    { path: "^api/0/projects$", paging },
    { path: `^api/0/organizations/${O}/repos$`, paging, filters: [textSearch(["name"])] },
    { path: `^api/0/organizations/${O}/teams$`, paging, filters: [textSearch(["slug", "name"])] },
    { path: "^api/0/organizations$", paging, filters: [textSearch(["slug", "name"])] },
    { path: `^api/0/organizations/${O}/members$`, paging },
    { path: `^api/0/teams/${O}/${O}/(projects|members)$`, paging },
    { path: `^api/0/projects/${O}/${O}/teams$`, paging },
    { path: `^api/0/organizations/${O}/releases/[^/]+/(deploys|commits)$`, paging },
    { path: `^api/0/organizations/${O}/issues/\\d+/tags/[^/]+/values$`, paging },
  ];
}
