import type { JsonObject } from "../../core/provider.js";
import { isoSeconds } from "../../world/clock.js";
import type { CiJob, CiRun, Commit, Deployment, Release, Repo } from "../../world/types.js";
import { checkSuiteId } from "./commits.js";
import { type GhContext, nodeId, ts } from "./context.js";
import { minimalRepo } from "./repos.js";
import { simpleUser } from "./users.js";

export function workflowId(gh: GhContext, repo: Repo): number {
  return 70_000_000 + (gh.repoId(repo) % 10_000_000);
}

export function workflowObject(gh: GhContext, repo: Repo): JsonObject {
  const id = workflowId(gh, repo);
  return {
    id,
    node_id: nodeId("W", id),
    name: "CI",
    path: ".github/workflows/ci.yml",
    state: "active",
    created_at: isoSeconds(repo.createdAt),
    updated_at: isoSeconds(repo.createdAt),
    url: `${gh.repoUrl(repo)}/actions/workflows/${id}`,
    html_url: `${gh.repoHtml(repo)}/blob/${repo.defaultBranch}/.github/workflows/ci.yml`,
    badge_url: `${gh.repoHtml(repo)}/workflows/CI/badge.svg`,
  };
}

/** A run's or a check suite's `head_commit`: git's names and emails, GitHub's own for a commit it made. */
export function headCommit(gh: GhContext, commit: Commit): JsonObject {
  const person = (id: number | undefined) =>
    id === undefined ? { name: "GitHub", email: "noreply@github.com" } : { name: gh.person(id).name, email: gh.person(id).email };
  return {
    id: commit.sha,
    tree_id: commit.treeSha,
    message: commit.message,
    timestamp: isoSeconds(commit.committedAt),
    author: person(commit.authorId),
    committer: person(commit.committerId),
  };
}

export function workflowRun(gh: GhContext, repo: Repo, run: CiRun): JsonObject {
  const u = `${gh.repoUrl(repo)}/actions/runs/${run.id}`;
  const commit =
    repo.mainCommits.find((c) => c.sha === run.headSha) ?? repo.pulls.flatMap((p) => p.commits).find((c) => c.sha === run.headSha)!;
  const actor = simpleUser(gh, gh.person(run.actorId));
  const pr = run.pullNumber === undefined ? undefined : repo.pulls.find((p) => p.number === run.pullNumber);
  return {
    id: run.id,
    name: run.workflowName,
    node_id: nodeId("WFR", run.id),
    head_branch: run.headBranch,
    head_sha: run.headSha,
    path: ".github/workflows/ci.yml",
    display_title: commit.message.split("\n")[0]!,
    run_number: run.runNumber,
    event: run.event,
    status: run.status,
    conclusion: run.conclusion,
    workflow_id: workflowId(gh, repo),
    check_suite_id: checkSuiteId(run),
    check_suite_node_id: nodeId("CS", checkSuiteId(run)),
    url: u,
    html_url: `${gh.repoHtml(repo)}/actions/runs/${run.id}`,
    pull_requests: pr
      ? [
          {
            id: pr.id,
            number: pr.number,
            url: `${gh.repoUrl(repo)}/pulls/${pr.number}`,
            head: { ref: pr.headBranch, sha: run.headSha, repo: { id: gh.repoId(repo), url: gh.repoUrl(repo), name: repo.name } },
            base: { ref: repo.defaultBranch, sha: pr.baseSha, repo: { id: gh.repoId(repo), url: gh.repoUrl(repo), name: repo.name } },
          },
        ]
      : [],
    created_at: isoSeconds(run.createdAt),
    updated_at: isoSeconds(run.updatedAt),
    actor,
    run_attempt: 1,
    referenced_workflows: [],
    run_started_at: isoSeconds(run.createdAt),
    triggering_actor: actor,
    jobs_url: `${u}/jobs`,
    logs_url: `${u}/logs`,
    check_suite_url: `${gh.repoUrl(repo)}/check-suites/${checkSuiteId(run)}`,
    artifacts_url: `${u}/artifacts`,
    cancel_url: `${u}/cancel`,
    rerun_url: `${u}/rerun`,
    previous_attempt_url: null,
    workflow_url: `${gh.repoUrl(repo)}/actions/workflows/${workflowId(gh, repo)}`,
    head_commit: headCommit(gh, commit),
    repository: minimalRepo(gh, repo),
    head_repository: minimalRepo(gh, repo),
    head_repository_id: gh.repoId(repo),
  };
}

export function job(gh: GhContext, repo: Repo, run: CiRun, j: CiJob): JsonObject {
  const u = gh.repoUrl(repo);
  return {
    id: j.id,
    run_id: run.id,
    run_url: `${u}/actions/runs/${run.id}`,
    run_attempt: 1,
    node_id: nodeId("CR", j.id),
    head_sha: run.headSha,
    url: `${u}/actions/jobs/${j.id}`,
    html_url: `${gh.repoHtml(repo)}/actions/runs/${run.id}/job/${j.id}`,
    status: j.status,
    conclusion: j.conclusion,
    created_at: isoSeconds(run.createdAt),
    started_at: isoSeconds(j.startedAt),
    completed_at: ts(j.completedAt),
    name: j.name,
    steps: j.steps.map((s) => ({
      name: s.name,
      status: s.completedAt === undefined ? "in_progress" : "completed",
      conclusion: s.conclusion,
      number: s.number,
      started_at: isoSeconds(s.startedAt),
      completed_at: ts(s.completedAt),
    })),
    check_run_url: `${u}/check-runs/${j.id}`,
    labels: ["ubuntu-24.04"],
    runner_id: 1_000 + (j.id % 50),
    runner_name: `GitHub Actions ${1_000 + (j.id % 50)}`,
    runner_group_id: 0,
    runner_group_name: "GitHub Actions",
    workflow_name: run.workflowName,
    head_branch: run.headBranch,
  };
}

export function release(gh: GhContext, repo: Repo, r: Release): JsonObject {
  const u = `${gh.repoUrl(repo)}/releases/${r.id}`;
  return {
    url: u,
    assets_url: `${u}/assets`,
    upload_url: `https://uploads.github.${gh.pin.catalog.serviceDomain}/repos/${gh.org}/${repo.name}/releases/${r.id}/assets{?name,label}`,
    html_url: `${gh.repoHtml(repo)}/releases/tag/${r.tag}`,
    id: r.id,
    author: simpleUser(gh, gh.person(r.authorId)),
    node_id: nodeId("RE", r.id),
    tag_name: r.tag,
    target_commitish: r.targetSha,
    name: r.name,
    draft: false,
    immutable: false,
    prerelease: r.prerelease,
    created_at: isoSeconds(r.createdAt),
    updated_at: isoSeconds(r.publishedAt),
    published_at: isoSeconds(r.publishedAt),
    assets: [],
    tarball_url: `${gh.repoUrl(repo)}/tarball/${r.tag}`,
    zipball_url: `${gh.repoUrl(repo)}/zipball/${r.tag}`,
    body: r.body,
  };
}

export function deployment(gh: GhContext, repo: Repo, d: Deployment): JsonObject {
  const u = `${gh.repoUrl(repo)}/deployments/${d.id}`;
  return {
    url: u,
    id: d.id,
    node_id: nodeId("DE", d.id),
    sha: d.sha,
    ref: d.ref,
    task: "deploy",
    payload: {},
    original_environment: d.environment,
    environment: d.environment,
    description: `Deploy ${d.ref} to ${d.environment}`,
    creator: simpleUser(gh, gh.person(d.creatorId)),
    created_at: isoSeconds(d.createdAt),
    updated_at: isoSeconds(d.statuses.at(-1)?.createdAt ?? d.createdAt),
    statuses_url: `${u}/statuses`,
    repository_url: gh.repoUrl(repo),
    transient_environment: false,
    production_environment: d.environment === "production",
  };
}

export function deploymentStatus(gh: GhContext, repo: Repo, d: Deployment, s: Deployment["statuses"][number]): JsonObject {
  const u = `${gh.repoUrl(repo)}/deployments/${d.id}`;
  return {
    url: `${u}/statuses/${s.id}`,
    id: s.id,
    node_id: nodeId("DES", s.id),
    state: s.state,
    creator: simpleUser(gh, gh.person(s.creatorId)),
    description: s.description,
    environment: d.environment,
    target_url: `${gh.repoHtml(repo)}/deployments/${d.environment}`,
    log_url: `${gh.repoHtml(repo)}/deployments/${d.environment}`,
    created_at: isoSeconds(s.createdAt),
    updated_at: isoSeconds(s.createdAt),
    deployment_url: u,
    repository_url: gh.repoUrl(repo),
    environment_url: `https://${d.environment === "production" ? "" : "staging."}${repo.name}.${gh.world.company.domain}`,
  };
}
