import type { Deployment, Repo } from "../../world/types.js";
import type { JsonObject } from "../../core/provider.js";
import { user } from "./accounts.js";
import { commitRef } from "./commits.js";
import { type BbContext, bbTime } from "./context.js";
import { pipelineHtml, pipelineUuid } from "./pipelines.js";

export const ENVIRONMENTS = ["staging", "production"] as const;
type Environment = (typeof ENVIRONMENTS)[number];

export function environmentUuid(bb: BbContext, repo: Repo, env: Environment): string {
  return bb.uuid(`repo/${repo.name}/environment/${env}`);
}

export function deploymentUuid(bb: BbContext, repo: Repo, d: Deployment): string {
  return bb.uuid(`repo/${repo.name}/deployment/${d.id}`);
}

const TITLE: Record<Environment, string> = { staging: "Staging", production: "Production" };
const RANK: Record<Environment, number> = { staging: 1, production: 2 };

/** `GET …/environments/` and `…/environments/{uuid}`: the two environments the world deploys to. */
export function environment(bb: BbContext, repo: Repo, env: Environment): JsonObject {
  return {
    type: "deployment_environment",
    uuid: environmentUuid(bb, repo, env),
    name: TITLE[env],
    slug: env,
    rank: RANK[env] - 1,
    hidden: false,
    environment_type: { type: "deployment_environment_type", uuid: bb.uuid(`environment-type/${env}`), name: TITLE[env], rank: RANK[env] },
    environment_lock_enabled: true,
    deployment_gate_enabled: false,
    lock: { type: "deployment_environment_lock_open", name: "OPEN" },
    restrictions: { type: "deployment_restrictions_configuration", admin_only: env === "production" },
    category: { name: TITLE[env] },
  };
}

/** The pipeline that deployed: the push pipeline of the deployed commit. */
function deployingRun(repo: Repo, d: Deployment) {
  return repo.runs.find((r) => r.headSha === d.sha && r.event === "push");
}

/** `GET …/deployments/` and `…/deployments/{uuid}`. */
export function deployment(bb: BbContext, repo: Repo, d: Deployment): JsonObject {
  const run = deployingRun(repo, d);
  const last = d.statuses.at(-1);
  const deployer = user(bb, bb.person(d.creatorId));
  const url = run ? pipelineHtml(bb, repo, run) : `${bb.repoHtml(repo)}/deployments`;
  const done = last !== undefined && last.state !== "in_progress";
  const state: JsonObject = done
    ? {
        type: "deployment_state_completed",
        name: "COMPLETED",
        url,
        deployer,
        status:
          last.state === "success"
            ? { type: "deployment_state_completed_status_successful", name: "SUCCESSFUL" }
            : { type: "deployment_state_completed_status_failed", name: "FAILED" },
        start_date: bbTime(d.createdAt),
        completion_date: bbTime(last.createdAt),
      }
    : { type: "deployment_state_in_progress", name: "IN_PROGRESS", url, deployer, start_date: bbTime(d.createdAt) };
  const release: JsonObject = {
    type: "deployment_release",
    uuid: bb.uuid(`repo/${repo.name}/release/${d.id}`),
    name: run ? `#${run.runNumber}` : d.ref,
    url,
    commit: commitRef(bb, repo, d.sha),
    created_on: bbTime(d.createdAt),
  };
  return {
    type: "deployment",
    uuid: deploymentUuid(bb, repo, d),
    state,
    environment: { type: "deployment_environment", uuid: environmentUuid(bb, repo, d.environment) },
    release,
    ...(run
      ? {
          deployable: {
            ...release,
            type: "deployment_deployable",
            uuid: bb.uuid(`repo/${repo.name}/deployable/${d.id}`),
            pipeline: { type: "pipeline", uuid: pipelineUuid(bb, repo, run) },
          },
        }
      : {}),
    last_update_time: bbTime(last?.createdAt ?? d.createdAt),
  };
}
