import type { ListProfile, QualifierFilter, QualifierSpec, SortSpec } from "../../core/lists/profile.js";
import type { JsonObject, ErrorDoc, JsonValue, Resource } from "../../core/provider.js";
import { listPages } from "../../core/paginate.js";
import type { Commit } from "../../world/types.js";
import { commitObject } from "./commits.js";
import type { GhContext } from "./context.js";
import { ghPagination } from "./lists.js";
import { minimalRepo } from "./repos.js";
import { issueObject } from "./threads.js";

/**
 * The search API (`/search/issues`, `/search/repositories`, `/search/commits`), evaluated by core's
 * qualifier search (core/lists/qualifiers.ts) over frozen lists. Each frozen list is GitHub's answer to
 * `q=org:<org>`, every issue, repository or default-branch commit of the org; any other `q` narrows it.
 * Bodies are `{total_count, incomplete_results, items}` (issues add `search_type`), items carry `score`,
 * pages are 30 by default and 100 at most, with the Link header of every GitHub list. A request without
 * `q` gets GitHub's 422 (`Validation Failed`, code `missing`). The frozen order stands for best match:
 * issues newest first, repositories last updated first, commits last committed first.
 */
export const SEARCH_ERROR: ErrorDoc = {
  status: 422,
  body: {
    message: "Validation Failed",
    errors: [{ resource: "Search", field: "q", code: "{message}" }],
    documentation_url: "https://docs.github.com/v3/search",
    status: "422",
  },
};

/** The query that selects a whole frozen list: everything of the org. */
export function sourceQuery(org: string): string {
  return `org:${org}`;
}

const SCORE = 1.0;

function wrap(all: number, extra: JsonObject = {}) {
  return (page: JsonValue[]): JsonValue => ({ total_count: all, incomplete_results: false, items: page, ...extra });
}

function* searchList(gh: GhContext, path: string, items: JsonValue[], extra: JsonObject = {}): Generator<Resource> {
  yield* listPages(ghPagination(gh.api), path, items, {
    filters: [["q", sourceQuery(gh.org)]],
    envelope: "items",
    wrap: wrap(items.length, extra),
  });
}

/** Every search list, frozen at `q=org:<org>`. */
export function* searchResources(gh: GhContext): Generator<Resource> {
  const { world } = gh;
  const threads = world.repos
    .flatMap((repo) => [...repo.pulls, ...repo.issues].map((t) => ({ repo, t })))
    .sort((a, b) => b.t.createdAt - a.t.createdAt || b.t.id - a.t.id);
  yield* searchList(
    gh,
    "search/issues",
    threads.map(({ repo, t }) => ({ ...issueObject(gh, repo, t), score: SCORE })),
    { search_type: "lexical" },
  );

  const repos = [...world.repos]
    .map((r) => minimalRepo(gh, r))
    .sort((a, b) =>
      String(b.updated_at) < String(a.updated_at) ? -1 : String(b.updated_at) > String(a.updated_at) ? 1 : Number(a.id) - Number(b.id),
    );
  yield* searchList(
    gh,
    "search/repositories",
    repos.map((r) => ({ ...r, score: SCORE })),
  );

  // Commit search indexes default branches only.
  const commits: Array<{ c: Commit; item: JsonObject }> = world.repos.flatMap((repo) =>
    repo.mainCommits.map((c) => ({
      c,
      item: { ...commitObject(gh, repo, c, false), repository: minimalRepo(gh, repo), score: SCORE } as JsonObject,
    })),
  );
  commits.sort((a, b) => b.c.committedAt - a.c.committedAt || (a.c.sha < b.c.sha ? -1 : 1));
  yield* searchList(
    gh,
    "search/commits",
    commits.map((x) => x.item),
  );
}

const str = (field: string | string[], extra: Partial<QualifierFilter> = {}): QualifierFilter => ({
  field,
  type: "string",
  ignoreCase: true,
  ...extra,
});
const time = (field: string): QualifierFilter => ({ field, type: "time" });
const num = (field: string): QualifierFilter => ({ field, type: "number" });
const present = (field: string, value: boolean): QualifierFilter & { value: string } => ({
  field,
  type: "string",
  op: "present",
  value: String(value),
});
const eq = (field: string, value: string, type: QualifierFilter["type"] = "string"): QualifierFilter & { value: string } => ({
  field,
  type,
  value,
});
/** A term that matches nothing here (no repository is public). */
const none = [present("id", false)];

/** `order` counts only beside `sort`; every key is descending unless `order=asc`. */
function searchSort(keys: SortSpec["keys"], def: string): SortSpec {
  return {
    param: "sort",
    directionParam: "order",
    keys,
    default: { key: def, direction: "desc" },
    directions: Object.fromEntries(Object.keys(keys).map((k) => [k, "desc"])),
    unknown: "ignore",
    unknownDirection: "ignore",
    directionNeedsSort: true,
  };
}

function qualifiers(spec: Omit<QualifierSpec, "param" | "negation" | "unknown">): QualifierSpec {
  return { param: "q", negation: ["-"], unknown: "text", ...spec };
}

const REQUIRED = [{ param: "q", message: "missing" }];

/**
 * The three search lists' profiles. `repo:` and `org:` on issues read the item's API URL, which names
 * the repository (`…/repos/<org>/<name>/issues/<n>`): each known repository maps to that path segment.
 */
export function searchLists(org: string, repoNames: string[]): ListProfile[] {
  const repoPaths: Record<string, string> = {};
  for (const name of repoNames) {
    repoPaths[`${org}/${name}`] = `/repos/${org}/${name}/`;
    repoPaths[`${org}/${name}`.toLowerCase()] = `/repos/${org}/${name}/`;
  }
  const owners: Record<string, string> = { [org]: `/repos/${org}/`, [org.toLowerCase()]: `/repos/${org}/` };
  const inScope = Object.fromEntries(
    ["in:title", "in:body", "in:comments", "in:name", "in:description", "in:readme", "in:topics"].map((k) => [k, []]),
  );
  const visibility = { "is:private": [], "is:public": none, "is:internal": none };
  const issues: ListProfile = {
    path: "^search/issues$",
    source: { q: sourceQuery(org) },
    required: REQUIRED,
    totalFields: ["total_count"],
    qualifiers: qualifiers({
      text: ["title", "body"],
      keys: {
        repo: str("url", { op: "contains", values: repoPaths }),
        org: str("url", { op: "contains", values: owners }),
        user: str("url", { op: "contains", values: owners }),
        author: str("user.login"),
        assignee: str("assignees[].login"),
        label: str("labels[].name"),
        involves: str(["user.login", "assignees[].login"]),
        created: time("created_at"),
        updated: time("updated_at"),
        closed: time("closed_at"),
        merged: time("pull_request.merged_at"),
        comments: num("comments"),
        number: num("number"),
      },
      fixed: {
        "is:pr": [present("pull_request.url", true)],
        "type:pr": [present("pull_request.url", true)],
        "is:issue": [present("pull_request.url", false)],
        "type:issue": [present("pull_request.url", false)],
        "is:open": [eq("state", "open")],
        "is:closed": [eq("state", "closed")],
        "state:open": [eq("state", "open")],
        "state:closed": [eq("state", "closed")],
        "is:merged": [present("pull_request.merged_at", true)],
        "is:unmerged": [present("pull_request.url", true), present("pull_request.merged_at", false)],
        "is:locked": [eq("locked", "true", "boolean")],
        "is:unlocked": [eq("locked", "false", "boolean")],
        "draft:true": [eq("draft", "true", "boolean")],
        "draft:false": [present("pull_request.url", true), eq("draft", "false", "boolean")],
        "no:label": [present("labels[].name", false)],
        "no:assignee": [present("assignees[].login", false)],
        "no:milestone": [],
        "archived:false": [],
        "archived:true": none,
        ...visibility,
        ...inScope,
      },
    }),
    sort: searchSort(
      {
        created: { field: "created_at", type: "time" },
        updated: { field: "updated_at", type: "time" },
        comments: { field: "comments", type: "number" },
        reactions: { field: "reactions.total_count", type: "number" },
        interactions: { field: "comments", type: "number" },
      },
      "created",
    ),
  };
  const repositories: ListProfile = {
    path: "^search/repositories$",
    source: { q: sourceQuery(org) },
    required: REQUIRED,
    totalFields: ["total_count"],
    qualifiers: qualifiers({
      text: ["name", "description"],
      keys: {
        org: str("owner.login"),
        user: str("owner.login"),
        repo: str("full_name"),
        language: str("language"),
        topic: str("topics[]"),
        created: time("created_at"),
        pushed: time("pushed_at"),
        stars: num("stargazers_count"),
        forks: num("forks_count"),
        size: num("size"),
      },
      fixed: {
        "archived:true": [eq("archived", "true", "boolean")],
        "archived:false": [eq("archived", "false", "boolean")],
        "fork:true": [],
        "fork:false": [eq("fork", "false", "boolean")],
        "fork:only": [eq("fork", "true", "boolean")],
        "is:template": [eq("is_template", "true", "boolean")],
        ...visibility,
        ...inScope,
      },
    }),
    sort: searchSort(
      {
        updated: { field: "updated_at", type: "time" },
        stars: { field: "stargazers_count", type: "number" },
        forks: { field: "forks_count", type: "number" },
        "help-wanted-issues": { field: "open_issues_count", type: "number" },
      },
      "updated",
    ),
  };
  const commits: ListProfile = {
    path: "^search/commits$",
    source: { q: sourceQuery(org) },
    required: REQUIRED,
    totalFields: ["total_count"],
    qualifiers: qualifiers({
      text: ["commit.message"],
      keys: {
        repo: str("repository.full_name"),
        org: str("repository.owner.login"),
        user: str("repository.owner.login"),
        author: str("author.login"),
        committer: str("committer.login"),
        "author-name": str("commit.author.name", { op: "contains" }),
        "committer-name": str("commit.committer.name", { op: "contains" }),
        "author-email": str("commit.author.email"),
        "committer-email": str("commit.committer.email"),
        "author-date": time("commit.author.date"),
        "committer-date": time("commit.committer.date"),
        hash: str("sha"),
        parent: str("parents[].sha"),
        tree: str("commit.tree.sha"),
      },
      fixed: { "merge:false": [], "merge:true": none, ...visibility },
    }),
    sort: searchSort(
      { "committer-date": { field: "commit.committer.date", type: "time" }, "author-date": { field: "commit.author.date", type: "time" } },
      "committer-date",
    ),
  };
  return [issues, repositories, commits];
}
