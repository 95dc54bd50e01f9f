import type { JsonObject, Resource } from "../../core/provider.js";
import { isoSeconds } from "../../world/clock.js";
import type { CiRun, Commit, PullRequest, Repo } from "../../world/types.js";
import { actionsApp, checkRun, checkSuiteId } from "./commits.js";
import { type GhContext, nodeId } from "./context.js";
import { deploymentStatus, headCommit, workflowId, workflowRun } from "./delivery.js";
import { collaborator, pushers } from "./discovery.js";
import { gitRef } from "./files.js";
import { listResources } from "./lists.js";
import { minimalRepo, teamSimple } from "./repos.js";
import { issueComment, issueEvent, issueObject, labelObject, pullSimple, reviewComment } from "./threads.js";
import { simpleUser } from "./users.js";

/**
 * What GitHub's answers link to, one object or list per URL they hand out (issue 37: every URL an answer
 * hands out resolves): single comments, events, check suites, labels, reactions, annotations and the
 * repository's side lists. Where this world has none of a thing (reactions, forks, hooks), GitHub's own
 * answer is an empty list, and no single-object URL of it is ever handed out.
 */
export function* linkedRepoResources(gh: GhContext, repo: Repo): Generator<Resource> {
  const base = gh.repoPath(repo);
  const threads = [...repo.pulls, ...repo.issues];
  for (const t of threads) {
    const isPull = "headBranch" in t;
    yield* listResources(gh, `${base}/issues/${t.number}/reactions`, []);
    yield* listResources(
      gh,
      `${base}/issues/${t.number}/labels`,
      t.labels.map((l) => labelObject(gh, repo, l)),
    );
    for (const c of t.comments) {
      yield { path: `${base}/issues/comments/${c.id}`, body: issueComment(gh, repo, t.number, isPull, c) };
      yield* listResources(gh, `${base}/issues/comments/${c.id}/reactions`, []);
    }
    for (const e of t.events)
      yield { path: `${base}/issues/events/${e.id}`, body: { ...issueEvent(gh, repo, e), issue: issueObject(gh, repo, t) } };
  }
  for (const pr of repo.pulls) {
    for (const r of pr.reviews)
      for (const c of r.comments) {
        yield { path: `${base}/pulls/comments/${c.id}`, body: reviewComment(gh, repo, pr, r, c) };
        yield* listResources(gh, `${base}/pulls/comments/${c.id}/reactions`, []);
      }
    // As the pull request's `requested_reviewers` reads (threads.ts): asked, not yet reviewed, while open.
    const asked = pr.state === "open" ? pr.reviewerIds.filter((id) => !pr.reviews.some((r) => r.reviewerId === id)) : [];
    yield {
      path: `${base}/pulls/${pr.number}/requested_reviewers`,
      body: { users: asked.map((id) => simpleUser(gh, gh.person(id))), teams: [] },
    };
  }
  for (const name of gh.world.labels.map((l) => l.name))
    yield { path: `${base}/labels/${encodeURIComponent(name)}`, body: labelObject(gh, repo, name) };

  // Checks: one suite per workflow run, its runs the run's jobs.
  const commits = new Map<string, Commit>([...repo.mainCommits, ...repo.pulls.flatMap((p) => p.commits)].map((c) => [c.sha, c]));
  // Every run belongs to the one workflow (delivery.ts workflowObject): its runs are the repository's.
  const newest = [...repo.runs].sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
  // GitHub takes the workflow's id or its file name.
  for (const workflow of [String(workflowId(gh, repo)), "ci.yml"])
    yield* listResources(
      gh,
      `${base}/actions/workflows/${workflow}/runs`,
      newest.map((r) => workflowRun(gh, repo, r)),
      { envelope: "workflow_runs" },
    );
  for (const run of repo.runs) {
    const id = checkSuiteId(run);
    yield { path: `${base}/check-suites/${id}`, body: checkSuite(gh, repo, run, commits.get(run.headSha)!) };
    yield* listResources(
      gh,
      `${base}/check-suites/${id}/check-runs`,
      run.jobs.map((j) => checkRun(gh, repo, run, j)),
      { envelope: "check_runs" },
    );
    for (const j of run.jobs)
      yield* listResources(gh, `${base}/check-runs/${j.id}/annotations`, j.conclusion === "failure" ? [annotation(gh, repo, run)] : []);
    yield* listResources(gh, `${base}/actions/runs/${run.id}/artifacts`, [], { envelope: "artifacts" });
  }
  // The pull requests a commit belongs to: those it is a commit of, and the one it is the merge commit of.
  const pullsOf = new Map<string, PullRequest[]>();
  const add = (sha: string, pr: PullRequest) => pullsOf.set(sha, [...(pullsOf.get(sha) ?? []), pr]);
  for (const pr of repo.pulls) {
    for (const c of pr.commits) add(c.sha, pr);
    if (pr.mergeCommitSha) add(pr.mergeCommitSha, pr);
  }
  for (const c of commits.values()) {
    const runs = repo.runs.filter((r) => r.headSha === c.sha);
    yield* listResources(
      gh,
      `${base}/commits/${c.sha}/check-suites`,
      runs.map((r) => checkSuite(gh, repo, r, c)),
      { envelope: "check_suites" },
    );
    yield* listResources(gh, `${base}/commits/${c.sha}/comments`, []);
    yield* listResources(
      gh,
      `${base}/commits/${c.sha}/pulls`,
      (pullsOf.get(c.sha) ?? []).sort((a, b) => b.number - a.number).map((pr) => pullSimple(gh, repo, pr)),
    );
  }
  for (const d of repo.deployments)
    for (const s of d.statuses) yield { path: `${base}/deployments/${d.id}/statuses/${s.id}`, body: deploymentStatus(gh, repo, d, s) };
  for (const r of repo.releases) {
    yield* listResources(gh, `${base}/releases/${r.id}/assets`, []);
    yield* listResources(gh, `${base}/releases/${r.id}/reactions`, []);
  }

  // The repository's side lists.
  yield { path: `${base}/languages`, body: { [repo.language]: (1024 + repo.mainCommits.length * 3) * 1024 } };
  yield* listResources(gh, `${base}/contributors`, contributors(gh, repo));
  yield* listResources(
    gh,
    `${base}/teams`,
    gh.world.teams.filter((t) => t.id === repo.teamId).map((t) => ({ ...teamSimple(gh, t), permission: "push" })),
  );
  yield { path: `${base}/topics`, body: { names: repo.topics } };
  // None of these exist in this world: GitHub's answer is an empty list (hooks and invitations to an admin).
  for (const empty of ["forks", "hooks", "invitations", "subscribers", "downloads"]) yield* listResources(gh, `${base}/${empty}`, []);
  // The token's user watches every repository of their org? No one does here (subscribers_count 0): GitHub's 404.
  yield { path: `${base}/subscription`, status: 404, body: { message: "Not Found", documentation_url: DOCS_SUBSCRIPTION, status: "404" } };

  // Git references: every branch and every release tag, as git/refs lists them (by name).
  const tags = [...repo.releases].sort((a, b) => (a.tag < b.tag ? -1 : 1));
  const tagRefs = tags.map((r) => tagRef(gh, repo, r.tag, r.targetSha));
  const headRefs = [...repo.branches].sort((a, b) => (a.name < b.name ? -1 : 1)).map((b) => gitRef(gh, repo, b.name, b.headSha));
  yield* listResources(gh, `${base}/git/refs`, [...headRefs, ...tagRefs]);
  yield* listResources(gh, `${base}/git/refs/heads`, headRefs);
  yield* listResources(gh, `${base}/git/refs/tags`, tagRefs);
  yield* listResources(gh, `${base}/git/matching-refs/tags`, tagRefs);
  for (const [i, r] of tags.entries()) {
    yield { path: `${base}/git/ref/tags/${r.tag}`, body: tagRefs[i]! };
    yield { path: `${base}/git/refs/tags/${r.tag}`, body: tagRefs[i]! };
  }

  // Branch protection: the rule of a protected branch; GitHub's 404 for one that is not.
  for (const b of repo.branches) {
    const path = `${base}/branches/${b.name}/protection`;
    if (b.protected) {
      const rule = protection(gh, repo, b.name);
      yield { path, body: rule };
      // Each part of the rule at the `url` it names.
      for (const part of ["required_status_checks", "required_pull_request_reviews", "required_signatures", "enforce_admins"])
        yield { path: `${path}/${part}`, body: rule[part]! };
      yield { path: `${path}/required_status_checks/contexts`, body: ["build", "test"] };
    } else yield { path, status: 404, body: { message: "Branch not protected", documentation_url: DOCS_PROTECTION, status: "404" } };
  }

  // Downloads GitHub redirects to its own storage hosts: a 302 to a host this pin does not serve.
  for (const r of repo.releases)
    for (const kind of ["tarball", "zipball"])
      for (const ref of [r.tag, `refs/tags/${r.tag}`]) yield redirect(`${base}/${kind}/${ref}`, codeload(gh, repo, kind, ref));
  for (const run of repo.runs)
    yield redirect(
      `${base}/actions/runs/${run.id}/logs`,
      `https://pipelines.actions.githubusercontent.${gh.pin.catalog.serviceDomain}/runs/${run.id}/logs.zip`,
    );
}

const DOCS_SUBSCRIPTION = "https://docs.github.com/rest/activity/watching#get-a-repository-subscription";
const DOCS_PROTECTION = "https://docs.github.com/rest/branches/branch-protection#get-branch-protection";

function redirect(path: string, location: string): Resource {
  return { path, status: 302, headers: { location }, body: { raw: "", contentType: "text/html;charset=utf-8" } };
}

function codeload(gh: GhContext, repo: Repo, kind: string, ref: string): string {
  const format = kind === "tarball" ? "legacy.tar.gz" : "legacy.zip";
  return `https://codeload.github.${gh.pin.catalog.serviceDomain}/${gh.org}/${repo.name}/${format}/${ref.startsWith("refs/") ? ref : `refs/tags/${ref}`}`;
}

/** A lightweight tag's reference (the world tags releases without tag objects): it points at the commit. */
function tagRef(gh: GhContext, repo: Repo, tag: string, sha: string): JsonObject {
  const ref = `refs/tags/${tag}`;
  return {
    ref,
    node_id: nodeId("REF", ref),
    url: `${gh.repoUrl(repo)}/git/${ref}`,
    object: { sha, type: "commit", url: `${gh.repoUrl(repo)}/git/commits/${sha}` },
  };
}

/** `check-suite`, in the order GitHub sends its keys. */
function checkSuite(gh: GhContext, repo: Repo, run: CiRun, commit: Commit): JsonObject {
  const id = checkSuiteId(run);
  const u = `${gh.repoUrl(repo)}/check-suites/${id}`;
  return {
    id,
    node_id: nodeId("CS", id),
    head_branch: run.headBranch,
    head_sha: run.headSha,
    status: run.status,
    conclusion: run.conclusion,
    url: u,
    before: commit.parents[0] ?? "0000000000000000000000000000000000000000",
    after: run.headSha,
    pull_requests: [],
    app: actionsApp(gh),
    created_at: isoSeconds(run.createdAt),
    updated_at: isoSeconds(run.updatedAt),
    rerequestable: true,
    runs_rerequestable: false,
    latest_check_runs_count: run.jobs.length,
    check_runs_url: `${u}/check-runs`,
    head_commit: headCommit(gh, commit),
    repository: minimalRepo(gh, repo),
  };
}

/** The one annotation GitHub Actions leaves on a failed job's check run. */
function annotation(gh: GhContext, repo: Repo, run: CiRun): JsonObject {
  return {
    path: ".github",
    blob_href: `${gh.repoHtml(repo)}/blob/${run.headSha}/.github`,
    start_line: 1,
    start_column: null,
    end_line: 1,
    end_column: null,
    annotation_level: "failure",
    title: "",
    message: "Process completed with exit code 1.",
    raw_details: "",
  };
}

/** `GET /repos/{o}/{r}/contributors`: authors of the default branch, most commits first (ties by login). */
function contributors(gh: GhContext, repo: Repo): JsonObject[] {
  const counts = new Map<number, number>();
  for (const c of repo.mainCommits) counts.set(c.authorId, (counts.get(c.authorId) ?? 0) + 1);
  return [...counts]
    .map(([id, n]) => ({ p: gh.person(id), n }))
    .sort((a, b) => b.n - a.n || (a.p.handles.github < b.p.handles.github ? -1 : 1))
    .map(({ p, n }) => ({ ...simpleUser(gh, p), contributions: n }));
}

/** `GET /repos/{o}/{r}/branches/{b}/protection` for a protected branch: the checks `branches/{b}` reports. */
function protection(gh: GhContext, repo: Repo, branch: string): JsonObject {
  const u = `${gh.repoUrl(repo)}/branches/${branch}/protection`;
  const flag = (key: string, enabled: boolean) => ({ url: `${u}/${key}`, enabled });
  return {
    url: u,
    required_status_checks: {
      url: `${u}/required_status_checks`,
      strict: true,
      contexts: ["build", "test"],
      contexts_url: `${u}/required_status_checks/contexts`,
      checks: [
        { context: "build", app_id: 15_368 },
        { context: "test", app_id: 15_368 },
      ],
    },
    required_pull_request_reviews: {
      url: `${u}/required_pull_request_reviews`,
      dismiss_stale_reviews: true,
      require_code_owner_reviews: false,
      require_last_push_approval: false,
      required_approving_review_count: 1,
    },
    required_signatures: flag("required_signatures", false),
    enforce_admins: flag("enforce_admins", false),
    required_linear_history: { enabled: true },
    allow_force_pushes: { enabled: false },
    allow_deletions: { enabled: false },
    block_creations: { enabled: false },
    required_conversation_resolution: { enabled: false },
    lock_branch: { enabled: false },
    allow_fork_syncing: { enabled: false },
  };
}

/** Who may push: the repository's collaborators (discovery.ts), for `collaborators/{user}` and `assignees/{user}`. */
export function* membershipChecks(gh: GhContext, repo: Repo): Generator<Resource> {
  const base = gh.repoPath(repo);
  for (const p of pushers(gh, repo)) {
    const login = p.handles.github;
    for (const kind of ["collaborators", "assignees"])
      yield { path: `${base}/${kind}/${login}`, status: 204, body: { raw: "", contentType: "" } };
    yield {
      path: `${base}/collaborators/${login}/permission`,
      body: {
        permission: p.admin ? "admin" : "write",
        user: collaborator(gh, p),
        role_name: p.admin ? "admin" : "write",
      },
    };
  }
}
