import { keyedHex } from "../../core/keyed.js";
import type { JsonValue } from "../../core/provider.js";
import type { CiJob } from "../../world/types.js";
import { type BkContext, type BkPipeline, bkTime, graphqlId } from "./context.js";
import { userJson } from "./users.js";

/**
 * A pipeline (pages/apis/rest_api/pipelines.md): a YAML pipeline whose one UI step uploads
 * `.buildkite/pipeline.yml`, and whose configuration holds the steps its builds run — the
 * repository's CI jobs (build, test, lint) with the commands their runs execute.
 */
export function pipelineJson(bk: BkContext, p: BkPipeline): JsonValue {
  const counts = liveCounts(p);
  return {
    id: p.id,
    graphql_id: graphqlId("Pipeline", p.id),
    url: bk.pipelineApi(p),
    web_url: bk.web(`/${p.slug}`),
    name: p.slug,
    description: p.repo.description,
    slug: p.slug,
    repository: bk.repositoryUrl(p.repo),
    cluster_id: null,
    branch_configuration: null,
    default_branch: p.repo.defaultBranch,
    skip_queued_branch_builds: false,
    skip_queued_branch_builds_filter: null,
    cancel_running_branch_builds: false,
    cancel_running_branch_builds_filter: null,
    allow_rebuilds: true,
    provider: {
      id: "github",
      webhook_url: "",
      settings: {
        trigger_mode: "code",
        build_pull_requests: true,
        pull_request_branch_filter_enabled: false,
        skip_pull_request_builds_for_existing_commits: true,
        build_pull_request_forks: false,
        prefix_pull_request_fork_branch_names: true,
        build_tags: false,
        publish_commit_status: true,
        publish_commit_status_per_step: false,
        publish_blocked_as_pending: false,
        repository: `${bk.world.company.slug}/${p.repo.name}`,
      },
    },
    builds_url: bk.pipelineApi(p, "/builds"),
    badge_url: `https://badge.buildkite.com/${badgeToken(bk, p)}.svg`,
    created_by: userJson(bk, p.creator),
    created_at: bkTime(p.createdAt),
    archived_at: null,
    env: {},
    ...counts,
    visibility: "private",
    configuration: configuration(p),
    steps: [
      {
        type: "script",
        name: ":pipeline:",
        command: "buildkite-agent pipeline upload",
        artifact_paths: null,
        branch_configuration: null,
        env: {},
        timeout_in_minutes: null,
        agent_query_rules: [],
        concurrency: null,
        parallelism: null,
      },
    ],
  };
}

/** What is scheduled and running at the as-of instant. */
function liveCounts(p: BkPipeline): Record<string, number> {
  const scheduled = p.builds.filter((b) => b.run.status === "queued");
  const running = p.builds.filter((b) => b.run.status === "in_progress");
  const jobs = p.builds.flatMap((b) => b.run.jobs);
  return {
    scheduled_builds_count: scheduled.length,
    running_builds_count: running.length,
    scheduled_jobs_count: jobs.filter((j) => j.status === "queued").length,
    running_jobs_count: jobs.filter((j) => j.status === "in_progress").length,
    waiting_jobs_count: 0,
  };
}

/** The commands a CI job runs: its `Run …` steps, less the checkout Buildkite's agent does itself. */
export function jobCommands(job: CiJob): string[] {
  return job.steps.filter((s) => s.name.startsWith("Run ") && !s.name.startsWith("Run actions/")).map((s) => s.name.slice(4));
}

/** What a job uploads as artifacts, by its step key. */
export const ARTIFACT_PATHS: Record<string, string> = { build: "dist/*", test: "test-results/*.xml" };

/** `.buildkite/pipeline.yml` as the pipeline's YAML configuration: one command step per CI job of its latest build. */
function configuration(p: BkPipeline): string {
  const latest = [...p.builds].reverse().find((b) => b.run.jobs.length) ?? undefined;
  const jobs = latest?.run.jobs ?? [];
  const lines = ["steps:"];
  for (const job of jobs) {
    lines.push(`  - label: "${job.name}"`, `    key: "${job.name}"`);
    const commands = jobCommands(job);
    if (commands.length === 1) lines.push(`    command: "${commands[0]!.replaceAll('"', '\\"')}"`);
    else lines.push("    commands:", ...commands.map((c) => `      - "${c.replaceAll('"', '\\"')}"`));
    const artifacts = ARTIFACT_PATHS[job.name];
    if (artifacts) lines.push(`    artifact_paths: "${artifacts}"`);
  }
  return `${lines.join("\n")}\n`;
}

/** The badge's token: 50 hex characters keyed by the pipeline. */
function badgeToken(bk: BkContext, p: BkPipeline): string {
  return keyedHex([bk.world.generation.seed, "buildkite", "badge", p.slug], 50);
}
