import type { World } from "../../../generator/world/types.js";
import { liveHostSelected, liveWorld } from "../../support/live-hosts.js";

export { liveWorld };

export const selected = (): boolean => liveHostSelected("slack");

/** The channels the workspace must have: #general, one per team (its slug), and the four event channels. */
export function expectedChannels(world: World): string[] {
  return ["general", ...world.teams.map((t) => t.slug), "deploys", "incidents", "releases", "support-escalations"].sort();
}

/** Everyone who should be a (human) member: the world's people and its staff, by email. */
export function expectedMembers(world: World): Map<string, string> {
  return new Map([...world.people.map((p) => [p.email, p.name] as const), ...world.commerce.staff.map((s) => [s.email, s.name] as const)]);
}

/** Deployments that happened by as-of (each is announced in #deploys), by id. */
export function deployments(world: World): Map<number, { repo: string; sha: string; environment: string }> {
  const out = new Map<number, { repo: string; sha: string; environment: string }>();
  for (const repo of world.repos)
    for (const d of repo.deployments)
      if (d.createdAt <= world.asOf) out.set(d.id, { repo: repo.name, sha: d.sha, environment: d.environment });
  return out;
}

/** Releases published by as-of. */
export function releases(world: World): Array<{ repo: string; tag: string }> {
  return world.repos.flatMap((r) => r.releases.filter((x) => x.publishedAt <= world.asOf).map((x) => ({ repo: r.name, tag: x.tag })));
}

export type Any = Record<string, any>;
