import type { JsonValue } from "../../core/provider.js";
import type { BkContext, BkJob } from "./context.js";
import { ARTIFACT_PATHS, jobCommands } from "./pipelines.js";

/** The job's environment (jobs.md, "Get a job's environment variables"): what the agent set for it, keys sorted. */
export function jobEnvJson(bk: BkContext, j: BkJob): JsonValue {
  const { build } = j;
  const creator = bk.person(build.run.actorId);
  const env: Record<string, string> = {
    BUILDKITE: "true",
    BUILDKITE_AGENT_META_DATA_QUEUE: "default",
    BUILDKITE_AGENT_NAME: j.agent.name,
    BUILDKITE_ARTIFACT_PATHS: ARTIFACT_PATHS[j.job.name] ?? "",
    BUILDKITE_BRANCH: build.run.headBranch,
    BUILDKITE_BUILD_CREATOR: creator.name,
    BUILDKITE_BUILD_CREATOR_EMAIL: creator.email,
    BUILDKITE_BUILD_ID: build.id,
    BUILDKITE_BUILD_NUMBER: String(build.number),
    BUILDKITE_BUILD_URL: bk.web(`/${build.pipeline.slug}/builds/${build.number}`),
    BUILDKITE_COMMAND: jobCommands(j.job).join("\n"),
    BUILDKITE_COMMIT: build.run.headSha,
    BUILDKITE_JOB_ID: j.id,
    BUILDKITE_MESSAGE: build.pipeline.commits.get(build.run.headSha)?.message ?? "",
    BUILDKITE_ORGANIZATION_SLUG: bk.org.slug,
    BUILDKITE_PIPELINE_DEFAULT_BRANCH: build.pipeline.repo.defaultBranch,
    BUILDKITE_PIPELINE_PROVIDER: "github",
    BUILDKITE_PIPELINE_SLUG: build.pipeline.slug,
    BUILDKITE_PULL_REQUEST: build.run.pullNumber === undefined ? "false" : String(build.run.pullNumber),
    BUILDKITE_PULL_REQUEST_BASE_BRANCH: build.run.pullNumber === undefined ? "" : build.pipeline.repo.defaultBranch,
    BUILDKITE_REPO: bk.repositoryUrl(build.pipeline.repo),
    BUILDKITE_REPO_SSH_HOST: "github.com",
    BUILDKITE_SOURCE: build.run.event === "schedule" ? "schedule" : "webhook",
    BUILDKITE_STEP_KEY: j.job.name,
    BUILDKITE_TAG: "",
    CI: "true",
  };
  return { env };
}
