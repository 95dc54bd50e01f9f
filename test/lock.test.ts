import { describe, expect, inject, it } from "vitest";
import { loadCatalog } from "../generator/catalog/index.js";
import { compareWithEntry, readLock } from "../generator/emit/lock.js";
import { providers } from "../generator/providers/index.js";
import { TEST_LIVE_NOW } from "./support/live-hosts.js";

/**
 * pins.lock.json holds every pin and, in its live section, every live host built at one instant: the
 * test setup's builds (the served one for pins, the twin for live hosts, which it builds at that instant)
 * must match each entry, so a refactoring that moves one byte of any host fails here, not only in
 * `snapverse build` or `snapverse lock`.
 */
const lock = readLock("pins.lock.json");
const catalog = loadCatalog("catalog.yaml");
const selected = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);

describe("pins.lock.json", () => {
  it("has an entry for every pin and a live section for every live host with a generator, at the tests' instant", () => {
    expect(Object.keys(lock.pins).sort().join(",")).toBe(
      catalog.pins
        .filter((p) => providers.has(p.provider))
        .map((p) => p.name)
        .sort()
        .join(","),
    );
    expect(lock.live?.now).toBe(TEST_LIVE_NOW);
    expect(lock.live?.scale).toBe(1);
    expect(
      Object.keys(lock.live?.hosts ?? {})
        .sort()
        .join(","),
    ).toBe(
      catalog.livePrefixes
        .filter((p) => providers.has(p))
        .sort()
        .join(","),
    );
  });

  it("matches every pin the test setup built", () => {
    const builds = inject("builds");
    const pins = Object.keys(lock.pins).filter((name) => builds[name]);
    if (!selected) expect(pins.length, "every pin is built when no selection is made").toBe(Object.keys(lock.pins).length);
    const changed = pins.flatMap((name) => {
      const verdict = compareWithEntry(lock.pins[name], builds[name]!, `pin ${name}`);
      return verdict.kind === "changed" ? [verdict.summary] : [];
    });
    expect(changed.join("\n")).toBe("");
  });

  it("matches every live host the twin built at the lock's instant", () => {
    const twins = inject("twins");
    const hosts = Object.keys(lock.live?.hosts ?? {}).filter((prefix) => twins[prefix]);
    if (!selected)
      expect(hosts.length, "every live host is built when no selection is made").toBe(Object.keys(lock.live?.hosts ?? {}).length);
    const changed = hosts.flatMap((prefix) => {
      const verdict = compareWithEntry(lock.live!.hosts[prefix], twins[prefix]!, `live host ${prefix}`);
      return verdict.kind === "changed" ? [verdict.summary] : [];
    });
    expect(changed.join("\n"), "run `snapverse lock --update-lock` if the change is deliberate").toBe("");
  });
});
