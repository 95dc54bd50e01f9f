import { actor } from "./accounts.js";
import { checkBounds, page } from "./connection.js";
import { GitHubError } from "./errors.js";
import { type Args, type Info, type Node, empty, once, pathOf, pullState } from "./node.js";
import { pullRequest } from "./threads.js";
import { combineStates, commitStatus, latestStatuses } from "./statuses.js";
import type { PinSource, Rest } from "./source.js";

/** `repos/o/r/commits/{sha}`: a commit with its stats and files, or undefined when the repository has none such. */
export function commitBySha(src: PinSource, base: string, sha: string): Promise<Rest | undefined> {
  return /^[0-9a-f]{40}$/.test(sha) ? src.get(`${base}/commits/${sha}`) : Promise.resolve(undefined);
}

/** Generation 1 serves no repository files: its trees and blobs are not part of the pin. */
const noFiles = (what: string) =>
  new GitHubError("NOT_SERVED", `This snapshot has no repository files: ${what} is served on generation-5 pins only.`);

function gitActor(src: PinSource, identity: Rest, user: Rest | null | undefined): Node {
  return {
    __typename: "GitActor",
    name: identity.name,
    email: identity.email,
    date: identity.date,
    user: () => (user && user.type !== "Organization" ? actor(src, user) : null),
    avatarUrl: user?.avatar_url ?? "",
  };
}

/** The commit a history walk starts from, and every commit before it on its first-parent line. */
async function historyFrom(src: PinSource, base: string, sha: string): Promise<Rest[]> {
  for (const b of await src.list(`${base}/branches`)) {
    const line = await src.list(`${base}/commits`, [["sha", String(b.name)]]);
    const at = line.findIndex((c) => c.sha === sha);
    if (at >= 0) return line.slice(at);
  }
  // A commit no branch reaches (a merged pull request's own commits): walk its parents.
  const out: Rest[] = [];
  for (let c = await commitBySha(src, base, sha); c; c = c.parents[0] ? await commitBySha(src, base, c.parents[0].sha) : undefined)
    out.push(c);
  return out;
}

/** A commit from any REST commit body (list or single form); stats and files are read when asked for. */
export function commit(src: PinSource, repo: Node, base: string, rest: Rest): Node {
  const sha = String(rest.sha);
  const full = once(async () => (rest.stats ? rest : ((await commitBySha(src, base, sha)) ?? rest)));
  const message = String(rest.commit.message);
  const [headline, ...rest_] = message.split("\n");
  const node: Node = {
    __typename: "Commit",
    id: rest.node_id,
    oid: sha,
    abbreviatedOid: sha.slice(0, 7),
    message,
    messageHeadline: headline,
    messageBody: rest_.join("\n").replace(/^\n+/, ""),
    committedDate: rest.commit.committer.date,
    authoredDate: rest.commit.author.date,
    pushedDate: null,
    author: gitActor(src, rest.commit.author, rest.author),
    // The company's commits carry no Co-authored-by trailers: the author is the only one.
    authors: (args: Args, info: Info) => page([rest], args, info, (c) => gitActor(src, c.commit.author, c.author)),
    committer: gitActor(src, rest.commit.committer, rest.committer),
    authoredByCommitter: rest.commit.author.email === rest.commit.committer.email,
    committedViaWeb: rest.commit.committer.email === "noreply@github.com",
    url: rest.html_url,
    commitUrl: rest.html_url,
    resourcePath: pathOf(rest.html_url),
    commitResourcePath: pathOf(rest.html_url),
    repository: repo,
    signature: null,
    status: () => commitStatus(src, base, node, sha),
    statusCheckRollup: () => statusCheckRollup(src, base, node, sha),
    additions: async () => (await full()).stats?.additions,
    deletions: async () => (await full()).stats?.deletions,
    changedFiles: async () => ((await full()).files as Rest[] | undefined)?.length,
    changedFilesIfAvailable: async () => ((await full()).files as Rest[] | undefined)?.length ?? null,
    treeUrl: `${String(repo.url)}/tree/${sha}`,
    tree: async () => tree(src, base, String(rest.commit.tree.sha)),
    parents: async (args: Args, info: Info) => {
      const parents: Rest[] = [];
      for (const p of rest.parents as Rest[]) {
        const c = await commitBySha(src, base, p.sha);
        if (c) parents.push(c);
      }
      return page(parents, args, info, (c) => commit(src, repo, base, c));
    },
    history: async (args: Args, info: Info) => {
      let line = await historyFrom(src, base, sha);
      const date = (c: Rest) => Date.parse(c.commit.committer.date);
      if (args.since) line = line.filter((c) => date(c) >= Date.parse(args.since));
      if (args.until) line = line.filter((c) => date(c) <= Date.parse(args.until));
      if (args.author?.emails?.length) line = line.filter((c) => (args.author.emails as string[]).includes(c.commit.author.email));
      if (args.author?.id) line = line.filter((c) => c.author?.node_id === args.author.id);
      if (args.path) {
        const path = String(args.path).replace(/\/$/, "");
        const touching: Rest[] = [];
        for (const c of line) {
          const files = ((await commitBySha(src, base, c.sha))?.files ?? []) as Rest[];
          if (files.some((f) => f.filename === path || String(f.filename).startsWith(`${path}/`))) touching.push(c);
        }
        line = touching;
      }
      return page(line, args, info, (c) => commit(src, repo, base, c));
    },
    checkSuites: async (args: Args, info: Info) => {
      const runs = ((await src.get(`${base}/commits/${sha}/check-runs`, [["per_page", "100"]]))?.check_runs ?? []) as Rest[];
      const suites = new Map<number, Rest[]>();
      for (const r of runs) suites.set(r.check_suite.id, [...(suites.get(r.check_suite.id) ?? []), r]);
      return page([...suites.entries()], args, info, ([id, checkRuns]) => checkSuite(src, base, node, id, checkRuns));
    },
    associatedPullRequests: async (args: Args, info: Info) => {
      const pulls = await src.list(`${base}/pulls`, [["state", "all"]]);
      const hits: Rest[] = [];
      for (const p of pulls.slice().reverse()) {
        if (p.merge_commit_sha === sha || p.head.sha === sha) hits.push(p);
        else if ((await src.list(`${base}/pulls/${p.number}/commits`)).some((c) => c.sha === sha)) hits.push(p);
      }
      return page(hits, args, info, (p) => pullRequest(src, repo, base, p));
    },
  };
  return node;
}

/** Check suites have no REST list here: GitHub Actions makes one per workflow run (REST `check_suite_id`). */
export const RUN_OF_SUITE = 3_000_000_000;

export function checkSuite(src: PinSource, base: string, commitNode: Node | null, id: number, runs: Rest[]): Node {
  const failed = runs.some((r) => r.conclusion === "failure");
  const done = runs.every((r) => r.status === "completed");
  const suiteNode: Node = {
    __typename: "CheckSuite",
    id: `CS_${Buffer.from(`0:${id}`).toString("base64url")}`,
    databaseId: id,
    commit: commitNode,
    status: done ? "COMPLETED" : "IN_PROGRESS",
    conclusion: done ? (failed ? "FAILURE" : "SUCCESS") : null,
    app: {
      __typename: "App",
      id: runs[0]!.app.node_id,
      databaseId: runs[0]!.app.id,
      name: runs[0]!.app.name,
      slug: runs[0]!.app.slug,
      url: runs[0]!.app.html_url,
    },
    checkRuns: (args: Args, info: Info) => page(runs, args, info, (r) => checkRun(src, base, r, suiteNode)),
    workflowRun: async () => {
      const run = await src.get(`${base}/actions/runs/${id - RUN_OF_SUITE}`);
      return run
        ? {
            __typename: "WorkflowRun",
            id: run.node_id,
            databaseId: run.id,
            runNumber: run.run_number,
            url: run.html_url,
            resourcePath: pathOf(run.html_url),
            createdAt: run.created_at,
            updatedAt: run.updated_at,
            event: run.event,
            checkSuite: suiteNode,
            workflow: async () => {
              // A repository has a handful of workflows: the first page holds them all.
              const workflows = ((await src.get(`${base}/actions/workflows`))?.workflows ?? []) as Rest[];
              const w = workflows.find((x) => x.id === run.workflow_id);
              return w
                ? {
                    __typename: "Workflow",
                    id: w.node_id,
                    databaseId: w.id,
                    name: w.name,
                    url: w.html_url,
                    resourcePath: pathOf(w.html_url),
                  }
                : null;
            },
          }
        : null;
    },
    createdAt: runs[0]!.started_at,
    updatedAt: runs.at(-1)!.completed_at ?? runs.at(-1)!.started_at,
  };
  return suiteNode;
}

/** A check run (an Actions job) from its REST body, in its suite. */
function checkRun(src: PinSource, base: string, r: Rest, suite: Node): Node {
  return {
    __typename: "CheckRun",
    id: r.node_id,
    databaseId: r.id,
    name: r.name,
    status: String(r.status).toUpperCase(),
    conclusion: r.conclusion ? String(r.conclusion).toUpperCase() : null,
    startedAt: r.started_at,
    completedAt: r.completed_at,
    detailsUrl: r.details_url,
    url: r.html_url,
    permalink: r.html_url,
    resourcePath: pathOf(r.html_url),
    title: r.output?.title ?? null,
    summary: r.output?.summary ?? null,
    text: r.output?.text ?? null,
    checkSuite: suite,
    // Required when the pull request's base branch protection names the check (REST branch `protection`).
    isRequired: async (args: Args) => (await requiredContexts(src, base, args)).includes(String(r.name)),
    // A check run is an Actions job: its steps are the job's.
    steps: async (a: Args, i: Info) =>
      page(((await src.get(`${base}/actions/jobs/${r.id}`))?.steps ?? []) as Rest[], a, i, (step) => ({
        __typename: "CheckStep",
        name: step.name,
        number: step.number,
        status: String(step.status).toUpperCase(),
        conclusion: step.conclusion ? String(step.conclusion).toUpperCase() : null,
        startedAt: step.started_at ?? null,
        completedAt: step.completed_at ?? null,
        secondsToCompletion:
          step.started_at && step.completed_at ? Math.round((Date.parse(step.completed_at) - Date.parse(step.started_at)) / 1000) : null,
        externalId: null,
        description: null,
      })),
  };
}

/**
 * The status checks a pull request's base branch requires (`isRequired(pullRequestId:|pullRequestNumber:)`):
 * the pull request is found by its node ID or number, its base branch's REST `protection` names them.
 */
async function requiredContexts(src: PinSource, base: string, args: Args): Promise<string[]> {
  const pulls = await src.list(`${base}/pulls`, [["state", "all"]]);
  const pull = pulls.find((p) => (args.pullRequestId ? p.node_id === args.pullRequestId : p.number === args.pullRequestNumber));
  if (!pull) throw new GitHubError("NOT_FOUND", "Could not resolve to a PullRequest.");
  const branch = await src.get(`${base}/branches/${String(pull.base.ref)}`);
  return ((branch?.protection?.required_status_checks?.contexts ?? []) as string[]).slice();
}

/**
 * A commit's status check rollup: its check runs as REST `commits/{sha}/check-runs` lists them, each in its
 * suite, then the latest status of each context (graphql/statuses.ts); the state is GitHub's combination
 * (any failing check or status fails it, then any unfinished one keeps it pending). None at all: null, as GitHub.
 */
async function statusCheckRollup(src: PinSource, base: string, commitNode: Node, sha: string): Promise<Node | null> {
  const runs = ((await src.get(`${base}/commits/${sha}/check-runs`, [["per_page", "100"]]))?.check_runs ?? []) as Rest[];
  const statuses = await latestStatuses(src, base, commitNode, sha);
  if (runs.length === 0 && statuses.length === 0) return null;
  const suites = new Map<number, Rest[]>();
  for (const r of runs) suites.set(r.check_suite.id, [...(suites.get(r.check_suite.id) ?? []), r]);
  const suiteNodes = new Map([...suites].map(([id, rs]) => [id, checkSuite(src, base, commitNode, id, rs)]));
  const failing = new Set(["failure", "timed_out", "cancelled", "action_required", "startup_failure"]);
  const runStates = runs.map((r) => (failing.has(String(r.conclusion)) ? "FAILURE" : r.status !== "completed" ? "PENDING" : "SUCCESS"));
  const contexts: Node[] = [...runs.map((r) => checkRun(src, base, r, suiteNodes.get(r.check_suite.id)!)), ...statuses];
  return {
    __typename: "StatusCheckRollup",
    id: `SCR_${Buffer.from(`0:${sha}`).toString("base64url")}`,
    commit: commitNode,
    state: combineStates([...runStates, ...statuses.map((s) => String(s.state))]),
    contexts: (args: Args, info: Info) => page(contexts, args, info, (c) => c),
  };
}

/** A tree of a generation-5 pin, from `git/trees/{sha}`. */
export async function tree(src: PinSource, base: string, sha: string, path = ""): Promise<Node> {
  const rest = await src.get(`${base}/git/trees/${sha}`);
  return {
    __typename: "Tree",
    id: `T_${Buffer.from(`0:${sha}`).toString("base64url")}`,
    oid: sha,
    abbreviatedOid: sha.slice(0, 7),
    entries: () => {
      if (!rest) throw noFiles("Tree.entries");
      return (rest.tree as Rest[]).map((e) => ({
        __typename: "TreeEntry",
        name: e.path,
        path: path ? `${path}/${e.path}` : e.path,
        type: e.type,
        mode: parseInt(String(e.mode), 8),
        oid: e.sha,
        extension: /\.[^./]+$/.exec(String(e.path))?.[0] ?? null,
        isGenerated: false,
        size: e.size ?? 0,
        object: () =>
          e.type === "tree"
            ? tree(src, base, e.sha, path ? `${path}/${e.path}` : e.path)
            : e.type === "blob"
              ? blob(src, base, e.sha)
              : null,
      }));
    },
  };
}

export async function blob(src: PinSource, base: string, sha: string): Promise<Node> {
  const rest = await src.get(`${base}/git/blobs/${sha}`);
  if (!rest) throw noFiles("Blob");
  const bytes = Buffer.from(String(rest.content), "base64");
  const binary = bytes.includes(0);
  return {
    __typename: "Blob",
    id: rest.node_id,
    oid: sha,
    abbreviatedOid: sha.slice(0, 7),
    byteSize: rest.size,
    isBinary: binary,
    isTruncated: false,
    text: binary ? null : bytes.toString("utf8"),
  };
}

/** A branch as a Ref (`refs/heads/<name>`) pointing at its head commit. */
export function branchRef(src: PinSource, repo: Node, base: string, name: string, sha: string): Node {
  return {
    __typename: "Ref",
    name,
    prefix: "refs/heads/",
    targetOid: sha,
    repository: repo,
    id: async () => (await src.get(`${base}/git/ref/heads/${name}`))?.node_id ?? null,
    branchProtectionRule: async () => protectionRule(src, repo, base, name),
    target: async () => {
      const c = await commitBySha(src, base, sha);
      return c ? commit(src, repo, base, c) : null;
    },
    associatedPullRequests: async (args: Args, info: Info) => {
      let pulls = (await src.list(`${base}/pulls`, [["state", "all"]])).filter((p) => p.head.ref === name).reverse();
      if (args.states?.length) pulls = pulls.filter((p) => (args.states as string[]).includes(pullState(p)));
      return page(pulls, args, info, (p) => pullRequest(src, repo, base, p));
    },
  };
}

/**
 * A protected branch's rule, from the REST branch's `protection` summary (the company protects its
 * default branches by name, requiring the `build` and `test` checks). The summary has no "strict"
 * setting: the world never requires branches to be up to date, so requiresStrictStatusChecks is false.
 * Fields the summary does not carry stay unserved.
 */
async function protectionRule(src: PinSource, repo: Node, base: string, name: string): Promise<Node | null> {
  const branch = await src.get(`${base}/branches/${name}`);
  if (!branch?.protected) return null;
  const checks = branch.protection?.required_status_checks ?? {};
  const contexts = ((checks.contexts ?? []) as string[]).slice();
  return {
    __typename: "BranchProtectionRule",
    id: `BPR_${Buffer.from(`0:${String(repo.databaseId)}:${name}`).toString("base64url")}`,
    pattern: name,
    repository: repo,
    requiresStatusChecks: contexts.length > 0,
    requiresStrictStatusChecks: false,
    requiredStatusCheckContexts: contexts,
    isAdminEnforced: checks.enforcement_level === "everyone",
  };
}

/** A tag as a Ref (`refs/tags/<name>`): the company's tags are lightweight, so the target is the commit. */
export function tagRef(src: PinSource, repo: Node, base: string, rest: Rest): Node {
  return {
    __typename: "Ref",
    id: rest.node_id,
    name: rest.name,
    prefix: "refs/tags/",
    targetOid: rest.commit.sha,
    repository: repo,
    target: async () => {
      const c = await commitBySha(src, base, rest.commit.sha);
      return c ? commit(src, repo, base, c) : null;
    },
    associatedPullRequests: empty(checkBounds),
  };
}

/** `Repository.object(expression:, oid:)`: `HEAD`, a branch, a tag or a SHA, optionally `:path` into its tree. */
export async function gitObject(src: PinSource, repo: Node, base: string, args: Args): Promise<Node | null> {
  if (args.oid) return objectBySha(src, repo, base, String(args.oid));
  const expression = String(args.expression ?? "");
  const colon = expression.indexOf(":");
  const rev = colon >= 0 ? expression.slice(0, colon) : expression;
  const path = colon >= 0 ? expression.slice(colon + 1).replace(/^\/|\/$/g, "") : undefined;
  const sha = await revision(src, base, rev || "HEAD");
  if (!sha) return null;
  if (path === undefined) return objectBySha(src, repo, base, sha);
  const c = await commitBySha(src, base, sha);
  if (!c) return null;
  let treeSha = String(c.commit.tree.sha);
  if (path === "") return tree(src, base, treeSha);
  const parts = path.split("/");
  for (let i = 0; i < parts.length; i++) {
    const t = await src.get(`${base}/git/trees/${treeSha}`);
    if (!t) throw noFiles("Repository.object with a path");
    const entry = (t.tree as Rest[]).find((e) => e.path === parts[i]);
    if (!entry) return null;
    if (i === parts.length - 1) return entry.type === "tree" ? tree(src, base, entry.sha, parts.join("/")) : blob(src, base, entry.sha);
    if (entry.type !== "tree") return null;
    treeSha = entry.sha;
  }
  return null;
}

async function revision(src: PinSource, base: string, rev: string): Promise<string | undefined> {
  const name = rev === "HEAD" ? String((await src.get(base))?.default_branch) : rev.replace(/^refs\/(heads|tags)\//, "");
  const branch = await src.get(`${base}/branches/${name}`);
  if (branch) return String(branch.commit.sha);
  const tag = (await src.list(`${base}/tags`)).find((t) => t.name === name);
  if (tag) return String(tag.commit.sha);
  return /^[0-9a-f]{40}$/.test(rev) ? rev : undefined;
}

async function objectBySha(src: PinSource, repo: Node, base: string, sha: string): Promise<Node | null> {
  const c = await commitBySha(src, base, sha);
  if (c) return commit(src, repo, base, c);
  if (await src.get(`${base}/git/trees/${sha}`)) return tree(src, base, sha);
  if (await src.get(`${base}/git/blobs/${sha}`)) return blob(src, base, sha);
  return null;
}
