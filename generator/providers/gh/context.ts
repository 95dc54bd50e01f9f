import { WorldContext } from "../../core/context.js";
import type { PinContext } from "../../core/provider.js";
import { isoSeconds } from "../../world/clock.js";
import type { Person, Repo, World } from "../../world/types.js";

/**
 * What every GitHub renderer needs: the pin's origin, lookups into the world, and GitHub's naming.
 * API URLs start with the pin's origin; html_url values use a web host under the service domain, since
 * the pin serves the API and not GitHub's web pages.
 */
export class GhContext extends WorldContext {
  readonly api: string;
  readonly web: string;
  readonly org: string;
  readonly files: boolean;

  constructor(world: World, pin: PinContext) {
    super(world, pin);
    this.api = pin.origin;
    this.web = `https://github.${pin.catalog.serviceDomain}`;
    this.org = world.company.slug;
    this.files = pin.pin.files;
  }

  repoPath(repo: Repo): string {
    return `repos/${this.org}/${repo.name}`;
  }

  repoUrl(repo: Repo): string {
    return `${this.api}/${this.repoPath(repo)}`;
  }

  repoHtml(repo: Repo): string {
    return `${this.web}/${this.org}/${repo.name}`;
  }

  /** Where `git clone` reads the repository: the pin itself when it serves files (generation 5). */
  cloneUrl(repo: Repo): string {
    return this.files ? `${this.api}/${this.org}/${repo.name}.git` : `${this.repoHtml(repo)}.git`;
  }

  /** GitHub user ids: people get stable ids in a band of their own. */
  userId(p: Person): number {
    return 90_000_000 + p.id * 7_919;
  }

  orgId(): number {
    return 150_000_000 + this.world.generation.id * 1_001;
  }

  repoId(repo: Repo): number {
    return 800_000_000 + this.world.generation.id * 100_000 + repo.id * 313;
  }

  teamId(teamId: number): number {
    return 9_000_000 + this.world.generation.id * 10_000 + teamId * 17;
  }

  /**
   * A push's id: from the SHA it brought, as always, but claimed from the world's registry so that two
   * pushes never share one (two SHAs can agree in their first 32 bits modulo 10^9, and one commit can be
   * pushed to two branches). Every push of the world is claimed at once, in the world's own order, so an
   * id never depends on which answer asked first.
   */
  pushId(repo: Repo, ref: string, sha: string): number {
    let ids = pushIds.get(this.world);
    if (!ids) pushIds.set(this.world, (ids = claimPushIds(this.world)));
    return ids.get(`${repo.name}\u0000${ref}\u0000${sha}`)!;
  }
}

const pushIds = new WeakMap<World, Map<string, number>>();

function claimPushIds(world: World): Map<string, number> {
  const registry = world.ids.child();
  const out = new Map<string, number>();
  const claim = (repo: Repo, ref: string, sha: string) => {
    const key = `${repo.name}\u0000${ref}\u0000${sha}`;
    if (!out.has(key))
      out.set(
        key,
        registry.claim(
          `gh/push/${key}`,
          20_000_000_000 + (Number.parseInt(sha.slice(0, 8), 16) % 1_000_000_000),
          20_000_000_000,
          1_000_000_000,
        ),
      );
  };
  for (const repo of world.repos) {
    for (const c of repo.mainCommits) claim(repo, repo.defaultBranch, c.sha);
    for (const pr of repo.pulls) for (const c of pr.commits) claim(repo, pr.headBranch, c.sha);
  }
  return out;
}

/** GitHub's node ids: a type prefix and an opaque base64url payload. */
export function nodeId(prefix: string, id: number | string): string {
  return `${prefix}_${Buffer.from(`0:${id}`).toString("base64url")}`;
}

export function ts(ms: number | undefined): string | null {
  return ms === undefined ? null : isoSeconds(ms);
}
