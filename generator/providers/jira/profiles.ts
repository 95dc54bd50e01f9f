import type { ExpressionSpec, ListProfile } from "../../core/lists/profile.js";
import type { ErrorDoc, Pagination } from "../../core/provider.js";
import { jiraError } from "./errors.js";
import { CHANGELOG_DEFAULT, DASHBOARD_DEFAULT, DASHBOARD_LIST, LEGACY_DEFAULT, MAX_SIZE } from "./lists.js";
import { POINTS_FIELD, RANK_FIELD, SPRINT_FIELD } from "./schemes.js";

/**
 * What each Jira list reads from a request (core/lists/profile.ts): the first profile whose path matches
 * applies, and a parameter no profile names is ignored, as Jira ignores it (`jql` on a sprint list,
 * `fields` and `validateQuery` on Agile issue lists: their items already carry every field).
 */

/** Every malformed list parameter (a JQL that does not parse, an unknown sprint state): Jira's 400. */
export const badRequest: ErrorDoc = { status: 400, body: jiraError("{message}") };

/**
 * JQL on Agile issue lists (`board/{b}/issue`, `board/{b}/backlog`, `sprint/{s}/issue`), over the Agile
 * item JSON. The board bounds the query, so an empty or ORDER-BY-only JQL is valid here (unlike on
 * `search/jql`). Field names are case-insensitive, as are values (the core grammar compares both so).
 * A field that can be reached by two spellings (`project` by key or id) is read by the one connectors
 * send most: keys. Which fields JQL names and which Jira field each one is: Atlassian's JQL field reference.
 */
const time = (field: string) => ({ field, type: "time" as const });
const text = (field: string) => ({ field, type: "string" as const });
const number = (field: string) => ({ field, type: "number" as const });

export const AGILE_JQL: ExpressionSpec = {
  param: "jql",
  fields: {
    updated: time("fields.updated"),
    updatedDate: time("fields.updated"),
    created: time("fields.created"),
    createdDate: time("fields.created"),
    resolved: time("fields.resolutiondate"),
    resolutionDate: time("fields.resolutiondate"),
    statusCategoryChangedDate: time("fields.statuscategorychangedate"),
    due: time("fields.duedate"),
    duedate: time("fields.duedate"),
    key: text("key"),
    issuekey: text("key"),
    id: number("id"),
    project: text("fields.project.key"),
    status: text("fields.status.name"),
    statusCategory: text("fields.status.statusCategory.name"),
    issuetype: text("fields.issuetype.name"),
    type: text("fields.issuetype.name"),
    priority: text("fields.priority.name"),
    resolution: text("fields.resolution.name"),
    assignee: text("fields.assignee.accountId"),
    reporter: text("fields.reporter.accountId"),
    creator: text("fields.creator.accountId"),
    labels: text("fields.labels[]"),
    sprint: number(`fields.${SPRINT_FIELD}[].id`),
    summary: text("fields.summary"),
    rank: text(`fields.${RANK_FIELD}`),
    // Story points by their custom field id (`"Story point estimate"` needs quotes, which the grammar reads as a field too).
    "cf[10016]": number(`fields.${POINTS_FIELD}`),
  },
  operators: ["=", "!=", ">", ">=", "<", "<=", "~", "!~", "IN", "NOT_IN", "IS", "IS_NOT"],
  orderBy: true,
  caseInsensitiveFields: true,
  literals: { EMPTY: null, null: null },
};

const AGILE_ISSUES = "^rest/agile/1\\.0/(board/[^/]+/(issue|backlog)|sprint/[^/]+/issue)$";
/** The board's issue list is also pre-rendered with `expand` (changelogs): what DevLake sends. */
export const BOARD_ISSUES = "^rest/agile/1\\.0/board/[^/]+/issue$";

const AGILE_FIELDS = { param: "fields", within: "fields" };

/** PageBean's key order: a computed page that gains a `nextPage` its template page lacked puts it second. */
const PAGE_BEAN = ["self", "nextPage", "maxResults", "startAt", "total", "isLast", "values"];

/**
 * `viewerOffsetMinutes`: JQL reads a date written without an offset (`'2026/03/01 10:00'`, DevLake's
 * bound) in the caller's time zone, as Jira does.
 */
export function jiraLists(paging: Pagination, viewerOffsetMinutes = 0): ListProfile[] {
  const jql: ExpressionSpec = { ...AGILE_JQL, utcOffsetMinutes: viewerOffsetMinutes };
  return [
    // `fields` names members of each issue's `fields` (Airbyte: `fields=key,created,updated`); id, key and self stay.
    { path: BOARD_ISSUES, selectors: ["expand"], expression: jql, select: AGILE_FIELDS },
    { path: AGILE_ISSUES, expression: jql, select: AGILE_FIELDS },
    // Sprints: `state` any of future, active, closed, comma-separated; `jql` is not a sprint parameter.
    {
      path: "^rest/agile/1\\.0/board/[^/]+/sprint$",
      filters: [{ param: "state", field: "state", op: "eq", type: "string", split: ",", accepted: ["future", "active", "closed"] }],
    },
    // Boards: of a project (a frozen list per key or id), of a type, whose name contains a text.
    {
      path: "^rest/agile/1\\.0/board$",
      selectors: ["projectKeyOrId"],
      filters: [
        { param: "type", field: "type", op: "eq", type: "string", split: ",", accepted: ["scrum", "kanban", "simple"] },
        { param: "name", field: "name", op: "contains", type: "string" },
      ],
    },
    // Projects: `keys` repeated (any of them), `orderBy` key or name (`-` for descending); `query` selects
    // nothing pre-rendered, so it stays a selector and answers 404 rather than every project.
    {
      path: "^rest/api/3/project/search$",
      keys: PAGE_BEAN,
      selectors: ["query"],
      filters: [{ param: "keys", field: "key", op: "eq", type: "string", split: "," }],
      sort: {
        param: "orderBy",
        minusPrefix: true,
        unknown: "ignore",
        keys: { key: { field: "key", type: "string" }, name: { field: "name", type: "string" }, id: { field: "id", type: "number" } },
        default: { key: "key", direction: "asc" },
        directions: { key: "asc", name: "asc", id: "asc" },
      },
    },
    // A changelog's page is 100 histories unless asked otherwise; comments and worklogs 5000 (all of them).
    {
      path: "^rest/api/[23]/issue/[^/]+/changelog$",
      keys: PAGE_BEAN,
      paging: { ...paging, defaultSize: CHANGELOG_DEFAULT, rendered: [MAX_SIZE] },
    },
    { path: "^rest/api/[23]/issue/[^/]+/(comment|worklog)$", paging: { ...paging, defaultSize: LEGACY_DEFAULT, rendered: [MAX_SIZE] } },
    // Dashboards: 20 a page unless asked otherwise, `{startAt, maxResults, total, dashboards}`.
    { path: DASHBOARD_LIST, paging: { ...paging, defaultSize: DASHBOARD_DEFAULT, rendered: [DASHBOARD_DEFAULT, MAX_SIZE] } },
    // A project's versions and components (none): PageBeans, paged only.
    { path: "^rest/api/3/project/[^/]+/(version|component)$", keys: PAGE_BEAN },
    { path: "^rest/api/3/statuses/search$", keys: PAGE_BEAN },
    // Configuration PageBeans (config.ts): paged only, as Airbyte reads them.
    { path: "^rest/api/3/(priority/search|resolution/search|label|filter/search|group/bulk|workflow/search)$", keys: PAGE_BEAN },
    // The administration PageBeans (admin.ts).
    {
      path:
        "^rest/api/3/(notificationscheme|workflowscheme|issuetypescheme|issuetypescheme/mapping|issuetypescreenscheme|screenscheme|" +
        "screens|fieldconfiguration|fieldconfigurationscheme|field/[^/]+/context)$",
      keys: PAGE_BEAN,
    },
    { path: "^rest/api/3/users/search$" },
  ];
}
