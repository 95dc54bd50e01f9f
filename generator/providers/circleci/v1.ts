import type { JsonObject, JsonValue, Resource } from "../../core/provider.js";
import { DAY, HOUR } from "../../world/clock.js";
import { type CciContext, type CciJob, type CciProject, jobStatus } from "./context.js";

/**
 * The two API v1.1 reads Airbyte's CircleCI connector makes (`/api/v1.1/me`, `/api/v1.1/projects`),
 * shaped as CircleCI's v1 reference shows them (circleci-docs, api-v1). In v1.1 every job is a
 * "build", numbered as v2 numbers jobs. A project's branches carry the users who pushed, the last
 * successful and last unsuccessful build, the five most recent builds (newest first) and the running
 * ones. v1.1 writes times to the second, as its examples do.
 */
const v1Time = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(".000Z", "Z");

function outcome(j: CciJob): string | null {
  const s = jobStatus(j.job);
  return s === "running" ? null : s;
}

function buildRef(j: CciJob): JsonObject {
  return {
    pushed_at: v1Time(j.workflow.pipeline.run.createdAt),
    vcs_revision: j.workflow.pipeline.run.headSha,
    build_num: j.number,
    outcome: outcome(j),
  };
}

function branches(project: CciProject): JsonObject {
  const out: JsonObject = {};
  const names = [...new Set(project.jobs.map((j) => j.workflow.pipeline.run.headBranch))].sort();
  for (const name of names) {
    const jobs = project.jobs.filter((j) => j.workflow.pipeline.run.headBranch === name).sort((a, b) => b.number - a.number);
    const success = jobs.find((j) => outcome(j) === "success");
    const failure = jobs.find((j) => outcome(j) === "failed");
    out[name] = {
      pusher_logins: [...new Set(jobs.map((j) => j.workflow.pipeline.actor.handles.github))].sort(),
      ...(failure ? { last_non_success: buildRef(failure) } : {}),
      ...(success ? { last_success: buildRef(success) } : {}),
      recent_builds: jobs.slice(0, 5).map(buildRef),
      running_builds: jobs.filter((j) => outcome(j) === null).map(buildRef),
      is_using_workflows: true,
    };
  }
  return out;
}

export function* v1Resources(c: CciContext): Generator<Resource> {
  const me = c.me;
  const joined = Math.min(me.joinedAt, ...c.projects.map((p) => p.since - DAY));
  const projects: JsonObject = {};
  for (const p of c.projects) projects[c.repoUrl(p.repo)] = { emails: "default", on_dashboard: true };
  const body: JsonValue = {
    enrolled_betas: [],
    in_beta_program: false,
    selected_email: me.email,
    avatar_url: c.avatar(me),
    trial_end: v1Time(joined + 14 * DAY),
    admin: me.admin,
    basic_email_prefs: "smart",
    sign_in_count: 1 + Math.floor((c.asOf - joined) / (3 * DAY)),
    github_oauth_scopes: ["user:email", "repo"],
    analytics_id: c.uuid(`analytics/${me.id}`),
    name: me.name,
    all_emails: [me.email],
    created_at: v1Time(joined + 9 * HOUR),
    login: me.handles.github,
    num_projects_followed: c.projects.length,
    projects,
    containers: 1,
    parallelism: 1,
    privacy_optout: false,
    identities: {
      github: {
        avatar_url: c.avatar(me),
        external_id: 90_000_000 + me.id * 7_919,
        id: 90_000_000 + me.id * 7_919,
        name: me.name,
        user: true,
        domain: "github.com",
        type: "github",
        authorized: true,
        provider_id: c.uuid(`identity/${me.id}`),
        login: me.handles.github,
      },
    },
  };
  yield { path: "api/v1.1/me", body };
  yield {
    path: "api/v1.1/projects",
    body: c.projects.map((p) => ({
      vcs_url: c.repoUrl(p.repo),
      followed: true,
      username: c.orgName,
      reponame: p.repo.name,
      vcs_type: "github",
      default_branch: p.repo.defaultBranch,
      oss: false,
      branches: branches(p),
    })),
  };
}
