import { loadCatalog } from "../../../generator/catalog/index.js";
import { latestSlot, liveGeneration, liveSettings } from "../../../generator/live/settings.js";
import { DAY, startOfDay } from "../../../generator/world/clock.js";
import { buildWorld, loadTemplates } from "../../../generator/world/index.js";
import type { Person, World } from "../../../generator/world/types.js";
import { TEST_LIVE_NOW } from "../../support/live-hosts.js";

/**
 * The live universe the test host serves (built as the nightly job does at TEST_LIVE_NOW): expected
 * values come from it, never from the served files.
 */
export function liveWorld(): World {
  const catalog = loadCatalog("catalog.yaml");
  const settings = liveSettings(catalog);
  return buildWorld(liveGeneration(settings, latestSlot(settings, Date.parse(TEST_LIVE_NOW))), { render: loadTemplates("templates/repo"), scale: 1 });
}

/** The Claude seat holders of the organization at as-of. */
export function claudeSeats(world: World): Person[] {
  return world.ai.seats.filter((s) => s.tool === "claude" && s.since <= world.asOf).map((s) => world.people[s.personId - 1]!);
}

/** The UTC days each person committed, opened a pull request or reviewed, from the repositories. */
export function activeDays(world: World): Map<number, Set<number>> {
  const out = new Map<number, Set<number>>();
  const mark = (personId: number, at: number) => {
    if (!out.has(personId)) out.set(personId, new Set());
    out.get(personId)!.add(startOfDay(at));
  };
  for (const repo of world.repos) {
    for (const c of repo.mainCommits) mark(c.authorId, c.authoredAt);
    for (const pr of repo.pulls) {
      mark(pr.authorId, pr.createdAt);
      for (const c of pr.commits) mark(c.authorId, c.authoredAt);
      for (const r of pr.reviews) mark(r.reviewerId, r.submittedAt);
    }
  }
  return out;
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
