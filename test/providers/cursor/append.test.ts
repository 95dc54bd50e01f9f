import { describe, expect, it } from "vitest";
import { loadCatalog } from "../../../generator/catalog/index.js";
import { latestSlot, liveGeneration, liveSettings } from "../../../generator/live/settings.js";
import { buildWorld, loadTemplates } from "../../../generator/world/index.js";
import { TEST_LIVE_NOW } from "../../support/live-hosts.js";
import { selected } from "./world.js";

/**
 * Decision 0006: a later build only appends, and nothing exists after a build's as-of. Two builds one
 * slot apart: every usage event of the earlier one (the editor's and the automation's) is in the later
 * one, and neither has an event after its own as-of; the as-of day's row counts only its events so far.
 */
const settings = liveSettings(loadCatalog("catalog.yaml"));

function eventsAt(asOf: number) {
  const world = buildWorld(liveGeneration(settings, asOf), { render: loadTemplates("templates/repo"), scale: 1 });
  const events = [
    ...world.ai.cursor.flatMap((d) => d.events.map((e) => JSON.stringify({ who: d.personId, ...e }))),
    ...world.ai.cursorAutomations.flatMap((a) =>
      a.runs.flatMap((r) => r.events.map((e) => JSON.stringify({ who: a.ownerId, agent: r.cloudAgentId, ...e }))),
    ),
  ];
  return { world, events };
}

describe.skipIf(!selected())("Cursor usage from build to build", () => {
  it("keeps every event of the earlier build and holds none after its own as-of", { timeout: 60_000 }, () => {
    const slot = latestSlot(settings, Date.parse(TEST_LIVE_NOW));
    const early = eventsAt(slot);
    const late = eventsAt(slot + settings.regenerateEvery);
    const later = new Set(late.events);
    for (const e of early.events) expect(later.has(e), e).toBe(true);
    for (const { world, events } of [early, late]) {
      expect(events.every((e) => JSON.parse(e).at <= world.asOf)).toBe(true);
      for (const d of world.ai.cursor) {
        expect(d.agentRequests + d.chatRequests + d.cmdkUsages).toBe(d.events.length);
        expect(d.includedRequests + d.usageBasedRequests).toBe(d.events.length);
      }
    }
    // The automation runs at every slot since it was set up, each run just after its slot.
    const runs = late.world.ai.cursorAutomations[0]!.runs;
    expect(runs.at(-1)!.at).toBe(slot);
    expect(runs.every((r, i) => i === 0 || r.at - runs[i - 1]!.at === settings.regenerateEvery)).toBe(true);
  });
});
