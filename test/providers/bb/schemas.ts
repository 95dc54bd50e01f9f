import { Ajv, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import type { Schema } from "bitbucket/lib/bitbucket.js";

/**
 * Validators for the Bitbucket Cloud 2.0 bodies the pins serve. Bitbucket publishes its description only
 * on developer.atlassian.com (swagger.v3.json), which no npm package ships and which is not in
 * ../shared/specs; these JSON Schemas are written from that description's component schemas and
 * examples (account, workspace, workspace_access, repository, commit, branch, tag, pullrequest,
 * pullrequest_comment, participant, commitstatus, pipeline, pipeline_step, deployment,
 * deployment_environment, commit_file/commit_directory, diffstat, the paginated_* envelopes), and each required
 * field is checked against the `bitbucket` client's own types (generated from the same description) at
 * compile time, below.
 */
type S = Record<string, unknown>;

const str = { type: "string" } as const;
const int = { type: "integer", minimum: 0 } as const;
const bool = { type: "boolean" } as const;
const time = { type: "string", format: "date-time" } as const;
const uri = { type: "string", format: "uri" } as const;
const uuid = { type: "string", pattern: "^\\{[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\}$" } as const;
const sha = { type: "string", pattern: "^[0-9a-f]{40}$" } as const;
const nullable = (s: object) => ({ anyOf: [s, { type: "null" }] });
const konst = (value: string) => ({ const: value });
const link = { type: "object", required: ["href"], properties: { href: uri, name: str } };
const links = (...names: string[]) => ({ type: "object", required: names, properties: Object.fromEntries(names.map((n) => [n, link])) });
const object = (required: string[], properties: S, extra: S = {}) => ({ type: "object", required, properties, ...extra });
const ref = (name: string) => ({ $ref: `#/$defs/${name}` });
const page = (item: object, iterator = false, maxPagelen = 100) =>
  object(
    ["pagelen", "values"],
    {
      pagelen: { type: "integer", minimum: 1, maximum: maxPagelen },
      size: int,
      page: { type: "integer", minimum: 1 },
      next: uri,
      previous: uri,
      values: { type: "array", items: item },
    },
    iterator ? { not: { anyOf: [{ required: ["size"] }, { required: ["page"] }, { required: ["previous"] }] } } : {},
  );

const defs: Record<string, object> = {
  rendered: object(["raw", "markup", "html"], {
    type: konst("rendered"),
    raw: str,
    markup: { enum: ["markdown", "creole", "plaintext"] },
    html: str,
  }),
  account: object(["type", "display_name", "uuid", "links"], {
    type: { enum: ["user", "team"] },
    display_name: str,
    uuid,
    links: links("self", "avatar", "html"),
    account_id: str,
    nickname: str,
    username: str,
  }),
  user: object(["type", "display_name", "uuid", "links", "account_id", "nickname", "account_status", "created_on", "is_staff"], {
    type: konst("user"),
    display_name: str,
    uuid,
    links: links("self", "avatar", "html"),
    account_id: { type: "string", pattern: "^\\d+:[0-9a-f-]{36}$" },
    nickname: str,
    account_status: { enum: ["active", "inactive", "closed"] },
    created_on: time,
    is_staff: bool,
    has_2fa_enabled: nullable(bool),
    location: nullable(str),
  }),
  workspace: object(["type", "uuid", "name", "slug", "links"], {
    type: konst("workspace"),
    uuid,
    name: str,
    slug: str,
    links: links("self", "html", "avatar"),
  }),
  workspaceFull: object(["type", "uuid", "name", "slug", "links", "is_private", "created_on"], {
    type: konst("workspace"),
    uuid,
    name: str,
    slug: str,
    is_private: bool,
    created_on: time,
    updated_on: time,
    forking_mode: str,
    links: links("self", "html", "avatar", "members", "owners", "projects", "repositories", "snippets"),
  }),
  workspaceAccess: object(["type", "administrator", "workspace"], {
    type: konst("workspace_access"),
    administrator: bool,
    workspace: object(["type", "uuid", "slug", "links"], {
      type: konst("workspace_base"),
      uuid,
      slug: str,
      name: str,
      links: links("self", "avatar"),
    }),
  }),
  membership: object(["type", "user", "workspace"], {
    type: konst("workspace_membership"),
    user: ref("account"),
    workspace: ref("workspace"),
    permission: { enum: ["owner", "collaborator", "member"] },
    links: links("self"),
  }),
  projectRef: object(["type", "key", "uuid", "name", "links"], {
    type: konst("project"),
    key: str,
    uuid,
    name: str,
    links: links("self", "html", "avatar"),
  }),
  project: object(["type", "key", "uuid", "name", "links", "owner", "workspace", "is_private", "created_on", "updated_on"], {
    type: konst("project"),
    key: { type: "string", pattern: "^[A-Z][A-Z0-9_]*$" },
    uuid,
    name: str,
    description: str,
    links: links("self", "html", "avatar"),
    owner: ref("account"),
    workspace: ref("workspace"),
    is_private: bool,
    created_on: time,
    updated_on: time,
    has_publicly_visible_repos: bool,
  }),
  repoRef: object(["type", "full_name", "name", "uuid", "links"], {
    type: konst("repository"),
    full_name: str,
    name: str,
    uuid,
    links: links("self", "html", "avatar"),
  }),
  repository: object(
    [
      "type",
      "full_name",
      "name",
      "slug",
      "uuid",
      "links",
      "scm",
      "is_private",
      "fork_policy",
      "created_on",
      "updated_on",
      "size",
      "language",
      "mainbranch",
      "owner",
      "workspace",
      "project",
      "has_issues",
      "has_wiki",
    ],
    {
      type: konst("repository"),
      full_name: str,
      name: str,
      slug: str,
      uuid,
      description: str,
      scm: konst("git"),
      is_private: bool,
      fork_policy: { enum: ["allow_forks", "no_public_forks", "no_forks"] },
      created_on: time,
      updated_on: time,
      size: int,
      language: str,
      mainbranch: object(["name", "type"], { name: str, type: konst("branch") }),
      owner: ref("account"),
      workspace: ref("workspace"),
      project: ref("projectRef"),
      has_issues: bool,
      has_wiki: bool,
      parent: { type: "null" },
      website: nullable(str),
      links: {
        ...links(
          "self",
          "html",
          "avatar",
          "pullrequests",
          "commits",
          "forks",
          "watchers",
          "branches",
          "tags",
          "downloads",
          "source",
          "hooks",
        ),
        properties: {
          ...links(
            "self",
            "html",
            "avatar",
            "pullrequests",
            "commits",
            "forks",
            "watchers",
            "branches",
            "tags",
            "downloads",
            "source",
            "hooks",
          ).properties,
          clone: { type: "array", items: object(["name", "href"], { name: { enum: ["https", "ssh"] }, href: str }) },
        },
      },
    },
  ),
  commitRef: object(["type", "hash", "links"], { type: konst("commit"), hash: sha, links: links("self", "html") }),
  author: object(["type", "raw"], { type: konst("author"), raw: str, user: ref("account") }),
  commit: object(["type", "hash", "date", "author", "message", "summary", "links", "parents", "repository"], {
    type: konst("commit"),
    hash: sha,
    date: time,
    author: ref("author"),
    message: str,
    summary: ref("rendered"),
    links: links("self", "html", "diff", "approve", "comments", "statuses", "patch"),
    parents: { type: "array", items: ref("commitRef") },
    repository: ref("repoRef"),
    rendered: object(["message"], { message: ref("rendered") }),
    participants: { type: "array", items: ref("participant") },
  }),
  branch: object(["type", "name", "target", "links"], {
    type: konst("branch"),
    name: str,
    target: ref("commit"),
    links: links("self", "commits", "html"),
    merge_strategies: {
      type: "array",
      items: { enum: ["merge_commit", "squash", "fast_forward", "squash_fast_forward", "rebase_fast_forward", "rebase_merge"] },
    },
    default_merge_strategy: str,
  }),
  tag: object(["type", "name", "target", "links"], {
    type: konst("tag"),
    name: str,
    target: ref("commit"),
    links: links("self", "commits", "html"),
    message: nullable(str),
    date: nullable(time),
    tagger: nullable(ref("author")),
  }),
  status: object(["type", "key", "state", "name", "url", "created_on", "updated_on", "links"], {
    type: konst("build"),
    key: str,
    state: { enum: ["SUCCESSFUL", "FAILED", "INPROGRESS", "STOPPED"] },
    name: str,
    refname: str,
    url: uri,
    description: str,
    created_on: time,
    updated_on: time,
    uuid,
    links: links("self", "commit"),
    commit: ref("commitRef"),
    repository: ref("repoRef"),
  }),
  endpoint: object(["branch", "commit", "repository"], {
    branch: object(["name"], { name: str }),
    commit: ref("commitRef"),
    repository: ref("repoRef"),
  }),
  participant: object(["type", "user", "role", "approved"], {
    type: konst("participant"),
    user: ref("account"),
    role: { enum: ["PARTICIPANT", "REVIEWER"] },
    approved: bool,
    state: { enum: ["approved", "changes_requested", null] },
    participated_on: nullable(time),
  }),
  pullRef: object(["type", "id", "title", "links"], { type: konst("pullrequest"), id: int, title: str, links: links("self", "html") }),
  pullrequest: object(
    [
      "type",
      "id",
      "title",
      "description",
      "state",
      "author",
      "source",
      "destination",
      "merge_commit",
      "comment_count",
      "task_count",
      "close_source_branch",
      "closed_by",
      "reason",
      "created_on",
      "updated_on",
      "links",
      "summary",
    ],
    {
      type: konst("pullrequest"),
      id: int,
      title: str,
      description: str,
      state: { enum: ["OPEN", "MERGED", "DECLINED", "SUPERSEDED"] },
      author: ref("account"),
      source: ref("endpoint"),
      destination: ref("endpoint"),
      merge_commit: nullable(ref("commitRef")),
      comment_count: int,
      task_count: int,
      close_source_branch: bool,
      closed_by: nullable(ref("account")),
      reason: str,
      created_on: time,
      updated_on: time,
      summary: ref("rendered"),
      draft: bool,
      links: links("self", "html", "commits", "approve", "diff", "diffstat", "comments", "activity", "merge", "decline", "statuses"),
      reviewers: { type: "array", items: ref("account") },
      participants: { type: "array", items: ref("participant") },
      rendered: object(["title", "description"], { title: ref("rendered"), description: ref("rendered"), reason: ref("rendered") }),
    },
  ),
  comment: object(["type", "id", "created_on", "updated_on", "content", "user", "deleted", "links", "pullrequest"], {
    type: konst("pullrequest_comment"),
    id: int,
    created_on: time,
    updated_on: time,
    content: ref("rendered"),
    user: ref("account"),
    deleted: bool,
    pending: bool,
    inline: object(["path"], { path: str, from: nullable(int), to: nullable(int) }),
    links: links("self", "html"),
    pullrequest: ref("pullRef"),
  }),
  activity: {
    type: "object",
    required: ["pull_request"],
    properties: { pull_request: ref("pullRef") },
    oneOf: [
      {
        required: ["update"],
        properties: {
          update: object(["state", "title", "description", "author", "date", "source", "destination"], {
            state: { enum: ["OPEN", "MERGED", "DECLINED", "SUPERSEDED"] },
            title: str,
            description: str,
            reason: str,
            author: ref("account"),
            date: time,
            source: ref("endpoint"),
            destination: ref("endpoint"),
          }),
        },
      },
      {
        required: ["approval"],
        properties: {
          approval: object(["date", "user", "pullrequest"], { date: time, user: ref("account"), pullrequest: ref("pullRef") }),
        },
      },
      {
        required: ["changes_requested"],
        properties: {
          changes_requested: object(["date", "user", "pullrequest"], { date: time, user: ref("account"), pullrequest: ref("pullRef") }),
        },
      },
      { required: ["comment"], properties: { comment: ref("comment") } },
    ],
  },
  pipelineState: {
    oneOf: [
      object(["type", "name", "result"], {
        type: konst("pipeline_state_completed"),
        name: konst("COMPLETED"),
        result: object(["type", "name"], {
          type: {
            enum: [
              "pipeline_state_completed_successful",
              "pipeline_state_completed_failed",
              "pipeline_state_completed_error",
              "pipeline_state_completed_stopped",
              "pipeline_state_completed_expired",
            ],
          },
          name: { enum: ["SUCCESSFUL", "FAILED", "ERROR", "STOPPED", "EXPIRED"] },
        }),
      }),
      object(["type", "name"], {
        type: konst("pipeline_state_in_progress"),
        name: konst("IN_PROGRESS"),
        stage: object(["type", "name"], {
          type: { enum: ["pipeline_state_in_progress_running", "pipeline_state_in_progress_paused"] },
          name: str,
        }),
      }),
      object(["type", "name"], { type: konst("pipeline_state_pending"), name: konst("PENDING") }),
    ],
  },
  pipeline: object(
    [
      "type",
      "uuid",
      "repository",
      "state",
      "build_number",
      "creator",
      "target",
      "trigger",
      "created_on",
      "run_number",
      "duration_in_seconds",
      "build_seconds_used",
      "links",
    ],
    {
      type: konst("pipeline"),
      uuid,
      repository: ref("repoRef"),
      state: ref("pipelineState"),
      build_number: int,
      creator: ref("account"),
      target: object(["type", "commit", "selector"], {
        type: { enum: ["pipeline_ref_target", "pipeline_pullrequest_target", "pipeline_commit_target"] },
        commit: ref("commitRef"),
        ref_type: { enum: ["branch", "tag", "named_branch", "bookmark"] },
        ref_name: str,
        source: str,
        destination: str,
        pullrequest: ref("pullRef"),
        selector: object(["type"], { type: str, pattern: str }),
      }),
      trigger: object(["type", "name"], {
        type: { enum: ["pipeline_trigger_push", "pipeline_trigger_manual", "pipeline_trigger_schedule"] },
        name: { enum: ["PUSH", "MANUAL", "SCHEDULE"] },
      }),
      created_on: time,
      completed_on: time,
      run_number: int,
      duration_in_seconds: int,
      build_seconds_used: int,
      links: links("self", "steps"),
    },
  ),
  step: object(["type", "uuid", "name", "pipeline", "state", "started_on", "image", "script_commands"], {
    type: konst("pipeline_step"),
    uuid,
    name: str,
    pipeline: object(["type", "uuid"], { type: konst("pipeline"), uuid }),
    state: {
      oneOf: [
        object(["type", "name", "result"], {
          type: konst("pipeline_step_state_completed"),
          name: konst("COMPLETED"),
          result: object(["type", "name"], {
            type: {
              enum: [
                "pipeline_step_state_completed_successful",
                "pipeline_step_state_completed_failed",
                "pipeline_step_state_completed_error",
                "pipeline_step_state_completed_stopped",
                "pipeline_step_state_completed_not_run",
              ],
            },
            name: str,
          }),
        }),
        object(["type", "name"], { type: konst("pipeline_step_state_in_progress"), name: konst("IN_PROGRESS") }),
        object(["type", "name"], { type: konst("pipeline_step_state_pending"), name: konst("PENDING") }),
      ],
    },
    started_on: time,
    completed_on: time,
    image: object(["name"], { name: str }),
    setup_commands: { type: "array", items: object(["name", "command"], { name: str, command: str }) },
    script_commands: { type: "array", items: object(["name", "command"], { name: str, command: str }) },
    duration_in_seconds: int,
    build_seconds_used: int,
    max_time: int,
    run_number: int,
  }),
  environment: object(["type", "uuid", "name", "slug", "environment_type", "rank"], {
    type: konst("deployment_environment"),
    uuid,
    name: str,
    slug: str,
    rank: int,
    hidden: bool,
    environment_type: object(["type", "uuid", "name", "rank"], { type: konst("deployment_environment_type"), uuid, name: str, rank: int }),
  }),
  deployment: object(["type", "uuid", "state", "environment", "release"], {
    type: konst("deployment"),
    uuid,
    state: {
      oneOf: [
        object(["type", "name", "status"], {
          type: konst("deployment_state_completed"),
          name: konst("COMPLETED"),
          url: uri,
          deployer: ref("account"),
          start_date: time,
          completion_date: time,
          status: object(["type", "name"], {
            type: {
              enum: [
                "deployment_state_completed_status_successful",
                "deployment_state_completed_status_failed",
                "deployment_state_completed_status_stopped",
              ],
            },
            name: { enum: ["SUCCESSFUL", "FAILED", "STOPPED"] },
          }),
        }),
        object(["type", "name"], {
          type: konst("deployment_state_in_progress"),
          name: konst("IN_PROGRESS"),
          url: uri,
          deployer: ref("account"),
          start_date: time,
        }),
        object(["type", "name"], { type: konst("deployment_state_undeployed"), name: konst("UNDEPLOYED") }),
      ],
    },
    environment: object(["type", "uuid"], { type: konst("deployment_environment"), uuid }),
    release: object(["type", "uuid", "name", "commit", "created_on"], {
      type: konst("deployment_release"),
      uuid,
      name: str,
      url: uri,
      commit: ref("commitRef"),
      created_on: time,
    }),
  }),
  // `diffstat` (paginated_diffstats): a file change's counts and its sides, `null` where the file is absent.
  commitFileRef: object(["type", "path", "escaped_path", "links"], {
    type: konst("commit_file"),
    path: str,
    escaped_path: str,
    links: links("self"),
  }),
  diffstat: object(
    ["type", "lines_added", "lines_removed", "status", "old", "new"],
    {
      type: konst("diffstat"),
      lines_added: int,
      lines_removed: int,
      status: { enum: ["added", "removed", "modified", "renamed", "merge conflict", "local deleted", "remote deleted"] },
      old: nullable(ref("commitFileRef")),
      new: nullable(ref("commitFileRef")),
    },
    { not: { properties: { old: { type: "null" }, new: { type: "null" } } } },
  ),
  treeentry: {
    oneOf: [
      object(["type", "path", "commit", "attributes", "escaped_path", "size", "links"], {
        type: konst("commit_file"),
        path: str,
        commit: ref("commitRef"),
        attributes: { type: "array", items: { enum: ["link", "executable", "subrepository", "binary", "lfs"] } },
        escaped_path: str,
        size: int,
        mimetype: nullable(str),
        links: links("self", "meta", "history"),
      }),
      object(["type", "path", "commit", "links"], {
        type: konst("commit_directory"),
        path: str,
        commit: ref("commitRef"),
        links: links("self", "meta"),
      }),
    ],
  },
};

/** Which schema each served path answers with: the first pattern that matches (paths as in keys). */
const REPO = "2\\.0/repositories/[^/]+/[^/]+";
const ROUTES: Array<[RegExp, object]> = [
  [/^2\.0\/users?(\/\{[^/]+\})?$/, ref("user")],
  [/^2\.0\/user\/workspaces$/, page(ref("workspaceAccess"))],
  [/^2\.0\/workspaces$/, page(ref("workspaceFull"))],
  [/^2\.0\/user\/permissions\/workspaces$/, page({ allOf: [ref("membership"), { required: ["permission"] }] })],
  [/^2\.0\/workspaces\/[^/]+$/, ref("workspaceFull")],
  [/^2\.0\/workspaces\/[^/]+\/members$/, page(ref("membership"))],
  [/^2\.0\/workspaces\/[^/]+\/members\/[^/]+$/, ref("membership")],
  [/^2\.0\/workspaces\/[^/]+\/projects$/, page(ref("project"))],
  [/^2\.0\/workspaces\/[^/]+\/projects\/[^/]+$/, ref("project")],
  [/^2\.0\/repositories$/, page(ref("repository"))],
  [/^2\.0\/repositories\/[^/]+$/, page(ref("repository"))],
  [new RegExp(`^${REPO}$`), ref("repository")],
  [new RegExp(`^${REPO}/refs/branches$`), page(ref("branch"))],
  [new RegExp(`^${REPO}/refs/branches/.+$`), ref("branch")],
  [new RegExp(`^${REPO}/refs/tags$`), page(ref("tag"))],
  [new RegExp(`^${REPO}/refs/tags/.+$`), ref("tag")],
  [new RegExp(`^${REPO}/commits(/.+)?$`), page(ref("commit"), true)],
  [new RegExp(`^${REPO}/commit/[0-9a-f]{40}$`), { allOf: [ref("commit"), { required: ["participants"] }] }],
  [new RegExp(`^${REPO}/commit/[0-9a-f]{40}/statuses$`), page(ref("status"))],
  [new RegExp(`^${REPO}/commit/[0-9a-f]{40}/statuses/build/[^/]+$`), ref("status")],
  // What nobody made: pages that hold no item (`{ not: {} }` matches nothing).
  [new RegExp(`^(${REPO}/(forks|watchers|downloads|hooks)|${REPO}/commit/[0-9a-f]{40}/comments)$`), page({ not: {} })],
  [/^2\.0\/(snippets\/[^/]+|workspaces\/[^/]+\/hooks)$/, page({ not: {} })],
  [
    new RegExp(`^${REPO}/pullrequests$`),
    page({ allOf: [ref("pullrequest"), { not: { anyOf: [{ required: ["participants"] }, { required: ["reviewers"] }] } }] }),
  ],
  [new RegExp(`^${REPO}/pullrequests/\\d+$`), { allOf: [ref("pullrequest"), { required: ["participants", "reviewers", "rendered"] }] }],
  [new RegExp(`^${REPO}/pullrequests/\\d+/commits$`), page(ref("commit"), true)],
  [new RegExp(`^${REPO}/pullrequests/\\d+/comments$`), page(ref("comment"))],
  [new RegExp(`^${REPO}/pullrequests/\\d+/comments/\\d+$`), ref("comment")],
  [new RegExp(`^${REPO}/pullrequests/\\d+/activity$`), page(ref("activity"))],
  [new RegExp(`^${REPO}/pullrequests/\\d+/statuses$`), page(ref("status"))],
  [new RegExp(`^${REPO}/(diffstat/[^/]+|pullrequests/\\d+/diffstat)$`), page(ref("diffstat"), false, 500)],
  [new RegExp(`^${REPO}/pipelines$`), page(ref("pipeline"))],
  [new RegExp(`^${REPO}/pipelines/\\{[^/]+\\}$`), ref("pipeline")],
  [new RegExp(`^${REPO}/pipelines/\\{[^/]+\\}/steps$`), page(ref("step"))],
  [new RegExp(`^${REPO}/environments$`), page(ref("environment"))],
  [new RegExp(`^${REPO}/environments/\\{[^/]+\\}$`), ref("environment")],
  [new RegExp(`^${REPO}/deployments$`), page(ref("deployment"))],
  [new RegExp(`^${REPO}/deployments/\\{[^/]+\\}$`), ref("deployment")],
  // A file's history: `paginated_files`, each a `commit_file` at the commit that changed it.
  [new RegExp(`^${REPO}/filehistory/[0-9a-f]{40}/.+$`), page(ref("treeentry"))],
];
/** `src/{commit}/{path}`: a directory listing, or with `format=meta` one entry. */
const SOURCE = new RegExp(`^${REPO}/src/[0-9a-f]{40}(/.*)?$`);
const SOURCE_PAGE = page(ref("treeentry"));

export class BitbucketSchemas {
  private readonly ajv: Ajv;
  private readonly compiled = new Map<object, ValidateFunction>();

  constructor() {
    this.ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
    // ajv-formats is CommonJS: under NodeNext its default export arrives wrapped.
    (addFormatsModule as unknown as { default: (ajv: Ajv) => void }).default(this.ajv);
  }

  /** A message when the body served at `key` does not conform (a source path: listing or entry, by its body). */
  validate(key: string, body: unknown): string | undefined {
    const path = key.split("?")[0]!;
    const listing = body !== null && typeof body === "object" && "values" in body;
    const schema = SOURCE.test(path) ? (listing ? SOURCE_PAGE : ref("treeentry")) : ROUTES.find(([re]) => re.test(path))?.[1];
    if (!schema) return `no schema for ${path}`;
    let fn = this.compiled.get(schema);
    if (!fn) {
      fn = this.ajv.compile({ $defs: defs, ...schema });
      this.compiled.set(schema, fn);
    }
    return fn(body) ? undefined : this.ajv.errorsText(fn.errors, { separator: "; " }).slice(0, 400);
  }
}

/**
 * The fields these schemas require, checked against the `bitbucket` client's types: a name the client's
 * description does not know fails `tsc`. (Its types predate `workspace_access`, `draft` and `summary`
 * on pull requests, and type `links` loosely, so those are not listed.)
 */
export const requiredFieldsKnownToTheClient = {
  account: ["display_name", "uuid", "links", "created_on"] satisfies Array<keyof Schema.Account>,
  user: ["account_id", "account_status", "is_staff", "has_2fa_enabled", "nickname"] satisfies Array<keyof Schema.User>,
  workspace: ["uuid", "name", "slug", "links", "is_private", "created_on"] satisfies Array<keyof Schema.Workspace>,
  membership: ["user", "workspace", "links"] satisfies Array<keyof Schema.WorkspaceMembership>,
  project: [
    "key",
    "uuid",
    "name",
    "links",
    "owner",
    "is_private",
    "created_on",
    "updated_on",
    "description",
    "has_publicly_visible_repos",
  ] satisfies Array<keyof Schema.Project>,
  repository: [
    "full_name",
    "name",
    "uuid",
    "links",
    "scm",
    "is_private",
    "fork_policy",
    "created_on",
    "updated_on",
    "size",
    "language",
    "mainbranch",
    "owner",
    "project",
    "has_issues",
    "has_wiki",
    "description",
    "parent",
  ] satisfies Array<keyof Schema.Repository>,
  commit: ["hash", "date", "author", "message", "summary", "parents", "participants", "repository"] satisfies Array<keyof Schema.Commit>,
  author: ["raw", "user"] satisfies Array<keyof Schema.Author>,
  branch: ["default_merge_strategy", "merge_strategies"] satisfies Array<keyof Schema.Branch>,
  tag: ["date", "message", "tagger"] satisfies Array<keyof Schema.Tag>,
  status: ["key", "state", "name", "refname", "url", "description", "created_on", "updated_on", "uuid", "links"] satisfies Array<
    keyof Schema.Commitstatus
  >,
  participant: ["user", "role", "approved", "state", "participated_on"] satisfies Array<keyof Schema.Participant>,
  pullrequest: [
    "id",
    "title",
    "state",
    "author",
    "source",
    "destination",
    "merge_commit",
    "comment_count",
    "task_count",
    "close_source_branch",
    "closed_by",
    "reason",
    "created_on",
    "updated_on",
    "links",
    "summary",
    "reviewers",
    "participants",
    "rendered",
  ] satisfies Array<keyof Schema.Pullrequest>,
  comment: ["id", "created_on", "updated_on", "content", "user", "deleted", "inline", "links", "pullrequest", "pending"] satisfies Array<
    keyof Schema.PullrequestComment
  >,
  pipeline: [
    "uuid",
    "repository",
    "state",
    "build_number",
    "creator",
    "target",
    "trigger",
    "created_on",
    "completed_on",
    "build_seconds_used",
    "links",
  ] satisfies Array<keyof Schema.Pipeline>,
  step: ["uuid", "state", "started_on", "completed_on", "image", "setup_commands", "script_commands"] satisfies Array<
    keyof Schema.PipelineStep
  >,
  environment: ["uuid", "name"] satisfies Array<keyof Schema.DeploymentEnvironment>,
  deployment: ["uuid", "state", "environment", "release"] satisfies Array<keyof Schema.Deployment>,
  release: ["uuid", "name", "url", "commit", "created_on"] satisfies Array<keyof Schema.DeploymentRelease>,
  diffstat: ["type", "lines_added", "lines_removed", "status", "old", "new"] satisfies Array<keyof Schema.Diffstat>,
  commitFile: ["type", "path", "escaped_path"] satisfies Array<keyof Schema.CommitFile>,
};
