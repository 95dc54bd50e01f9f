import type { JsonObject, Resource } from "../../core/provider.js";
import { isoMillis } from "../../world/clock.js";
import {
  type CciContext,
  type CciJob,
  type CciPipeline,
  type CciProject,
  type CciWorkflow,
  jobStatus,
  workflowStatus,
  workflowStoppedAt,
} from "./context.js";
import { pagesOf } from "./lists.js";

/** CircleCI writes times with milliseconds and a `Z`. */
export const time = isoMillis;

/**
 * A pipeline as CircleCI answers it (`Pipeline`): triggered by the GitHub webhook of the push (or by the
 * nightly schedule), with the commit's subject and body and, for a pull request's branch, its review.
 */
export function pipelineJson(c: CciContext, p: CciPipeline): JsonObject {
  const { run, project } = p;
  const url = c.repoUrl(project.repo);
  const [subject, ...rest] = (p.commit?.message ?? "").split("\n");
  const body = rest.join("\n").trim();
  const receivedAt = run.createdAt - 1000 - (Number.parseInt(p.id.slice(0, 3), 16) % 1000);
  return {
    id: p.id,
    errors: [],
    project_slug: project.slug,
    updated_at: time(run.createdAt),
    number: p.number,
    trigger_parameters: {
      git: {
        branch: run.headBranch,
        checkout_sha: run.headSha,
        commit_sha: run.headSha,
        default_branch: project.repo.defaultBranch,
        repo_name: project.repo.name,
        repo_url: url,
        commit_author_name: p.commit ? c.person(p.commit.authorId).name : p.actor.name,
        commit_message: subject ?? "",
      },
      circleci: {
        event_type: run.event === "schedule" ? "schedule" : run.event === "pull_request" ? "pull_request" : "push",
        trigger_type: run.event === "schedule" ? "scheduled_pipeline" : "webhook",
      },
    },
    state: "created",
    created_at: time(run.createdAt),
    trigger: {
      received_at: time(receivedAt),
      type: run.event === "schedule" ? "scheduled_pipeline" : "webhook",
      actor: { login: p.actor.handles.github, avatar_url: c.avatar(p.actor) },
    },
    vcs: {
      origin_repository_url: url,
      target_repository_url: url,
      revision: run.headSha,
      provider_name: "GitHub",
      commit: { body, subject: subject ?? "" },
      branch: run.headBranch,
      ...(run.pullNumber === undefined ? {} : { review_id: String(run.pullNumber), review_url: `${url}/pull/${run.pullNumber}` }),
    },
  };
}

export function workflowJson(c: CciContext, w: CciWorkflow): JsonObject {
  const { run } = w.pipeline;
  const stopped = workflowStoppedAt(run);
  return {
    pipeline_id: w.pipeline.id,
    id: w.id,
    name: w.name,
    project_slug: w.pipeline.project.slug,
    status: workflowStatus(run),
    started_by: c.userId(w.pipeline.actor),
    pipeline_number: w.pipeline.number,
    created_at: time(run.createdAt),
    stopped_at: stopped === undefined ? null : time(stopped),
  };
}

/** A job of a workflow's job list: every job runs side by side, so none depends on another. */
export function workflowJobJson(j: CciJob): JsonObject {
  return {
    dependencies: [],
    job_number: j.number,
    id: j.id,
    started_at: time(j.job.startedAt),
    name: j.job.name,
    project_slug: j.workflow.pipeline.project.slug,
    status: jobStatus(j.job),
    type: "build",
    stopped_at: j.job.completedAt === undefined ? null : time(j.job.completedAt),
  };
}

/** A pipeline's configuration: the workflow of the repository's language, as `.circleci/config.yml` holds it. */
export function configJson(p: CciPipeline): JsonObject {
  const jobs = [...new Set(p.run.jobs.map((j) => j.name))].sort();
  const source = [
    "version: 2.1",
    "",
    "jobs:",
    ...jobs.flatMap((name) => [
      `  ${name}:`,
      "    docker:",
      "      - image: cimg/base:current",
      "    resource_class: medium",
      "    steps:",
      "      - checkout",
      `      - run: make ${name}`,
    ]),
    "",
    "workflows:",
    `  ${p.workflow.name}:`,
    "    jobs:",
    ...jobs.map((name) => `      - ${name}`),
    ...(p.workflow.name === "nightly"
      ? [
          "    triggers:",
          "      - schedule:",
          '          cron: "0 2 * * *"',
          "          filters:",
          "            branches:",
          `              only: ${p.project.repo.defaultBranch}`,
        ]
      : []),
    "",
  ].join("\n");
  const compiled = source
    .replace("version: 2.1", "version: 2")
    .replace(/ {6}- checkout\n/g, "      - checkout:\n          path: ~/project\n");
  return { source, compiled };
}

/** The organization's and each project's pipelines, workflows and jobs, and every one of them by id. */
export function* pipelineResources(c: CciContext): Generator<Resource> {
  const origin = c.pin.origin;
  const all = c.projects.flatMap((p) => p.pipelines).sort((a, b) => b.run.createdAt - a.run.createdAt || (a.id < b.id ? -1 : 1));
  const allJson = all.map((p) => pipelineJson(c, p));
  yield* pagesOf(origin, "api/v2/pipeline", allJson);
  yield* pagesOf(origin, "api/v2/pipeline", allJson, [["org-slug", c.orgSlug]]);
  // The same organization by its other slugs: the long VCS name, and `circleci/<org id>` (Airbyte's form).
  for (const slug of [c.orgSlug.replace(/^gh\//, "github/"), `circleci/${c.orgId}`])
    yield* pagesOf(origin, "api/v2/pipeline", allJson, [["org-slug", slug]]);
  // `mine=true` is a filter the engine evaluates; its common form is pre-rendered too (see lists.ts).
  yield* pagesOf(
    origin,
    "api/v2/pipeline",
    all.filter((p) => p.actor.id === c.me.id).map((p) => pipelineJson(c, p)),
    [
      ["mine", "true"],
      ["org-slug", c.orgSlug],
    ],
  );
  for (const project of c.projects) yield* projectPipelineResources(c, project);
}

function* projectPipelineResources(c: CciContext, project: CciProject): Generator<Resource> {
  const origin = c.pin.origin;
  const base = `api/v2/project/${project.slug}`;
  const newest = [...project.pipelines].reverse();
  yield* pagesOf(
    origin,
    `${base}/pipeline`,
    newest.map((p) => pipelineJson(c, p)),
  );
  for (const branch of [...new Set(newest.map((p) => p.run.headBranch))].sort()) {
    yield* pagesOf(
      origin,
      `${base}/pipeline`,
      newest.filter((p) => p.run.headBranch === branch).map((p) => pipelineJson(c, p)),
      [["branch", branch]],
    );
  }
  yield* pagesOf(
    origin,
    `${base}/pipeline/mine`,
    newest.filter((p) => p.actor.id === c.me.id).map((p) => pipelineJson(c, p)),
  );
  for (const p of newest) {
    const body = pipelineJson(c, p);
    yield { path: `api/v2/pipeline/${p.id}`, body };
    yield { path: `${base}/pipeline/${p.number}`, body };
    yield { path: `api/v2/pipeline/${p.id}/config`, body: configJson(p) };
    yield* pagesOf(origin, `api/v2/pipeline/${p.id}/workflow`, [workflowJson(c, p.workflow)]);
    yield { path: `api/v2/workflow/${p.workflow.id}`, body: workflowJson(c, p.workflow) };
    yield* pagesOf(origin, `api/v2/workflow/${p.workflow.id}/job`, p.workflow.jobs.map(workflowJobJson));
  }
}
