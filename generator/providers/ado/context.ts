import { WorldContext } from "../../core/context.js";
import { uuidFromHex } from "../../world/ids.js";
import { createHash } from "node:crypto";
import type { JsonValue, PinContext } from "../../core/provider.js";
import { isoMillis } from "../../world/clock.js";
import type { Person, PullRequest, Repo, Team, World } from "../../world/types.js";

/** A team as Azure DevOps sees it: the world's teams, and the project's default team that holds everyone. */
export interface AdoTeam {
  id: string;
  name: string;
  description: string;
  /** The world team, or undefined for the default team. */
  team: Team | undefined;
  memberIds: number[];
  adminIds: number[];
}

/**
 * What every Azure DevOps renderer needs: the pin's origin, the organization and its one project, and
 * Azure DevOps' ids. The company is one organization (`{origin}/{company slug}`) with one project named
 * after the company, as most companies run Azure DevOps; the world's teams are teams of that project,
 * and every repository belongs to it. Projects, repositories, teams and people have GUIDs derived from
 * hashes of their world paths, so adding an entity never changes another's id.
 */
export class AdoContext extends WorldContext {
  readonly api: string;
  /** `{origin}/{org}`: the organization URL every API URL starts with. */
  readonly orgUrl: string;
  /** The web host (not served), as gh uses `https://github.<domain>`. */
  readonly web: string;
  readonly org: string;
  readonly files: boolean;
  readonly projectId: string;
  readonly projectName: string;
  readonly teams: AdoTeam[];
  readonly viewer: Person;

  constructor(world: World, pin: PinContext) {
    super(world, pin);
    this.api = pin.origin;
    this.org = world.company.slug;
    this.orgUrl = `${this.api}/${this.org}`;
    this.web = `https://dev.azure.${pin.catalog.serviceDomain}`;
    this.files = pin.pin.files;
    this.projectName = world.company.name;
    this.projectId = this.guid("project");
    this.viewer = world.people.find((p) => p.admin) ?? world.people[0]!;
    const everyone = world.people.map((p) => p.id);
    this.teams = [
      {
        id: this.guid("team/default"),
        name: `${this.projectName} Team`,
        description: "The default project team.",
        team: undefined,
        memberIds: everyone,
        adminIds: [this.viewer.id],
      },
      ...world.teams.map((t) => ({
        id: this.guid(`team/${t.slug}`),
        name: t.name,
        description: t.description,
        team: t,
        memberIds: t.memberIds,
        adminIds: [t.leadId],
      })),
    ];
  }

  /** A GUID-shaped id (version 4 layout) from a hash of the generation's seed and a world path. */
  guid(path: string): string {
    return guidOf(`${this.world.generation.seed}\u0000ado\u0000${path}`);
  }

  personId(p: Person): string {
    return this.guid(`person/${p.id}`);
  }

  /** Graph subject descriptors are `aad.` and the unpadded base64 of an origin id (URL-safe, as they sit in paths). */
  descriptor(p: Person): string {
    return `aad.${Buffer.from(this.guid(`person/${p.id}/origin`)).toString("base64url")}`;
  }

  repo(id: number): Repo {
    const r = this.world.repos.find((x) => x.id === id);
    if (!r) throw new Error(`no repo ${id}`);
    return r;
  }

  repoId(repo: Repo): string {
    return this.guid(`repo/${repo.name}`);
  }

  teamOf(repo: Repo): AdoTeam {
    return this.teams.find((t) => t.team?.id === repo.teamId)!;
  }

  /** Pull request ids are unique in the organization: the repository's number band and the world number. */
  pullId(repo: Repo, pr: PullRequest): number {
    return repo.id * 1000 + pr.number;
  }

  // --- URLs -------------------------------------------------------------------------------------------

  /** Project-scoped API paths (builds, pipelines, wiql, team settings) use the project id. */
  projectPath(): string {
    return `${this.org}/${this.projectId}`;
  }

  projectUrl(): string {
    return `${this.orgUrl}/_apis/projects/${this.projectId}`;
  }

  /** Repository-scoped git URLs are organization-level, as Azure DevOps writes them. */
  repoPath(repo: Repo): string {
    return `${this.org}/_apis/git/repositories/${this.repoId(repo)}`;
  }

  repoUrl(repo: Repo): string {
    return `${this.api}/${this.repoPath(repo)}`;
  }

  /**
   * Where `git clone` reads the repository. With files (generation 5) it is the pin itself, at
   * `{org}/{project id}/_git/{name}` (Azure DevOps takes the project's id where it takes its name); without,
   * the web host with the organization as user name, as Azure DevOps writes it.
   */
  cloneUrl(repo: Repo): string {
    return this.files ? `${this.api}/${this.clonePath(repo)}` : this.repoWeb(repo).replace("https://", `https://${this.org}@`);
  }

  clonePath(repo: Repo): string {
    return `${this.projectPath()}/_git/${repo.name}`;
  }

  repoWeb(repo: Repo): string {
    return `${this.web}/${this.org}/${encodeURIComponent(this.projectName)}/_git/${repo.name}`;
  }

  pullUrl(repo: Repo, pr: PullRequest): string {
    return `${this.repoUrl(repo)}/pullRequests/${this.pullId(repo, pr)}`;
  }

  teamPath(t: AdoTeam): string {
    return `${this.org}/${this.projectId}/${t.id}`;
  }

  workItemUrl(id: number): string {
    return `${this.orgUrl}/_apis/wit/workItems/${id}`;
  }

  // --- shared objects ---------------------------------------------------------------------------------

  /** TeamProjectReference, as embedded in repositories, builds and definitions. */
  projectRef(): JsonValue {
    return this.once("projectRef", () => ({
      id: this.projectId,
      name: this.projectName,
      description: projectDescription(this.world),
      url: this.projectUrl(),
      state: "wellFormed",
      revision: 11,
      visibility: "private",
      lastUpdateTime: isoMillis(this.world.start),
    }));
  }

  /** IdentityRef: how Azure DevOps embeds a person (createdBy, reviewers, assignedTo). */
  identity(p: Person): Record<string, JsonValue> {
    return this.once(`identity/${p.id}`, () => {
      const id = this.personId(p);
      const descriptor = this.descriptor(p);
      return {
        displayName: p.name,
        url: `${this.orgUrl}/_apis/Identities/${id}`,
        _links: { avatar: { href: `${this.orgUrl}/_apis/GraphProfile/MemberAvatars/${descriptor}` } },
        id,
        uniqueName: p.email,
        imageUrl: `${this.orgUrl}/_api/_common/identityImage?id=${id}`,
        descriptor,
      };
    });
  }

  /** GitUserDate from the commit object itself (a squash merge's committer is whoever git recorded). */
  gitUser(repo: Repo, sha: string, who: "author" | "committer"): JsonValue {
    const c = repo.objects.commits.get(sha);
    if (!c) throw new Error(`no commit object ${sha} in ${repo.name}`);
    const p = c[who];
    return { name: p.name, email: p.email, date: isoSeconds(p.at) };
  }
}

export function projectDescription(world: World): string {
  return `Services, pipelines and boards of ${world.company.name}.`;
}

export function guidOf(text: string): string {
  const h = createHash("sha256").update(text).digest("hex");
  return uuidFromHex(h);
}

/** Azure DevOps writes most dates with milliseconds trimmed when zero: `2026-04-02T09:14:00Z`. */
export function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().replace(/\.000Z$/, "Z");
}

/** Dates with a fractional part, as work items and builds carry them. */
export function isoFull(ms: number): string {
  return isoMillis(ms);
}
