import { describe, expect, it } from "vitest";
import { loadCatalog } from "../../../generator/catalog/index.js";
import { latestSlot, liveGeneration, livePins, liveSettings, withLiveGeneration } from "../../../generator/live/settings.js";
import { AnthContext } from "../../../generator/providers/anthropic/context.js";
import { contributions } from "../../../generator/providers/anthropic/reports.js";
import { usageRows } from "../../../generator/providers/anthropic/usage-data.js";
import { buildWorld, loadTemplates } from "../../../generator/world/index.js";
import { TEST_LIVE_NOW } from "../../support/live-hosts.js";

/**
 * Decision 0006: a later build only appends. Two builds one slot apart: every usage row of the earlier
 * one has, minute for minute, the same usage before the earlier as-of in the later one (the as-of day's
 * hours are not spread again over fewer hours), and neither holds usage after its own as-of.
 */
const catalog = loadCatalog("catalog.yaml");
const settings = liveSettings(catalog);
const MINUTE = 60_000;

function minutes(asOf: number): { asOf: number; byRow: Map<string, Map<number, string>> } {
  const generation = liveGeneration(settings, asOf);
  const world = buildWorld(generation, { render: loadTemplates("templates/repo"), scale: 1 });
  const [pin] = livePins(catalog, () => true, ["anthropic"]);
  const a = new AnthContext(world, { pin: pin!, catalog: withLiveGeneration(catalog, generation), origin: "https://anthropic.test" });
  const byRow = new Map<string, Map<number, string>>();
  for (const r of usageRows(a)) {
    const key = `${r.apiKeyId}/${r.day}/${r.model}`;
    const m = byRow.get(key) ?? new Map<number, string>();
    for (const [at, amounts] of contributions(r, MINUTE)) m.set(at, JSON.stringify(amounts));
    byRow.set(key, m);
  }
  return { asOf: world.asOf, byRow };
}

describe("Anthropic usage from build to build", () => {
  it("keeps every minute of usage before the earlier as-of, and holds none after its own", { timeout: 60_000 }, () => {
    const slot = latestSlot(settings, Date.parse(TEST_LIVE_NOW));
    const early = minutes(slot);
    const late = minutes(slot + settings.regenerateEvery);
    let compared = 0;
    for (const [key, m] of early.byRow) {
      const later = late.byRow.get(key);
      expect(later, key).toBeDefined();
      for (const [at, amounts] of m) {
        expect(at).toBeLessThan(early.asOf);
        expect(later!.get(at), `${key} at ${new Date(at).toISOString()}`).toBe(amounts);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(10_000);
    for (const m of late.byRow.values()) for (const at of m.keys()) expect(at).toBeLessThan(late.asOf);
  });
});
