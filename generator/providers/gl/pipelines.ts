import type { CiJob, CiRun, Repo } from "../../world/types.js";
import type { JsonObject } from "../../core/provider.js";
import { commit } from "./commits.js";
import { type GlContext, ZERO_SHA, ts } from "./context.js";
import { trace } from "./traces.js";
import { user, userBasic } from "./users.js";

/**
 * CI: each of the world's runs is a pipeline. Runs on the default branch are `push` pipelines on
 * `main`; runs for a pull request are merge request pipelines on `refs/merge-requests/<iid>/head`, as
 * GitLab runs them for merge requests. Each run's jobs keep their names; `build` runs in the build stage,
 * the others in test.
 */
export function pipelineStatus(run: Pick<CiRun, "status" | "conclusion">): string {
  if (run.status === "queued") return "pending";
  if (run.status === "in_progress") return "running";
  return run.conclusion === "failure" ? "failed" : "success";
}

export function pipelineRef(run: CiRun): string {
  return run.pullNumber === undefined ? run.headBranch : `refs/merge-requests/${run.pullNumber}/head`;
}

/** `PipelineBasic`: lists, and the pipeline embedded in jobs, commits and merge requests. */
export function pipelineBasic(gl: GlContext, repo: Repo, run: CiRun): JsonObject {
  return gl.once(`pipeline-basic/${run.id}`, () => {
    const id = gl.pipelineId(run);
    return {
      id,
      iid: run.runNumber,
      project_id: gl.projectId(repo),
      sha: run.headSha,
      ref: pipelineRef(run),
      status: pipelineStatus(run),
      source: run.event === "pull_request" ? "merge_request_event" : run.event,
      created_at: ts(run.createdAt),
      updated_at: ts(run.updatedAt),
      web_url: `${gl.projectWeb(repo)}/-/pipelines/${id}`,
    };
  });
}

const STATUS_TEXT: Record<string, [string, string]> = {
  success: ["Passed", "passed"],
  failed: ["Failed", "failed"],
  running: ["Running", "running"],
  pending: ["Pending", "pending"],
};

function detailedStatus(status: string, detailsPath: string): JsonObject {
  const [text, label] = STATUS_TEXT[status]!;
  return {
    icon: `status_${status}`,
    text,
    label,
    group: status,
    tooltip: label,
    has_details: true,
    details_path: detailsPath,
    illustration: null,
    favicon: `/assets/ci_favicons/favicon_status_${status}.png`,
  };
}

function span(run: CiRun): { started: number | undefined; finished: number | undefined } {
  const started = run.jobs.length ? Math.min(...run.jobs.map((j) => j.startedAt)) : undefined;
  const finished = run.status === "completed" ? Math.max(...run.jobs.map((j) => j.completedAt ?? j.startedAt)) : undefined;
  return { started, finished };
}

/** `Pipeline`: `GET /projects/:id/pipelines/:pipeline_id`, and a merge request's `head_pipeline`. */
export function pipeline(gl: GlContext, repo: Repo, run: CiRun): JsonObject {
  return gl.once(`pipeline/${run.id}`, () => {
    const { started, finished } = span(run);
    const parent = run.event !== "pull_request" ? gl.gitCommit(repo, run.headSha).parents[0] : undefined;
    const status = pipelineStatus(run);
    return {
      ...pipelineBasic(gl, repo, run),
      before_sha: parent ?? ZERO_SHA,
      tag: false,
      yaml_errors: null,
      user: userBasic(gl, gl.person(run.actorId)),
      started_at: ts(started),
      finished_at: ts(finished),
      committed_at: null,
      duration: started !== undefined && finished !== undefined ? Math.round((finished - started) / 1000) : null,
      queued_duration: started !== undefined ? Math.round((started - run.createdAt) / 1000) : null,
      coverage: null,
      detailed_status: detailedStatus(status, `/${gl.fullPath(repo)}/-/pipelines/${gl.pipelineId(run)}`),
    };
  });
}

function jobStatus(j: CiJob): string {
  return pipelineStatus(j);
}

/** The runner version every job ran on. */
export const RUNNER_VERSION = "17.11.0";

/** The runner manager's system id that picked up a job. */
export function runnerSystemId(j: CiJob): string {
  return `s_${(j.id % 0xffffffffff).toString(16).padStart(10, "0")}`;
}

export function runner(gl: GlContext): JsonObject {
  return {
    id: 12_270_859,
    description: `3-green.saas-linux-small-amd64.runners-manager.gitlab.${gl.pin.catalog.serviceDomain}/default`,
    ip_address: null,
    active: true,
    paused: false,
    is_shared: true,
    runner_type: "instance_type",
    name: "gitlab-runner",
    online: true,
    status: "online",
  };
}

/** `Job`: a pipeline's jobs, a project's jobs and `GET /projects/:id/jobs/:job_id`. */
export function job(gl: GlContext, repo: Repo, run: CiRun, j: CiJob): JsonObject {
  const id = gl.jobId(j.id);
  const status = jobStatus(j);
  // A deploy job (deploy-jobs.ts) is manual: played by the deployment's creator, enqueued when played.
  const deploy = gl.deployOfJob(j.id);
  const seconds = (ms: number) => Math.round(ms) / 1000;
  const out: JsonObject = {
    id,
    status,
    stage: deploy ? "deploy" : j.name === "build" ? "build" : "test",
    name: j.name,
    ref: pipelineRef(run),
    tag: false,
    coverage: null,
    allow_failure: deploy !== undefined,
    created_at: ts(run.createdAt),
    started_at: ts(j.startedAt),
    finished_at: ts(j.completedAt),
    erased_at: null,
    duration: j.completedAt === undefined ? null : seconds(j.completedAt - j.startedAt),
    queued_duration: deploy ? 1.2 : seconds(j.startedAt - run.createdAt),
    user: user(gl, gl.person(deploy ? deploy.deployment.creatorId : run.actorId)),
    commit: commit(gl, repo, run.headSha),
    pipeline: pipelineBasic(gl, repo, run),
  };
  if (status === "failed") out.failure_reason = "script_failure";
  Object.assign(out, {
    web_url: `${gl.projectWeb(repo)}/-/jobs/${id}`,
    project: { ci_job_token_scope_enabled: false },
    artifacts: traceArtifact(gl, repo, run, j),
    runner: runner(gl),
    runner_manager: {
      id: 41_000_000 + (j.id % 1000),
      system_id: runnerSystemId(j),
      version: RUNNER_VERSION,
      revision: "0f67ff19",
      platform: "linux",
      architecture: "amd64",
      created_at: ts(gl.world.start),
      contacted_at: ts(gl.world.asOf),
      ip_address: null,
      status: "online",
    },
    artifacts_expire_at: null,
    archived: false,
    tag_list: [],
  });
  return out;
}

/** A finished job's log, as the `trace` artifact GitLab lists for it (`job.log`, its size in bytes). */
function traceArtifact(gl: GlContext, repo: Repo, run: CiRun, j: CiJob): JsonObject[] {
  if (j.completedAt === undefined) return [];
  return [{ file_type: "trace", size: Buffer.byteLength(trace(gl, repo, run, j), "utf8"), filename: "job.log", file_format: null }];
}
