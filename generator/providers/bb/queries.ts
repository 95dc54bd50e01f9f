import type { ExpressionSpec, ListProfile, SortSpec, ValueType } from "../../core/lists/profile.js";
import {
  COMMITS_PAGELEN,
  DEFAULT_PAGELEN,
  DIFFSTAT_LIST,
  ITERATOR_KEYS,
  PAGE_KEYS,
  bbPagination,
  diffstatPaging,
  iteratorPaging,
  pullsPaging,
} from "./lists.js";

/**
 * What each Bitbucket list answers (decision 0008): BBQL `q`, `sort` (`-field` descending) and the pull
 * request `state` filter, evaluated by the core query engine over the frozen lists. `fields=` (partial
 * responses) is not honoured: a request naming it gets the whole objects (README).
 */
const REPO = "^2\\.0/repositories/[^/]+/[^/]+";

type Fields = Record<string, { field: string; type: ValueType }>;

const t =
  (type: ValueType) =>
  (...names: string[]): Fields =>
    Object.fromEntries(names.map((n) => [n, { field: n, type }]));
const str = t("string"),
  time = t("time"),
  num = t("number"),
  bool = t("boolean");

/** An account as Bitbucket embeds one (`author`, `user`, `closed_by`). */
const account = (at: string): Fields => str(...["uuid", "account_id", "nickname", "display_name"].map((f) => `${at}.${f}`));

/** BBQL (Atlassian "Filter and sort API objects"): `field op value` joined by AND/OR, with parentheses. */
function bbql(fields: Fields): ExpressionSpec {
  return {
    param: "q",
    fields,
    // Values are quoted strings, numbers, `null`, `true`/`false`, and unquoted ISO 8601 datetimes.
    operators: ["=", "!=", "~", "!~", ">", ">=", "<", "<="],
    literals: { null: null, true: true, false: false },
  };
}

/** `sort=field` ascending, `sort=-field` descending; `default` is the order the list is frozen in. */
function sortBy(keys: Fields, key: string, direction: "asc" | "desc", unknown: "error" | "ignore" = "ignore"): SortSpec {
  return { param: "sort", minusPrefix: true, keys, default: { key, direction }, unknown };
}

const PULL_FIELDS: Fields = {
  ...num("id", "comment_count", "task_count"),
  ...str(
    "title",
    "description",
    "state",
    "reason",
    "source.branch.name",
    "destination.branch.name",
    "source.commit.hash",
    "destination.commit.hash",
    "source.repository.full_name",
    "destination.repository.full_name",
    "merge_commit.hash",
  ),
  ...time("created_on", "updated_on"),
  ...bool("draft", "close_source_branch"),
  ...account("author"),
  ...account("closed_by"),
};

const COMMENT_FIELDS: Fields = {
  ...num("id", "inline.to"),
  ...time("created_on", "updated_on"),
  ...str("content.raw", "inline.path"),
  ...bool("deleted"),
  ...account("user"),
};

const REF_FIELDS: Fields = { ...str("name", "target.hash", "target.message"), ...time("target.date") };

const REPO_FIELDS: Fields = {
  ...str("name", "slug", "full_name", "uuid", "description", "language", "scm", "project.key", "project.name", "mainbranch.name"),
  ...time("created_on", "updated_on"),
  ...bool("is_private", "has_issues", "has_wiki"),
  ...num("size"),
};

const WORKSPACE_FIELDS: Fields = { ...str("slug", "name", "uuid"), ...bool("is_private"), ...time("created_on", "updated_on") };
const PERMISSION_FIELDS: Fields = str("permission", "workspace.slug", "workspace.name", "workspace.uuid");
const ACCESS_FIELDS: Fields = { ...str("workspace.slug", "workspace.name", "workspace.uuid"), ...bool("administrator") };
const PROJECT_FIELDS: Fields = { ...str("key", "name", "uuid", "description"), ...bool("is_private"), ...time("created_on", "updated_on") };

/** A commit status (a build's report on a commit), as `q` reads it on a commit's or a pull request's statuses. */
const STATUS_FIELDS: Fields = { ...str("key", "state", "name", "refname", "url", "description"), ...time("created_on", "updated_on") };

/** A source entry (`commit_file`, `commit_directory`), as `q` reads it in a listing and a file's history. */
const ENTRY_FIELDS: Fields = { ...str("path", "type", "commit.hash"), ...num("size") };

const STATES = ["OPEN", "MERGED", "DECLINED", "SUPERSEDED"];

export function bbLists(origin: string): ListProfile[] {
  const paged = { keys: PAGE_KEYS };
  const lists: ListProfile[] = [
    // Diffstats: 500 entries a page; `q` and `sort` are not evaluated here (README).
    { path: DIFFSTAT_LIST, paging: diffstatPaging(origin), ...paged },
    {
      // No `state` lists OPEN ones; `state` repeats (any of them); `state=all` (DevLake) lists every one.
      path: `${REPO}/pullrequests$`,
      paging: pullsPaging(origin),
      source: { state: "all" },
      filters: [
        {
          param: "state",
          field: "state",
          op: "eq",
          type: "string",
          default: "OPEN",
          all: ["all", "ALL"],
          ignoreCase: true,
          accepted: [...STATES, ...STATES.map((s) => s.toLowerCase()), "all", "ALL"],
        },
      ],
      sort: sortBy(
        {
          ...num("id", "comment_count", "task_count"),
          ...time("created_on", "updated_on"),
          ...str("title", "state", "author.display_name"),
        },
        "id",
        "desc",
      ),
      expression: bbql(PULL_FIELDS),
      ...paged,
    },
    // A pull request's commits page like the repository's: iterator pages, 10 by default; `sort` is ignored.
    { path: `${REPO}/pullrequests/\\d+/commits$`, paging: iteratorPaging(origin, DEFAULT_PAGELEN), keys: ITERATOR_KEYS },
    {
      path: `${REPO}/pullrequests/\\d+/comments$`,
      sort: sortBy({ ...num("id"), ...time("created_on", "updated_on") }, "created_on", "asc"),
      expression: bbql(COMMENT_FIELDS),
      ...paged,
    },
    // Activity entries have no top-level dates: `q` is accepted and ignored, as the research found it.
    { path: `${REPO}/pullrequests/\\d+/activity$`, ...paged },
    // A pull request's and a commit's statuses: BBQL over the status (`state="FAILED"`); `sort` is refused (params.ts).
    { path: `${REPO}/pullrequests/\\d+/statuses$`, expression: bbql(STATUS_FIELDS), ...paged },
    // Commits: BBQL and `sort` do nothing here (Bitbucket: "commit.date does not support filtering").
    { path: `${REPO}/commits(/.+)?$`, paging: iteratorPaging(origin, COMMITS_PAGELEN), keys: ITERATOR_KEYS },
    { path: `${REPO}/commit/[0-9a-f]{40}/statuses$`, expression: bbql(STATUS_FIELDS), ...paged },
    // What a repository, a user or the workspace links to and nobody made: no forks, watchers, downloads,
    // webhooks, commit comments, snippets or personal repositories. Pages only.
    { path: `${REPO}/(forks|watchers|downloads|hooks)$|${REPO}/commit/[0-9a-f]{40}/comments$`, ...paged },
    { path: "^2\\.0/(snippets/[^/]+|workspaces/[^/]+/hooks|repositories/\\{[^/]+\\})$", ...paged },
    {
      // Oldest first without `sort`; `q` is ignored by the pipelines service; an unknown sort is refused.
      path: `${REPO}/pipelines$`,
      sort: sortBy({ ...time("created_on"), ...num("build_number") }, "created_on", "asc", "error"),
      ...paged,
    },
    { path: `${REPO}/pipelines/[^/]+/steps$`, ...paged },
    // Deployments refuse `sort` on Bitbucket; the pin ignores it (README). They filter by `state.name` only.
    { path: `${REPO}/deployments$`, expression: bbql(str("state.name")), ...paged },
    { path: `${REPO}/environments$`, ...paged },
    { path: `${REPO}/refs/(branches|tags)$`, sort: sortBy(REF_FIELDS, "name", "asc"), expression: bbql(REF_FIELDS), ...paged },
    // Directory listings of the source browser; `format=meta` selects an entry instead; BBQL over the entries.
    { path: `${REPO}/src/`, selectors: ["format"], expression: bbql(ENTRY_FIELDS), ...paged },
    // A file's history (filehistory.ts): BBQL over its entries; the world renames nothing, so `renames` changes nothing.
    { path: `${REPO}/filehistory/[0-9a-f]{40}/`, expression: bbql(ENTRY_FIELDS), ...paged },
    { path: "^2\\.0/repositories/[^/]+$", sort: sortBy(REPO_FIELDS, "name", "asc"), expression: bbql(REPO_FIELDS), ...paged },
    // Every repository the caller may read: public ones without `role` (none: all are private), the
    // workspace's with `role=member|contributor|admin`, none with `role=owner` (the caller's own account).
    {
      path: "^2\\.0/repositories$",
      selectors: ["role"],
      // `after`: repositories created at or after an ISO 8601 instant.
      filters: [{ param: "after", field: "created_on", op: "gte", type: "time" }],
      sort: sortBy(REPO_FIELDS, "name", "asc"),
      expression: bbql(REPO_FIELDS),
      ...paged,
    },
    // The caller's workspaces: `q=workspace.slug="…"`, `q=permission="owner"`, `sort=workspace.slug` (DevLake's scope picker).
    {
      path: "^2\\.0/user/permissions/workspaces$",
      sort: sortBy(PERMISSION_FIELDS, "workspace.slug", "asc"),
      expression: bbql(PERMISSION_FIELDS),
      ...paged,
    },
    { path: "^2\\.0/user/workspaces$", sort: sortBy(ACCESS_FIELDS, "workspace.slug", "asc"), expression: bbql(ACCESS_FIELDS), ...paged },
    { path: "^2\\.0/workspaces$", sort: sortBy(WORKSPACE_FIELDS, "slug", "asc"), expression: bbql(WORKSPACE_FIELDS), ...paged },
    { path: "^2\\.0/workspaces/[^/]+/projects$", sort: sortBy(PROJECT_FIELDS, "key", "asc"), expression: bbql(PROJECT_FIELDS), ...paged },
    { path: "^2\\.0/workspaces/[^/]+/members$", ...paged },
  ];
  return lists.map((l) => ({ paging: bbPagination(origin), ...l }));
}
