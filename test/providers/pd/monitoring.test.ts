import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { loadCatalog } from "../../../generator/catalog/index.js";
import { latestSlot, liveGeneration, liveSettings } from "../../../generator/live/settings.js";
import { HOUR, isoSeconds } from "../../../generator/world/clock.js";
import { buildWorld, loadTemplates } from "../../../generator/world/index.js";
import { serviceMonitors } from "../../../generator/world/operations/operations.js";
import { TEST_LIVE_NOW } from "../../support/live-hosts.js";
import { liveWorld } from "./world.js";

/**
 * The monitoring noise the account pages on (world/operations/operations.ts `monitorIncidents`), in the live world:
 * at least one low-urgency incident in every six-hour UTC window, each from a monitor wired to its
 * service, resolved within the services' four-hour auto-resolve timeout, by the monitor (no resolver, no
 * note) or by the person on call who acknowledged it; never escalated, on the status page or with a
 * postmortem. A later as-of only appends: what had happened stays as it was.
 */
const world = liveWorld();
const monitored = world.operations.incidents.filter((i) => i.trigger.kind === "monitor");
const WINDOW = 6 * HOUR;
const hash = (v: unknown) => createHash("sha256").update(JSON.stringify(v)).digest("hex");

describe("PagerDuty monitoring noise in the live world", () => {
  it("pages at least once in every six-hour UTC window, and not much more", () => {
    let windows = 0;
    for (let w = world.start; w + WINDOW <= world.asOf; w += WINDOW, windows++) {
      const n = monitored.filter((i) => i.createdAt >= w && i.createdAt < w + WINDOW).length;
      expect(n, isoSeconds(w)).toBeGreaterThanOrEqual(1);
      expect(n, isoSeconds(w)).toBeLessThanOrEqual(4);
    }
    expect(windows).toBeGreaterThan(200);
    expect(monitored.length).toBeLessThan(windows * 1.6);
  });

  it("comes from a monitor of the service, at low urgency, and is resolved by it or by the person on call", () => {
    const services = new Map(world.operations.services.map((s) => [s.id, s]));
    for (const i of monitored) {
      const trigger = i.trigger as Extract<typeof i.trigger, { kind: "monitor" }>;
      expect(serviceMonitors(services.get(i.serviceId)!)).toContain(trigger.monitor);
      expect([i.urgency, i.escalatedAt, i.statusPage, i.postmortem]).toStrictEqual(["low", undefined, undefined, undefined]);
      expect(["P3", "P4"]).toContain(i.priority);
      expect(i.alerts.map((a) => [a.at, a.source, a.resolvedAt])).toStrictEqual([
        [i.createdAt, trigger.monitor.toLowerCase(), i.resolvedAt],
      ]);
      if (i.resolvedAt === undefined) continue;
      expect(i.resolvedAt - i.createdAt).toBeLessThan(4 * HOUR);
      if (i.resolvedById === undefined) expect(i.notes).toStrictEqual([]);
      else expect([i.resolvedById, i.acknowledgedById]).toStrictEqual([i.assigneeId, i.assigneeId]);
    }
    const byMonitor = monitored.filter((i) => i.resolvedAt !== undefined && i.resolvedById === undefined).length;
    expect(byMonitor / monitored.length).toBeGreaterThan(0.5);
    expect(byMonitor / monitored.length).toBeLessThan(0.9);
  });

  it("only appends as the as-of moves on", () => {
    const settings = liveSettings(loadCatalog("catalog.yaml"));
    const later = buildWorld(liveGeneration(settings, latestSlot(settings, Date.parse(TEST_LIVE_NOW) + 30 * HOUR)), {
      render: loadTemplates("templates/repo"),
    });
    const again = new Map(later.operations.incidents.map((i) => [i.id, i]));
    const settled = monitored.filter((i) => i.resolvedAt !== undefined);
    expect(settled.length).toBeGreaterThan(100);
    for (const i of settled) expect(hash(again.get(i.id))).toBe(hash(i));
    expect(later.operations.incidents.filter((i) => i.trigger.kind === "monitor").length).toBeGreaterThan(monitored.length + 4);
  });
});
