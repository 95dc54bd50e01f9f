import { LAYOUTS } from "../../world/code/languages.js";
import type { JsonObject } from "../../core/provider.js";
import type { CiJob, CiRun, Repo } from "../../world/types.js";
import { user } from "./accounts.js";
import { commitRef } from "./commits.js";
import { type BbContext, bbTime, enc, href } from "./context.js";
import { repoRef } from "./repos.js";

/** Each CI run of the world is a Bitbucket pipeline; each of its jobs a step. */
export function pipelineUuid(bb: BbContext, repo: Repo, run: CiRun): string {
  return bb.uuid(`repo/${repo.name}/pipeline/${run.id}`);
}

export function stepUuid(bb: BbContext, repo: Repo, job: CiJob): string {
  return bb.uuid(`repo/${repo.name}/step/${job.id}`);
}

export function pipelinePath(bb: BbContext, repo: Repo, run: CiRun): string {
  return `${bb.repoPath(repo)}/pipelines/${pipelineUuid(bb, repo, run)}`;
}

export function pipelineHtml(bb: BbContext, repo: Repo, run: CiRun): string {
  return `${bb.repoHtml(repo)}/pipelines/results/${run.runNumber}`;
}

function seconds(from: number, to: number | undefined): number {
  return to === undefined ? 0 : Math.round((to - from) / 1000);
}

function pipelineState(run: CiRun): JsonObject {
  if (run.status !== "completed") {
    return {
      type: "pipeline_state_in_progress",
      name: "IN_PROGRESS",
      stage: { type: "pipeline_state_in_progress_running", name: "RUNNING" },
    };
  }
  const ok = run.conclusion === "success";
  return {
    type: "pipeline_state_completed",
    name: "COMPLETED",
    result: ok
      ? { type: "pipeline_state_completed_successful", name: "SUCCESSFUL" }
      : { type: "pipeline_state_completed_failed", name: "FAILED" },
  };
}

function target(bb: BbContext, repo: Repo, run: CiRun): JsonObject {
  const pr = run.pullNumber === undefined ? undefined : repo.pulls.find((p) => p.number === run.pullNumber);
  if (pr) {
    return {
      type: "pipeline_pullrequest_target",
      source: pr.headBranch,
      destination: repo.defaultBranch,
      destination_commit: { type: "commit", hash: pr.baseSha },
      commit: commitRef(bb, repo, run.headSha),
      pullrequest: {
        type: "pullrequest",
        id: pr.number,
        title: pr.title,
        links: {
          self: href(`${bb.repoUrl(repo)}/pullrequests/${pr.number}`),
          html: href(`${bb.repoHtml(repo)}/pull-requests/${pr.number}`),
        },
      },
      selector: { type: "pullrequests", pattern: "**" },
    };
  }
  return {
    type: "pipeline_ref_target",
    ref_type: "branch",
    ref_name: run.headBranch,
    commit: commitRef(bb, repo, run.headSha),
    selector: { type: "branches", pattern: run.headBranch },
  };
}

/** `GET …/pipelines/` and `…/pipelines/{uuid}`. */
export function pipeline(bb: BbContext, repo: Repo, run: CiRun): JsonObject {
  const done = run.status === "completed";
  const used = run.jobs.reduce((n, j) => n + seconds(j.startedAt, j.completedAt), 0);
  const self = `${bb.pin.origin}/${enc(pipelinePath(bb, repo, run))}`;
  return {
    type: "pipeline",
    uuid: pipelineUuid(bb, repo, run),
    repository: repoRef(bb, repo),
    state: pipelineState(run),
    build_number: run.runNumber,
    creator: user(bb, bb.person(run.actorId)),
    target: target(bb, repo, run),
    trigger:
      run.event === "schedule" ? { type: "pipeline_trigger_schedule", name: "SCHEDULE" } : { type: "pipeline_trigger_push", name: "PUSH" },
    created_on: bbTime(run.createdAt),
    ...(done ? { completed_on: bbTime(run.updatedAt) } : {}),
    run_number: 1,
    duration_in_seconds: seconds(run.createdAt, done ? run.updatedAt : undefined),
    build_seconds_used: used,
    first_successful: false,
    expired: false,
    has_variables: false,
    links: { self: href(self), steps: href(`${self}/steps`) },
  };
}

function stepState(job: CiJob): JsonObject {
  if (job.status !== "completed") return { type: "pipeline_step_state_in_progress", name: "IN_PROGRESS" };
  const ok = job.conclusion === "success";
  return {
    type: "pipeline_step_state_completed",
    name: "COMPLETED",
    result: ok
      ? { type: "pipeline_step_state_completed_successful", name: "SUCCESSFUL" }
      : { type: "pipeline_step_state_completed_failed", name: "FAILED" },
  };
}

/** `GET …/pipelines/{uuid}/steps/` and `…/steps/{uuid}`: the job's commands as the step's script. */
export function step(bb: BbContext, repo: Repo, run: CiRun, job: CiJob): JsonObject {
  const commands = LAYOUTS[repo.language].ciJobs.find((j) => j.id === job.name)?.steps ?? [];
  const done = job.status === "completed";
  return {
    type: "pipeline_step",
    uuid: stepUuid(bb, repo, job),
    name: job.name,
    pipeline: { type: "pipeline", uuid: pipelineUuid(bb, repo, run) },
    trigger: { type: "pipeline_step_trigger_automatic" },
    state: stepState(job),
    image: { name: "atlassian/default-image:4" },
    setup_commands: [
      { name: "Clone", command: `git clone --branch="${run.headBranch}" --depth 50 ${bb.web}/${bb.ws}/${repo.name}.git $BUILD_DIR` },
    ],
    script_commands: commands.map((command) => ({ name: command, command })),
    teardown_commands: [],
    started_on: bbTime(job.startedAt),
    ...(done ? { completed_on: bbTime(job.completedAt!) } : {}),
    duration_in_seconds: seconds(job.startedAt, job.completedAt),
    build_seconds_used: seconds(job.startedAt, job.completedAt),
    max_time: 120,
    run_number: 1,
  };
}

/** The build status Pipelines reports on a commit for each pipeline that ran on it. */
export function statusKey(bb: BbContext, repo: Repo, run: CiRun): string {
  return pipelineUuid(bb, repo, run).slice(1, -1);
}

export function commitStatus(bb: BbContext, repo: Repo, run: CiRun): JsonObject {
  const state = run.status !== "completed" ? "INPROGRESS" : run.conclusion === "success" ? "SUCCESSFUL" : "FAILED";
  const commit = `${bb.repoUrl(repo)}/commit/${run.headSha}`;
  return {
    key: statusKey(bb, repo, run),
    type: "build",
    state,
    name: `Pipeline #${run.runNumber} for ${run.headBranch}`,
    refname: run.headBranch,
    url: pipelineHtml(bb, repo, run),
    description:
      state === "SUCCESSFUL" ? "Successful in pipelines" : state === "FAILED" ? "Failed in pipelines" : "In progress in pipelines",
    created_on: bbTime(run.createdAt),
    updated_on: bbTime(run.updatedAt),
    uuid: bb.uuid(`repo/${repo.name}/status/${run.id}`),
    links: { self: href(`${commit}/statuses/build/${statusKey(bb, repo, run)}`), commit: href(commit) },
    commit: commitRef(bb, repo, run.headSha),
    repository: repoRef(bb, repo),
  };
}
