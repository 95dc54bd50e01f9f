import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { loadCatalog } from "../../generator/catalog/index.js";
import { DAY, HOUR, isoSeconds } from "../../generator/world/clock.js";
import { buildWorld, loadTemplates, type World } from "../../generator/world/index.js";
import { onCallAt } from "../../generator/world/operations/operations.js";

const catalog = loadCatalog("catalog.yaml");
const render = loadTemplates("templates/repo");
const g5 = catalog.generations.get(5)!;
const world = buildWorld(g5, { render });
const later = buildWorld({ ...g5, asOf: isoSeconds(Date.parse(g5.asOf) + 4 * DAY) }, { render });
const ops = world.operations;

const hash = (v: unknown) => createHash("sha256").update(JSON.stringify(v)).digest("hex");
const repoOf = (w: World, id: number) => w.repos.find((r) => r.id === id)!;
const deployment = (w: World, id: number) => w.repos.flatMap((r) => r.deployments).find((d) => d.id === id);

describe("the world's operations", () => {
  it("has a service per repository, owned by its team, and a schedule and policy per team over its members", () => {
    expect(ops.services.map((s) => `${s.slug}/${s.teamId}`).join(",")).toBe(world.repos.map((r) => `${r.name}/${r.teamId}`).join(","));
    for (const team of world.teams) {
      const s = ops.schedules.find((x) => x.teamId === team.id)!;
      expect([...s.rotation].sort((a, b) => a - b).join(",")).toBe([...team.memberIds].sort((a, b) => a - b).join(","));
      // Back to back weekly shifts covering the whole world and four weeks ahead.
      expect(s.shifts[0]!.start).toBeLessThanOrEqual(world.start);
      expect(s.shifts.at(-1)!.end).toBeGreaterThanOrEqual(world.asOf + 28 * DAY);
      s.shifts.forEach((x, i) => {
        if (i) expect(x.start).toBe(s.shifts[i - 1]!.end);
        expect(x.end - x.start).toBe(7 * DAY);
      });
      const p = ops.policies.find((x) => x.teamId === team.id)!;
      expect(p.rules.map((r) => `${r.target.kind}:${r.target.id}`).join(",")).toBe(`schedule:${s.id},user:${team.leadId}`);
    }
    expect(new Set([...ops.services, ...ops.schedules, ...ops.policies].map((x) => x.id)).size).toBe(
      ops.services.length + 2 * world.teams.length,
    );
  });

  it("starts every error after a successful deployment of its commit, and ends it before the deployment that fixed it", () => {
    expect(ops.errors.length).toBeGreaterThan(20);
    expect(ops.errors.some((e) => e.status === "unresolved")).toBe(true);
    for (const e of ops.errors) {
      const d = deployment(world, e.introducedBy)!;
      expect(d.sha).toBe(e.firstRelease);
      const done = d.statuses.at(-1)!;
      expect(done.state).toBe("success");
      expect(e.firstSeen).toBeGreaterThan(done.createdAt);
      expect(e.events[0]!.at).toBe(e.firstSeen);
      expect(e.events.at(-1)!.at).toBe(e.lastSeen);
      expect(e.lastSeen).toBeLessThanOrEqual(world.asOf);
      const shas = new Set(
        repoOf(world, e.repoId)
          .deployments.filter((x) => x.environment === e.environment)
          .map((x) => x.sha),
      );
      for (const ev of e.events) expect(shas.has(ev.release)).toBe(true);
      if (e.status === "resolved") {
        const fix = deployment(world, e.fixedBy!)!;
        expect(fix.sha).toBe(e.fixedRelease);
        expect(e.lastSeen).toBeLessThan(fix.statuses.at(-1)!.createdAt);
        expect(e.resolvedAt).toBeLessThanOrEqual(world.asOf);
      } else expect(e.fixedBy).toBeUndefined();
    }
    for (const s of ops.services) {
      const numbers = ops.errors.filter((e) => e.serviceId === s.id).map((e) => e.number);
      expect(numbers.join(",")).toBe(numbers.map((_, i) => i + 1).join(","));
    }
  });

  it("opens incidents only for failing deployments, error spikes and monitors' checks, paged to whoever was on call", () => {
    expect(ops.incidents.length).toBeGreaterThan(5);
    expect(ops.incidents.map((i) => i.number).join(",")).toBe(ops.incidents.map((_, k) => k + 1).join(","));
    for (const i of ops.incidents) {
      const service = ops.services.find((s) => s.id === i.serviceId)!;
      expect(i.teamId).toBe(service.teamId);
      if (i.trigger.kind === "deployment") {
        const d = deployment(world, i.trigger.deploymentId)!;
        expect(d.sha).toBe(i.trigger.sha);
        expect(d.statuses.some((s) => s.state === "failure" && s.createdAt <= i.createdAt)).toBe(true);
      } else if (i.trigger.kind === "errors") {
        const errorId = i.trigger.errorId;
        const e = ops.errors.find((x) => x.id === errorId)!;
        expect(e.spike).toBe(true);
        expect(e.firstSeen).toBeLessThan(i.createdAt);
      } else {
        // Monitoring noise: low urgency, never on the status page, never a postmortem.
        expect([i.urgency, i.statusPage, i.postmortem]).toStrictEqual(["low", undefined, undefined]);
      }
      const schedule = ops.schedules.find((s) => s.teamId === i.teamId)!;
      expect(i.assigneeId).toBe(onCallAt(schedule, i.createdAt));
      const team = world.teams.find((t) => t.id === i.teamId)!;
      if (i.acknowledgedById !== undefined) expect(team.memberIds).toContain(i.acknowledgedById);
      for (const n of i.notes) expect(team.memberIds).toContain(n.authorId);
      const times = [i.createdAt, i.acknowledgedAt, i.resolvedAt].filter((t): t is number => t !== undefined);
      expect(times.join(",")).toBe([...times].sort((a, b) => a - b).join(","));
      if (i.statusPage) {
        expect(i.urgency).toBe("high");
        expect(i.statusPage.serviceIds).toContain(i.serviceId);
        expect(i.statusPage.updates[0]!.status).toBe("investigating");
        const at = i.statusPage.updates.map((u) => u.at);
        expect(at.join(",")).toBe([...at].sort((a, b) => a - b).join(","));
      }
      // The postmortem cites the items that main's fixing commits cite.
      for (const key of i.postmortem?.workItemKeys ?? []) expect(world.workItems.some((w) => w.key === key)).toBe(true);
    }
    expect(ops.incidents.some((i) => i.statusPage)).toBe(true);
    expect(ops.incidents.some((i) => i.postmortem)).toBe(true);
  });

  it("announces maintenance two weeks ahead and builds some repositories on CircleCI and Buildkite too", () => {
    const next = ops.maintenances.at(-1)!;
    expect(next.updates.at(-1)!.status).toBe("scheduled");
    expect(next.scheduledFor).toBeGreaterThan(world.asOf);
    for (const m of ops.maintenances) expect(m.scheduledUntil - m.scheduledFor).toBe(2 * HOUR);
    expect(new Set(ops.ciHosting.map((h) => h.host)).size).toBe(2);
    for (const h of ops.ciHosting) expect(repoOf(world, h.repoId).runs.some((r) => r.createdAt >= h.since)).toBe(true);
  });

  it("only appends when the as-of moves on: past shifts, incidents and events stay as they were (what live hosts rely on)", () => {
    const lo = later.operations;
    expect(hash(lo.services)).toBe(hash(ops.services));
    for (const [k, s] of ops.schedules.entries()) expect(hash(lo.schedules[k]!.shifts.slice(0, s.shifts.length))).toBe(hash(s.shifts));
    // Settled incidents (postmortem written, status page closed: within three days of resolution) stay whole.
    const before = ops.incidents.filter((i) => i.resolvedAt !== undefined && i.resolvedAt < world.asOf - 3 * DAY - HOUR);
    expect(before.length).toBeGreaterThan(3);
    // A postmortem comes once the fix has landed, which may be later still.
    for (const i of before)
      expect(hash({ ...lo.incidents.find((x) => x.id === i.id), ...(i.postmortem ? {} : { postmortem: undefined }) })).toBe(hash(i));
    for (const e of ops.errors) {
      const again = lo.errors.find((x) => x.id === e.id)!;
      expect(`${again.number}|${again.firstSeen}|${again.type}`).toBe(`${e.number}|${e.firstSeen}|${e.type}`);
      expect(hash(again.events.slice(0, e.events.length).filter((ev) => ev.at <= world.asOf))).toBe(
        hash(e.events.filter((ev) => ev.at <= (e.status === "resolved" ? e.lastSeen : world.asOf))),
      );
    }
  });
});
