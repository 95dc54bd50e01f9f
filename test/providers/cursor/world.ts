import { loadCatalog } from "../../../generator/catalog/index.js";
import { latestSlot, liveGeneration, liveSettings } from "../../../generator/live/settings.js";
import { buildWorld, loadTemplates } from "../../../generator/world/index.js";
import type { World } from "../../../generator/world/types.js";
import { TEST_LIVE_NOW } from "../../support/live-hosts.js";

/**
 * The live universe the test setup serves at `/cursor` (built by the live job as of TEST_LIVE_NOW),
 * rebuilt here so expected values come from the world model, not from the served files.
 */
export const PREFIX = "cursor";
export const DAY = 86_400_000;

let cached: World | undefined;

export function liveWorld(): World {
  if (!cached) {
    const settings = liveSettings(loadCatalog("catalog.yaml"));
    const generation = liveGeneration(settings, latestSlot(settings, Date.parse(TEST_LIVE_NOW)));
    cached = buildWorld(generation, { render: loadTemplates("templates/repo"), scale: 1 });
  }
  return cached;
}

/** Whether the test run includes this live host (SNAPVERSE_TEST_PINS selects hosts by prefix). */
export function selected(): boolean {
  const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
  return only === undefined || only.includes(PREFIX);
}

/** `Authorization: Basic base64("<key>:")`: the API key as the username, an empty password (curl -u KEY:). */
export function basicAuth(key = "key_c25hcHZlcnNlY3Vyc29ydGVzdGtleWZvcmFkbWluYXBpMDAwMDAwMDAwMDAwMDA"): Record<string, string> {
  return { Authorization: `Basic ${Buffer.from(`${key}:`).toString("base64")}` };
}

/** The UTC days on which each person committed, opened a pull request or reviewed, from the repositories. */
export function activeDays(world: World): Map<number, Set<number>> {
  const out = new Map<number, Set<number>>();
  const mark = (personId: number, at: number) => {
    if (at > world.asOf) return;
    if (!out.has(personId)) out.set(personId, new Set());
    out.get(personId)!.add(at - (at % DAY));
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
