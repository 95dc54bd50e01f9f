import { createHash } from "node:crypto";
import { uuidFromHex } from "../../world/ids.js";
import { keyedHex } from "../../core/keyed.js";
import type { PinContext } from "../../core/provider.js";
import type { CiJob, CiRun, Commit, Person, Repo, World } from "../../world/types.js";

/**
 * The Buildkite organization as the world holds it: the company is the organization (slug = company
 * slug), every repository that builds on Buildkite from a day on (`world.operations.ciHosting`) is a
 * pipeline named after it, and its builds are the repository's CI runs from that day on — the same
 * commit, branch, pull request, creator and timing — numbered per pipeline from 1 in creation order.
 * Ids are UUIDs keyed by the generation's seed and the entity's path, so no entity shifts another.
 */
export interface BkPipeline {
  repo: Repo;
  slug: string;
  id: string;
  since: number;
  createdAt: number;
  creator: Person;
  builds: BkBuild[];
  /** Commits of the repository by SHA (the default branch and every pull request's). */
  commits: Map<string, Commit>;
}

export interface BkBuild {
  pipeline: BkPipeline;
  run: CiRun;
  number: number;
  id: string;
  jobs: BkJob[];
}

export interface BkJob {
  build: BkBuild;
  job: CiJob;
  id: string;
  agent: BkAgent;
}

export interface BkAgent {
  id: string;
  name: string;
  hostname: string;
  ip: string;
  createdAt: number;
}

/** The agent fleet: a few long-lived hosts the platform team runs, named after the organization. */
const AGENTS = 4;
/** The agent version every host reports. */
export const AGENT_VERSION = "3.110.0";

export class BkContext {
  readonly org: { id: string; slug: string; name: string; createdAt: number };
  readonly pipelines: BkPipeline[];
  readonly agents: BkAgent[];
  /** Every build of the organization, newest first (the order every build list has). */
  readonly builds: BkBuild[];
  /** The API token's holder: the first administrator, who set the organization up. */
  readonly holder: Person;
  readonly members: Person[];

  constructor(
    readonly world: World,
    readonly pin: PinContext,
  ) {
    const { company } = world;
    this.org = { id: this.uuid("organization"), slug: company.slug, name: company.name, createdAt: company.foundedAt };
    this.holder = world.people.find((p) => p.admin) ?? world.people[0]!;
    this.members = world.people.filter((p) => p.joinedAt <= world.asOf);
    this.agents = Array.from({ length: AGENTS }, (_, i) => {
      const name = `${company.slug}-agent-${i + 1}`;
      const h = keyedHex([world.generation.seed, "buildkite", "agent", name], 8);
      return {
        id: this.uuid(`agent/${name}`),
        name,
        hostname: `ip-10-0-${parseInt(h.slice(0, 2), 16) % 8}-${parseInt(h.slice(2, 4), 16)}.ec2.internal`,
        ip: `10.0.${parseInt(h.slice(0, 2), 16) % 8}.${parseInt(h.slice(2, 4), 16)}`,
        createdAt: company.foundedAt,
      };
    });
    const hosting = world.operations.ciHosting.filter((h) => h.host === "buildkite");
    this.pipelines = hosting
      .flatMap((h) => {
        const repo = world.repos.find((r) => r.id === h.repoId);
        return repo ? [this.pipeline(repo, h.since)] : [];
      })
      .sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
    this.builds = this.pipelines.flatMap((p) => p.builds).sort((a, b) => b.run.createdAt - a.run.createdAt || (a.id < b.id ? -1 : 1));
  }

  private pipeline(repo: Repo, since: number): BkPipeline {
    const world = this.world;
    const team = world.teams.find((t) => t.id === repo.teamId);
    const creator = world.people.find((p) => p.id === team?.leadId) ?? this.holder;
    const commits = new Map<string, Commit>();
    for (const c of repo.mainCommits) commits.set(c.sha, c);
    for (const pr of repo.pulls) for (const c of pr.commits) commits.set(c.sha, c);
    // The pipeline was set up the hour before its first build.
    const p: BkPipeline = {
      repo,
      slug: repo.name,
      id: this.uuid(`pipeline/${repo.name}`),
      since,
      createdAt: since - 3_600_000,
      creator,
      builds: [],
      commits,
    };
    const runs = repo.runs
      .filter((r) => r.createdAt >= since && r.createdAt <= world.asOf)
      .sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
    p.builds = runs.map((run, i) => {
      const build: BkBuild = { pipeline: p, run, number: i + 1, id: this.uuid(`build/${repo.name}/${run.id}`), jobs: [] };
      build.jobs = run.jobs.map((job) => {
        const id = this.uuid(`job/${repo.name}/${run.id}/${job.id}`);
        return { build, job, id, agent: this.agents[parseInt(id.slice(0, 4), 16) % this.agents.length]! };
      });
      return build;
    });
    return p;
  }

  /** A UUID (version 4 layout) keyed by the generation's seed and an entity path. */
  uuid(path: string): string {
    const h = keyedHex([this.world.generation.seed, "buildkite", path], 32);
    return uuidFromHex(h);
  }

  /** The person's Buildkite user id. */
  userId(person: Person): string {
    return this.uuid(`user/${person.id}`);
  }

  person(id: number): Person {
    return this.world.people.find((p) => p.id === id) ?? this.holder;
  }

  /** `https://<origin>/v2/organizations/<org>` and the paths below it. */
  api(path = ""): string {
    return `${this.pin.origin}/v2/organizations/${this.org.slug}${path}`;
  }

  /** Buildkite's web UI for the organization; not served here, as the real API points at it too. */
  web(path = ""): string {
    return `https://buildkite.com/${this.org.slug}${path}`;
  }

  pipelineApi(p: BkPipeline, path = ""): string {
    return this.api(`/pipelines/${p.slug}${path}`);
  }

  buildApi(b: BkBuild, path = ""): string {
    return this.pipelineApi(b.pipeline, `/builds/${b.number}${path}`);
  }

  jobApi(j: BkJob, path = ""): string {
    return this.buildApi(j.build, `/jobs/${j.id}${path}`);
  }

  /** The repository's clone URL on GitHub, as a pipeline names it. */
  repositoryUrl(repo: Repo): string {
    return `git@github.com:${this.world.company.slug}/${repo.name}.git`;
  }
}

/** Buildkite's GraphQL ids: base64 of `<Type>---<uuid>`. */
export function graphqlId(type: string, uuid: string): string {
  return Buffer.from(`${type}---${uuid}`, "utf8").toString("base64");
}

/** Gravatar's URL for an email, as Buildkite shows avatars. */
export function avatarUrl(email: string): string {
  return `https://www.gravatar.com/avatar/${createHash("md5").update(email.trim().toLowerCase()).digest("hex")}`;
}

/** Buildkite writes times with milliseconds and a `Z`. */
export function bkTime(ms: number): string {
  return new Date(ms).toISOString();
}

/** The access-token API writes `2025-07-16 06:07:42 UTC`. */
export function bkUtcTime(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace("T", " ")
    .replace(/\.\d{3}Z$/, " UTC");
}

const contexts = new WeakMap<PinContext, BkContext>();

/**
 * The pin's context, made once per pin: the profile's computed routes (missing.ts) read its names
 * several times, and building it walks every build of the organization.
 */
export function bkContext(world: World, pin: PinContext): BkContext {
  let bk = contexts.get(pin);
  if (!bk || bk.world !== world) contexts.set(pin, (bk = new BkContext(world, pin)));
  return bk;
}
