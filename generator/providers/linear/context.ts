import { WorldContext } from "../../core/context.js";
import { uuidFromHex } from "../../world/ids.js";
import { createHash } from "node:crypto";
import type { PinContext } from "../../core/provider.js";
import { isoMillis } from "../../world/clock.js";
import { slugify } from "../../world/ids.js";
import type { Person, PullRequest, Repo, Sprint, StaleNudge, Team, WorkItem, WorkItemStatus, World } from "../../world/types.js";

/**
 * What every Linear renderer needs: stable UUIDs from world paths, lookups into the world, and Linear's
 * naming. Web URLs (issue, project and profile pages) use the web host `https://linear.<domain>`, as
 * Linear's own `https://linear.app/<urlKey>/…`; pull request links use the GitHub pins' web host.
 */
export class LinearContext extends WorldContext {
  readonly web: string;
  readonly github: string;
  /** The workspace's URL key: the company slug, as the org login everywhere else. */
  readonly urlKey: string;
  readonly viewer: Person;
  readonly asOf: number;
  private readonly nudges = new Map<string, StaleNudge[]>();

  constructor(world: World, pin: PinContext) {
    super(world, pin);
    this.web = `https://linear.${pin.catalog.serviceDomain}`;
    this.github = `https://github.${pin.catalog.serviceDomain}`;
    this.urlKey = world.company.slug;
    this.viewer = world.people.find((p) => p.admin) ?? world.people[0]!;
    this.asOf = world.asOf;
    for (const n of world.staleNudges) this.nudges.set(n.itemKey, [...(this.nudges.get(n.itemKey) ?? []), n]);
  }

  /** The stale-work rule's runs on an item (live only), oldest first. */
  staleNudges(item: WorkItem): StaleNudge[] {
    return this.nudges.get(item.key) ?? [];
  }

  /** A version-4-shaped UUID from the generation's seed and an entity path: the same path, the same id. */
  uuid(path: string): string {
    const h = createHash("sha256").update(`${this.world.generation.seed}\u0000linear\u0000${path}`).digest("hex");
    return uuidFromHex(h);
  }

  /** Hex digits from a path, for hashes Linear shows (invite hashes, project slug ids). */
  hex(path: string, length: number): string {
    return createHash("sha256").update(`${this.world.generation.seed}\u0000linear-hex\u0000${path}`).digest("hex").slice(0, length);
  }

  repo(id: number): Repo {
    const r = this.world.repos.find((x) => x.id === id);
    if (!r) throw new Error(`no repo ${id}`);
    return r;
  }

  sprint(id: number): Sprint {
    const s = this.world.sprints.find((x) => x.id === id);
    if (!s) throw new Error(`no sprint ${id}`);
    return s;
  }

  /** The pull request that implements a work item, when there is one. */
  pull(item: WorkItem): { repo: Repo; pr: PullRequest } | undefined {
    if (item.repoId === undefined || item.pullNumber === undefined) return undefined;
    const repo = this.repo(item.repoId);
    const pr = repo.pulls.find((p) => p.number === item.pullNumber);
    return pr ? { repo, pr } : undefined;
  }

  pullUrl(repo: Repo, pr: PullRequest): string {
    return `${this.github}/${this.world.company.slug}/${repo.name}/pull/${pr.number}`;
  }

  // --- ids ---------------------------------------------------------------------------------------

  orgId(): string {
    return this.uuid("organization");
  }

  userId(p: Person): string {
    return this.uuid(`user/${p.id}`);
  }

  teamId(t: Team): string {
    return this.uuid(`team/${t.key}`);
  }

  membershipId(t: Team, p: Person): string {
    return this.uuid(`team/${t.key}/membership/${p.id}`);
  }

  stateId(t: Team, status: WorkItemStatus): string {
    return this.uuid(`team/${t.key}/state/${status}`);
  }

  cycleId(t: Team, s: Sprint): string {
    return this.uuid(`team/${t.key}/cycle/${s.number}`);
  }

  projectId(repo: Repo): string {
    return this.uuid(`project/${repo.name}`);
  }

  projectStatusId(type: string): string {
    return this.uuid(`project-status/${type}`);
  }

  labelId(name: string): string {
    return this.uuid(`label/${name}`);
  }

  issueId(item: WorkItem): string {
    return this.uuid(`issue/${item.key}`);
  }

  commentId(item: WorkItem, n: number): string {
    return this.uuid(`issue/${item.key}/comment/${n}`);
  }

  historyId(item: WorkItem, n: number): string {
    return this.uuid(`issue/${item.key}/history/${n}`);
  }

  attachmentId(item: WorkItem): string {
    return this.uuid(`issue/${item.key}/attachment/pull`);
  }

  // --- names and URLs ----------------------------------------------------------------------------

  /** Linear's display name: the short, unique handle people mention (`@farah.garcia`). */
  displayName(p: Person): string {
    return p.email.slice(0, p.email.indexOf("@"));
  }

  userUrl(p: Person): string {
    return `${this.web}/${this.urlKey}/profiles/${this.displayName(p)}`;
  }

  issueUrl(item: WorkItem): string {
    return `${this.web}/${this.urlKey}/issue/${item.key}/${titleSlug(item.title)}`;
  }

  projectSlug(repo: Repo): string {
    return `${slugify(projectName(repo))}-${this.hex(`project/${repo.name}`, 12)}`;
  }

  projectUrl(repo: Repo): string {
    return `${this.web}/${this.urlKey}/project/${this.projectSlug(repo)}`;
  }
}

/** Linear's URL slug of a title: lower-case words joined by hyphens, cut at about 60 characters. */
export function titleSlug(title: string): string {
  const words = slugify(title).split("-");
  const out: string[] = [];
  for (const w of words) {
    if (out.join("-").length + w.length + 1 > 60) break;
    out.push(w);
  }
  return out.join("-");
}

/** A repository's project: `payments-api` becomes "Payments API". */
export function projectName(repo: Repo): string {
  return repo.name
    .split("-")
    .map((w) => (["api", "sdk", "ui", "ci"].includes(w) ? w.toUpperCase() : `${w[0]!.toUpperCase()}${w.slice(1)}`))
    .join(" ");
}

export function iso(ms: number): string;
export function iso(ms: number | undefined): string | null;
export function iso(ms: number | undefined): string | null {
  return ms === undefined ? null : isoMillis(ms);
}

/** `2026-04-02`: Linear's TimelessDate. */
export function day(ms: number): string {
  return isoMillis(ms).slice(0, 10);
}
