import { gitRepository, repoRefs } from "../../core/git-http.js";
import type { PinContext, Resource, ServingProfile } from "../../core/provider.js";
import type { Repo, World } from "../../world/types.js";
import { fullUser, membership, permission, project, workspace, workspaceAccess } from "./accounts.js";
import { commitObject } from "./commits.js";
import { ACCOUNT_PREFIX, BbContext, prState, type PrState } from "./context.js";
import { changedFiles, diffResources } from "./diffs.js";
import { ENVIRONMENTS, deployment, deploymentUuid, environment, environmentUuid } from "./deployments.js";
import { badQueryExpression, badRequest, methodNotAllowed, noIssueTracker, notFound } from "./errors.js";
import { bbList, bbPagination, bbQueryRules } from "./lists.js";
import { commitStatus, pipeline, pipelinePath, statusKey, step } from "./pipelines.js";
import { activity, commentObject, comments, pullObject } from "./pullrequests.js";
import { bbRefusals } from "./params.js";
import { bbLists } from "./queries.js";
import { branch, repository, tag } from "./repos.js";
import { fileHistoryResources } from "./filehistory.js";
import { sourceResources } from "./source.js";
import { defineProvider } from "../../core/define-provider.js";

/** A repository's own path, captured, at the start of any path under it. */
const REPO_PATH = "^(2\\.0/repositories/[^/]+/[^/]+)/";

/** Generation 1 has no repository files: the source browser answers Bitbucket's 404 there. */
export const FILE_LINKS = /\/2\.0\/repositories\/[^/]+\/[^/]+\/(src|filehistory)(\/|$)/;

/** Every combination of the four states a `state` filter can name, each a list of its own. */
export const STATE_SETS: PrState[][] = (() => {
  const all: PrState[] = ["DECLINED", "MERGED", "OPEN", "SUPERSEDED"];
  const sets: PrState[][] = [];
  for (let mask = 1; mask < 1 << all.length; mask++) sets.push(all.filter((_, i) => mask & (1 << i)));
  return sets;
})();

const re = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export default defineProvider({
  // What the catalog, the MCP tool and an unavailable host say of it.
  id: "bb",
  name: "Bitbucket Cloud",
  unavailable: { status: 503, body: { type: "error", error: { message: "{message}" } } },
  snippet:
    'import { Bitbucket } from "bitbucket";\nconst pin = "{{base_url}}";\nconst bitbucket = new Bitbucket({ baseUrl: `${pin}/2.0` });',
  serving(pin: PinContext, world: World): ServingProfile {
    return {
      provider: "bb",
      headers: {
        "x-ratelimit-limit": "1000",
        "x-ratelimit-resource": "api",
        "x-ratelimit-nearlimit": "false",
        "x-content-type-options": "nosniff",
        "x-frame-options": "SAMEORIGIN",
      },
      // Documented parameters this snapshot cannot answer get Bitbucket's 400 naming them (params.ts).
      query: { ...bbQueryRules(), refuse: bbRefusals() },
      errors: {
        notFound,
        methodNotAllowed,
        badRequest,
        badRequestByParam: { q: badQueryExpression },
        notFoundByPath: [{ path: "^2\\.0/repositories/[^/]+/[^/]+/issues(/|$)", error: noIssueTracker }],
      },
      pagination: bbPagination(pin.origin),
      lists: bbLists(pin.origin),
      aliases: aliases(world, pin),
      // `fields=` on every answer (README, Partial responses): a field a summary lacks (a list item's
      // participants, a merge commit's date) is read from the object its `links.self` names.
      partial: [
        {
          param: "fields",
          self: "links.self.href",
          references: [
            { field: "type", value: "deployment_environment", from: REPO_PATH, key: "$1/environments/{uuid}" },
            { field: "type", value: "pipeline", from: REPO_PATH, key: "$1/pipelines/{uuid}" },
          ],
          pageLinks: ["next", "previous"],
        },
      ],
    };
  },
  *resources(world: World, pin: PinContext): Generator<Resource> {
    const bb = new BbContext(world, pin);
    yield* accounts(bb);
    const repos = [...world.repos].sort((a, b) => (a.name < b.name ? -1 : 1));
    yield* bbList(
      bb,
      `2.0/repositories/${bb.ws}`,
      repos.map((r) => repository(bb, r)),
    );
    // The global listing: public repositories only without `role` (none here), the caller's by role.
    yield* bbList(bb, "2.0/repositories", []);
    for (const role of ["admin", "contributor", "member"])
      yield* bbList(
        bb,
        "2.0/repositories",
        repos.map((r) => repository(bb, r)),
        { filters: [["role", role]] },
      );
    yield* bbList(bb, "2.0/repositories", [], { filters: [["role", "owner"]] });
    for (const repo of repos) yield* repoResources(bb, repo);
  },
});

/**
 * Other names for served resources, as Bitbucket accepts them: users and workspace members by Atlassian
 * account id, the workspace and repositories by `{uuid}`, and (generation 5) `src` and
 * `src/{default branch}/…` for the source browser at the default branch's head, where Bitbucket
 * redirects `src` to.
 */
export function aliases(world: World, pin: PinContext): Array<{ from: string; to: string }> {
  const bb = new BbContext(world, pin);
  const ws = re(bb.ws);
  const wsu = re(bb.workspaceUuid());
  const account = `${ACCOUNT_PREFIX}:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})`;
  const out = [
    // A pull request's `links.diff`: `diff/{ws}/{repo}:{head}%0D{base}` (12-character hashes); and a
    // `{head}..{base}` spec with whole hashes. Both name the spec the pin serves as `{head}..{base}`.
    { from: "^(2\\.0/repositories/[^/]+/[^/]+)/(diff|diffstat|patch)/[^/]+/[^/:]+:([0-9a-f]{12})\\r([0-9a-f]{12})$", to: "$1/$2/$3..$4" },
    {
      from: "^(2\\.0/repositories/[^/]+/[^/]+)/(diff|diffstat|patch)/([0-9a-f]{12})[0-9a-f]{28}\\.\\.([0-9a-f]{12})[0-9a-f]{28}$",
      to: "$1/$2/$3..$4",
    },
    { from: `^2\\.0/users/${account}(?=/|$)`, to: "2.0/users/{$1}" },
    { from: `^2\\.0/workspaces/(?:${ws}|${wsu})/members/${account}$`, to: `2.0/workspaces/${bb.ws}/members/{$1}` },
    { from: `^2\\.0/workspaces/${wsu}(?=/|$)`, to: `2.0/workspaces/${bb.ws}` },
  ];
  for (const repo of [...world.repos].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const names = `(?:${ws}|${wsu})/(?:${re(repo.name)}|${re(bb.repoUuid(repo))})`;
    if (bb.files)
      out.push({
        from: `^2\\.0/repositories/${names}/src(?:/${re(repo.defaultBranch)}(?=/|$)|$)`,
        to: `2.0/repositories/${bb.ws}/${repo.name}/src/${repo.mainCommits.at(-1)!.sha}`,
      });
    out.push({
      from: `^2\\.0/repositories/(?:${ws}|${wsu})/${re(bb.repoUuid(repo))}(?=/|$)`,
      to: `2.0/repositories/${bb.ws}/${repo.name}`,
    });
  }
  out.push({ from: `^2\\.0/repositories/${wsu}(?=/|$)`, to: `2.0/repositories/${bb.ws}` });
  return out;
}

function* accounts(bb: BbContext): Generator<Resource> {
  const { world } = bb;
  const byName = [...world.people].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
  yield { path: "2.0/user", body: fullUser(bb, bb.viewer, true) };
  for (const p of world.people) yield { path: `2.0/users/${bb.personUuid(p)}`, body: fullUser(bb, p) };
  yield* bbList(bb, "2.0/user/workspaces", [workspaceAccess(bb)]);
  yield* bbList(bb, "2.0/workspaces", [workspace(bb)]);
  yield* bbList(bb, "2.0/user/permissions/workspaces", [permission(bb, bb.viewer)]);
  yield { path: `2.0/workspaces/${bb.ws}`, body: workspace(bb) };
  yield* bbList(
    bb,
    `2.0/workspaces/${bb.ws}/members`,
    byName.map((p) => membership(bb, p)),
  );
  for (const p of world.people) yield { path: `2.0/workspaces/${bb.ws}/members/${bb.personUuid(p)}`, body: membership(bb, p) };
  const teams = [...world.teams].sort((a, b) => (a.key < b.key ? -1 : 1));
  yield* bbList(
    bb,
    `2.0/workspaces/${bb.ws}/projects`,
    teams.map((t) => project(bb, t)),
  );
  for (const t of teams) yield { path: `2.0/workspaces/${bb.ws}/projects/${t.key}`, body: project(bb, t) };
  // What an account links to: its personal workspace's repositories, snippets and webhooks (everyone works
  // in the company workspace, so none), and the company workspace's snippets (none).
  for (const p of world.people) {
    const u = bb.personUuid(p);
    yield* bbList(bb, `2.0/repositories/${u}`, []);
    yield* bbList(bb, `2.0/snippets/${u}`, []);
    yield* bbList(bb, `2.0/workspaces/${u}/hooks`, []);
  }
  yield* bbList(bb, `2.0/snippets/${bb.ws}`, []);
}

function* repoResources(bb: BbContext, repo: Repo): Generator<Resource> {
  const base = bb.repoPath(repo);
  yield { path: base, body: repository(bb, repo) };

  // Branches and tags.
  const branches = [...repo.branches].sort((a, b) => (a.name < b.name ? -1 : 1));
  yield* bbList(
    bb,
    `${base}/refs/branches`,
    branches.map((b) => branch(bb, repo, b)),
  );
  for (const b of branches) yield { path: `${base}/refs/branches/${b.name}`, body: branch(bb, repo, b) };
  const tags = [...repo.releases].sort((a, b) => (a.tag < b.tag ? -1 : 1));
  yield* bbList(
    bb,
    `${base}/refs/tags`,
    tags.map((r) => tag(bb, repo, r)),
  );
  for (const r of tags) yield { path: `${base}/refs/tags/${r.tag}`, body: tag(bb, repo, r) };

  // Nobody forked, watched, uploaded a download or registered a webhook (real empty pages).
  for (const what of ["forks", "watchers", "downloads", "hooks"]) yield* bbList(bb, `${base}/${what}`, []);

  // Commits: `commits` walks every branch (as `git log --all`), `commits/{branch}` one branch, `commits/{tag}` a tag's history.
  const reachable = new Map(branches.flatMap((b) => bb.history(repo, b.headSha)).map((c) => [c.sha, c]));
  const all = [...reachable.values()].sort((a, b) => b.committedAt - a.committedAt || (a.sha < b.sha ? -1 : 1));
  yield* bbList(
    bb,
    `${base}/commits`,
    all.map((c) => commitObject(bb, repo, c)),
  );
  for (const b of branches)
    yield* bbList(
      bb,
      `${base}/commits/${b.name}`,
      bb.history(repo, b.headSha).map((c) => commitObject(bb, repo, c)),
    );
  for (const r of tags)
    yield* bbList(
      bb,
      `${base}/commits/${encodeURIComponent(r.tag)}`,
      bb.history(repo, r.targetSha).map((c) => commitObject(bb, repo, c)),
    );
  const runsBySha = new Map<string, typeof repo.runs>();
  for (const r of repo.runs) runsBySha.set(r.headSha, [...(runsBySha.get(r.headSha) ?? []), r]);
  for (const c of bb.commitsOf(repo).values()) {
    yield { path: `${base}/commit/${c.sha}`, body: commitObject(bb, repo, c, true) };
    const runs = runsBySha.get(c.sha) ?? [];
    yield* bbList(
      bb,
      `${base}/commit/${c.sha}/statuses`,
      runs.map((r) => commitStatus(bb, repo, r)),
    );
    for (const r of runs)
      yield { path: `${base}/commit/${c.sha}/statuses/build/${statusKey(bb, repo, r)}`, body: commitStatus(bb, repo, r) };
    // Comments on a commit (not on a pull request): nobody wrote one.
    yield* bbList(bb, `${base}/commit/${c.sha}/comments`, []);
  }

  // Pull requests: newest first; no `state` means OPEN; every combination of states is its own list.
  const pulls = [...repo.pulls].sort((a, b) => b.number - a.number);
  const listed = (states: PrState[]) => pulls.filter((p) => states.includes(prState(p))).map((p) => pullObject(bb, repo, p));
  yield* bbList(bb, `${base}/pullrequests`, listed(["OPEN"]));
  // `state=all` (what DevLake sends) lists every state: the list the query engine filters and sorts.
  yield* bbList(bb, `${base}/pullrequests`, listed(STATE_SETS.at(-1)!), { filters: [["state", "all"]] });
  for (const states of STATE_SETS) {
    // No pull request of the world is superseded: next to other states, SUPERSEDED changes nothing, and
    // the pages link to (and share their bytes with) the list without it.
    const linked = states.length > 1 ? states.filter((s) => s !== "SUPERSEDED") : states;
    const filters = states.map((s): [string, string] => ["state", s]);
    yield* bbList(bb, `${base}/pullrequests`, listed(states), { filters, linkFilters: linked.map((s): [string, string] => ["state", s]) });
  }
  for (const pr of pulls) {
    const p = `${base}/pullrequests/${pr.number}`;
    yield { path: p, body: pullObject(bb, repo, pr, true) };
    yield* bbList(
      bb,
      `${p}/commits`,
      [...pr.commits].reverse().map((c) => commitObject(bb, repo, c)),
    );
    const thread = comments(pr);
    yield* bbList(
      bb,
      `${p}/comments`,
      thread.map((c) => commentObject(bb, repo, pr, c)),
    );
    for (const c of thread) yield { path: `${p}/comments/${c.id}`, body: commentObject(bb, repo, pr, c) };
    yield* bbList(bb, `${p}/activity`, activity(bb, repo, pr));
    const head = pr.commits.at(-1)?.sha ?? pr.baseSha;
    yield* bbList(
      bb,
      `${p}/statuses`,
      (runsBySha.get(head) ?? []).map((r) => commitStatus(bb, repo, r)),
    );
  }

  // Pipelines (oldest first, as Bitbucket lists them without `sort`) and their steps.
  const runs = [...repo.runs].sort((a, b) => a.runNumber - b.runNumber);
  yield* bbList(
    bb,
    `${base}/pipelines`,
    runs.map((r) => pipeline(bb, repo, r)),
  );
  for (const r of runs) {
    const p = pipelinePath(bb, repo, r);
    yield { path: p, body: pipeline(bb, repo, r) };
    yield* bbList(
      bb,
      `${p}/steps`,
      r.jobs.map((j) => step(bb, repo, r, j)),
    );
  }

  // Environments and deployments, newest first.
  yield* bbList(
    bb,
    `${base}/environments`,
    ENVIRONMENTS.map((e) => environment(bb, repo, e)),
  );
  for (const e of ENVIRONMENTS) yield { path: `${base}/environments/${environmentUuid(bb, repo, e)}`, body: environment(bb, repo, e) };
  const deployments = [...repo.deployments].sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
  yield* bbList(
    bb,
    `${base}/deployments`,
    deployments.map((d) => deployment(bb, repo, d)),
  );
  for (const d of deployments) yield { path: `${base}/deployments/${deploymentUuid(bb, repo, d)}`, body: deployment(bb, repo, d) };

  // Diffs of every commit and pull request (both generations: the world's file changes).
  yield* diffResources(bb, repo);

  if (bb.files) {
    yield* sourceResources(bb, repo);
    yield* fileHistoryResources(bb, repo);
    const head = repo.mainCommits.at(-1)!;
    const atHead = new Set([...repo.objects.walk(head.treeSha)].map(([path]) => path));
    yield* changedFiles(bb, repo, (commit, path) => commit === head.sha && atHead.has(path));
    // The https clone link serves the repository itself, over git's dumb HTTP protocol.
    yield* gitRepository(`${bb.ws}/${repo.name}.git`, repo.objects, repoRefs(repo));
  }
}
