import { DAY, startOfDay } from "../../../generator/world/clock.js";
import type { Person, World } from "../../../generator/world/types.js";
import { activeDays, liveWorld } from "../../support/live-hosts.js";

export { activeDays, liveWorld };

/** The Claude seat holders of the organization at as-of. */
export function claudeSeats(world: World): Person[] {
  return world.ai.seats.filter((s) => s.tool === "claude" && s.since <= world.asOf).map((s) => world.people[s.personId - 1]!);
}

/** How many commits each person authored on each UTC day (person id → day → commits). */
export function commitsByDay(world: World): Map<number, Map<number, number>> {
  const out = new Map<number, Map<number, number>>();
  const add = (personId: number, at: number) => {
    if (!out.has(personId)) out.set(personId, new Map());
    const days = out.get(personId)!;
    days.set(startOfDay(at), (days.get(startOfDay(at)) ?? 0) + 1);
  };
  for (const repo of world.repos) {
    for (const c of repo.mainCommits.slice(1)) add(c.authorId, c.authoredAt);
    for (const pr of repo.pulls) for (const c of pr.commits) add(c.authorId, c.authoredAt);
  }
  return out;
}

export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export { DAY };
