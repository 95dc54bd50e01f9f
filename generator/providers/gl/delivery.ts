import { createHash } from "node:crypto";
import type { JsonObject } from "../../core/provider.js";
import type { Deployment, Release, Repo } from "../../world/types.js";
import { commit } from "./commits.js";
import { type GlContext, ts } from "./context.js";
import { job } from "./pipelines.js";
import { issueMilestone, milestone, milestones } from "./planning.js";
import { userBasic } from "./users.js";

/** Releases, newest first: each weekly tag, its commit, its milestone and the archive links GitLab offers. */
export function release(gl: GlContext, repo: Repo, r: Release): JsonObject {
  const web = gl.projectWeb(repo);
  const m = milestones(gl, repo).find((x) => x.title === r.tag);
  const q = `release_tag=${r.tag}&scope=all`;
  const issues = m ? repo.issues.filter((i) => issueMilestone(gl, repo, i)?.iid === m.iid) : [];
  return {
    name: r.name,
    tag_name: r.tag,
    description: r.body,
    created_at: ts(r.createdAt),
    released_at: ts(r.publishedAt),
    upcoming_release: false,
    historical_release: false,
    author: userBasic(gl, gl.person(r.authorId)),
    commit: commit(gl, repo, r.targetSha),
    milestones: m
      ? [{ ...milestone(gl, repo, m), issue_stats: { total: issues.length, closed: issues.filter((i) => i.state === "closed").length } }]
      : [],
    commit_path: `/${gl.fullPath(repo)}/-/commit/${r.targetSha}`,
    tag_path: `/${gl.fullPath(repo)}/-/tags/${r.tag}`,
    assets: {
      count: 4,
      sources: ["zip", "tar.gz", "tar.bz2", "tar"].map((format) => ({
        format,
        url: `${web}/-/archive/${r.tag}/${repo.name}-${r.tag}.${format}`,
      })),
      links: [],
    },
    evidences: [
      {
        sha: createHash("sha256").update(`${repo.name}/${r.tag}/${r.targetSha}`).digest("hex").slice(0, 42),
        filepath: `${web}/-/releases/${r.tag}/evidences/${r.id % 10_000_000}.json`,
        collected_at: ts(r.publishedAt),
      },
    ],
    _links: {
      closed_issues_url: `${web}/-/issues?${q}&state=closed`,
      closed_merge_requests_url: `${web}/-/merge_requests?${q}&state=closed`,
      edit_url: `${web}/-/releases/${r.tag}/edit`,
      merged_merge_requests_url: `${web}/-/merge_requests?${q}&state=merged`,
      opened_issues_url: `${web}/-/issues?${q}&state=opened`,
      opened_merge_requests_url: `${web}/-/merge_requests?${q}&state=opened`,
      self: `${web}/-/releases/${r.tag}`,
    },
  };
}

const ENVIRONMENTS = ["production", "staging"] as const;

function externalUrl(gl: GlContext, repo: Repo, env: Deployment["environment"]): string {
  return `https://${env === "production" ? "" : "staging."}${repo.name}.${gl.world.company.domain}`;
}

function envDeployments(repo: Repo, env: Deployment["environment"]): Deployment[] {
  return repo.deployments.filter((d) => d.environment === env);
}

/** The environments a project deploys to, in id order. */
export function environmentsOf(repo: Repo): Array<Deployment["environment"]> {
  return [...ENVIRONMENTS].reverse().filter((e) => envDeployments(repo, e).length > 0);
}

function deploymentUpdated(d: Deployment): number {
  return d.statuses.at(-1)?.createdAt ?? d.createdAt;
}

/** `EnvironmentBasic`, as a deployment embeds it. */
function environmentBasic(gl: GlContext, repo: Repo, env: Deployment["environment"]): JsonObject {
  const deployments = envDeployments(repo, env);
  return {
    id: gl.environmentId(repo, env),
    name: env,
    slug: env,
    external_url: externalUrl(gl, repo, env),
    created_at: ts(deployments[0]?.createdAt ?? repo.createdAt),
    updated_at: ts(Math.max(...deployments.map(deploymentUpdated))),
  };
}

/** `Environment`, as `GET /projects/:id/environments` lists it; `last` adds the last deployment, as the single one does. */
export function environment(gl: GlContext, repo: Repo, env: Deployment["environment"], last = false): JsonObject {
  const { id, name, slug, external_url, created_at, updated_at } = environmentBasic(gl, repo, env);
  const out: JsonObject = {
    id: id!,
    name: name!,
    slug: slug!,
    description: null,
    external_url: external_url!,
    state: "available",
    tier: env,
    created_at: created_at!,
    updated_at: updated_at!,
    auto_stop_at: null,
    auto_stop_setting: "always",
  };
  if (last) out.last_deployment = deployment(gl, repo, envDeployments(repo, env).at(-1)!);
  return out;
}

function deploymentStatus(d: Deployment): string {
  const s = d.statuses.at(-1)?.state;
  return s === "success" ? "success" : s === "failure" ? "failed" : "running";
}

/**
 * `Deployment`: staging deployments of `main` and production deployments of release tags, each run by a
 * manual `deploy:<environment>` job of the push pipeline on its commit (`deployable`, deploy-jobs.ts);
 * null for one whose commit has no push pipeline.
 */
export function deployment(gl: GlContext, repo: Repo, d: Deployment): JsonObject {
  const iid = repo.deployments.indexOf(d) + 1;
  return {
    id: gl.deploymentId(d),
    iid,
    ref: d.ref,
    sha: d.sha,
    created_at: ts(d.createdAt),
    updated_at: ts(deploymentUpdated(d)),
    user: userBasic(gl, gl.person(d.creatorId)),
    environment: environmentBasic(gl, repo, d.environment),
    deployable: deployable(gl, repo, d),
    status: deploymentStatus(d),
  };
}

function deployable(gl: GlContext, repo: Repo, d: Deployment): JsonObject | null {
  const dj = gl.deployable(d);
  return dj ? job(gl, repo, dj.run, dj.job) : null;
}

export { envDeployments };

/**
 * `Tag` (`GET /projects/:id/repository/tags`): each weekly release's tag, lightweight (no message, no
 * `created_at`, `target` is the commit), with its release's `tag_name` and `description`. GitLab lists
 * tags by `updated` (the commit's date) descending.
 */
export function tag(gl: GlContext, repo: Repo, r: Release): JsonObject {
  return {
    name: r.tag,
    message: "",
    target: r.targetSha,
    commit: commit(gl, repo, r.targetSha),
    release: { tag_name: r.tag, description: r.body },
    protected: false,
    created_at: null,
  };
}

export function tagsByDate(gl: GlContext, repo: Repo): Release[] {
  const at = (r: Release) => gl.commits(repo).get(r.targetSha)?.committedAt ?? r.createdAt;
  return [...repo.releases].sort((a, b) => at(b) - at(a) || (a.tag < b.tag ? 1 : -1));
}
