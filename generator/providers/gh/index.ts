import { introspectionFile } from "./graphql/schema.js";
import type { PinContext, Resource, ServingProfile } from "../../core/provider.js";
import type { Repo, World } from "../../world/types.js";
import { checkRun, commitObject, diffEntry } from "./commits.js";
import { GhContext } from "./context.js";
import { deployment, deploymentStatus, job, release, workflowObject, workflowRun, workflowId } from "./delivery.js";
import { badRequest, badVersion, methodNotAllowed, notFound, unanswerable } from "./errors.js";
import { writeRoutes } from "./writes.js";
import { graphqlRoutes } from "./graphql/handler.js";
import { mediaRoutes } from "./media.js";
import { GHES_VERSION, metaRoutes } from "./meta.js";
import { rawMediaRoutes } from "./raw-media.js";
import { bodyMediaRoutes } from "./body-media.js";
import { htmlMediaRoutes } from "./html-media.js";
import { compareRoutes } from "./compare.js";
import { repoEvents, userEvents } from "./events.js";
import { SEARCH_ERROR, searchLists, searchResources } from "./search.js";
import { collaborator, contributorStats, orgMembership, pushers, rateLimit, tag, userRepos, viewer } from "./discovery.js";
import { gitRepository, repoRefs } from "../../core/git-http.js";
import { blobObject, contentEntry, contentFile, gitCommit, gitRef, treeObject } from "./files.js";
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, ghPagination, listResources } from "./lists.js";
import { ghLists, REFUSED } from "./queries.js";
import { fullRepo, minimalRepo, orgAccount, organization, teamFull, teamMembers, teamMembership, teamSimple } from "./repos.js";
import { issueComment, issueEvent, issueObject, labelObject, pullFull, pullSimple, review, reviewComment } from "./threads.js";
import { issueTimeline } from "./timeline.js";
import { statusResources } from "./statuses.js";
import { milestoneLists, milestoneResources } from "./milestones.js";
import { linkedRepoResources, membershipChecks } from "./linked.js";
import { linkedAccountResources } from "./account-links.js";
import { githubProfile, orgProfile, privateUser, publicUser, simpleUser, webFlowProfile } from "./users.js";
import { defineProvider } from "../../core/define-provider.js";

/** Generation 1 has no repository files: these answer GitHub's 404 there. */
export const FILE_LINKS = /\/repos\/[^/]+\/[^/]+\/(contents|readme|git\/trees|git\/blobs)/;

export default defineProvider({
  // What the catalog, the MCP tool and an unavailable host say of it.
  id: "gh",
  name: "GitHub",
  unavailable: { status: 503, body: { message: "{message}", documentation_url: "https://docs.github.com/rest", status: "503" } },
  snippet: 'import { Octokit } from "@octokit/rest";\nconst octokit = new Octokit({ baseUrl: "{{base_url}}" });',
  computed: [
    ...graphqlRoutes,
    ...writeRoutes,
    ...compareRoutes,
    ...mediaRoutes,
    ...rawMediaRoutes,
    ...bodyMediaRoutes,
    ...htmlMediaRoutes,
    ...metaRoutes,
  ],
  serving(pin: PinContext, world: World, computed): ServingProfile {
    return {
      provider: "gh",
      headers: {
        "x-github-api-version-selected": pin.pin.apiVersion,
        "x-github-media-type": "github.v3; format=json",
        "x-ratelimit-limit": "5000",
        "x-ratelimit-remaining": "4999",
        "x-ratelimit-used": "1",
        "x-ratelimit-reset": String(Math.floor(Date.parse(pin.catalog.generations.get(pin.pin.generation)!.asOf) / 1000) + 3600),
        "x-ratelimit-resource": "core",
        // A classic token's scopes, on every answer as GitHub sends them: what the gh CLI checks for (repo, read:org).
        "x-oauth-scopes": "gist, read:org, repo, workflow",
        "access-control-expose-headers":
          "ETag, Link, Location, Retry-After, X-GitHub-OTP, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Used, " +
          "X-RateLimit-Resource, X-RateLimit-Reset, X-OAuth-Scopes, X-Accepted-OAuth-Scopes, " +
          "X-Poll-Interval, X-GitHub-Media-Type, X-GitHub-SSO, X-GitHub-Request-Id, Deprecation, Sunset",
      },
      query: {
        keep: ["page", "per_page", "state", "sha", "author", "recursive", "ref", "q"],
        defaults: [
          { param: "page", value: "1" },
          { param: "per_page", value: String(DEFAULT_PER_PAGE) },
          { param: "state", value: "open", path: "^(repos/[^/]+/[^/]+/(pulls|issues)|orgs/[^/]+/issues|issues)$" },
          { param: "sha", value: "main", path: "^repos/[^/]+/[^/]+/commits$" },
          { param: "ref", value: "main", path: "^repos/[^/]+/[^/]+/(contents|readme)(/|$)" },
        ],
        // GitHub recurses for any value of `recursive`, even 0 or false.
        anyValue: [{ param: "recursive", value: "1" }],
        clamp: [
          { param: "per_page", min: 1, max: MAX_PER_PAGE },
          { param: "page", min: 1, max: 100_000 },
        ],
      },
      errors: {
        notFound,
        methodNotAllowed,
        badVersion,
        badRequest,
        badRequestByParam: { q: SEARCH_ERROR, ...Object.fromEntries(REFUSED.map((p) => [p, unanswerable])) },
      },
      version: { requestHeader: "x-github-api-version", supported: ["2022-11-28", "2026-03-10"] },
      requestIdHeader: "x-github-request-id",
      // GitHub Enterprise Server's REST layout, which the gh CLI and other clients use for any host but github.com.
      mounts: ["api/v3"],
      // GHES names its version on every REST answer (GitHub's docs, "Version information"); api.github.com never does.
      mountHeaders: { "api/v3": { "x-github-enterprise-version": GHES_VERSION } },
      computed,
      pagination: ghPagination(pin.origin),
      lists: [
        // Before ghLists, whose fixed lists name `milestones`: the first profile that matches applies.
        ...milestoneLists,
        ...ghLists,
        ...searchLists(
          world.company.slug,
          world.repos.map((r) => r.name),
        ),
      ],
    };
  },
  runtimeFiles: () => [introspectionFile()],
  *resources(world: World, pin: PinContext): Generator<Resource> {
    const gh = new GhContext(world, pin);
    yield* accounts(gh);
    for (const repo of world.repos) yield* repoResources(gh, repo);
    yield* searchResources(gh);
  },
});

function* accounts(gh: GhContext): Generator<Resource> {
  const { world } = gh;
  const people = [...world.people].sort((a, b) => (a.handles.github < b.handles.github ? -1 : 1));
  yield { path: "user", body: privateUser(gh, viewer(gh)) };
  for (const p of people) yield { path: `users/${p.handles.github}`, body: publicUser(gh, p) };
  yield { path: "users/web-flow", body: webFlowProfile(gh) };
  yield { path: "users/github", body: githubProfile(gh) };
  yield { path: `users/${gh.org}`, body: orgProfile(gh) };
  // Token-holder discovery: every member shows the org publicly; web-flow, github and the org itself have none.
  yield* listResources(gh, "user/orgs", [orgAccount(gh)]);
  for (const p of people) yield* listResources(gh, `users/${p.handles.github}/orgs`, [orgAccount(gh)]);
  for (const login of ["web-flow", "github", gh.org]) yield* listResources(gh, `users/${login}/orgs`, []);
  yield* listResources(gh, "user/memberships/orgs", [orgMembership(gh)]);
  yield { path: `user/memberships/orgs/${gh.org}`, body: orgMembership(gh) };
  yield* listResources(gh, "user/repos", userRepos(gh));
  yield { path: "rate_limit", body: rateLimit(gh) };
  yield { path: `orgs/${gh.org}`, body: organization(gh) };
  yield* listResources(
    gh,
    `orgs/${gh.org}/members`,
    people.map((p) => simpleUser(gh, p)),
  );
  yield* listResources(
    gh,
    `orgs/${gh.org}/teams`,
    world.teams.map((t) => teamSimple(gh, t)),
  );
  for (const t of world.teams) {
    yield { path: `orgs/${gh.org}/teams/${t.slug}`, body: teamFull(gh, t) };
    yield { path: `organizations/${gh.orgId()}/team/${gh.teamId(t.id)}`, body: teamFull(gh, t) };
    yield* listResources(gh, `orgs/${gh.org}/teams/${t.slug}/members`, teamMembers(gh, t));
    yield* listResources(gh, `organizations/${gh.orgId()}/team/${gh.teamId(t.id)}/members`, teamMembers(gh, t));
    for (const id of t.memberIds) {
      const login = gh.person(id).handles.github;
      const membership = teamMembership(gh, t, id);
      yield { path: `orgs/${gh.org}/teams/${t.slug}/memberships/${login}`, body: membership };
      yield { path: `organizations/${gh.orgId()}/team/${gh.teamId(t.id)}/memberships/${login}`, body: membership };
    }
  }
  const newestFirst = [...world.repos].sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
  yield* listResources(
    gh,
    `orgs/${gh.org}/repos`,
    newestFirst.map((r) => minimalRepo(gh, r)),
  );
  // Activity feeds: the org's public events (none: every repository is private) and each person's
  // (only the token holder sees their own private events).
  yield* listResources(gh, `orgs/${gh.org}/events`, [], { headers: POLL });
  yield* linkedAccountResources(gh, people);
  for (const p of people) yield* listResources(gh, `users/${p.handles.github}/events`, userEvents(gh, p), { headers: POLL });
}

/** The events API asks clients to poll no more often than this. */
const POLL = { "x-poll-interval": "60" };

function* repoResources(gh: GhContext, repo: Repo): Generator<Resource> {
  const base = gh.repoPath(repo);
  yield { path: base, body: fullRepo(gh, repo) };

  // Branches, and the commits reachable from each.
  yield* listResources(
    gh,
    `${base}/branches`,
    repo.branches.map((b) => ({
      name: b.name,
      commit: { sha: b.headSha, url: `${gh.repoUrl(repo)}/commits/${b.headSha}` },
      protected: b.protected,
    })),
  );
  const commitBySha = new Map([...repo.mainCommits, ...repo.pulls.flatMap((p) => p.commits)].map((c) => [c.sha, c]));
  const history = (head: string) => {
    const out = [];
    for (let c = commitBySha.get(head); c; c = c.parents[0] ? commitBySha.get(c.parents[0]) : undefined) out.push(c);
    return out;
  };
  for (const b of repo.branches) {
    const head = commitBySha.get(b.headSha)!;
    yield {
      path: `${base}/branches/${b.name}`,
      body: {
        name: b.name,
        commit: commitObject(gh, repo, head, false),
        _links: { self: `${gh.repoUrl(repo)}/branches/${b.name}`, html: `${gh.repoHtml(repo)}/tree/${b.name}` },
        protected: b.protected,
        protection: {
          enabled: b.protected,
          required_status_checks: {
            enforcement_level: b.protected ? "non_admins" : "off",
            contexts: b.protected ? ["build", "test"] : [],
            checks: [],
          },
        },
        protection_url: `${gh.repoUrl(repo)}/branches/${b.name}/protection`,
      },
    };
    const commits = history(b.headSha);
    yield* listResources(
      gh,
      `${base}/commits`,
      commits.map((c) => commitObject(gh, repo, c, false)),
      { query: { sha: b.name } },
    );
    yield { path: `${base}/commits/${b.name}`, body: commitObject(gh, repo, head, true) };
    yield { path: `${base}/git/ref/heads/${b.name}`, body: gitRef(gh, repo, b.name, b.headSha) };
    yield { path: `${base}/git/refs/heads/${b.name}`, body: gitRef(gh, repo, b.name, b.headSha) };
    if (b.name === repo.defaultBranch) {
      const authors = [...new Set(commits.map((c) => c.authorId))].sort((a, b2) => a - b2);
      for (const a of authors) {
        const login = gh.person(a).handles.github;
        yield* listResources(
          gh,
          `${base}/commits`,
          commits.filter((c) => c.authorId === a).map((c) => commitObject(gh, repo, c, false)),
          { query: { sha: b.name, author: login } },
        );
      }
    }
  }
  yield* listResources(
    gh,
    `${base}/git/matching-refs/heads`,
    repo.branches.map((b) => gitRef(gh, repo, b.name, b.headSha)),
  );
  for (const c of commitBySha.values()) {
    yield { path: `${base}/commits/${c.sha}`, body: commitObject(gh, repo, c, true) };
    yield { path: `${base}/git/commits/${c.sha}`, body: gitCommit(gh, repo, c) };
    const runs = repo.runs.filter((r) => r.headSha === c.sha);
    yield* listResources(
      gh,
      `${base}/commits/${c.sha}/check-runs`,
      runs.flatMap((r) => r.jobs.map((j) => checkRun(gh, repo, r, j))),
      { envelope: "check_runs" },
    );
  }
  // Commit statuses, by branch and by SHA (statuses.ts), with the legacy `statuses/{sha}` alias.
  yield* statusResources(gh, repo, [
    ...repo.branches.map((b) => ({ ref: b.name, sha: b.headSha })),
    ...[...commitBySha.keys()].map((sha) => ({ ref: sha, sha })),
  ]);
  for (const r of repo.runs) for (const j of r.jobs) yield { path: `${base}/check-runs/${j.id}`, body: checkRun(gh, repo, r, j) };

  // Pull requests and issues share one number sequence; /issues lists both.
  const pullsNewest = [...repo.pulls].reverse();
  for (const state of ["open", "closed", "all"] as const) {
    const pick = pullsNewest.filter((p) => state === "all" || p.state === state);
    yield* listResources(
      gh,
      `${base}/pulls`,
      pick.map((p) => pullSimple(gh, repo, p)),
      { query: { state } },
    );
  }
  for (const pr of repo.pulls) {
    const p = `${base}/pulls/${pr.number}`;
    yield { path: p, body: pullFull(gh, repo, pr) };
    yield* listResources(
      gh,
      `${p}/reviews`,
      pr.reviews.map((r) => review(gh, repo, pr, r)),
    );
    yield* listResources(
      gh,
      `${p}/comments`,
      pr.reviews.flatMap((r) => r.comments.map((c) => reviewComment(gh, repo, pr, r, c))),
    );
    yield* listResources(
      gh,
      `${p}/commits`,
      pr.commits.map((c) => commitObject(gh, repo, c, false)),
    );
    yield* listResources(
      gh,
      `${p}/files`,
      pr.files.map((f) => diffEntry(gh, repo, f, pr.commits.at(-1)!.sha)),
    );
  }
  const threads = [...repo.pulls, ...repo.issues].sort((a, b) => b.number - a.number);
  for (const state of ["open", "closed", "all"] as const) {
    const pick = threads.filter((t) => state === "all" || t.state === state);
    yield* listResources(
      gh,
      `${base}/issues`,
      pick.map((t) => issueObject(gh, repo, t)),
      { query: { state } },
    );
  }
  for (const t of threads) {
    const p = `${base}/issues/${t.number}`;
    yield { path: p, body: issueObject(gh, repo, t) };
    yield* listResources(
      gh,
      `${p}/comments`,
      t.comments.map((c) => issueComment(gh, repo, t.number, "headBranch" in t, c)),
    );
    yield* listResources(
      gh,
      `${p}/events`,
      t.events.map((e) => issueEvent(gh, repo, e)),
    );
    yield* listResources(gh, `${p}/timeline`, issueTimeline(gh, repo, t));
  }

  // Repository-wide lists: comments oldest first (GitHub's default, `sort=created`), events newest first.
  const byTime = <T extends { id: number; createdAt: number }>(a: T, b: T) => a.createdAt - b.createdAt || a.id - b.id;
  const issueComments = threads.flatMap((t) => t.comments.map((c) => ({ c, t }))).sort((a, b) => byTime(a.c, b.c));
  yield* listResources(
    gh,
    `${base}/issues/comments`,
    issueComments.map(({ c, t }) => issueComment(gh, repo, t.number, "headBranch" in t, c)),
  );
  const events = threads.flatMap((t) => t.events.map((e) => ({ e, t }))).sort((a, b) => byTime(b.e, a.e));
  yield* listResources(
    gh,
    `${base}/issues/events`,
    events.map(({ e, t }) => ({ ...issueEvent(gh, repo, e), issue: issueObject(gh, repo, t) })),
  );
  const reviewComments = repo.pulls
    .flatMap((pr) => pr.reviews.flatMap((r) => r.comments.map((c) => ({ pr, r, c }))))
    .sort((a, b) => byTime(a.c, b.c));
  yield* listResources(
    gh,
    `${base}/pulls/comments`,
    reviewComments.map(({ pr, r, c }) => reviewComment(gh, repo, pr, r, c)),
  );
  // No commit comments or stars in the world: GitHub's empty lists.
  for (const empty of ["comments", "stargazers"]) yield* listResources(gh, `${base}/${empty}`, []);
  yield* milestoneResources(gh, repo);
  yield* listResources(
    gh,
    `${base}/assignees`,
    pushers(gh, repo).map((p) => simpleUser(gh, p)),
  );
  yield* listResources(
    gh,
    `${base}/collaborators`,
    pushers(gh, repo).map((p) => collaborator(gh, p)),
  );
  yield* listResources(gh, `${base}/events`, repoEvents(gh, repo), { headers: POLL });
  yield* listResources(
    gh,
    `${base}/labels`,
    gh.world.labels.map((l) => labelObject(gh, repo, l.name)),
  );
  yield { path: `${base}/stats/contributors`, body: contributorStats(gh, repo) };

  // Releases, Actions, deployments.
  const releases = [...repo.releases].reverse();
  yield* listResources(
    gh,
    `${base}/releases`,
    releases.map((r) => release(gh, repo, r)),
  );
  for (const r of releases) {
    yield { path: `${base}/releases/${r.id}`, body: release(gh, repo, r) };
    yield { path: `${base}/releases/tags/${r.tag}`, body: release(gh, repo, r) };
  }
  if (releases[0]) yield { path: `${base}/releases/latest`, body: release(gh, repo, releases[0]) };
  yield* listResources(
    gh,
    `${base}/tags`,
    releases.map((r) => tag(gh, repo, r.tag, r.targetSha)),
  );
  yield { path: `${base}/actions/workflows`, body: { total_count: 1, workflows: [workflowObject(gh, repo)] } };
  yield { path: `${base}/actions/workflows/${workflowId(gh, repo)}`, body: workflowObject(gh, repo) };
  const runs = [...repo.runs].sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
  yield* listResources(
    gh,
    `${base}/actions/runs`,
    runs.map((r) => workflowRun(gh, repo, r)),
    { envelope: "workflow_runs" },
  );
  for (const r of runs) {
    yield { path: `${base}/actions/runs/${r.id}`, body: workflowRun(gh, repo, r) };
    yield* listResources(
      gh,
      `${base}/actions/runs/${r.id}/jobs`,
      r.jobs.map((j) => job(gh, repo, r, j)),
      { envelope: "jobs" },
    );
    for (const j of r.jobs) yield { path: `${base}/actions/jobs/${j.id}`, body: job(gh, repo, r, j) };
  }
  const deployments = [...repo.deployments].reverse();
  yield* listResources(
    gh,
    `${base}/deployments`,
    deployments.map((d) => deployment(gh, repo, d)),
  );
  for (const d of deployments) {
    yield { path: `${base}/deployments/${d.id}`, body: deployment(gh, repo, d) };
    yield* listResources(
      gh,
      `${base}/deployments/${d.id}/statuses`,
      [...d.statuses].reverse().map((s) => deploymentStatus(gh, repo, d, s)),
    );
  }

  yield* linkedRepoResources(gh, repo);
  yield* membershipChecks(gh, repo);

  if (gh.files) {
    yield* fileResources(gh, repo);
    // The clone URL (`clone_url`) serves the repository itself, over git's dumb HTTP protocol.
    yield* gitRepository(`${gh.org}/${repo.name}.git`, repo.objects, repoRefs(repo));
  }
}

/** Generation 5: the contents API at the default branch, every tree and blob, the README. */
function* fileResources(gh: GhContext, repo: Repo): Generator<Resource> {
  const base = gh.repoPath(repo);
  const head = repo.mainCommits.at(-1)!;
  const root = repo.objects.trees.get(head.treeSha)!;
  yield { path: `${base}/contents`, body: root.map((e) => contentEntry(gh, repo, e.name, e)) };
  for (const [path, entry] of repo.objects.walk(head.treeSha)) {
    const p = `${base}/contents/${path}`;
    if (entry.type === "tree")
      yield { path: p, body: repo.objects.trees.get(entry.sha)!.map((e) => contentEntry(gh, repo, `${path}/${e.name}`, e)) };
    else yield { path: p, body: contentFile(gh, repo, path, entry) };
  }
  // Each changed file at the commit that changed it: the contents_url of a commit's or PR's files.
  // A pull request's files link to their contents at the PR's head commit; they stay readable at every
  // commit of the PR, so a link served yesterday still answers after the branch moves on.
  const changed = [
    ...[...repo.mainCommits, ...repo.pulls.flatMap((p) => p.commits)].map((c) => [c.sha, c.files.map((f) => f.path)] as const),
    ...repo.pulls.flatMap((p) => p.commits.map((c) => [c.sha, p.files.map((f) => f.path)] as const)),
  ];
  const done = new Set<string>();
  for (const [ref, paths] of changed) {
    const tree = repo.objects.commits.get(ref)!.tree;
    for (const path of paths) {
      if (done.has(`${ref}:${path}`)) continue;
      done.add(`${ref}:${path}`);
      const entry = repo.objects.entryAt(tree, path);
      if (entry?.type === "blob") yield { path: `${base}/contents/${path}`, query: { ref }, body: contentFile(gh, repo, path, entry, ref) };
    }
  }
  const readme = root.find((e) => e.name === "README.md");
  if (readme) yield { path: `${base}/readme`, body: contentFile(gh, repo, "README.md", readme) };
  const treeShas = [...repo.objects.trees.keys()].sort();
  const rootTrees = new Set([...repo.objects.commits.values()].map((c) => c.tree));
  for (const sha of treeShas) {
    yield { path: `${base}/git/trees/${sha}`, body: treeObject(gh, repo, sha, false) };
    if (rootTrees.has(sha)) yield { path: `${base}/git/trees/${sha}`, query: { recursive: "1" }, body: treeObject(gh, repo, sha, true) };
  }
  for (const b of repo.branches) {
    const tree = repo.objects.commits.get(b.headSha)!.tree;
    yield { path: `${base}/git/trees/${b.name}`, body: treeObject(gh, repo, tree, false) };
    yield { path: `${base}/git/trees/${b.name}`, query: { recursive: "1" }, body: treeObject(gh, repo, tree, true) };
  }
  for (const sha of [...repo.objects.blobs.keys()].sort()) yield { path: `${base}/git/blobs/${sha}`, body: blobObject(gh, repo, sha) };
}
