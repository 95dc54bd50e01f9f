import type { ErrorDoc } from "../../core/provider.js";
import type { FilterSpec, ListProfile, SortSpec, ValueType } from "../../core/lists/profile.js";
import { JSON_TYPE } from "./errors.js";

/**
 * What GitLab's list endpoints filter and sort on, as data for the query engine (core/lists). The
 * canonical variant of each list (and the `state`, `scope`, `status`, `ref`, `environment`, `username`
 * variants the build pre-renders) stays a file; every other variant is computed over the frozen items.
 * Semantics come from GitLab's finders and API docs: time bounds are inclusive (`UpdatedAtFilterable`,
 * `CreatedAtFilterable` use >= and <=, commits' `since`/`until` are git's "on or after"/"on or before"),
 * `sort` defaults to desc (deployments, groups and branches: asc), and Grape refuses an unknown enum
 * value or an uncoercible date with 400. Parameters not declared here are ignored, as GitLab ignores
 * parameters an endpoint does not define (`with_stats` off commits, `updated_since`, `system`).
 */

/** GitLab's validation errors (Grape): a value that does not parse "is invalid"; one outside an enum "does not have a valid value". */
export const badRequest: ErrorDoc = { status: 400, body: { error: "{param} is invalid" }, headers: { "content-type": JSON_TYPE } };
export const badEnum: ErrorDoc = {
  status: 400,
  body: { error: "{param} does not have a valid value" },
  headers: { "content-type": JSON_TYPE },
};

/**
 * GitLab's Boolean parameters as Grape coerces them (dry-types' `Params::Bool`, `TRUE_VALUES` and
 * `FALSE_VALUES`): python-gitlab sends `recursive=False`, `statistics=True`. Only the Booleans that select
 * or filter something here are listed; the others are ignored whatever their spelling.
 */
export const GRAPE_BOOLEANS = {
  params: ["recursive", "with_stats", "statistics", "archived", "top_level_only", "confidential"],
  true: ["1", "on", "On", "ON", "t", "true", "True", "TRUE", "T", "y", "yes", "Yes", "YES", "Y"],
  false: ["0", "off", "Off", "OFF", "f", "false", "False", "FALSE", "F", "n", "no", "No", "NO", "N"],
};

const P = "^api/v4/projects/[^/]+";
const G = "^api/v4/groups/[^/]+";

const time = (param: string, field: string, op: "gte" | "lte" | "gt" | "lt"): FilterSpec => ({ param, field, op, type: "time" });

/** `<name>_after` / `<name>_before`, both inclusive. */
function bounds(name: string, field: string): FilterSpec[] {
  return [time(`${name}_after`, field, "gte"), time(`${name}_before`, field, "lte")];
}

function eq(param: string, field: string, type: ValueType = "string", extra: Partial<FilterSpec> = {}): FilterSpec {
  return { param, field, op: "eq", type, ...extra };
}

/** An enum filter: `all` (when listed) means no filter, any value outside `accepted` is GitLab's 400. */
function oneOf(param: string, field: string, accepted: string[], extra: Partial<FilterSpec> = {}): FilterSpec {
  return { param, field, op: "eq", type: "string", accepted, ...(accepted.includes("all") ? { all: ["all"] } : {}), ...extra };
}

/** `order_by` + `sort`: every key sorts in `direction` unless `sort` says otherwise; unknown values are 400. */
function orderBy(keys: Record<string, { field: string; type: ValueType }>, key: string, direction: "asc" | "desc" = "desc"): SortSpec {
  return {
    param: "order_by",
    directionParam: "sort",
    keys,
    default: { key, direction },
    directions: Object.fromEntries(Object.keys(keys).map((k) => [k, direction])),
    unknown: "error",
    unknownDirection: "error",
  };
}

const T = (field: string) => ({ field, type: "time" as const });
const S = (field: string) => ({ field, type: "string" as const });
const N = (field: string) => ({ field, type: "number" as const });
/** An order over data the pin does not model (label priority, manual position): the frozen order stands in. */
const UNMODELLED = { field: "_unmodelled", type: "number" as const };

/**
 * `scope`: the viewer's own (`created_by_me`: author) or assigned (`assigned_to_me`) items, or `all`.
 * Two filters read the one parameter, each skipping the other's value.
 */
function scope(viewer: number, fallback: "all" | "created_by_me"): FilterSpec[] {
  const accepted = ["created_by_me", "assigned_to_me", "all"];
  const dflt = fallback === "all" ? {} : { default: fallback };
  return [
    {
      param: "scope",
      field: "author.id",
      op: "eq",
      type: "number",
      values: { created_by_me: String(viewer) },
      all: ["all", "assigned_to_me"],
      accepted,
      ...dflt,
    },
    {
      param: "scope",
      field: "assignees[].id",
      op: "eq",
      type: "number",
      values: { assigned_to_me: String(viewer) },
      all: ["all", "created_by_me"],
      accepted,
      ...dflt,
    },
  ];
}

/**
 * `None` (nothing set) and `Any` (something set): `IssuableFinder::Params` compares them downcased
 * (`FILTER_NONE`, `FILTER_ANY`), so any case is read.
 */
const NONE_ANY = { None: false, Any: true };

/**
 * Filters merge requests and issues share (GitLab's `IssuableFinder`, the API docs of both lists):
 * `labels` is a comma list every one of which the item carries (`labels[]=` repeated alike), `milestone`
 * a title, both with `None`/`Any`; `search` matches title or description (a case-insensitive substring:
 * GitLab's `fuzzy_search` ILIKE for a single word); `assignee_id` with `None`/`Any`.
 */
function issuable(viewer: number, scopeDefault: "all" | "created_by_me"): FilterSpec[] {
  return [
    ...scope(viewer, scopeDefault),
    ...bounds("updated", "updated_at"),
    ...bounds("created", "created_at"),
    eq("author_id", "author.id", "number"),
    eq("author_username", "author.username"),
    eq("assignee_id", "assignees[].id", "number", { presence: NONE_ANY }),
    eq("assignee_username", "assignees[].username"),
    eq("labels", "labels[]", "string", { split: ",", matchAll: true, presence: NONE_ANY }),
    eq("milestone", "milestone.title", "string", { presence: NONE_ANY }),
    { param: "search", field: ["title", "description"], op: "contains", type: "string" },
    eq("iids", "iid", "number"),
    // Documented filters the items cannot answer (params.ts): Grape's 400 naming them, never the whole list.
    ...["my_reaction_emoji", "due_date", "milestone_id"].map((p) => refuse(p)),
    refuse("in", ["title,description", "description,title"]),
  ];
}

/** A documented parameter this pin cannot compute: any value but the no-op ones in `all` is GitLab's 400. */
function refuse(param: string, all: string[] = []): FilterSpec {
  return { param, field: "_unanswerable", op: "eq", type: "string", accepted: all, ...(all.length ? { all } : {}) };
}

function mergeRequests(path: string, viewer: number, scopeDefault: "all" | "created_by_me"): ListProfile {
  return {
    path,
    source: { state: "all", ...(scopeDefault === "all" ? {} : { scope: "all" }) },
    filters: [
      oneOf("state", "state", ["opened", "closed", "locked", "merged", "all"]),
      ...issuable(viewer, scopeDefault),
      eq("reviewer_id", "reviewers[].id", "number", { presence: NONE_ANY }),
      eq("reviewer_username", "reviewers[].username"),
      eq("source_branch", "source_branch"),
      eq("target_branch", "target_branch"),
      ...["approved_by_ids", "approved_by_usernames", "approver_ids", "approved", "deployed_after", "deployed_before", "environment"].map(
        (p) => refuse(p),
      ),
      ...["merge_user_id", "merge_user_username", "source_project_id"].map((p) => refuse(p)),
      // `wip=yes|no` (the API's name for draft), a Grape enum: another value is 400.
      oneOf("wip", "draft", ["yes", "no"], { type: "boolean", values: { yes: "true", no: "false" } }),
    ],
    sort: orderBy(
      {
        created_at: T("created_at"),
        updated_at: T("updated_at"),
        merged_at: T("merged_at"),
        title: S("title"),
        popularity: N("upvotes"),
        label_priority: UNMODELLED,
        milestone_due: T("milestone.due_date"),
        priority: UNMODELLED,
      },
      "created_at",
    ),
  };
}

function issues(path: string, viewer: number, scopeDefault: "all" | "created_by_me"): ListProfile {
  return {
    path,
    source: { state: "all", ...(scopeDefault === "all" ? {} : { scope: "all" }) },
    filters: [
      oneOf("state", "state", ["opened", "closed", "all"]),
      ...issuable(viewer, scopeDefault),
      // `confidential`, a Grape Boolean (its spellings are read by the query rules' booleans).
      eq("confidential", "confidential", "boolean"),
      oneOf("issue_type", "issue_type", ["issue", "incident", "test_case", "requirement", "task", "ticket"]),
      eq("iteration_id", "iteration.id", "number", { presence: NONE_ANY }),
      eq("iteration_title", "iteration.title"),
      eq("weight", "weight", "number", { presence: NONE_ANY }),
      eq("epic_id", "epic.id", "number", { presence: NONE_ANY }),
      eq("health_status", "health_status", "string", { presence: NONE_ANY }),
    ],
    sort: orderBy(
      {
        created_at: T("created_at"),
        updated_at: T("updated_at"),
        title: S("title"),
        due_date: T("due_date"),
        popularity: N("upvotes"),
        weight: N("weight"),
        milestone_due: T("milestone.due_date"),
        relative_position: UNMODELLED,
        priority: UNMODELLED,
        label_priority: UNMODELLED,
      },
      "created_at",
    ),
  };
}

/** Pipeline statuses GitLab accepts (`Ci::HasStatus::AVAILABLE_STATUSES`). */
const PIPELINE_STATUSES = [
  "created",
  "waiting_for_resource",
  "preparing",
  "pending",
  "running",
  "success",
  "failed",
  "canceled",
  "skipped",
  "manual",
  "scheduled",
];
const JOB_SCOPES = PIPELINE_STATUSES;
/**
 * Pipeline sources GitLab accepts (`source`, `values: ::Ci::Pipeline.sources.keys`, from
 * `Enums::Ci::Pipeline.sources`). The pin's pipelines are `push` and `merge_request_event`; DevLake's
 * child pipeline collector asks for `parent_pipeline` (none here: `[]`).
 */
const PIPELINE_SOURCES = [
  "unknown",
  "push",
  "web",
  "trigger",
  "schedule",
  "api",
  "external",
  "pipeline",
  "chat",
  "webide",
  "merge_request_event",
  "external_pull_request_event",
  "parent_pipeline",
  "ondemand_dast_scan",
  "ondemand_dast_validation",
  "security_orchestration_policy",
  "container_registry_push",
  "duo_workflow",
  "pipeline_execution_policy_schedule",
];
/** `Gitlab::Access` levels `min_access_level` accepts (minimal, guest, planner, reporter, developer, maintainer, owner). */
const ACCESS_LEVELS = ["5", "10", "15", "20", "30", "40", "50"];
const PIPELINE_SCOPES = ["running", "pending", "finished", "branches", "tags"];

/**
 * Pipelines' `scope`: a status set (`finished` is every completed status), or `branches`/`tags`. A
 * branch pipeline here is any pipeline not run for a merge request (those run on `refs/merge-requests/…`),
 * and the pin has no tag pipelines.
 */
const pipelineScope: FilterSpec[] = [
  {
    param: "scope",
    field: "status",
    op: "eq",
    type: "string",
    accepted: PIPELINE_SCOPES,
    all: ["branches", "tags"],
    values: { finished: ["success", "failed", "canceled", "skipped"] },
  },
  {
    param: "scope",
    field: "source",
    op: "ne",
    type: "string",
    accepted: PIPELINE_SCOPES,
    all: ["running", "pending", "finished", "tags"],
    values: { branches: "merge_request_event" },
  },
  {
    param: "scope",
    field: "ref",
    op: "eq",
    type: "string",
    accepted: PIPELINE_SCOPES,
    all: ["running", "pending", "finished", "branches"],
    values: { tags: [] },
  },
];

/** GitLab's event actions (`Event.actions`) and target types (`Event::TARGET_TYPES`), as the API accepts them. */
const EVENT_ACTIONS = [
  "created",
  "updated",
  "closed",
  "reopened",
  "pushed",
  "commented",
  "merged",
  "joined",
  "left",
  "destroyed",
  "expired",
];
const EVENT_TARGETS: Record<string, string | string[]> = {
  issue: "Issue",
  milestone: "Milestone",
  merge_request: "MergeRequest",
  note: ["Note", "DiffNote", "DiscussionNote"],
  project: "Project",
  snippet: "Snippet",
  user: "User",
  wiki: "WikiPage::Meta",
  design: "DesignManagement::Design",
};

/** A list with no parameters but its pages: every other parameter is ignored. */
const plain = (path: string): ListProfile => ({ path });

/** Every list GitLab serves in the pin, first match wins. `viewer` is the token owner's user id. */
export function glLists(viewer: number): ListProfile[] {
  return [
    // The viewer's lists: scope defaults to created_by_me.
    mergeRequests("^api/v4/merge_requests$", viewer, "created_by_me"),
    issues("^api/v4/issues$", viewer, "created_by_me"),
    mergeRequests(`${P}/merge_requests$`, viewer, "all"),
    issues(`${P}/issues$`, viewer, "all"),
    mergeRequests(`${G}/merge_requests$`, viewer, "all"),
    issues(`${G}/issues$`, viewer, "all"),
    {
      path: `${P}/merge_requests/[^/]+/notes$|${P}/issues/[^/]+/notes$`,
      // `activity_filter` (GitLab 16+): people's comments (`system: false`) or system notes only.
      filters: [
        {
          param: "activity_filter",
          field: "system",
          op: "eq",
          type: "boolean",
          accepted: ["all_notes", "only_comments", "only_activity"],
          all: ["all_notes"],
          values: { only_comments: "false", only_activity: "true" },
        },
      ],
      sort: orderBy({ created_at: T("created_at"), updated_at: T("updated_at") }, "created_at"),
    },
    ...[`${P}/merge_requests/[^/]+/(commits|diffs|pipelines)$`, `${P}/repository/commits/[^/]+/(diff|merge_requests)$`].map(plain),
    {
      path: `${P}/repository/commits$`,
      selectors: ["ref_name", "with_stats"],
      filters: [time("since", "committed_date", "gte"), time("until", "committed_date", "lte")],
    },
    {
      path: `${P}/repository/branches$`,
      // `sort` names key and direction at once: name_asc (default), updated_asc, updated_desc.
      sort: {
        param: "sort",
        keys: { name_asc: S("name"), updated_asc: T("commit.committed_date"), updated_desc: T("commit.committed_date") },
        directions: { name_asc: "asc", updated_asc: "asc", updated_desc: "desc" },
        default: { key: "name_asc", direction: "asc" },
        unknown: "error",
      },
    },
    { path: `${P}/repository/tree$`, selectors: ["ref", "path", "recursive"] },
    {
      path: `${P}/pipelines$`,
      filters: [
        ...pipelineScope,
        oneOf("status", "status", PIPELINE_STATUSES),
        eq("ref", "ref"),
        eq("sha", "sha"),
        oneOf("source", "source", PIPELINE_SOURCES),
        ...bounds("updated", "updated_at"),
        ...bounds("created", "created_at"),
      ],
      sort: orderBy({ id: N("id"), status: S("status"), ref: S("ref"), updated_at: T("updated_at"), user_id: N("user.id") }, "id"),
    },
    { path: `${P}/(pipelines/[^/]+/)?jobs$`, filters: [oneOf("scope", "status", JOB_SCOPES)] },
    {
      path: `${P}/deployments$`,
      filters: [
        eq("environment", "environment.name"),
        oneOf("status", "status", ["created", "running", "success", "failed", "canceled", "skipped", "blocked"]),
        ...bounds("updated", "updated_at"),
      ],
      sort: orderBy({ id: N("id"), iid: N("iid"), created_at: T("created_at"), updated_at: T("updated_at"), ref: S("ref") }, "id", "asc"),
    },
    {
      path: `${P}/environments$`,
      filters: [
        eq("name", "name"),
        oneOf("states", "state", ["available", "stopping", "stopped"]),
        { param: "search", field: "name", op: "contains", type: "string" },
      ],
    },
    { path: `${P}/releases$`, sort: orderBy({ released_at: T("released_at"), created_at: T("created_at") }, "released_at") },
    {
      path: `${P}/milestones$|${G}/milestones$`,
      filters: [
        oneOf("state", "state", ["active", "closed"]),
        eq("title", "title"),
        eq("iids", "iid", "number"),
        ...bounds("updated", "updated_at"),
      ],
    },
    {
      path: `${G}/iterations$`,
      // Iteration states are numbers in the body: 1 upcoming, 2 current, 3 closed.
      filters: [
        {
          param: "state",
          field: "state",
          op: "eq",
          type: "number",
          all: ["all"],
          accepted: ["all", "opened", "upcoming", "current", "started", "closed"],
          values: { opened: ["1", "2"], upcoming: "1", current: "2", started: "2", closed: "3" },
        },
      ],
    },
    {
      path: "^api/v4/projects$|^api/v4/users/[^/]+/projects$|" + `${G}/projects$`,
      filters: [
        time("last_activity_after", "last_activity_at", "gte"),
        time("last_activity_before", "last_activity_at", "lte"),
        { param: "id_after", field: "id", op: "gt", type: "number" },
        { param: "id_before", field: "id", op: "lt", type: "number" },
        // `search`: GitLab's `Project.search` matches path, name and description (case-insensitive substring).
        { param: "search", field: ["path", "name", "description"], op: "contains", type: "string" },
        // `archived` (a Grape Boolean: true/false, 1/0); no project is archived.
        { param: "archived", field: "archived", op: "eq", type: "boolean", values: { 1: "true", 0: "false" } },
        // `min_access_level`: the viewer owns the company group, so it has owner access (50) to every
        // project and any level GitLab accepts keeps them all; another value is Grape's 400.
        { param: "min_access_level", field: "id", op: "present", type: "number", accepted: ACCESS_LEVELS, all: ACCESS_LEVELS },
      ],
      sort: orderBy(
        {
          id: N("id"),
          name: S("name"),
          path: S("path"),
          created_at: T("created_at"),
          updated_at: T("updated_at"),
          last_activity_at: T("last_activity_at"),
          star_count: N("star_count"),
          similarity: UNMODELLED,
        },
        "created_at",
      ),
    },
    {
      // `top_level_only=true`: groups without a parent (the company group).
      path: "^api/v4/groups$",
      filters: [
        {
          param: "top_level_only",
          field: "parent_id",
          op: "present",
          type: "number",
          values: { true: "false" },
          all: ["false"],
          accepted: ["true", "false"],
        },
      ],
      sort: orderBy({ name: S("name"), path: S("path"), id: N("id"), similarity: UNMODELLED }, "name", "asc"),
    },
    {
      path: `${G}/descendant_groups$`,
      filters: [{ param: "search", field: ["name", "path"], op: "contains", type: "string" }],
      sort: orderBy({ name: S("name"), path: S("path"), id: N("id"), similarity: UNMODELLED }, "name", "asc"),
    },
    {
      // `order_by` updated (default: the commit's date), name, version (semantic; the frozen order, which is
      // the release order); `sort` default desc.
      path: `${P}/repository/tags$`,
      sort: orderBy({ updated: T("commit.committed_date"), name: S("name"), version: UNMODELLED }, "updated"),
    },
    {
      // `members/all`: `query` matches name or username, `user_ids` picks users.
      path: `${G}/members/all$|${P}/members/all$`,
      filters: [
        { param: "query", field: ["name", "username"], op: "contains", type: "string" },
        eq("user_ids", "id", "number", { split: "," }),
      ],
    },
    { path: `${P}/users$`, filters: [{ param: "search", field: ["name", "username"], op: "contains", type: "string" }] },
    {
      path: "^api/v4/users$",
      filters: [eq("username", "username", "string", { ignoreCase: true })],
      sort: orderBy(
        { id: N("id"), name: S("name"), username: S("username"), created_at: T("created_at"), updated_at: T("updated_at") },
        "id",
      ),
    },
    ...[`${G}/(subgroups|members|labels|boards)$`, `${P}/(members|labels|boards|cluster_agents)$`].map(plain),
    // A merge request's threads and diff versions, and an issue's award emoji: pages only.
    ...[`${P}/merge_requests/[^/]+/(discussions|versions)$`, `${P}/issues/[^/]+/award_emoji$`].map(plain),
    {
      // Project events (`EventFilter`): `action` and `target_type` are Grape enums (400 outside them);
      // `before` is before that day began, `after` after it ended; `sort` asc|desc by creation.
      path: `${P}/events$`,
      filters: [
        oneOf("action", "action_name", EVENT_ACTIONS, {
          values: {
            created: "opened",
            merged: "accepted",
            commented: "commented on",
            pushed: ["pushed to", "pushed new"],
            destroyed: "deleted",
            expired: "removed due to membership expiration from",
          },
        }),
        oneOf("target_type", "target_type", Object.keys(EVENT_TARGETS), { values: EVENT_TARGETS }),
        time("before", "created_at", "lt"),
        { ...time("after", "created_at", "gt"), wholeDay: true },
      ],
      sort: {
        param: "sort",
        keys: { asc: T("created_at"), desc: T("created_at") },
        default: { key: "desc", direction: "desc" },
        directions: { asc: "asc", desc: "desc" },
        unknown: "error",
      },
    },
    {
      // Epics (Premium): none. `state`, `order_by` and `sort` are checked as GitLab checks them.
      path: `${G}/epics$`,
      filters: [oneOf("state", "state", ["opened", "closed", "all"])],
      sort: orderBy({ created_at: T("created_at"), updated_at: T("updated_at"), title: S("title") }, "created_at"),
    },
    { path: `${P}/pipelines/[^/]+/bridges$`, filters: [oneOf("scope", "status", JOB_SCOPES)] },
  ];
}
