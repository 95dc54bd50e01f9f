import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadCatalog } from "../../generator/catalog/index.js";
import { providers } from "../../generator/providers/index.js";
import { HALVES, SCENARIOS, liveHalf } from "./freshness.js";

/** The freshness check is split by files; this fails when a split leaves a scenario or a host out. */
describe("live freshness files", () => {
  it("check every scenario's cycle for every live host, a file per half", () => {
    const dir = join("test", "live");
    const files = readdirSync(dir)
      .filter((f) => /^freshness-.+\.test\.ts$/.test(f) && f !== "freshness-halves.test.ts")
      .sort();
    const expected = Object.keys(SCENARIOS)
      .flatMap((s) => Array.from({ length: HALVES }, (_, h) => `freshness-${s}-${h}.test.ts`))
      .sort();
    expect(files).toStrictEqual(expected);
    for (const file of files) {
      const [, scenario, half] = /^freshness-(.+)-(\d+)\.test\.ts$/.exec(file)!;
      expect(readFileSync(join(dir, file), "utf8"), file).toContain(`freshnessCycle("${scenario}", ${half});`);
    }
    const served = loadCatalog("catalog.yaml")
      .livePrefixes.filter((p) => providers.has(p))
      .sort();
    const halves = Array.from({ length: HALVES }, (_, h) => liveHalf(h));
    expect(halves.flat().sort()).toStrictEqual(served);
    expect(halves.every((h) => h.length > 0)).toBe(true);
  });
});
