import { trace } from "./traces.js";
import { gitRepository, repoRefs } from "../../core/git-http.js";
import type { PinContext, Resource, ServingProfile } from "../../core/provider.js";
import type { Person, PullRequest, Repo, Team, World } from "../../world/types.js";
import { branch, commitDetail, commitDiff, commitWithStats, commit, mergeRequestDiff } from "./commits.js";
import { GlContext } from "./context.js";
import { deployment, environment, environmentsOf, envDeployments, release, tag, tagsByDate } from "./delivery.js";
import { JSON_TYPE, methodNotAllowed, noEpic, notFound } from "./errors.js";
import { blobObject, fileObject, fileRoutes, fileSegment, treeEntries } from "./files.js";
import { type GroupRef, companyGroup, group, groupDetail, teamGroup } from "./groups.js";
import { version } from "./instance.js";
import { projectEvents } from "./events.js";
import { issue, issueNotes } from "./issues.js";
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, glPagination, listResources } from "./lists.js";
import { approvals, mrBasic, mrCommits, mrFull, mrNotes, mrPipelines, mrState, note } from "./merge-requests.js";
import { ITERATION_STATES, iteration, milestone, milestones, milestonesByDueDate } from "./planning.js";
import { job, pipeline, pipelineBasic, pipelineStatus } from "./pipelines.js";
import { mrChanges, mrDiscussions, mrVersion, mrVersionFull, versionId } from "./reviews.js";
import { labels, project, projectWithAccess, projectWithStatistics } from "./projects.js";
import { badEnum, badRequest, glLists, GRAPE_BOOLEANS } from "./queries.js";
import { ACCESS, currentUser, groupAccess, member, user, userBasic } from "./users.js";
import { defineProvider } from "../../core/define-provider.js";

/** Generation 1 has no repository files: these answer GitLab's 404 there. */
export const FILE_LINKS = /\/api\/v4\/projects\/[^/]+\/repository\/(tree|files|blobs)(\/|$)/;

const MR_STATES = ["all", "opened", "closed", "merged", "locked"] as const;
const ISSUE_STATES = ["all", "opened", "closed"] as const;
const SCOPES = ["created_by_me", "assigned_to_me", "all"] as const;
const PIPELINE_STATUSES = ["success", "failed", "running", "pending"] as const;

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

export default defineProvider({
  // What the catalog, the MCP tool and an unavailable host say of it.
  id: "gl",
  name: "GitLab",
  unavailable: { status: 503, body: { message: "503 Service Unavailable: {message}" } },
  snippet: 'import { Gitlab } from "@gitbeaker/rest";\nconst gitlab = new Gitlab({ host: "{{base_url}}", token: "any" });',
  computed: fileRoutes,
  serving(pin: PinContext, world: World, computed): ServingProfile {
    const asOf = Date.parse(pin.catalog.generations.get(pin.pin.generation)!.asOf);
    const gl = new GlContext(world, pin);
    return {
      provider: "gl",
      headers: {
        "cache-control": "max-age=0, private, must-revalidate",
        "ratelimit-limit": "2000",
        "ratelimit-name": "throttle_authenticated_api",
        "ratelimit-observed": "1",
        "ratelimit-remaining": "1999",
        "ratelimit-reset": String(Math.floor(asOf / 1000) + 60),
        "ratelimit-resettime": new Date(asOf + 60_000).toUTCString(),
        "x-content-type-options": "nosniff",
        "x-frame-options": "SAMEORIGIN",
        // GitLab's bare JSON type (errors.ts): files and computed lists are sent with it; raw bodies keep their own.
        "content-type": JSON_TYPE,
        "access-control-expose-headers":
          "Link, X-Total, X-Total-Pages, X-Page, X-Per-Page, X-Next-Page, X-Prev-Page, " +
          "RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset",
      },
      query: {
        keep: [
          "page",
          "per_page",
          "state",
          "scope",
          "ref_name",
          "with_stats",
          "ref",
          "path",
          "recursive",
          "username",
          "status",
          "environment",
          "statistics",
        ],
        defaults: [
          { param: "page", value: "1" },
          { param: "per_page", value: String(DEFAULT_PER_PAGE) },
          { param: "state", value: "all", path: "^api/v4/((projects|groups)/[^/]+/)?(merge_requests|issues)$" },
          { param: "state", value: "all", path: "^api/v4/groups/[^/]+/iterations$" },
          { param: "scope", value: "created_by_me", path: "^api/v4/(merge_requests|issues)$" },
          { param: "scope", value: "all", path: "^api/v4/(projects|groups)/[^/]+/(merge_requests|issues)$" },
          { param: "ref_name", value: "main", path: "^api/v4/projects/[^/]+/repository/commits$" },
          { param: "with_stats", value: "false", path: "^api/v4/projects/[^/]+/repository/commits$" },
          { param: "ref", value: "main", path: "^api/v4/projects/[^/]+/repository/tree$" },
          { param: "path", value: "", path: "^api/v4/projects/[^/]+/repository/tree$" },
          { param: "recursive", value: "false", path: "^api/v4/projects/[^/]+/repository/tree$" },
          { param: "statistics", value: "false", path: "^api/v4/projects/[^/]+$" },
        ],
        anyValue: [],
        clamp: [
          { param: "per_page", min: 1, max: MAX_PER_PAGE },
          { param: "page", min: 1, max: 100_000 },
        ],
        booleans: GRAPE_BOOLEANS,
      },
      errors: {
        notFound,
        methodNotAllowed,
        badRequest,
        badRequestByReason: { value: badEnum },
        // `groups/:id/epics/:epic_iid` and its `issues` (Airbyte's epic_issues stream): no epic exists.
        notFoundByPath: [{ path: `^api/v4/groups/(?:${groupIds(gl)})/epics/\\d+(?:/issues)?$`, error: noEpic }],
      },
      pagination: glPagination(pin.origin),
      lists: glLists(gl.userId(gl.viewer)),
      slashInSegment: true,
      aliases: aliases(world, pin),
      computed,
    };
  },
  *resources(world: World, pin: PinContext): Generator<Resource> {
    const gl = new GlContext(world, pin);
    yield* accounts(gl);
    yield* groups(gl);
    yield* everywhere(gl);
    for (const repo of world.repos) yield* projectResources(gl, repo);
  },
});

/**
 * Other names for the same resources: a project by `northwind%2F<name>`, a group by its path, and the
 * company's iterations from any of its groups or projects (GitLab includes ancestors' iterations).
 */
function aliases(world: World, pin: PinContext): Array<{ from: string; to: string }> {
  const gl = new GlContext(world, pin);
  const g = escapeRe(gl.group);
  const projects = world.repos.map((r) => `${gl.projectId(r)}|${g}%2F${escapeRe(r.name)}`).join("|");
  const teamGroups = world.teams.map((t) => `${gl.teamGroupId(t)}|${g}%2F${escapeRe(t.slug)}`).join("|");
  return [
    {
      from: `^api/v4/(?:groups/(?:${gl.groupId()}|${g}|${teamGroups})|projects/(?:${projects}))/iterations$`,
      to: `api/v4/groups/${gl.groupId()}/iterations`,
    },
    ...world.repos.map((r) => ({ from: `^api/v4/projects/${g}%2F${escapeRe(r.name)}(?=/|$)`, to: `api/v4/projects/${gl.projectId(r)}` })),
    ...world.teams.map((t) => ({ from: `^api/v4/groups/${g}%2F${escapeRe(t.slug)}(?=/|$)`, to: `api/v4/groups/${gl.teamGroupId(t)}` })),
    { from: `^api/v4/groups/${g}(?=/|$)`, to: `api/v4/groups/${gl.groupId()}` },
  ];
}

/** The company group's and its subgroups' ids, as a regex alternation. */
function groupIds(gl: GlContext): string {
  return [gl.groupId(), ...gl.world.teams.map((t) => gl.teamGroupId(t))].join("|");
}

function byUserId(gl: GlContext, people: Person[], desc = false): Person[] {
  return [...people].sort((a, b) => (desc ? gl.userId(b) - gl.userId(a) : gl.userId(a) - gl.userId(b)));
}

function* accounts(gl: GlContext): Generator<Resource> {
  const people = gl.world.people;
  yield { path: "api/v4/version", body: version(gl) };
  yield { path: "api/v4/user", body: currentUser(gl, gl.viewer) };
  for (const p of people) {
    yield { path: `api/v4/users/${gl.userId(p)}`, body: user(gl, p) };
    yield* listResources(gl, "api/v4/users", [userBasic(gl, p)], [["username", p.handles.gitlab]]);
    // `GET /users/:id/projects`: projects in the user's personal namespace. Every project lives in the
    // company group, so nobody has one (DevLake's remote scopes ask for the token owner's).
    yield* listResources(gl, `api/v4/users/${gl.userId(p)}/projects`, []);
  }
  // `GET /users` lists newest accounts first (order_by=id, sort=desc).
  yield* listResources(
    gl,
    "api/v4/users",
    byUserId(gl, people, true).map((p) => userBasic(gl, p)),
  );
}

function* groups(gl: GlContext): Generator<Resource> {
  const top = companyGroup(gl);
  const teams = gl.world.teams.map((t) => teamGroup(gl, t));
  const all = [top, ...teams];
  // `GET /groups` orders by name.
  yield* listResources(
    gl,
    "api/v4/groups",
    [...all].sort((a, b) => (a.name < b.name ? -1 : 1)).map((g) => group(gl, g)),
  );
  for (const g of all) {
    const base = `api/v4/groups/${g.id}`;
    yield { path: base, body: groupDetail(gl, g) };
    yield* listResources(gl, `${base}/subgroups`, g.team ? [] : teams.map((t) => group(gl, t)));
    // Teams' subgroups have none of their own, so the company's descendants are its subgroups, by name.
    yield* listResources(
      gl,
      `${base}/descendant_groups`,
      g.team ? [] : [...teams].sort((a, b) => (a.name < b.name ? -1 : 1)).map((t) => group(gl, t)),
    );
    yield* listResources(
      gl,
      `${base}/projects`,
      newestProjects(gl, g).map((r) => project(gl, r)),
    );
    yield* listResources(gl, `${base}/members`, groupMembers(gl, g));
    yield* listResources(gl, `${base}/members/all`, allMembers(gl, g.team ? directMembers(gl, g.team, g.createdAt) : []));
    yield* listResources(gl, `${base}/labels`, labels(gl));
    yield* listResources(gl, `${base}/milestones`, []);
    // The company is on Premium (iterations, merge request approvals): epics and group boards are
    // available, and none were made, since work items live in the trackers (Jira, Linear).
    yield* listResources(gl, `${base}/epics`, []);
    yield* listResources(gl, `${base}/boards`, []);
    for (const state of MR_STATES) {
      const pulls = g.team ? [] : allPulls(gl).filter(([, pr]) => state === "all" || mrState(pr) === state);
      yield* listResources(
        gl,
        `${base}/merge_requests`,
        pulls.map(([repo, pr]) => mrBasic(gl, repo, pr)),
        [["state", state]],
      );
    }
    for (const state of ISSUE_STATES) {
      const issues = g.team ? [] : allIssues(gl).filter(([, i]) => state === "all" || issueState(i) === state);
      yield* listResources(
        gl,
        `${base}/issues`,
        issues.map(([repo, i]) => issue(gl, repo, i)),
        [["state", state]],
      );
    }
  }
  const sprints = [...gl.world.sprints].sort((a, b) => a.startAt - b.startAt || a.id - b.id);
  for (const [state, pick] of Object.entries(ITERATION_STATES)) {
    yield* listResources(
      gl,
      `api/v4/groups/${top.id}/iterations`,
      sprints.filter(pick).map((s) => iteration(gl, s)),
      [["state", state]],
    );
  }
}

function newestProjects(gl: GlContext, g: GroupRef): Repo[] {
  const repos = g.team ? gl.world.repos.filter((r) => r.teamId === g.team!.id) : gl.world.repos;
  return [...repos].sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
}

function groupMembers(gl: GlContext, g: GroupRef) {
  if (!g.team) return companyMembers(gl).map(([p, access, since]) => member(gl, p, access, since));
  return directMembers(gl, g.team, g.team.createdAt).map(([p, access, since]) => member(gl, p, access, since));
}

type Membership = [Person, number, number];

/** The company group's members: everyone, the admin owning it and team leads maintaining it. */
function companyMembers(gl: GlContext): Membership[] {
  const top = companyGroup(gl);
  return byUserId(gl, gl.world.people).map((p) => [p, groupAccess(gl, p), Math.max(p.joinedAt, top.createdAt)]);
}

/** A team's direct members (of its subgroup, or of a project of its): the lead maintains, the others develop. */
function directMembers(gl: GlContext, t: Team, since: number): Membership[] {
  return byUserId(
    gl,
    t.memberIds.map((id) => gl.person(id)),
  ).map((p) => [p, p.id === t.leadId ? ACCESS.maintainer : ACCESS.developer, Math.max(p.joinedAt, since)]);
}

/**
 * `members/all` (`MembersFinder` with inherited members): direct members and the members of every
 * ancestor group, each user once with the highest access (`Member#highest_access_level`), the membership
 * that grants it kept, by user id. Every project and team subgroup sits in the company group, so every
 * person is listed.
 */
function allMembers(gl: GlContext, direct: Membership[]) {
  const best = new Map<number, Membership>();
  for (const m of [...direct, ...companyMembers(gl)]) {
    const had = best.get(m[0].id);
    if (!had || m[1] > had[1]) best.set(m[0].id, m);
  }
  return byUserId(
    gl,
    [...best.values()].map(([p]) => p),
  ).map((p) => {
    const [, access, since] = best.get(p.id)!;
    return member(gl, p, access, since);
  });
}

function issueState(i: { state: "open" | "closed" }): "opened" | "closed" {
  return i.state === "open" ? "opened" : "closed";
}

/** Every merge request of every project, newest first (GitLab's default: created_at, desc). */
function allPulls(gl: GlContext): Array<[Repo, PullRequest]> {
  return gl.once("all-pulls", () =>
    gl.world.repos
      .flatMap((r) => r.pulls.map((p) => [r, p] as [Repo, PullRequest]))
      .sort(([ra, a], [rb, b]) => b.createdAt - a.createdAt || gl.projectId(rb) - gl.projectId(ra) || b.number - a.number),
  );
}

function allIssues(gl: GlContext) {
  return gl.once("all-issues", () =>
    gl.world.repos
      .flatMap((r) => r.issues.map((i) => [r, i] as const))
      .sort(([ra, a], [rb, b]) => b.createdAt - a.createdAt || gl.projectId(rb) - gl.projectId(ra) || b.number - a.number),
  );
}

/** `GET /projects`, `GET /merge_requests` and `GET /issues`, as the viewer sees them. */
function* everywhere(gl: GlContext): Generator<Resource> {
  const newest = [...gl.world.repos].sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
  yield* listResources(
    gl,
    "api/v4/projects",
    newest.map((r) => projectWithAccess(gl, r)),
  );
  const me = gl.viewer.id;
  for (const scope of SCOPES) {
    const mine = (authorId: number, assigneeId: number | undefined) =>
      scope === "all" || (scope === "created_by_me" ? authorId === me : assigneeId === me);
    for (const state of MR_STATES) {
      const pulls = allPulls(gl).filter(([, pr]) => mine(pr.authorId, pr.authorId) && (state === "all" || mrState(pr) === state));
      yield* listResources(
        gl,
        "api/v4/merge_requests",
        pulls.map(([repo, pr]) => mrBasic(gl, repo, pr)),
        [
          ["scope", scope],
          ["state", state],
        ],
      );
    }
    for (const state of ISSUE_STATES) {
      const issues = allIssues(gl).filter(([, i]) => mine(i.authorId, i.assigneeId) && (state === "all" || issueState(i) === state));
      yield* listResources(
        gl,
        "api/v4/issues",
        issues.map(([repo, i]) => issue(gl, repo, i)),
        [
          ["scope", scope],
          ["state", state],
        ],
      );
    }
  }
}

function* projectResources(gl: GlContext, repo: Repo): Generator<Resource> {
  const base = gl.projectPath(repo);
  const team = gl.team(repo.teamId);
  yield { path: base, body: projectWithAccess(gl, repo) };
  // `statistics` is a Grape Boolean: `true` and `1` (Airbyte sends `statistics=1`) add it; `false` (the default) and `0` do not.
  for (const on of ["true", "1"]) yield { path: base, query: { statistics: on }, body: projectWithStatistics(gl, repo) };
  yield { path: base, query: { statistics: "0" }, body: projectWithAccess(gl, repo) };
  yield* listResources(gl, `${base}/labels`, labels(gl));
  // No issue board was ever opened (GitLab creates the first one when someone opens the board page).
  yield* listResources(gl, `${base}/boards`, []);
  const direct = directMembers(gl, team, repo.createdAt);
  yield* listResources(
    gl,
    `${base}/members`,
    direct.map(([p, access, since]) => member(gl, p, access, since)),
  );
  yield* listResources(gl, `${base}/members/all`, allMembers(gl, direct));
  // `GET /projects/:id/users`: every user with access to the project (the company group's members), by user id.
  yield* listResources(
    gl,
    `${base}/users`,
    byUserId(gl, gl.world.people).map((p) => userBasic(gl, p)),
  );
  yield* listResources(gl, `${base}/events`, projectEvents(gl, repo));
  // No Kubernetes agent is registered: the company deploys without GitLab's agent (a real empty list).
  yield* listResources(gl, `${base}/cluster_agents`, []);
  yield* repository(gl, repo);
  yield* mergeRequests(gl, repo);
  yield* issues(gl, repo);
  yield* ci(gl, repo);
  yield* delivery(gl, repo);
  if (gl.files) {
    yield* files(gl, repo);
    // `http_url_to_repo` serves the repository itself, over git's dumb HTTP protocol.
    yield* gitRepository(`${gl.fullPath(repo)}.git`, repo.objects, repoRefs(repo));
  }
}

/** Branches and commits: every branch's history, and each commit with its stats, diff and merge requests. */
function* repository(gl: GlContext, repo: Repo): Generator<Resource> {
  const base = `${gl.projectPath(repo)}/repository`;
  const commits = gl.commits(repo);
  const branches = [...repo.branches].sort((a, b) => (a.name < b.name ? -1 : 1));
  yield* listResources(
    gl,
    `${base}/branches`,
    branches.map((b) => branch(gl, repo, b)),
  );
  const history = (head: string) => {
    const out: string[] = [];
    for (let c = commits.get(head); c; c = c.parents[0] ? commits.get(c.parents[0]) : undefined) out.push(c.sha);
    return out;
  };
  for (const b of branches) {
    yield { path: `${base}/branches/${fileSegment(b.name)}`, body: branch(gl, repo, b) };
    const shas = history(b.headSha);
    yield* listResources(
      gl,
      `${base}/commits`,
      shas.map((sha) => commit(gl, repo, sha)),
      [["ref_name", b.name]],
    );
    yield* listResources(
      gl,
      `${base}/commits`,
      shas.map((sha) => commitWithStats(gl, repo, sha)),
      [
        ["ref_name", b.name],
        ["with_stats", "true"],
      ],
    );
    yield { path: `${base}/commits/${fileSegment(b.name)}`, body: commitDetail(gl, repo, b.headSha) };
  }
  const squashed = new Map(repo.pulls.filter((p) => p.mergeCommitSha).map((p) => [p.mergeCommitSha!, p]));
  for (const c of commits.values()) {
    yield { path: `${base}/commits/${c.sha}`, body: commitDetail(gl, repo, c.sha) };
    yield* listResources(gl, `${base}/commits/${c.sha}/diff`, c.files.map(commitDiff));
    const related = [squashed.get(c.sha), ...repo.pulls.filter((p) => p.commits.some((x) => x.sha === c.sha))].filter(
      (p): p is PullRequest => p !== undefined,
    );
    yield* listResources(
      gl,
      `${base}/commits/${c.sha}/merge_requests`,
      related.map((p) => mrBasic(gl, repo, p)),
    );
  }
}

function* mergeRequests(gl: GlContext, repo: Repo): Generator<Resource> {
  const base = `${gl.projectPath(repo)}/merge_requests`;
  const newest = [...repo.pulls].sort((a, b) => b.createdAt - a.createdAt || b.number - a.number);
  for (const state of MR_STATES) {
    yield* listResources(
      gl,
      base,
      newest.filter((p) => state === "all" || mrState(p) === state).map((p) => mrBasic(gl, repo, p)),
      [["state", state]],
    );
  }
  for (const pr of repo.pulls) {
    const p = `${base}/${pr.number}`;
    yield { path: p, body: mrFull(gl, repo, pr) };
    yield* listResources(gl, `${p}/commits`, mrCommits(gl, repo, pr));
    yield { path: `${p}/approvals`, body: approvals(gl, repo, pr) };
    yield* listResources(
      gl,
      `${p}/notes`,
      mrNotes(gl, repo, pr).map((n) => note(gl, repo, n, { id: pr.id, iid: pr.number, type: "MergeRequest" })),
    );
    yield* listResources(gl, `${p}/diffs`, pr.files.map(mergeRequestDiff));
    yield { path: `${p}/changes`, body: mrChanges(gl, repo, pr) };
    yield* listResources(gl, `${p}/discussions`, mrDiscussions(gl, repo, pr));
    yield* listResources(gl, `${p}/versions`, [mrVersion(gl, repo, pr)]);
    yield { path: `${p}/versions/${versionId(gl, repo, pr)}`, body: mrVersionFull(gl, repo, pr) };
    yield* listResources(
      gl,
      `${p}/pipelines`,
      mrPipelines(gl, repo, pr).map((r) => pipelineBasic(gl, repo, r)),
    );
  }
}

function* issues(gl: GlContext, repo: Repo): Generator<Resource> {
  const base = `${gl.projectPath(repo)}/issues`;
  const newest = [...repo.issues].sort((a, b) => b.createdAt - a.createdAt || b.number - a.number);
  for (const state of ISSUE_STATES) {
    yield* listResources(
      gl,
      base,
      newest.filter((i) => state === "all" || issueState(i) === state).map((i) => issue(gl, repo, i)),
      [["state", state]],
    );
  }
  for (const i of repo.issues) {
    yield { path: `${base}/${i.number}`, body: issue(gl, repo, i, true) };
    // Nobody awarded an emoji (every issue's `upvotes` and `downvotes` are 0): a real empty list.
    yield* listResources(gl, `${base}/${i.number}/award_emoji`, []);
    yield* listResources(
      gl,
      `${base}/${i.number}/notes`,
      issueNotes(gl, repo, i).map((n) => note(gl, repo, n, { id: i.id, iid: i.number, type: "Issue" })),
    );
  }
  const ms = milestonesByDueDate(gl, repo);
  const mbase = `${gl.projectPath(repo)}/milestones`;
  yield* listResources(
    gl,
    mbase,
    ms.map((m) => milestone(gl, repo, m)),
  );
  for (const state of ["active", "closed"] as const) {
    yield* listResources(
      gl,
      mbase,
      ms.filter((m) => m.state === state).map((m) => milestone(gl, repo, m)),
      [["state", state]],
    );
  }
  for (const m of milestones(gl, repo)) yield { path: `${mbase}/${gl.milestoneId(repo, m.iid)}`, body: milestone(gl, repo, m) };
}

/** Pipelines (newest first, filterable by `ref` and `status`), their jobs, and the project's jobs. */
function* ci(gl: GlContext, repo: Repo): Generator<Resource> {
  const base = gl.projectPath(repo);
  const runs = gl.pipelines(repo);
  yield* listResources(
    gl,
    `${base}/pipelines`,
    runs.map((r) => pipelineBasic(gl, repo, r)),
  );
  yield* listResources(
    gl,
    `${base}/pipelines`,
    runs.filter((r) => r.event !== "pull_request").map((r) => pipelineBasic(gl, repo, r)),
    [["ref", repo.defaultBranch]],
  );
  for (const status of PIPELINE_STATUSES) {
    yield* listResources(
      gl,
      `${base}/pipelines`,
      runs.filter((r) => pipelineStatus(r) === status).map((r) => pipelineBasic(gl, repo, r)),
      [["status", status]],
    );
  }
  for (const r of runs) {
    yield { path: `${base}/pipelines/${gl.pipelineId(r)}`, body: pipeline(gl, repo, r) };
    yield* listResources(
      gl,
      `${base}/pipelines/${gl.pipelineId(r)}/jobs`,
      gl.runJobs(r).map((j) => job(gl, repo, r, j)),
    );
    // No pipeline triggers a downstream pipeline: no trigger jobs.
    yield* listResources(gl, `${base}/pipelines/${gl.pipelineId(r)}/bridges`, []);
  }
  const jobs = runs.flatMap((r) => gl.runJobs(r).map((j) => [r, j] as const)).sort(([, a], [, b]) => gl.jobId(b.id) - gl.jobId(a.id));
  yield* listResources(
    gl,
    `${base}/jobs`,
    jobs.map(([r, j]) => job(gl, repo, r, j)),
  );
  for (const [r, j] of jobs) {
    yield { path: `${base}/jobs/${gl.jobId(j.id)}`, body: job(gl, repo, r, j) };
    // lib/api/ci/jobs.rb answers the log as `text/plain`.
    yield { path: `${base}/jobs/${gl.jobId(j.id)}/trace`, body: { raw: trace(gl, repo, r, j), contentType: "text/plain" } };
  }
}

/** Environments, deployments (oldest first, GitLab's default order) and releases (newest first). */
function* delivery(gl: GlContext, repo: Repo): Generator<Resource> {
  const base = gl.projectPath(repo);
  const envs = environmentsOf(repo);
  yield* listResources(
    gl,
    `${base}/environments`,
    envs.map((e) => environment(gl, repo, e)),
  );
  for (const e of envs) {
    yield { path: `${base}/environments/${gl.environmentId(repo, e)}`, body: environment(gl, repo, e, true) };
    yield* listResources(
      gl,
      `${base}/deployments`,
      envDeployments(repo, e).map((d) => deployment(gl, repo, d)),
      [["environment", e]],
    );
  }
  yield* listResources(
    gl,
    `${base}/deployments`,
    repo.deployments.map((d) => deployment(gl, repo, d)),
  );
  for (const d of repo.deployments) yield { path: `${base}/deployments/${gl.deploymentId(d)}`, body: deployment(gl, repo, d) };
  yield* listResources(
    gl,
    `${base}/repository/tags`,
    tagsByDate(gl, repo).map((r) => tag(gl, repo, r)),
  );
  for (const r of repo.releases) yield { path: `${base}/repository/tags/${fileSegment(r.tag)}`, body: tag(gl, repo, r) };
  const releases = [...repo.releases].sort((a, b) => b.publishedAt - a.publishedAt || b.id - a.id);
  yield* listResources(
    gl,
    `${base}/releases`,
    releases.map((r) => release(gl, repo, r)),
  );
  for (const r of releases) yield { path: `${base}/releases/${r.tag}`, body: release(gl, repo, r) };
  if (releases[0]) yield { path: `${base}/releases/permalink/latest`, body: release(gl, repo, releases[0]) };
}

/**
 * Generation 5: the tree at every branch (each directory, and the whole tree with `recursive=true`), each
 * file at every branch, each file a commit of the default branch changed at that commit, each file a merge
 * request changed at its head commit, and every blob. The raw endpoints are computed
 * from these (see files.ts).
 */
function* files(gl: GlContext, repo: Repo): Generator<Resource> {
  const base = `${gl.projectPath(repo)}/repository`;
  const done = new Set<string>();
  const fileAt = function* (path: string, blobSha: string, ref: string, commitSha: string): Generator<Resource> {
    if (done.has(`${ref}\u0000${path}`)) return;
    done.add(`${ref}\u0000${path}`);
    const { body, headers } = fileObject(gl, repo, path, blobSha, ref, commitSha);
    yield { path: `${base}/files/${fileSegment(path)}`, query: { ref }, headers, body };
  };
  for (const b of repo.branches) {
    const tree = gl.gitCommit(repo, b.headSha).tree;
    const ref: Array<[string, string]> = b.name === repo.defaultBranch ? [] : [["ref", b.name]];
    yield* listResources(gl, `${base}/tree`, treeEntries(repo, tree, "", false), ref);
    yield* listResources(gl, `${base}/tree`, treeEntries(repo, tree, "", true), [...ref, ["recursive", "true"]]);
    for (const [path, e] of repo.objects.walk(tree)) {
      if (e.type === "tree")
        yield* listResources(gl, `${base}/tree`, treeEntries(repo, e.sha, `${path}/`, false), [...ref, ["path", path]]);
      else yield* fileAt(path, e.sha, b.name, b.headSha);
    }
  }
  for (const c of repo.mainCommits) for (const f of c.files) if (f.status !== "removed") yield* fileAt(f.path, f.blobSha, c.sha, c.sha);
  for (const pr of repo.pulls) {
    const head = pr.commits.at(-1)?.sha;
    if (head) for (const f of pr.files) if (f.status !== "removed") yield* fileAt(f.path, f.blobSha, head, head);
  }
  for (const sha of [...repo.objects.blobs.keys()].sort()) yield { path: `${base}/blobs/${sha}`, body: blobObject(repo, sha) };
}
