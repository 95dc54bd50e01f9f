import type { IdRegistry } from "../../world/ids.js";
import { WorldContext } from "../../core/context.js";
import type { PinContext } from "../../core/provider.js";
import { isoMillis } from "../../world/clock.js";
import type { CommitObject } from "../../world/git.js";
import type { CiJob, CiRun, Commit, Deployment, Person, PullRequest, Repo, Team, World } from "../../world/types.js";
import { type DeployJob, deployJobs } from "./deploy-jobs.js";

/**
 * What every GitLab renderer needs: the pin's origin, GitLab's naming and ids, and indexes into the world.
 * API URLs start with the pin's origin and `/api/v4`; web URLs (`web_url`) use a web host under the
 * service domain, since the pin serves the API and not GitLab's pages.
 *
 * Projects sit directly in one top-level group named after the company (`northwind/payments-api`); each
 * team is a subgroup (`northwind/payments`) that its projects are shared with. Merge request and issue
 * iids keep the world's thread numbers (GitHub's shared sequence), as GitLab's GitHub importer keeps
 * them, so `!12` here is pull request #12 there and each sequence has gaps.
 */
export class GlContext extends WorldContext {
  /** `https://<pin>.snap.<domain>/api/v4` */
  readonly api: string;
  readonly web: string;
  readonly group: string;
  readonly files: boolean;
  readonly viewer: Person;
  /** Ids of GitLab's own entities (system notes), never one the world gave out (world/ids.ts). */
  readonly ids: IdRegistry;
  private readonly pipelineIds = new Map<CiRun, number>();
  private readonly jobIds = new Map<number, number>();
  private readonly deploymentIds = new Map<Deployment, number>();
  /** Each deployment's job, and each pipeline's deploy jobs (deploy-jobs.ts). */
  private readonly deployables = new Map<Deployment, DeployJob>();
  private readonly deploysOf = new Map<CiRun, DeployJob[]>();
  private readonly deployByJob = new Map<number, DeployJob>();

  constructor(world: World, pin: PinContext) {
    super(world, pin);
    this.ids = world.ids.child();
    this.api = `${pin.origin}/api/v4`;
    this.web = `https://gitlab.${pin.catalog.serviceDomain}`;
    this.group = world.company.slug;
    this.files = pin.pin.files;
    this.viewer = world.people.find((p) => p.admin) ?? world.people[0]!;
    this.allocateCiIds();
  }

  // Ids. GitLab's are small, instance-wide integers; these bands keep each kind apart and stable.
  userId(p: Person): number {
    return 2_000_000 + p.id * 1_987;
  }

  groupId(): number {
    return 8_000_000 + this.world.generation.id * 1_000;
  }

  teamGroupId(t: Team): number {
    return this.groupId() + t.id * 7;
  }

  projectId(repo: Repo): number {
    return 40_000_000 + this.world.generation.id * 10_000 + repo.id * 97;
  }

  labelId(index: number): number {
    return 30_000_000 + this.world.generation.id * 1_000 + index;
  }

  milestoneId(repo: Repo, index: number): number {
    return 3_000_000 + this.world.generation.id * 100_000 + repo.id * 1_000 + index;
  }

  iterationId(sprintId: number): number {
    return 900_000 + this.world.generation.id * 1_000 + sprintId;
  }

  environmentId(repo: Repo, environment: Deployment["environment"]): number {
    return 5_000_000 + this.world.generation.id * 100_000 + repo.id * 10 + (environment === "production" ? 2 : 1);
  }

  pipelineId(run: CiRun): number {
    return this.pipelineIds.get(run)!;
  }

  jobId(worldJobId: number): number {
    return this.jobIds.get(worldJobId)!;
  }

  /** The job that ran a deployment, with its pipeline, if one did. */
  deployable(d: Deployment): DeployJob | undefined {
    return this.deployables.get(d);
  }

  /** The deploy job a (negative) world job id stands for. */
  deployOfJob(worldJobId: number): DeployJob | undefined {
    return this.deployByJob.get(worldJobId);
  }

  /** A pipeline's jobs: the run's CI jobs, then the deploy jobs played on it, in the order they started. */
  runJobs(run: CiRun): CiJob[] {
    const deploys = this.deploysOf.get(run);
    return deploys ? [...run.jobs, ...deploys.map((d) => d.job)] : run.jobs;
  }

  deploymentId(d: Deployment): number {
    return this.deploymentIds.get(d)!;
  }

  // Paths and URLs.
  projectPath(repo: Repo): string {
    return `api/v4/projects/${this.projectId(repo)}`;
  }

  projectUrl(repo: Repo): string {
    return `${this.pin.origin}/${this.projectPath(repo)}`;
  }

  fullPath(repo: Repo): string {
    return `${this.group}/${repo.name}`;
  }

  /** Where `git clone` reads the project: the pin itself when it serves files (generation 5). */
  cloneUrl(repo: Repo): string {
    return this.files ? `${this.pin.origin}/${this.fullPath(repo)}.git` : `${this.projectWeb(repo)}.git`;
  }

  projectWeb(repo: Repo): string {
    return `${this.web}/${this.fullPath(repo)}`;
  }

  userWeb(p: Person): string {
    return `${this.web}/${p.handles.gitlab}`;
  }

  avatar(p: Person): string {
    return `${this.web}/uploads/-/system/user/avatar/${this.userId(p)}/avatar.png`;
  }

  // Indexes into the world.
  commits(repo: Repo): Map<string, Commit> {
    return this.once(
      `commits/${repo.id}`,
      () => new Map([...repo.mainCommits, ...repo.pulls.flatMap((p) => p.commits)].map((c) => [c.sha, c])),
    );
  }

  gitCommit(repo: Repo, sha: string): CommitObject {
    const c = repo.objects.commits.get(sha);
    if (!c) throw new Error(`no commit ${sha} in ${repo.name}`);
    return c;
  }

  /** Runs newest first, as GitLab lists pipelines (by id, which grows with time). */
  pipelines(repo: Repo): CiRun[] {
    return this.once(`pipelines/${repo.id}`, () => [...repo.runs].sort((a, b) => this.pipelineId(b) - this.pipelineId(a)));
  }

  /** The newest pipeline that ran on a commit. */
  lastPipeline(repo: Repo, sha: string): CiRun | undefined {
    return this.pipelines(repo).find((r) => r.headSha === sha);
  }

  pull(repo: Repo, number: number): PullRequest | undefined {
    return repo.pulls.find((p) => p.number === number);
  }

  /**
   * GitLab's ids grow with time, and lists of pipelines, jobs and deployments are ordered by id; the
   * world's ids are random. These ids are the creation second, scaled, made unique in creation order, so
   * they sort as GitLab's do. They depend only on the world's instants.
   */
  private allocateCiIds(): void {
    const base = Date.UTC(2015, 0, 1);
    const allocate = <T>(items: Array<[number, string, T]>, scale: number, offset: number, into: (item: T, id: number) => void) => {
      items.sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
      let last = 0;
      for (const [at, , item] of items) {
        last = Math.max(last + 1, offset + Math.floor((at - base) / 1000) * scale);
        into(item, last);
      }
    };
    const runs = this.world.repos.flatMap((r) =>
      r.runs.map((run) => [run.createdAt, `${r.name}/${run.id}`, run] as [number, string, CiRun]),
    );
    allocate(runs, 4, 100_000_000, (run, id) => this.pipelineIds.set(run, id));
    for (const r of this.world.repos)
      for (const dj of deployJobs(r)) {
        this.deployables.set(dj.deployment, dj);
        this.deployByJob.set(dj.job.id, dj);
        this.deploysOf.set(dj.run, [...(this.deploysOf.get(dj.run) ?? []), dj]);
      }
    const jobs = this.world.repos.flatMap((r) => [
      ...r.runs.flatMap((run) =>
        run.jobs.map((j, i) => [run.createdAt, `${r.name}/${run.id}/${String(i).padStart(3, "0")}`, j.id] as [number, string, number]),
      ),
      // A manual job is created with its pipeline, after its automatic jobs, and waits to be played.
      ...[...this.deployables.values()]
        .filter((dj) => r.deployments.includes(dj.deployment))
        .map((dj) => [dj.run.createdAt, `${r.name}/${dj.run.id}/deploy/${dj.deployment.id}`, dj.job.id] as [number, string, number]),
    ]);
    allocate(jobs, 16, 2_000_000_000, (jobId, id) => this.jobIds.set(jobId, id));
    const deployments = this.world.repos.flatMap((r) =>
      r.deployments.map((d) => [d.createdAt, `${r.name}/${d.id}`, d] as [number, string, Deployment]),
    );
    allocate(deployments, 1, 0, (d, id) => this.deploymentIds.set(d, id));
  }
}

/** GitLab's timestamps: milliseconds and `Z`. */
export function ts(ms: number | undefined): string | null {
  return ms === undefined ? null : isoMillis(ms);
}

/** A day, `2026-04-02`. */
export function day(ms: number): string {
  return isoMillis(ms).slice(0, 10);
}

/** A git date in the committer's own offset, as GitLab reports commit dates: `2026-04-02T11:14:00.000+02:00`. */
export function gitDate(ms: number, offsetMinutes: number): string {
  const local = isoMillis(ms + offsetMinutes * 60_000).slice(0, 23);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

/** A person's wall-clock time at an instant, as GitLab's `local_time` shows it: `3:38 PM`. */
export function localTime(ms: number, offsetMinutes: number): string {
  const minutes = Math.floor((ms + offsetMinutes * 60_000) / 60_000) % (24 * 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
}

export const ZERO_SHA = "0000000000000000000000000000000000000000";
