import { loadCatalog } from "../../generator/catalog/index.js";
import type { Catalog } from "../../generator/catalog/types.js";
import type { Provider } from "../../generator/core/provider.js";
import { latestSlot, liveGeneration, liveSettings } from "../../generator/live/settings.js";
import { startOfDay } from "../../generator/world/clock.js";
import { buildWorld, loadTemplates, type World } from "../../generator/world/index.js";

/**
 * Providers that have a generator but no pin in the catalog are live hosts only. Tests build them as the
 * nightly job would at this fixed instant (its latest slot is the as-of), so they are deterministic too.
 * It is the instant of pins.lock.json's live section, which test/lock.test.ts holds every live host to.
 */
export const TEST_LIVE_NOW = "2026-10-01T03:00:00Z";

export function liveOnlyProviders(catalog: Catalog, providers: ReadonlyMap<string, Provider>): string[] {
  return [...providers.keys()].filter((id) => catalog.livePrefixes.includes(id) && !catalog.pins.some((p) => p.provider === id)).sort();
}

let liveWorldCache: World | undefined;

/**
 * The live universe the test setup serves (the live job's world as of TEST_LIVE_NOW), rebuilt once per
 * test file so that expected values come from the world model, not from the served files.
 */
export function liveWorld(): World {
  if (!liveWorldCache) {
    const settings = liveSettings(loadCatalog("catalog.yaml"));
    liveWorldCache = buildWorld(liveGeneration(settings, latestSlot(settings, Date.parse(TEST_LIVE_NOW))), {
      render: loadTemplates("templates/repo"),
      scale: 1,
    });
  }
  return liveWorldCache;
}

/** Whether this test run serves the live host (SNAPVERSE_TEST_PINS selects hosts by prefix). */
export function liveHostSelected(prefix: string): boolean {
  const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
  return only === undefined || only.includes(prefix);
}

/** The UTC days on which each person committed, opened a pull request or reviewed, up to as-of. */
export function activeDays(world: World): Map<number, Set<number>> {
  const out = new Map<number, Set<number>>();
  const mark = (personId: number, at: number) => {
    if (at > world.asOf) return;
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
