import { loadCatalog } from "../../../generator/catalog/index.js";
import { latestSlot, liveGeneration, liveSettings } from "../../../generator/live/settings.js";
import { workspaceIdOf } from "../../../generator/providers/chatgpt/context.js";
import { buildWorld, loadTemplates } from "../../../generator/world/index.js";
import type { World } from "../../../generator/world/types.js";
import { TEST_LIVE_NOW } from "../../support/live-hosts.js";

/**
 * The live universe the test setup serves at `/chatgpt` (built by the live job as of TEST_LIVE_NOW),
 * rebuilt here so expected values come from the world model, not from the served files.
 */
export const PREFIX = "chatgpt";

let cached: World | undefined;

export function liveWorld(): World {
  if (!cached) {
    const settings = liveSettings(loadCatalog("catalog.yaml"));
    const generation = liveGeneration(settings, latestSlot(settings, Date.parse(TEST_LIVE_NOW)));
    cached = buildWorld(generation, { render: loadTemplates("templates/repo"), scale: 1 });
  }
  return cached;
}

/** The workspace id a customer reads off ChatGPT's admin settings: derived from the company slug. */
export function workspaceId(world: World): string {
  return workspaceIdOf(world.company.slug);
}

/** Whether the test run includes this live host (SNAPVERSE_TEST_PINS selects hosts by prefix). */
export function selected(): boolean {
  const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
  return only === undefined || only.includes(PREFIX);
}

/** The UTC days on which each person committed, opened a pull request or reviewed, from the repositories. */
export function activeDays(world: World): Map<number, Set<number>> {
  const out = new Map<number, Set<number>>();
  const mark = (personId: number, at: number) => {
    if (at > world.asOf) return;
    if (!out.has(personId)) out.set(personId, new Set());
    out.get(personId)!.add(at - (at % 86_400_000));
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
