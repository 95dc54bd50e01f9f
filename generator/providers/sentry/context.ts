import { WorldContext } from "../../core/context.js";
import { keyedHex } from "../../core/keyed.js";
import type { PinContext } from "../../core/provider.js";
import type { Commit, Deployment, ErrorEvent, ErrorGroup, Person, Repo, Service, Team, World } from "../../world/types.js";
import type { Language } from "../../world/vocabulary.js";

/** Sentry's platform for a repository's language (the SDK its services report with). */
const PLATFORMS: Record<Language, string> = { TypeScript: "node", Go: "go", Python: "python", Kotlin: "java", Ruby: "ruby", Rust: "rust" };

export interface SentryProject {
  service: Service;
  repo: Repo;
  team: Team;
  id: string;
  platform: string;
}

/** A release: one commit SHA of a repository that was deployed (the version the SDK reports). */
export interface SentryRelease {
  id: number;
  version: string;
  project: SentryProject;
  /** Successful deployments of the SHA up to as-of, oldest first: Sentry's deploys of the release. */
  deploys: Deployment[];
  /** The commits since the previous release of the same repository, newest first (set-commits). */
  commits: Commit[];
  /** A GitHub release's tag on the same SHA, if one was cut. */
  tag: string | undefined;
  dateCreated: number;
  dateReleased: number | undefined;
}

export interface SentryIssue {
  group: ErrorGroup;
  project: SentryProject;
  /** Events up to as-of, oldest first. */
  events: ErrorEvent[];
}

/**
 * The organization as Sentry sees the world.
 *
 * - The organization is the company (slug = company slug).
 * - One project per service (slug = service slug), owned by the service's team; its platform is the
 *   repository's language's SDK.
 * - Teams are the world's teams; members are the people who had joined by as-of.
 * - Issues are the world's error groups first seen by as-of, with their events up to as-of.
 * - Releases: every commit SHA a repository deployed successfully (staging or production) by as-of;
 *   its deploys are those deployments, its commits the main-line commits since the previous release.
 * - Ids are keyed by the generation's seed and the entity, never counted.
 */
export class SentryContext extends WorldContext {
  readonly seed: string;
  readonly asOf: number;
  readonly orgSlug: string;
  readonly orgId: string;
  readonly projects: SentryProject[];
  readonly members: Person[];
  readonly issues: SentryIssue[];
  readonly releases: SentryRelease[];
  /** The web UI's host (permalinks), not the API host: `https://<org>.sentry.<domain>`. */
  readonly web: string;

  constructor(world: World, pin: PinContext) {
    super(world, pin);
    this.seed = world.generation.seed;
    this.asOf = world.asOf;
    this.orgSlug = world.company.slug;
    this.orgId = String(this.number("organization", 1_000_000, 9_000_000));
    this.web = `https://${this.orgSlug}.sentry.${pin.catalog.serviceDomain}`;
    this.projects = world.operations.services
      .filter((s) => s.createdAt <= this.asOf)
      .map((service) => {
        const repo = world.repos.find((r) => r.id === service.repoId)!;
        return {
          service,
          repo,
          team: this.team(service.teamId),
          id: String(this.number(`project/${service.slug}`, 4_500_000, 4_599_999)),
          platform: PLATFORMS[repo.language],
        };
      });
    this.members = world.people.filter((p) => p.joinedAt <= this.asOf);
    this.issues = world.operations.errors
      .filter((g) => g.firstSeen <= this.asOf)
      .map((group) => ({ group, project: this.projectOf(group.serviceId), events: group.events.filter((e) => e.at <= this.asOf) }));
    this.releases = this.projects.flatMap((p) => this.releasesOf(p));
  }

  /** A stable integer in [min, max] for a key. */
  number(key: string, min: number, max: number): number {
    return min + (Number.parseInt(keyedHex([this.seed, "sentry", key], 12), 16) % (max - min + 1));
  }

  hex(key: string, length: number): string {
    return keyedHex([this.seed, "sentry", key], length);
  }

  projectOf(serviceId: number): SentryProject {
    const p = this.projects.find((x) => x.service.id === serviceId);
    if (!p) throw new Error(`no project for service ${serviceId}`);
    return p;
  }

  teamId(team: Team): string {
    return String(this.number(`team/${team.slug}`, 1_000_000, 1_999_999));
  }

  /** The organization member id and the user id of a person. */
  memberId(p: Person): string {
    return String(this.number(`member/${p.id}`, 100_000_000, 199_999_999));
  }

  userId(p: Person): string {
    return String(this.number(`user/${p.id}`, 2_000_000, 3_999_999));
  }

  teamsOfPerson(p: Person): Team[] {
    return this.world.teams.filter((t) => t.memberIds.includes(p.id));
  }

  /** `PAYMENTS-API-1F`: the project slug upper-cased and the per-project number in base 36. */
  shortId(issue: SentryIssue): string {
    return `${issue.project.service.slug.toUpperCase()}-${issue.group.number.toString(36).toUpperCase()}`;
  }

  /** The environments events report, sorted. */
  environments(): string[] {
    return [...new Set(this.issues.flatMap((i) => i.events.map((e) => e.environment)))].sort();
  }

  release(version: string): SentryRelease | undefined {
    return this.releases.find((r) => r.version === version);
  }

  private releasesOf(project: SentryProject): SentryRelease[] {
    const repo = project.repo;
    const done = (d: Deployment) => d.statuses.find((s) => s.state === "success" && s.createdAt <= this.asOf);
    const deployed = repo.deployments
      .filter((d) => d.createdAt <= this.asOf && done(d))
      .sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
    const order = new Map(repo.mainCommits.map((c, i) => [c.sha, i]));
    const shas: string[] = [];
    for (const d of deployed) if (!shas.includes(d.sha)) shas.push(d.sha);
    // Set-commits: the main-line commits after the previous release (by position in history) up to this one.
    const byHistory = [...shas].sort((a, b) => (order.get(a) ?? -1) - (order.get(b) ?? -1));
    return shas.map((sha) => {
      const deploys = deployed.filter((d) => d.sha === sha);
      const at = order.get(sha);
      const before = byHistory.filter((s) => (order.get(s) ?? -1) < (at ?? -1)).pop();
      const from = before === undefined ? 0 : order.get(before)! + 1;
      const commits = at === undefined ? [] : repo.mainCommits.slice(from, at + 1).reverse();
      const production = deploys.find((d) => d.environment === "production");
      return {
        id: this.number(`release/${repo.id}/${sha}`, 1_000_000_000, 1_999_999_999),
        version: sha,
        project,
        deploys,
        commits,
        tag: repo.releases.find((r) => r.targetSha === sha)?.tag,
        dateCreated: deploys[0]!.createdAt,
        dateReleased: production ? done(production)!.createdAt : undefined,
      };
    });
  }
}
