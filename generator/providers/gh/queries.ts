import type { FilterSpec, ListProfile, SortSpec } from "../../core/lists/profile.js";

/**
 * What GitHub's list endpoints filter and sort on, as data for the query engine (core/lists/engine.ts).
 * Semantics follow GitHub's REST reference and what DevLake, Airbyte and the Singer taps send
 * (/tmp/research/gh-gl.md): `since` is inclusive on `updated_at`, commits' `since`/`until` are inclusive on
 * the committer date, Actions' `created` takes search-date ranges. GitHub ignores sort and direction
 * values outside its enums (singer-io's tap sends `direction=desc?since=…` and relies on it), so unknown
 * keys and directions fall back to the default rather than erroring. Parameters a list does not declare
 * are ignored, as GitHub ignores them.
 */
const REPO = "^repos/[^/]+/[^/]+";

/** `since=<ISO 8601>` on `updated_at`, inclusive; a malformed value gets GitHub's 422. */
const since = (field = "updated_at"): FilterSpec => ({ param: "since", field, op: "gte", type: "time" });

/** `state=open|closed|all`, open when absent, as issues and pulls read it. */
const state: FilterSpec = { param: "state", field: "state", op: "eq", type: "string", default: "open", all: ["all"] };

/** `*` (any value set) and `none` (none set), as GitHub's issue lists read `assignee` and `milestone`. */
const ANY_NONE = { "*": true, none: false };

/**
 * A parameter GitHub honours that the items cannot answer: any value but those in `all` (its no-op values)
 * is refused with GitHub's 422 naming it (index.ts maps it to errors.ts `unanswerable`).
 */
export function refuse(param: string, all: string[] = []): FilterSpec {
  return { param, field: "_unanswerable", op: "eq", type: "string", accepted: all, ...(all.length ? { all } : {}) };
}

/** Parameters refused that way, for the error map: each gets `unanswerable`. */
export const REFUSED = [
  "mentioned",
  "issue_field_values",
  "milestone",
  "role",
  "filter",
  "team_type",
  "check_name",
  "collab",
  "orgs",
  "owned",
  "pulls",
];

/** Logins compare without regard to case on GitHub. */
const login = (param: string, field: string | string[]): FilterSpec => ({ param, field, op: "eq", type: "string", ignoreCase: true });

/** A `sort`/`direction` pair over dated keys; unknown values are ignored, as GitHub ignores them. */
function sortBy(keys: SortSpec["keys"], def: SortSpec["default"], directions?: SortSpec["directions"]): SortSpec {
  return {
    param: "sort",
    directionParam: "direction",
    keys,
    default: def,
    ...(directions ? { directions } : {}),
    unknown: "ignore",
    unknownDirection: "ignore",
  };
}

/**
 * `type` on org repositories reads two fields: public/private is `private`, forks/sources is `fork`.
 * The value sets are disjoint, so two filters on one parameter, each idle on the other's values, give
 * exactly GitHub's meaning. `all` and `member` (every repo here belongs to the org) filter nothing.
 */
const repoType: FilterSpec[] = [
  {
    param: "type",
    field: "private",
    op: "eq",
    type: "boolean",
    values: { public: "false", private: "true" },
    all: ["all", "member", "forks", "sources"],
    invalid: "ignore",
  },
  {
    param: "type",
    field: "fork",
    op: "eq",
    type: "boolean",
    values: { forks: "true", sources: "false" },
    all: ["all", "member", "public", "private"],
    invalid: "ignore",
  },
];

/**
 * Actions' `status` takes a status (queued, in_progress, completed, …) or a conclusion (success,
 * failure, …): one filter per field, each idle on the other's values (the sets are disjoint).
 */
const RUN_STATUSES = ["requested", "queued", "pending", "waiting", "in_progress", "completed"];
const RUN_CONCLUSIONS = [
  "action_required",
  "cancelled",
  "failure",
  "neutral",
  "skipped",
  "stale",
  "success",
  "timed_out",
  "startup_failure",
];
const runStatus: FilterSpec[] = [
  { param: "status", field: "status", op: "eq", type: "string", all: RUN_CONCLUSIONS },
  { param: "status", field: "conclusion", op: "eq", type: "string", all: RUN_STATUSES },
];

export const ghLists: ListProfile[] = [
  {
    // Issues and pull requests together, newest first (the frozen order is creation, descending).
    path: `${REPO}/issues$`,
    source: { state: "all" },
    filters: [
      state,
      since(),
      login("creator", "user.login"),
      // `assignee` and `milestone`: `none` is unset, `*` is any (GitHub's REST reference, "List repository issues").
      { ...login("assignee", "assignees[].login"), presence: ANY_NONE },
      { param: "milestone", field: "milestone.number", op: "eq", type: "number", presence: ANY_NONE },
      // `labels=a,b`: issues that carry every one of them; names compare without regard to case, as GitHub's do.
      { param: "labels", field: "labels[].name", op: "eq", type: "string", split: ",", matchAll: true, ignoreCase: true },
      // `mentioned` needs every @-mention in bodies and comments, which the items do not carry: refused with
      // GitHub's 422 naming it (errors.ts `unanswerable`), never the unfiltered list.
      refuse("mentioned"),
      // `type`: an issue type's name, `*` or `none`; no issue here has a type. `issue_field_values` needs
      // custom issue fields, which the world does not model: refused.
      { param: "type", field: "type.name", op: "eq", type: "string", ignoreCase: true, presence: ANY_NONE },
      refuse("issue_field_values"),
    ],
    sort: sortBy(
      {
        created: { field: "created_at", type: "time" },
        updated: { field: "updated_at", type: "time" },
        comments: { field: "comments", type: "number" },
      },
      { key: "created", direction: "desc" },
    ),
  },
  {
    path: `${REPO}/pulls$`,
    source: { state: "all" },
    filters: [
      state,
      { param: "head", field: "head.label", op: "eq", type: "string" },
      { param: "base", field: "base.ref", op: "eq", type: "string" },
    ],
    // GitHub: desc for `created` (and no sort), asc for every other key. `popularity` and `long-running`
    // need fields the list form does not carry; they are answered in the default order.
    sort: sortBy(
      { created: { field: "created_at", type: "time" }, updated: { field: "updated_at", type: "time" } },
      { key: "created", direction: "desc" },
      { created: "desc", updated: "asc" },
    ),
  },
  {
    // One branch's history (`sha`), newest first as git log walks it; no sort parameters exist.
    path: `${REPO}/commits$`,
    selectors: ["sha"],
    filters: [
      login("author", ["author.login", "commit.author.email"]),
      login("committer", ["committer.login", "commit.committer.email"]),
      since("commit.committer.date"),
      { param: "until", field: "commit.committer.date", op: "lte", type: "time" },
    ],
  },
  {
    path: `${REPO}/(commits/[^/]+|check-suites/\\d+)/check-runs$`,
    filters: [
      { param: "check_name", field: "name", op: "eq", type: "string" },
      { param: "status", field: "status", op: "eq", type: "string" },
      { param: "app_id", field: "app.id", op: "eq", type: "number" },
    ],
    totalFields: ["total_count"],
  },
  {
    // A workflow's runs (by id or file name) filter as the repository's do.
    path: `${REPO}/actions/(runs|workflows/[^/]+/runs)$`,
    filters: [
      { param: "created", field: "created_at", op: "range", type: "time" },
      ...runStatus,
      { param: "branch", field: "head_branch", op: "eq", type: "string" },
      { param: "event", field: "event", op: "eq", type: "string" },
      { param: "head_sha", field: "head_sha", op: "eq", type: "string" },
      login("actor", "actor.login"),
      { param: "check_suite_id", field: "check_suite_id", op: "eq", type: "number" },
    ],
    // `exclude_pull_requests=true` (which `gh run list` always sends) answers every run with `pull_requests: []`.
    rewrites: [{ param: "exclude_pull_requests", values: ["true"], field: "pull_requests", to: [] }],
    totalFields: ["total_count"],
  },
  { path: `${REPO}/actions/runs/\\d+/jobs$`, totalFields: ["total_count"] },
  {
    path: `${REPO}/deployments$`,
    filters: ["sha", "ref", "task", "environment"].map((p): FilterSpec => ({ param: p, field: p, op: "eq", type: "string" })),
  },
  { path: `${REPO}/issues/\\d+/comments$`, filters: [since()] },
  {
    // `direction` is ignored without `sort` on comment lists, as GitHub ignores it. The repository-wide
    // lists (issues/comments, pulls/comments) take the same `since`, `sort` and `direction`.
    path: `${REPO}/(pulls/\\d+/comments|pulls/comments|issues/comments)$`,
    filters: [since()],
    sort: {
      ...sortBy(
        { created: { field: "created_at", type: "time" }, updated: { field: "updated_at", type: "time" } },
        { key: "created", direction: "asc" },
        { created: "asc", updated: "asc" },
      ),
      directionNeedsSort: true,
    },
  },
  // `exclude=labeled,committed`: every event but those (names as the items' `event` reads them).
  { path: `${REPO}/issues/\\d+/timeline$`, filters: [{ param: "exclude", field: "event", op: "ne", type: "string", split: "," }] },
  { path: `${REPO}/branches$`, filters: [{ param: "protected", field: "protected", op: "eq", type: "boolean", invalid: "ignore" }] },
  // Fixed lists: only page and per_page; anything else (DevLake's `state=all&direction=asc`) is ignored.
  {
    path:
      `${REPO}/(releases|deployments/\\d+/statuses|issues/\\d+/events|pulls/\\d+/(reviews|commits|files)|git/matching-refs/heads` +
      `|issues/events|comments|milestones|assignees|collaborators|stargazers|tags|commits/.+/statuses|events|labels` +
      // What other answers link to (linked.ts): none of these takes a filter or sort GitHub documents.
      `|issues/\\d+/labels|git/refs|git/refs/(heads|tags)|git/matching-refs/tags|contributors|teams|forks|hooks|invitations` +
      `|subscribers|downloads|releases/\\d+/assets|statuses/[0-9a-f]{40}|commits/[0-9a-f]{40}/(comments|pulls)|check-runs/\\d+/annotations` +
      `|actions/runs/\\d+/artifacts)$`,
  },
  {
    path: "^orgs/[^/]+/repos$",
    filters: repoType,
    sort: sortBy(
      {
        created: { field: "created_at", type: "time" },
        updated: { field: "updated_at", type: "time" },
        pushed: { field: "pushed_at", type: "time" },
        full_name: { field: "full_name", type: "string" },
      },
      { key: "created", direction: "desc" },
      { full_name: "asc" },
    ),
  },
  {
    // The viewer's repositories, by `full_name` (GitHub's default here). `type` and `visibility` read
    // `private`; `type=owner` and `affiliation` read the owner's type: every repository is the org's,
    // so `owner` finds none and `member`/`organization_member` all of them, as for an org admin's token.
    path: "^user/repos$",
    filters: [
      {
        param: "type",
        field: "private",
        op: "eq",
        type: "boolean",
        values: { public: "false", private: "true" },
        all: ["all", "owner", "member"],
        invalid: "ignore",
      },
      {
        param: "type",
        field: "owner.type",
        op: "eq",
        type: "string",
        values: { owner: "User", member: "Organization" },
        all: ["all", "public", "private"],
        invalid: "ignore",
      },
      {
        param: "visibility",
        field: "private",
        op: "eq",
        type: "boolean",
        values: { public: "false", private: "true" },
        all: ["all"],
        invalid: "ignore",
      },
      // `since`/`before`: repositories updated at or after / before the instant.
      { param: "since", field: "updated_at", op: "gte", type: "time" },
      { param: "before", field: "updated_at", op: "lt", type: "time" },
      {
        param: "affiliation",
        field: "owner.type",
        op: "eq",
        type: "string",
        split: ",",
        values: { owner: "User", collaborator: "(collaborator)", organization_member: "Organization" },
      },
    ],
    sort: sortBy(
      {
        created: { field: "created_at", type: "time" },
        updated: { field: "updated_at", type: "time" },
        pushed: { field: "pushed_at", type: "time" },
        full_name: { field: "full_name", type: "string" },
      },
      { key: "full_name", direction: "asc" },
      { full_name: "asc", created: "desc", updated: "desc", pushed: "desc" },
    ),
  },
  {
    // A commit's check suites: `check_name` needs the runs' names, which a suite does not carry: refused.
    path: `${REPO}/commits/[^/]+/check-suites$`,
    filters: [{ param: "app_id", field: "app.id", op: "eq", type: "number" }, refuse("check_name")],
    totalFields: ["total_count"],
  },
  // Reactions: none in this world; `content` can only narrow an empty list.
  { path: `${REPO}/(issues/\\d+|issues/comments/\\d+|pulls/comments/\\d+|releases/\\d+)/reactions$` },
  // Account lists other objects link to (account-links.ts): empty here, or a team's repositories.
  {
    path:
      "^(users/[^/]+/(followers|following|repos|subscriptions|received_events|starred|gists)|orgs/[^/]+/hooks" +
      "|user/(emails|followers|following|keys)|notifications|events|gists|gists/(public|starred))$",
  },
  { path: "^(orgs/[^/]+/teams/[^/]+/repos|organizations/\\d+/team/\\d+/repos)$" },
  {
    // The org's issues assigned to the token's user (`filter=assigned`, the default; other filters are refused).
    path: "^(orgs/[^/]+/issues|issues)$",
    source: { state: "all" },
    filters: [
      state,
      since(),
      { param: "labels", field: "labels[].name", op: "eq", type: "string", split: ",", matchAll: true, ignoreCase: true },
      { param: "type", field: "type.name", op: "eq", type: "string", ignoreCase: true, presence: ANY_NONE },
      refuse("filter", ["assigned"]),
      ...["collab", "orgs", "owned", "pulls"].map((p) => refuse(p)),
    ],
    sort: sortBy(
      {
        created: { field: "created_at", type: "time" },
        updated: { field: "updated_at", type: "time" },
        comments: { field: "comments", type: "number" },
      },
      { key: "created", direction: "desc" },
    ),
  },
  { path: "^user/memberships/orgs$", filters: [{ param: "state", field: "state", op: "eq", type: "string" }] },
  { path: "^(user/orgs|users/[^/]+/orgs)$" },
  // Activity feeds: page and per_page only, within GitHub's 300-event, 90-day window.
  { path: "^(orgs/[^/]+/events|users/[^/]+/events)$" },
  // Members and teams carry no role or 2FA state: `role`, `filter` and `team_type` other than `all` are refused.
  { path: "^orgs/[^/]+/members$", filters: [refuse("role", ["all"]), refuse("filter", ["all"])] },
  { path: "^orgs/[^/]+/teams$", filters: [refuse("team_type", ["all"])] },
  { path: "^(orgs/[^/]+/teams/[^/]+/members|organizations/\\d+/team/\\d+/members)$", filters: [refuse("role", ["all"])] },
];
