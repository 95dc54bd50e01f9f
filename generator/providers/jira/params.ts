import type { ParamClasses } from "../../core/param-classes.js";
import type { QueryRefusal } from "../../core/provider.js";
import { jiraError } from "./errors.js";

/**
 * Every query parameter of Jira Cloud's published v3 and Agile descriptions on the GET operations this
 * provider serves, in one class each (issue 37; test/providers/jira/parameter-classes.test.ts). A bare
 * name holds on every served operation; `<template> <name>` on one. The refused ones are also the
 * serving profile's refusal rules (`jiraRefusals`): a value outside `allow` gets Jira's 400
 * `{"errorMessages": [...], "errors": {}}` naming the parameter. A rule on a `/rest/api/3/` path holds on
 * its `/rest/api/2/` twin too, which answers the same. Jira ignores parameters it does not document, so
 * those still pass.
 */
const API = "/rest/api/3";
const AGILE = "/rest/agile/1.0";
const ISSUE = `${API}/issue/{issueIdOrKey}`;
const PROJECT = `${API}/project/{projectIdOrKey}`;
const BOARD = `${AGILE}/board/{boardId}`;
const AGILE_ISSUE_LISTS = [`${BOARD}/issue`, `${BOARD}/backlog`, `${AGILE}/sprint/{sprintId}/issue`];
/** Administration PageBeans that list by page only (admin.ts). */
const SCHEMES = [`${API}/issuetypescheme`, `${API}/issuetypescreenscheme`, `${API}/screenscheme`, `${API}/screens`];

/** A refused parameter: the values still answered as if absent (a regex; absent: none) and why. */
interface Refused {
  allow?: string;
  why: string;
  /** Jira's own answer where it has one (GDPR strict mode). */
  message?: string;
}

const FALSE = "^(false|False)$";
const TRUE = "^(true|True)$";
/** A comma list of these names only: what the bodies carry already. */
const only = (...names: string[]): string => `^(${names.join("|")})(,(${names.join("|")}))*$`;
/** Expansions answered (index.ts partial; projects.ts projectFull): description, lead and issue types. */
const PROJECT_EXPANDS = only("description", "lead", "issueTypes");
const gdpr = (param: string) => `The query parameter '${param}' is not supported in GDPR strict mode.`;

/** `<template> <param>` for each template. */
const on = <T>(templates: string[], param: string, value: T): Record<string, T> =>
  Object.fromEntries(templates.map((t) => [`${t} ${param}`, value]));

const refused: Record<string, Refused> = {
  // --- site and configuration
  ...on([`${API}/application-properties`], "key", { why: "the general settings are listed whole only" }),
  [`${API}/application-properties keyFilter`]: { why: "the general settings are listed whole only" },
  [`${API}/application-properties permissionLevel`]: { why: "the general settings are listed whole only" },
  [`${API}/dashboard filter`]: { why: "favourite and own dashboards are not modelled" },
  [`${API}/field/{fieldId}/context contextId`]: { why: "contexts are listed whole only" },
  [`${API}/field/{fieldId}/context isAnyIssueType`]: { why: "contexts are listed whole only" },
  [`${API}/field/{fieldId}/context isGlobalContext`]: { why: "contexts are listed whole only" },
  [`${API}/fieldconfiguration id`]: { why: "field configurations are listed whole only" },
  [`${API}/fieldconfiguration isDefault`]: { why: "field configurations are listed whole only" },
  [`${API}/fieldconfiguration query`]: { why: "field configurations are listed whole only" },
  ...Object.fromEntries(
    ["accountId", "filterName", "groupId", "groupname", "id", "orderBy", "owner", "projectId"].map((p) => [
      `${API}/filter/search ${p}`,
      { why: "the boards' filters are listed whole, by name, only" },
    ]),
  ),
  ...on([`${API}/filter/search`, `${API}/filter/{id}`], "overrideSharePermissions", {
    allow: FALSE,
    why: "every filter is shared with its project: the caller sees each already",
  }),
  [`${API}/group expand`]: { why: "a group's members (users.items) are not rendered" },
  [`${API}/group/bulk groupId`]: { why: "groups are listed whole only" },
  [`${API}/group/bulk groupName`]: { why: "groups are listed whole only" },
  [`${API}/priority/search id`]: { why: "priorities are listed whole only" },
  [`${API}/priority/search onlyDefault`]: { allow: FALSE, why: "priorities are listed whole only" },
  ...on([`${API}/notificationscheme`, `${API}/notificationscheme/{id}`], "expand", { why: "schemes carry no events or projects here" }),
  ...on([`${API}/permissionscheme`, `${API}/permissionscheme/{schemeId}`], "expand", { why: "schemes carry no permission grants here" }),
  ...Object.fromEntries(
    SCHEMES.flatMap((s) =>
      ["expand", "id", "orderBy", "queryString"].map((p) => [`${s} ${p}`, { why: "listed whole, in one order, only" }]),
    ),
  ),
  [`${API}/screens scope`]: { why: "screens are listed whole only" },
  [`${API}/issuetypescheme/mapping issueTypeSchemeId`]: { why: "the mappings are listed whole only" },
  ...on([`${API}/screens/{screenId}/tabs`, `${API}/screens/{screenId}/tabs/{tabId}/fields`], "projectKey", {
    why: "a screen's tabs are answered for no project in particular",
  }),
  [`${API}/statuses expand`]: { why: "statuses carry no usages here" },
  ...Object.fromEntries(
    ["expand", "projectId", "searchString", "statusCategory"].map((p) => [
      `${API}/statuses/search ${p}`,
      { why: "statuses are listed whole only" },
    ]),
  ),
  ...Object.fromEntries(
    ["expand", "isActive", "orderBy", "queryString", "workflowName"].map((p) => [
      `${API}/workflow/search ${p}`,
      { why: "workflows are listed whole, by name, only" },
    ]),
  ),
  [`${API}/universal_avatar/view/type/{type}/avatar/{id} format`]: { allow: "^(svg|SVG)$", why: "avatars are SVG images only" },
  // --- people: Jira Cloud's own answer to the removed user keys
  [`${API}/user username`]: { message: gdpr("username"), why: "" },
  [`${API}/user key`]: { message: gdpr("key"), why: "" },
  // --- projects
  ...on([`${API}/project`, `${API}/project/search`], "expand", {
    allow: PROJECT_EXPANDS,
    why: "project keys, URLs and permissions are not rendered (description, lead and issueTypes are: partial in index.ts)",
  }),
  [`${API}/project properties`]: { why: "no project here carries properties" },
  [`${API}/project recent`]: { why: "recently viewed projects are not modelled" },
  [`${PROJECT} expand`]: { allow: PROJECT_EXPANDS, why: "project keys and the issue type hierarchy are not rendered" },
  [`${PROJECT} properties`]: { why: "no project here carries properties" },
  [`${API}/project/search action`]: { allow: "^(view|browse|edit)$", why: "the caller may view, browse and edit every project" },
  [`${API}/project/search categoryId`]: { why: "no project here has a category: any id would list none" },
  [`${API}/project/search id`]: { why: "projects by id are not pre-rendered: use keys" },
  [`${API}/project/search properties`]: { why: "no project here carries properties" },
  [`${API}/project/search propertyQuery`]: { why: "no project here carries properties" },
  [`${API}/project/search query`]: { why: "a text search of projects is not computed: use keys" },
  [`${API}/project/search status`]: { allow: "^live$", why: "every project is live" },
  [`${API}/project/search typeKey`]: { allow: "^software$", why: "every project is a software project" },
  // --- issues
  [`${ISSUE} fields`]: { allow: "^\\*all$", why: "an issue is answered with every field only" },
  [`${ISSUE} fieldsByKeys`]: { allow: FALSE, why: "fields are named by id only" },
  [`${ISSUE} properties`]: { why: "no issue here carries properties" },
  [`${ISSUE}/comment expand`]: { why: "comments carry no rendered bodies or properties here" },
  [`${ISSUE}/comment orderBy`]: { allow: "^\\+?created$", why: "comments are listed oldest first only" },
  [`${ISSUE}/comment/{id} expand`]: { why: "comments carry no rendered bodies or properties here" },
  [`${ISSUE}/remotelink globalId`]: { why: "remote links are listed whole only" },
  [`${ISSUE}/transitions expand`]: { why: "transitions carry no screen fields here" },
  [`${ISSUE}/transitions includeUnavailableTransitions`]: { allow: FALSE, why: "every global transition is available" },
  [`${ISSUE}/transitions sortByOpsBarAndStatus`]: { allow: FALSE, why: "transitions are in the workflow's status order only" },
  [`${ISSUE}/transitions transitionId`]: { why: "transitions are listed whole only" },
  [`${ISSUE}/worklog expand`]: { why: "worklogs carry no properties here" },
  [`${ISSUE}/worklog startedAfter`]: { why: "worklogs are listed whole only" },
  [`${ISSUE}/worklog startedBefore`]: { why: "worklogs are listed whole only" },
  [`${ISSUE}/worklog/{id} expand`]: { why: "worklogs carry no properties here" },
  [`${API}/worklog/updated expand`]: { why: "worklog changes carry no properties here" },
  // --- Agile
  ...Object.fromEntries(
    ["accountIdLocation", "expand", "filterId", "orderBy", "projectLocation"].map((p) => [
      `${AGILE}/board ${p}`,
      { why: "boards are filtered by type, name and project only" },
    ]),
  ),
  [`${AGILE}/board negateLocationFiltering`]: { allow: FALSE, why: "boards are filtered by type, name and project only" },
  ...on(AGILE_ISSUE_LISTS, "validateQuery", { allow: TRUE, why: "JQL is always validated" }),
  ...on(AGILE_ISSUE_LISTS.slice(1), "expand", { why: "issues of the backlog and of a sprint carry no changelog here" }),
  [`${AGILE}/issue/{issueIdOrKey} expand`]: { why: "an Agile issue carries no changelog here" },
  [`${AGILE}/issue/{issueIdOrKey} fields`]: { allow: "^\\*all$", why: "an issue is answered with every field only" },
};

/** What an operation answering 403 or 410 whatever it is asked reads: nothing. */
const WEBHOOKS = "Jira answers a user's API token 403 on webhooks (only Connect and OAuth 2.0 apps may list them), whatever the parameters";
const REMOVED = "removed from Jira Cloud (CHANGE-2046): 410 with Jira's message, whatever the parameters";

export const jiraParams: ParamClasses = {
  unserved: [],
  computed: {
    startAt: "pagination (start-at): any offset",
    maxResults: "pagination (start-at): each list's default, 100 at most",
    [`${API}/group groupId`]: "pre-rendered per group (query keep)",
    [`${API}/group groupname`]: "pre-rendered per group (query keep)",
    [`${ISSUE} expand`]: "pre-rendered: any value gives names and the whole changelog (query anyValue)",
    [`${API}/statuses id`]: "pre-rendered per status (query keep)",
    [`${API}/user accountId`]: "pre-rendered per account (query keep)",
    [`${API}/project/search keys`]: "profiles.ts: any of the keys, repeated or comma-separated",
    [`${API}/project/search orderBy`]: "profiles.ts: key, name or id, `-` descending",
    ...on(
      ["/user/search", "/user/assignable/multiProjectSearch"].map((p) => `${API}${p}`),
      "query",
      "user-search.ts: Jira's prefix match",
    ),
    ...on(
      ["/user/search", "/user/assignable/multiProjectSearch"].map((p) => `${API}${p}`),
      "accountId",
      "user-search.ts",
    ),
    ...on(
      ["/user/search", "/user/assignable/multiProjectSearch"].map((p) => `${API}${p}`),
      "username",
      "user-search.ts: Jira's 400, not supported in GDPR strict mode",
    ),
    [`${API}/user/search property`]: "user-search.ts: no user property is stored, so none matches ([])",
    [`${API}/user/assignable/multiProjectSearch projectKeys`]: "user-search.ts: every project's users; an unknown key is Jira's 404",
    [`${API}/worklog/updated since`]: "worklogs.ts: changed after the instant",
    ...on(AGILE_ISSUE_LISTS, "jql", "profiles.ts AGILE_JQL: evaluated over the list's issues"),
    [`${API}/attachment/content/{id} redirect`]: "pre-rendered: a 303 to redirect=false by default, the bytes with redirect=false",
    [`${BOARD}/issue expand`]: "profiles.ts selector: any value adds each issue's changelog",
    ...on(AGILE_ISSUE_LISTS, "fields", "profiles.ts select within `fields`: the named members, *all, *navigable, -name"),
    [`${BOARD}/sprint state`]: "profiles.ts: future, active, closed, comma-separated",
    [`${AGILE}/board name`]: "profiles.ts: a part of the name",
    [`${AGILE}/board type`]: "profiles.ts: scrum, kanban, simple",
    [`${AGILE}/board projectKeyOrId`]: "profiles.ts selector: pre-rendered per key and id",
  },
  refused: Object.fromEntries(
    Object.entries(refused).map(([k, r]) => [k, r.message ?? `400 naming it${r.allow ? ` unless ${r.allow}` : ""}: ${r.why}`]),
  ),
  ignored: {
    ...on([`${API}/webhook`, `${API}/webhook/failed`], "startAt", WEBHOOKS),
    ...on([`${API}/webhook`, `${API}/webhook/failed`], "maxResults", WEBHOOKS),
    [`${API}/webhook/failed after`]: WEBHOOKS,
    ...Object.fromEntries(
      ["expand", "fields", "fieldsByKeys", "jql", "maxResults", "properties", "startAt", "validateQuery"].map((p) => [
        `${API}/search ${p}`,
        REMOVED,
      ]),
    ),
    [`${API}/filter/search expand`]: "every filter carries every expandable field already (description, owner, jql, sharePermissions, ...)",
    [`${API}/filter/{id} expand`]: "every filter carries every expandable field already",
    [`${API}/myself expand`]: "the caller's body carries groups and applicationRoles already",
    [`${API}/user expand`]: "every user's body carries groups and applicationRoles already",
    [`${API}/fieldconfigurationscheme id`]: "no field configuration scheme exists: the list is empty whatever the ids",
    ...on([`${PROJECT}/version`, `${PROJECT}/component`], "orderBy", "no project has versions or components: the list is empty"),
    ...on([`${PROJECT}/version`, `${PROJECT}/component`], "query", "no project has versions or components: the list is empty"),
    [`${PROJECT}/version expand`]: "no project has versions: the list is empty",
    [`${PROJECT}/version status`]: "no project has versions: the list is empty",
    [`${PROJECT}/versions expand`]: "no project has versions: the list is empty",
    [`${PROJECT}/role/{id} excludeInactiveUsers`]: "every role's actors are groups (the default actors): no user actor to exclude",
    [`${API}/workflowscheme/{id} returnDraftIfExists`]: "no workflow scheme has a draft: the scheme itself is the answer",
    [`${ISSUE}/transitions skipRemoteOnlyCondition`]: "the Software Simplified Workflow's transitions carry no conditions",
    [`${ISSUE} updateHistory`]: "adds the project to the caller's recently viewed list: the answer is the same",
    [`${AGILE}/issue/{issueIdOrKey} updateHistory`]: "adds the project to the caller's recently viewed list: the answer is the same",
    [`${AGILE}/board includePrivate`]: "no board here is private: the list is the same",
    [`${API}/universal_avatar/view/type/{type}/avatar/{id} size`]: "avatars are SVG images, which scale: every size is the same drawing",
  },
  unhandled: {},
};

/** The rules for refused parameters: each key's template as a key-path regex (v2 and v3 alike). */
export function jiraRefusals(): QueryRefusal[] {
  return Object.entries(refused).map(([key, r]) => {
    const at = key.lastIndexOf(" ");
    const param = key.slice(at + 1);
    return {
      param,
      path: pathOf(key.slice(0, at)),
      ...(r.allow ? { allow: r.allow } : {}),
      ...(r.message ? { error: { status: 400, body: jiraError("{message}") } } : {}),
      message: r.message ?? `The query parameter '${param}' is not answered by this snapshot (value '{value}'): ${r.why}.`,
    };
  });
}

/** A description's template as a served key-path regex; `/rest/api/3/` stands for `/rest/api/2/` too. */
export function pathOf(template: string): string {
  const source = template
    .slice(1)
    .replace(/[.*+^$()|[\]\\]/g, "\\$&")
    .replace(/^rest\/api\/3\//, "rest/api/[23]/")
    .replace(/\{[^}]+\}/g, "[^/]+");
  return `^${source}$`;
}
