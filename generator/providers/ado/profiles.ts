import type { FilterSpec, ListProfile, SortSpec } from "../../core/lists/profile.js";
import { commentPaging, COMMENT_KEYS } from "./boards.js";
import { buildPaging, pullPaging, runsPaging } from "./lists.js";

/**
 * The list endpoints as data for the query engine (core/lists): what selects, filters, sorts and pages
 * each. Azure DevOps ignores query parameters it does not know, so anything undeclared is dropped.
 *
 * Dates: Azure DevOps binds `fromDate`, `minTime`, … to nullable DateTimes and an unparseable value
 * binds to null, so the filter is silently dropped (azure-devops-node-api#250): `invalid: "ignore"`.
 */

/** A .NET enum value as a client may spell it: as declared, lower case, capitalized. */
function spellings(names: string[]): string[] {
  return [...new Set(names.flatMap((n) => [n, n.toLowerCase(), n[0]!.toUpperCase() + n.slice(1)]))];
}

/** Aliases from the other spellings (and the SDK's enum numbers) to the value items carry. */
function aliases(names: string[], numbers: Record<string, string> = {}): Record<string, string> {
  const out: Record<string, string> = { ...numbers };
  for (const n of names) for (const s of spellings([n])) if (s !== n) out[s] = n;
  return out;
}

const time = (param: string, field: string, op: FilterSpec["op"]): FilterSpec => ({ param, field, op, type: "time", invalid: "ignore" });

// --- commits -------------------------------------------------------------------------------------------

/** Commit criteria, in the SDK's dotted spelling and bare (Azure DevOps binds both to the same criteria). */
const commitFilters: FilterSpec[] = [
  // Commits newer/older than a date: the committer's date, both bounds inclusive as git log's.
  time("searchCriteria.fromDate", "committer.date", "gte"),
  time("fromDate", "committer.date", "gte"),
  time("searchCriteria.toDate", "committer.date", "lte"),
  time("toDate", "committer.date", "lte"),
  { param: "searchCriteria.ids", field: "commitId", op: "eq", type: "string", split: ",", ignoreCase: true },
  // The committer, by name or email (the service's "alias or display name of the committer").
  { param: "searchCriteria.user", field: ["committer.name", "committer.email"], op: "eq", type: "string", ignoreCase: true },
];

// --- pull requests ----------------------------------------------------------------------------------

const PR_STATUSES = ["active", "abandoned", "completed", "all", "notSet"];
const pullFilters: FilterSpec[] = [
  {
    // Active by default; `all` (or the SDK's 4) every status; notSet (0) is the default.
    param: "searchCriteria.status",
    field: "status",
    op: "eq",
    type: "string",
    default: "active",
    all: ["all", "All", "ALL", "4"],
    values: {
      ...aliases(PR_STATUSES, { "0": "active", "1": "active", "2": "abandoned", "3": "completed" }),
      notSet: "active",
      notset: "active",
      NotSet: "active",
    },
    accepted: [...spellings(PR_STATUSES), "ALL", "0", "1", "2", "3", "4"],
  },
  // minTime/maxTime on the creation date (queryTimeRangeType `created`, the default); minTime inclusive.
  time("searchCriteria.minTime", "creationDate", "gte"),
  time("searchCriteria.maxTime", "creationDate", "lte"),
  { param: "searchCriteria.repositoryId", field: "repository.id", op: "eq", type: "string", ignoreCase: true },
  { param: "searchCriteria.creatorId", field: "createdBy.id", op: "eq", type: "string", ignoreCase: true },
  { param: "searchCriteria.reviewerId", field: "reviewers[].id", op: "eq", type: "string", ignoreCase: true },
  { param: "searchCriteria.sourceRefName", field: "sourceRefName", op: "eq", type: "string" },
  { param: "searchCriteria.targetRefName", field: "targetRefName", op: "eq", type: "string" },
  // The source branch's repository: no pull request here comes from a fork, so it is the pull request's repository.
  { param: "searchCriteria.sourceRepositoryId", field: "repository.id", op: "eq", type: "string", ignoreCase: true },
];

// --- builds -------------------------------------------------------------------------------------------

const BUILD_STATUSES = ["inProgress", "completed", "cancelling", "postponed", "notStarted", "none"];
const BUILD_RESULTS = ["succeeded", "partiallySucceeded", "failed", "canceled", "none"];

const buildFilters: FilterSpec[] = [
  { param: "repositoryId", field: "repository.id", op: "eq", type: "string", ignoreCase: true },
  { param: "repositoryType", field: "repository.type", op: "eq", type: "string", ignoreCase: true },
  // Several definitions as `definitions=1,2`; one definition alone is also pre-rendered.
  { param: "definitions", field: "definition.id", op: "eq", type: "number", split: "," },
  { param: "buildIds", field: "id", op: "eq", type: "number", split: "," },
  // Flags enums: comma-separated names, or the SDK's single numbers.
  {
    param: "statusFilter",
    field: "status",
    op: "eq",
    type: "string",
    split: ",",
    ignoreCase: true,
    all: ["all", "All", "47"],
    values: { "0": "none", "1": "inProgress", "2": "completed", "4": "cancelling", "8": "postponed", "32": "notStarted" },
    accepted: [...spellings([...BUILD_STATUSES, "all"]), "0", "1", "2", "4", "8", "32", "47"],
  },
  {
    param: "resultFilter",
    field: "result",
    op: "eq",
    type: "string",
    split: ",",
    ignoreCase: true,
    values: { "0": "none", "2": "succeeded", "4": "partiallySucceeded", "8": "failed", "32": "canceled" },
    accepted: [...spellings(BUILD_RESULTS), "0", "2", "4", "8", "32"],
  },
  { param: "reasonFilter", field: "reason", op: "eq", type: "string", split: ",", ignoreCase: true, all: ["all", "All"] },
  { param: "branchName", field: "sourceBranch", op: "eq", type: "string" },
  { param: "buildNumber", field: "buildNumber", op: "eq", type: "string", ignoreCase: true },
  { param: "queues", field: "queue.id", op: "eq", type: "number", split: "," },
  {
    param: "requestedFor",
    field: ["requestedFor.id", "requestedFor.uniqueName", "requestedFor.displayName"],
    op: "eq",
    type: "string",
    ignoreCase: true,
  },
  // Azure DevOps compares minTime/maxTime with the time queryOrder names; the engine has one field per
  // filter, so they bound the queue time (the default order's). README: a finishTime* order still
  // bounds the queue time.
  time("minTime", "queueTime", "gte"),
  time("maxTime", "queueTime", "lte"),
];

/** queryOrder: the names and the SDK's BuildQueryOrder numbers. The frozen list is queueTimeDescending. */
const buildSort: SortSpec = (() => {
  const orders: Array<[name: string, code: string, field: string, direction: "asc" | "desc"]> = [
    ["finishTimeAscending", "2", "finishTime", "asc"],
    ["finishTimeDescending", "3", "finishTime", "desc"],
    ["queueTimeDescending", "4", "queueTime", "desc"],
    ["queueTimeAscending", "5", "queueTime", "asc"],
    ["startTimeDescending", "6", "startTime", "desc"],
    ["startTimeAscending", "7", "startTime", "asc"],
  ];
  const keys: SortSpec["keys"] = {};
  const directions: NonNullable<SortSpec["directions"]> = {};
  for (const [name, code, field, direction] of orders) {
    for (const spelling of [...spellings([name]), code]) {
      keys[spelling] = { field, type: "time" };
      directions[spelling] = direction;
    }
  }
  return { param: "queryOrder", keys, directions, default: { key: "queueTimeDescending", direction: "desc" }, unknown: "error" };
})();

/** Every list endpoint of the pins; the first profile whose path matches applies. */
export function adoLists(origin: string): ListProfile[] {
  return [
    {
      path: "/_apis/git/repositories/[^/]+/commits$",
      // A branch, an author: pre-rendered lists. `searchCriteria.$top`/`$skip` and `$top`/`$skip` are one
      // parameter spelled two ways (Azure DevOps documents both); any value of either pages.
      selectors: ["searchCriteria.itemVersion.version", "searchCriteria.author"],
      paramAliases: { "searchCriteria.$top": "$top", "searchCriteria.$skip": "$skip" },
      filters: commitFilters,
    },
    {
      path: "/_apis/git/(repositories/[^/]+/)?pullRequests$",
      paging: pullPaging(origin),
      source: { "searchCriteria.status": "all" },
      filters: pullFilters,
    },
    { path: "/_apis/build/builds$", paging: buildPaging(origin), filters: buildFilters, sort: buildSort },
    { path: "/_apis/build/definitions$", selectors: ["name"] },
    // Refs: `filter` (a prefix after `refs/`) selects pre-rendered lists; `filterContains` is a substring of the name.
    {
      path: "/_apis/git/repositories/[^/]+/refs$",
      selectors: ["filter"],
      filters: [{ param: "filterContains", field: "name", op: "contains", type: "string" }],
    },
    // A work item's comments: newest first, `order=asc` oldest first; 200 a page, continued by token.
    {
      path: "/_apis/wit/workItems/\\d+/comments$",
      paging: commentPaging(origin),
      totalFields: ["totalCount"],
      keys: COMMENT_KEYS,
      sort: {
        param: "order",
        keys: {
          asc: { field: "createdDate", type: "time" },
          desc: { field: "createdDate", type: "time" },
          "1": { field: "createdDate", type: "time" },
          "2": { field: "createdDate", type: "time" },
        },
        directions: { asc: "asc", desc: "desc", "1": "asc", "2": "desc" },
        default: { key: "desc", direction: "desc" },
        unknown: "error",
      },
    },
    { path: "/_apis/git/repositories/[^/]+/stats/branches$", selectors: ["name"] },
    { path: "/_apis/work/teamsettings/iterations$", selectors: ["$timeframe"] },
    // A pipeline's runs are not paged (the service answers up to 10000): `$top` only cuts.
    { path: "/_apis/pipelines/\\d+/runs$", paging: runsPaging(origin), selectors: [] },
    // Projects, teams, members, users, repositories, pipelines, pull request children, updates, revisions.
    {
      path: "/_apis/(projects|teams|graph/users|git/repositories|pipelines|wit/workItems/\\d+/(updates|revisions))(/[^/]+/(teams|members))*$",
      selectors: [],
    },
    {
      path: "/_apis/git/repositories/[^/]+/pullRequests/\\d+/(reviewers|threads|threads/\\d+/comments|commits|iterations|workitems|labels|statuses)$",
      selectors: [],
    },
    // Pushes, refs in the route form (`refs/heads/{branch}`) and a subject's Graph memberships.
    { path: "/_apis/git/repositories/[^/]+/(pushes|refs/heads/.+)$", selectors: [] },
    { path: "/_apis/Graph/Memberships/[^/]+$", selectors: [] },
  ];
}
