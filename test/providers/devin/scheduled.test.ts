import { describe, expect, it } from "vitest";
import { loadCatalog } from "../../../generator/catalog/index.js";
import { latestSlot, liveGeneration, liveSettings } from "../../../generator/live/settings.js";
import { buildWorld, loadTemplates } from "../../../generator/world/index.js";
import { TEST_LIVE_NOW } from "../../support/live-hosts.js";

/**
 * The live universe's scheduled Devin sessions (README): one per slot of the live schedule since they
 * were set up, each started just after its slot, so a build never holds its own slot's run; a later
 * build only appends (decision 0006): the earlier build's sessions keep their start and their messages.
 */
const settings = liveSettings(loadCatalog("catalog.yaml"));
const scheduled = (asOf: number) => {
  const world = buildWorld(liveGeneration(settings, asOf), { render: loadTemplates("templates/repo"), scale: 1 });
  return { world, sessions: world.ai.devin.filter((s) => s.tags.includes("scheduled")) };
};

describe("Devin's scheduled sessions in the live universe", () => {
  it("run at every slot, after it, and a later build only adds to them", { timeout: 60_000 }, () => {
    const slot = latestSlot(settings, Date.parse(TEST_LIVE_NOW));
    const early = scheduled(slot);
    const late = scheduled(slot + settings.regenerateEvery);
    expect(early.sessions.length).toBeGreaterThan(100);
    expect(late.sessions.length).toBe(early.sessions.length + 1);
    for (const [i, s] of late.sessions.entries()) {
      const at = s.createdAt - (s.createdAt % settings.regenerateEvery) + 2 * 3_600_000;
      expect(s.createdAt - (i === 0 ? s.createdAt : late.sessions[i - 1]!.createdAt)).toBeLessThan(settings.regenerateEvery + 5 * 60_000);
      expect(s.createdAt - at).toBeGreaterThan(0);
      expect(s.createdAt - at).toBeLessThan(5 * 60_000);
      expect(s.messages.every((m) => m.at <= late.world.asOf) && s.updatedAt <= late.world.asOf).toBe(true);
    }
    expect(late.sessions.at(-1)!.createdAt).toBeGreaterThan(slot);
    expect(late.sessions.at(-1)!.status).toBe("finished");
    for (const s of early.sessions) {
      const again = late.sessions.find((x) => x.id === s.id)!;
      expect([again.createdAt, again.title, again.personId]).toStrictEqual([s.createdAt, s.title, s.personId]);
      expect(again.messages.slice(0, s.messages.length)).toStrictEqual(s.messages);
    }
  });
});
