import type { JsonValue } from "../../core/provider.js";
import type { CiJob, CiRun } from "../../world/types.js";
import { type BkBuild, type BkContext, type BkJob, bkTime, graphqlId } from "./context.js";
import { ARTIFACT_PATHS, jobCommands, pipelineJson } from "./pipelines.js";
import { jobAgentJson, userJson } from "./users.js";

/**
 * Builds and their jobs (pages/apis/rest_api/builds.md, jobs.md). A build is one CI run of the
 * repository: GitHub Actions' `queued`/`in_progress`/`success`/`failure` become Buildkite's
 * `scheduled`/`running`/`passed`/`failed`, for builds and jobs alike; pushes and pull requests come in
 * by webhook, the nightly run by schedule.
 */
export function buildState(run: CiRun): string {
  if (run.status === "queued") return "scheduled";
  if (run.status === "in_progress") return run.jobs.some((j) => j.conclusion === "failure") ? "failing" : "running";
  return run.conclusion === "failure" ? "failed" : "passed";
}

export function jobState(job: CiJob): string {
  if (job.status === "queued") return "scheduled";
  if (job.status === "in_progress") return "running";
  return job.conclusion === "failure" ? "failed" : "passed";
}

/** The build's message: the subject and body of the commit it builds. */
function message(b: BkBuild): string {
  return b.pipeline.commits.get(b.run.headSha)?.message ?? `Build ${b.run.headBranch}`;
}

/** The time the build first failed: when its first failing job finished. */
function failingAt(b: BkBuild): number | undefined {
  const ends = b.run.jobs.filter((j) => j.conclusion === "failure" && j.completedAt !== undefined).map((j) => j.completedAt!);
  return ends.length ? Math.min(...ends) : undefined;
}

/**
 * The build object. `detail` is the Get a build answer, which alone carries `job_state_counts`.
 * `options` leave the jobs or the pipeline out (`exclude_jobs`, `exclude_pipeline`).
 */
export function buildJson(
  bk: BkContext,
  b: BkBuild,
  options: { detail?: boolean; excludeJobs?: boolean; excludePipeline?: boolean } = {},
): JsonValue {
  const { run } = b;
  const started = run.jobs.length ? Math.min(...run.jobs.map((j) => j.startedAt)) : undefined;
  const failing = failingAt(b);
  const pull =
    run.pullNumber === undefined
      ? null
      : {
          id: String(run.pullNumber),
          base: b.pipeline.repo.defaultBranch,
          repository: bk.repositoryUrl(b.pipeline.repo),
          labels: b.pipeline.repo.pulls.find((p) => p.number === run.pullNumber)?.labels ?? [],
        };
  const body: Record<string, JsonValue> = {
    id: b.id,
    graphql_id: graphqlId("Build", b.id),
    url: bk.buildApi(b),
    web_url: bk.web(`/${b.pipeline.slug}/builds/${b.number}`),
    number: b.number,
    state: buildState(run),
    cancel_reason: null,
    blocked: false,
    message: message(b),
    commit: run.headSha,
    branch: run.headBranch,
    env: {},
    source: run.event === "schedule" ? "schedule" : "webhook",
    creator: userJson(bk, bk.person(run.actorId)),
  };
  if (!options.excludeJobs) body.jobs = b.jobs.map((j) => jobJson(bk, j));
  if (options.detail) body.job_state_counts = jobStateCounts(b);
  Object.assign(body, {
    created_at: bkTime(run.createdAt),
    scheduled_at: bkTime(run.createdAt),
    started_at: started === undefined ? null : bkTime(started),
    failing_at: failing === undefined ? null : bkTime(failing),
    finished_at: run.status === "completed" ? bkTime(run.updatedAt) : null,
    meta_data: {},
    pull_request: pull,
    merge_queue: null,
    rebuilt_from: null,
  });
  if (!options.excludePipeline) body.pipeline = pipelineJson(bk, b.pipeline);
  return body;
}

/** Every job of the build counted by state. */
function jobStateCounts(b: BkBuild): JsonValue {
  const states: Record<string, number> = {};
  for (const j of b.run.jobs) states[jobState(j)] = (states[jobState(j)] ?? 0) + 1;
  return { total: b.run.jobs.length, states: Object.fromEntries(Object.entries(states).sort(([a], [c]) => (a < c ? -1 : 1))) };
}

/** The exit status a finished job reports: 0, or 1 when a command failed. */
function exitStatus(job: CiJob): number | null {
  if (job.status !== "completed") return null;
  return job.conclusion === "failure" ? 1 : 0;
}

/** A job as the Jobs API writes it, and as builds embed it. */
export function jobJson(bk: BkContext, j: BkJob): JsonValue {
  const { job } = j;
  const running = job.status !== "queued";
  return {
    id: j.id,
    graphql_id: graphqlId("Job", j.id),
    type: "script",
    name: job.name,
    step_key: job.name,
    step: { id: bk.uuid(`step/${j.build.pipeline.slug}/${j.build.run.id}/${job.name}`), signature: null },
    priority: { number: 0 },
    agent_query_rules: ["queue=default"],
    state: jobState(job),
    build_url: bk.buildApi(j.build),
    web_url: bk.web(`/${j.build.pipeline.slug}/builds/${j.build.number}#${j.id}`),
    log_url: bk.jobApi(j, "/log"),
    raw_log_url: bk.jobApi(j, "/log.txt"),
    artifacts_url: bk.jobApi(j, "/artifacts"),
    command: jobCommands(job).join("\n"),
    soft_failed: false,
    exit_status: exitStatus(job),
    signal: null,
    signal_reason: null,
    broken_reason: null,
    artifact_paths: ARTIFACT_PATHS[job.name] ?? null,
    created_at: bkTime(j.build.run.createdAt),
    scheduled_at: bkTime(j.build.run.createdAt),
    runnable_at: bkTime(j.build.run.createdAt),
    concurrency_wait_time_ms: null,
    started_at: running ? bkTime(job.startedAt) : null,
    finished_at: job.completedAt === undefined ? null : bkTime(job.completedAt),
    expired_at: null,
    retried: false,
    retried_in_job_id: null,
    retries_count: null,
    retry_source: null,
    retry_type: null,
    parallel_group_index: null,
    parallel_group_total: null,
    matrix: null,
    agent: running ? jobAgentJson(bk, j.agent) : null,
    retried_by: null,
    cluster_id: null,
    cluster_url: null,
    cluster_queue_id: null,
    cluster_queue_url: null,
  };
}
