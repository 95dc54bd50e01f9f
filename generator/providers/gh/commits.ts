import type { JsonObject } from "../../core/provider.js";
import { isoSeconds } from "../../world/clock.js";
import type { CiJob, CiRun, Commit, FileChange, Repo } from "../../world/types.js";
import { type GhContext, nodeId, ts } from "./context.js";
import { simpleAccount, simpleUser, webFlowUser } from "./users.js";

function gitIdentity(gh: GhContext, personId: number | undefined, at: number): JsonObject {
  if (personId === undefined) return { name: "GitHub", email: "noreply@github.com", date: isoSeconds(at) };
  const p = gh.person(personId);
  return { name: p.name, email: p.email, date: isoSeconds(at) };
}

/** A commit as `GET /repos/{o}/{r}/commits` lists it; `detail` adds stats and files, as the single-commit endpoint does. */
export function commitObject(gh: GhContext, repo: Repo, c: Commit, detail: boolean): JsonObject {
  // The list form appears in every branch's, author's and pull request's list: build it once.
  if (!detail) return gh.once(`commit/${repo.id}/${c.sha}`, () => buildCommitObject(gh, repo, c, false));
  return buildCommitObject(gh, repo, c, true);
}

function buildCommitObject(gh: GhContext, repo: Repo, c: Commit, detail: boolean): JsonObject {
  const u = gh.repoUrl(repo);
  const out: JsonObject = {
    sha: c.sha,
    node_id: nodeId("C", c.sha),
    url: `${u}/commits/${c.sha}`,
    html_url: `${gh.repoHtml(repo)}/commit/${c.sha}`,
    comments_url: `${u}/commits/${c.sha}/comments`,
    commit: {
      url: `${u}/git/commits/${c.sha}`,
      author: gitIdentity(gh, c.authorId, c.authoredAt),
      committer: gitIdentity(gh, c.committerId, c.committedAt),
      message: c.message,
      tree: { sha: c.treeSha, url: `${u}/git/trees/${c.treeSha}` },
      comment_count: 0,
      verification:
        c.committerId === undefined
          ? { verified: true, reason: "valid", signature: null, payload: null, verified_at: isoSeconds(c.committedAt) }
          : { verified: false, reason: "unsigned", signature: null, payload: null, verified_at: null },
    },
    author: simpleUser(gh, gh.person(c.authorId)),
    committer: c.committerId === undefined ? webFlowUser(gh) : simpleUser(gh, gh.person(c.committerId)),
    parents: c.parents.map((sha) => ({ sha, url: `${u}/commits/${sha}`, html_url: `${gh.repoHtml(repo)}/commit/${sha}` })),
  };
  if (detail) {
    const additions = c.files.reduce((n, f) => n + f.additions, 0);
    const deletions = c.files.reduce((n, f) => n + f.deletions, 0);
    out.stats = { total: additions + deletions, additions, deletions };
    out.files = c.files.map((f) => diffEntry(gh, repo, f, c.sha));
  }
  return out;
}

/** An entry of a commit's or a pull request's `files`. */
export function diffEntry(gh: GhContext, repo: Repo, f: FileChange, ref: string): JsonObject {
  const path = f.path.split("/").map(encodeURIComponent).join("/");
  return {
    sha: f.blobSha,
    filename: f.path,
    status: f.status,
    additions: f.additions,
    deletions: f.deletions,
    changes: f.additions + f.deletions,
    blob_url: `${gh.repoHtml(repo)}/blob/${ref}/${path}`,
    raw_url: `${gh.repoHtml(repo)}/raw/${ref}/${path}`,
    contents_url: `${gh.repoUrl(repo)}/contents/${path}?ref=${ref}`,
    patch: f.patch,
  };
}

/** GitHub Actions' app, the author of every check run here. */
export function actionsApp(gh: GhContext): JsonObject {
  return {
    id: 15_368,
    slug: "github-actions",
    node_id: "MDM6QXBwMTUzNjg=",
    client_id: "Iv1.05c79e9ad1f6bdfa",
    owner: simpleAccount(gh, "github", 9_919, "Organization"),
    name: "GitHub Actions",
    description: "Automate your workflow from idea to production",
    external_url: "https://help.github.com/en/actions",
    html_url: `${gh.web}/apps/github-actions`,
    created_at: "2018-07-30T09:30:17Z",
    updated_at: "2024-04-10T20:33:16Z",
    permissions: {
      actions: "write",
      checks: "write",
      contents: "write",
      deployments: "write",
      metadata: "read",
      pull_requests: "write",
      statuses: "write",
    },
    events: ["check_run", "check_suite", "pull_request", "push", "workflow_dispatch"],
  };
}

/** Check suites: one per workflow run. */
export function checkSuiteId(run: CiRun): number {
  return run.id + 3_000_000_000;
}

/** A check run: GitHub Actions creates one per job. */
export function checkRun(gh: GhContext, repo: Repo, run: CiRun, job: CiJob): JsonObject {
  const u = gh.repoUrl(repo);
  const failed = job.conclusion === "failure";
  return {
    id: job.id,
    head_sha: run.headSha,
    node_id: nodeId("CR", job.id),
    external_id: `${run.id}-${job.name}`,
    url: `${u}/check-runs/${job.id}`,
    html_url: `${gh.repoHtml(repo)}/actions/runs/${run.id}/job/${job.id}`,
    details_url: `${gh.repoHtml(repo)}/actions/runs/${run.id}/job/${job.id}`,
    status: job.status,
    conclusion: job.conclusion,
    started_at: isoSeconds(job.startedAt),
    completed_at: ts(job.completedAt),
    output: {
      title: failed ? `${job.name} failed` : null,
      summary: failed ? "Process completed with exit code 1." : null,
      text: null,
      annotations_count: failed ? 1 : 0,
      annotations_url: `${u}/check-runs/${job.id}/annotations`,
    },
    name: job.name,
    check_suite: { id: checkSuiteId(run) },
    app: actionsApp(gh),
    pull_requests: [],
  };
}
