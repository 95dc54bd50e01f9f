import { WorldContext } from "../../core/context.js";
import { uuidFromHex } from "../../world/ids.js";
import { keyedHex } from "../../core/keyed.js";
import type { PinContext } from "../../core/provider.js";
import type { CiJob, CiRun, Commit, Person, Repo, World } from "../../world/types.js";

/**
 * The company's CircleCI organization as the world implies it.
 *
 * - The organization is the company's GitHub organization (`gh/<company slug>`); its projects are the
 *   repositories of `world.operations.ciHosting` with host `circleci`, followed from `since` on.
 * - A project's pipelines are the repository's CI runs created at or after `since` (and by as-of): the
 *   same SHA, branch, pull request, actor and timing. Pipeline numbers count per project from 1 in
 *   creation order; each pipeline runs one workflow (`ci`, or `nightly` for the scheduled run), whose
 *   jobs are the run's jobs. Job numbers count per project from 1, pipeline by pipeline, job by job.
 * - The token holder (`/me`) is whoever triggered the most pipelines (the lowest person id on a tie):
 *   the engineer who set CircleCI up, whose own pipelines `mine` lists.
 * - Ids are UUIDs keyed by the generation's seed and the entity (repository, run, job), never by order.
 */
export interface CciProject {
  repo: Repo;
  slug: string;
  id: string;
  since: number;
  pipelines: CciPipeline[];
  jobs: CciJob[];
}

export interface CciPipeline {
  project: CciProject;
  run: CiRun;
  number: number;
  id: string;
  commit: Commit | undefined;
  actor: Person;
  workflow: CciWorkflow;
}

export interface CciWorkflow {
  id: string;
  name: string;
  pipeline: CciPipeline;
  jobs: CciJob[];
}

export interface CciJob {
  id: string;
  number: number;
  job: CiJob;
  workflow: CciWorkflow;
}

/** What a CircleCI job or workflow status is for a run or job of the world. */
export type JobStatus = "success" | "failed" | "running";
export type WorkflowStatus = "success" | "failed" | "failing" | "running";

export class CciContext extends WorldContext {
  readonly seed: string;
  readonly asOf: number;
  readonly orgSlug: string;
  readonly orgName: string;
  readonly orgId: string;
  readonly projects: CciProject[];
  readonly me: Person;
  private readonly commits = new Map<string, Commit>();

  constructor(world: World, pin: PinContext) {
    super(world, pin);
    this.seed = world.generation.seed;
    this.asOf = world.asOf;
    this.orgName = world.company.slug;
    this.orgSlug = `gh/${world.company.slug}`;
    this.orgId = this.uuid("organization");
    const hosted = world.operations.ciHosting.filter((h) => h.host === "circleci");
    this.projects = hosted
      .map((h) => world.repos.find((r) => r.id === h.repoId)!)
      .filter((r) => r !== undefined)
      .sort((a, b) => a.id - b.id)
      .map((repo) => this.project(repo, hosted.find((h) => h.repoId === repo.id)!.since));
    const counts = new Map<number, number>();
    for (const p of this.projects) for (const pl of p.pipelines) counts.set(pl.actor.id, (counts.get(pl.actor.id) ?? 0) + 1);
    const top = [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0];
    this.me = this.person(top?.[0] ?? this.team(world.repos[0]!.teamId).leadId);
  }

  private project(repo: Repo, since: number): CciProject {
    for (const c of repo.mainCommits) this.commits.set(c.sha, c);
    for (const pr of repo.pulls) for (const c of pr.commits) this.commits.set(c.sha, c);
    const project: CciProject = {
      repo,
      slug: `gh/${this.world.company.slug}/${repo.name}`,
      id: this.uuid(`project/${repo.name}`),
      since,
      pipelines: [],
      jobs: [],
    };
    const runs = repo.runs
      .filter((r) => r.createdAt >= since && r.createdAt <= this.asOf)
      .sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
    let jobNumber = 0;
    runs.forEach((run, i) => {
      const pipeline = {
        project,
        run,
        number: i + 1,
        id: this.uuid(`pipeline/${repo.name}/${run.id}`),
        commit: this.commits.get(run.headSha),
        actor: this.person(run.actorId),
      } as CciPipeline;
      const workflow: CciWorkflow = {
        id: this.uuid(`workflow/${repo.name}/${run.id}`),
        name: run.event === "schedule" ? "nightly" : "ci",
        pipeline,
        jobs: [],
      };
      pipeline.workflow = workflow;
      for (const job of [...run.jobs].sort((a, b) => a.startedAt - b.startedAt || a.id - b.id)) {
        const j: CciJob = { id: this.uuid(`job/${repo.name}/${job.id}`), number: ++jobNumber, job, workflow };
        workflow.jobs.push(j);
        project.jobs.push(j);
      }
      project.pipelines.push(pipeline);
    });
    return project;
  }

  /** A stable version-4-shaped UUID for an entity path. */
  uuid(path: string): string {
    const h = keyedHex([this.seed, "circleci", path], 32);
    return uuidFromHex(h);
  }

  /** A CircleCI user id: one per person, whoever triggers or holds the token. */
  userId(p: Person): string {
    return this.uuid(`user/${p.id}`);
  }

  avatar(p: Person): string {
    return `https://avatars.githubusercontent.com/u/${90_000_000 + p.id * 7_919}?v=4`;
  }

  repoUrl(repo: Repo): string {
    return `https://github.com/${this.world.company.slug}/${repo.name}`;
  }

  commitOf(sha: string): Commit | undefined {
    return this.commits.get(sha);
  }

  /** Every person who triggered a pipeline, and the token holder, by id. */
  users(): Person[] {
    const ids = new Set<number>([this.me.id]);
    for (const p of this.projects) for (const pl of p.pipelines) ids.add(pl.actor.id);
    return [...ids].sort((a, b) => a - b).map((id) => this.person(id));
  }
}

export function jobStatus(job: CiJob): JobStatus {
  if (job.status !== "completed") return "running";
  return job.conclusion === "failure" ? "failed" : "success";
}

/** A workflow fails as soon as one of its jobs has failed, and is `failing` while others still run. */
export function workflowStatus(run: CiRun): WorkflowStatus {
  if (run.status === "completed") return run.conclusion === "failure" ? "failed" : "success";
  return run.jobs.some((j) => j.conclusion === "failure") ? "failing" : "running";
}

/** When a workflow stopped: its last job's end, once every job has completed. */
export function workflowStoppedAt(run: CiRun): number | undefined {
  if (run.status !== "completed") return undefined;
  return Math.max(run.createdAt, ...run.jobs.map((j) => j.completedAt ?? j.startedAt));
}
