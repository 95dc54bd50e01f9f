import { describe, expect, inject, it } from "vitest";
import { SpContext } from "../../../generator/providers/statuspage/context.js";
import { pageStatus } from "../../../generator/providers/statuspage/status-api.js";
import { serviceKind } from "../../../generator/world/operations/operations.js";
import { type Any, expectedStatus, iso, liveWorld, openIncidents } from "./world.js";

/**
 * The Statuspage host against the world it projects, read over HTTP:
 * - every realtime Statuspage incident is an incident of the world (the one PagerDuty serves) that has a
 *   status-page part, and its components are exactly the services that part names, the incident's own
 *   service among them; its updates, impact and resolution are the world's;
 * - every scheduled incident is a planned maintenance, with its window;
 * - every component is a service, grouped under its owning team, and its status agrees with the open
 *   incidents (and maintenances in progress) at as-of;
 * - the subscribers are contacts of the CRM;
 * - the system metrics are one response time per HTTP service, from the page's Datadog provider, with a
 *   data point from the last five minutes before as-of.
 */
const api = `${inject("baseUrl")}/statuspage/v1`;
const headers = { Authorization: "OAuth coherence" };
const world = liveWorld();
const services = new Map(world.operations.services.map((s) => [s.id, s]));

async function get(path: string): Promise<Any> {
  const res = await fetch(`${api}/${path}`, { headers });
  expect(res.status, path).toBe(200);
  return (await res.json()) as Any;
}

async function pageId(): Promise<string> {
  return ((await get("pages")) as unknown as Any[])[0]!.id as string;
}

describe("Statuspage host: coherence with the world", () => {
  it("every realtime incident is a world (PagerDuty) incident with a status-page part, on that part's services", async () => {
    const id = await pageId();
    const incidents = ((await get(`pages/${id}/incidents`)) as unknown as Any[]).filter((i) => i.impact !== "maintenance");
    expect(incidents.length).toBe(world.operations.incidents.filter((i) => i.statusPage && i.statusPage.createdAt <= world.asOf).length);
    for (const served of incidents) {
      const source = world.operations.incidents.find(
        (i) => i.statusPage && i.statusPage.name === served.name && iso(i.statusPage.createdAt) === served.created_at,
      );
      expect(source, `${served.name} at ${served.created_at} is a world incident with a status-page part`).toBeDefined();
      const part = source!.statusPage!;
      expect(part.createdAt).toBeGreaterThanOrEqual(source!.createdAt);
      expect(served.impact).toBe(part.impact);
      expect(served.components.map((c: Any) => c.name).sort()).toStrictEqual(part.serviceIds.map((s) => services.get(s)!.name).sort());
      expect(part.serviceIds).toContain(source!.serviceId);
      const resolved = part.resolvedAt !== undefined && part.resolvedAt <= world.asOf ? iso(part.resolvedAt) : null;
      expect(served.resolved_at).toBe(resolved);
      expect(served.status === "resolved").toBe(resolved !== null);
      const times = served.incident_updates.map((u: Any) => Date.parse(u.display_at) as number);
      expect(times).toStrictEqual([...times].sort((a, b) => b - a));
      expect(served.incident_updates.at(-1).status).toBe("investigating");
      // The world posts them in the order of the incident's life: investigating, identified, monitoring, resolved.
      const life = ["investigating", "identified", "monitoring", "resolved"];
      const posted = part.updates.filter((u) => u.at <= world.asOf);
      expect(
        posted.map((u) => u.at),
        served.name,
      ).toStrictEqual([...posted.map((u) => u.at)].sort((a, b) => a - b));
      expect(
        posted.map((u) => life.indexOf(u.status)),
        served.name,
      ).toStrictEqual([...posted.map((u) => life.indexOf(u.status))].sort((a, b) => a - b));
    }
  });

  it("every scheduled incident is a planned maintenance with its window", async () => {
    const id = await pageId();
    const scheduled = (await get(`pages/${id}/incidents/scheduled`)) as unknown as Any[];
    const maintenances = world.operations.maintenances.filter((m) => m.createdAt <= world.asOf);
    expect(scheduled.length).toBe(maintenances.length);
    for (const served of scheduled) {
      const m = maintenances.find((x) => x.name === served.name && iso(x.createdAt) === served.created_at)!;
      expect(m, served.name).toBeDefined();
      expect([served.scheduled_for, served.scheduled_until]).toStrictEqual([iso(m.scheduledFor), iso(m.scheduledUntil)]);
      expect(served.components.map((c: Any) => c.name).sort()).toStrictEqual(m.serviceIds.map((s) => services.get(s)!.name).sort());
    }
  });

  it("every component is a service under its team's group, with the status the open incidents give it at as-of", async () => {
    const id = await pageId();
    const components = (await get(`pages/${id}/components`)) as unknown as Any[];
    const groups = new Map(components.filter((c) => c.group).map((g) => [g.id as string, g]));
    const open = openIncidents(world);
    for (const c of components.filter((x) => !x.group)) {
      const service = world.operations.services.find((s) => s.name === c.name)!;
      expect(service, c.name).toBeDefined();
      expect(groups.get(c.group_id)?.name).toBe(world.teams.find((t) => t.id === service.teamId)!.name);
      expect(c.status, `${c.name}: open incidents ${open.map((i) => i.statusPage.name).join(", ")}`).toBe(
        expectedStatus(world, service.id),
      );
    }
    expect(components.filter((x) => !x.group).length).toBe(world.operations.services.filter((s) => s.createdAt <= world.asOf).length);
  });

  it("while an incident is open, its components show its impact and the page its indicator (the world at earlier instants)", () => {
    // At the test instant every incident may be resolved: replay the projection at instants inside each one.
    const pin = { pin: { name: "statuspage" }, catalog: {}, origin: "https://statuspage.test" } as unknown as ConstructorParameters<
      typeof SpContext
    >[1];
    const parts = world.operations.incidents.filter(
      (i) => i.statusPage && i.statusPage.createdAt <= world.asOf && i.statusPage.updates.length > 1,
    );
    expect(parts.length).toBeGreaterThan(0);
    for (const i of parts) {
      const during = { ...world, asOf: i.statusPage!.updates[1]!.at };
      const sp = new SpContext(during, pin);
      for (const s of i.statusPage!.serviceIds) {
        expect(sp.component(s)!.status, `${i.statusPage!.name}: ${services.get(s)!.name}`).toBe(expectedStatus(during, s));
        expect(sp.component(s)!.status).not.toBe("operational");
      }
      const rank = ["none", "minor", "major", "critical"];
      expect(rank.indexOf(pageStatus(sp).indicator)).toBeGreaterThanOrEqual(rank.indexOf(i.statusPage!.impact));
    }
  });

  it("every incident template is an update text posted on two incidents (or maintenances) or more", async () => {
    const id = await pageId();
    const templates = (await get(`pages/${id}/incident_templates`)) as unknown as Any[];
    expect(templates.length).toBeGreaterThan(0);
    for (const t of templates) {
      const onIncidents = world.operations.incidents.filter((i) =>
        i.statusPage?.updates.some((u) => u.at <= world.asOf && u.status === t.update_status && u.body === t.body),
      ).length;
      const onMaintenances = world.operations.maintenances.filter((m) =>
        m.updates.some((u) => u.at <= world.asOf && u.status === t.update_status && u.body === t.body),
      ).length;
      expect(Math.max(onIncidents, onMaintenances), t.body).toBeGreaterThanOrEqual(2);
    }
  });

  it(
    "shows a response-time metric per HTTP service from its Datadog provider, its newest data " + "from the last fetch before as-of",
    async () => {
      const id = await pageId();
      const providers = (await get(`pages/${id}/metrics_providers`)) as unknown as Any[];
      expect(providers.map((p) => [p.type, p.page_id, p.disabled])).toStrictEqual([["Datadog", id, false]]);
      expect(await get(`pages/${id}/metrics_providers/${providers[0]!.id}`)).toStrictEqual(providers[0]);
      const metrics = (await get(`pages/${id}/metrics`)) as unknown as Any[];
      expect(await get(`pages/${id}/metrics_providers/${providers[0]!.id}/metrics`)).toStrictEqual(metrics);
      const http = world.operations.services.filter((s) => s.createdAt + 2 * 86_400_000 <= world.asOf && serviceKind(s) === "http");
      expect(http.length).toBeGreaterThan(2);
      expect(metrics.map((m) => m.name).sort()).toStrictEqual(http.map((s) => `${s.name} response time`).sort());
      for (const m of metrics) {
        expect(m.metrics_provider_id).toBe(providers[0]!.id);
        expect(await get(`pages/${id}/metrics/${m.id}`)).toStrictEqual(m);
        const [created, fetched, data] = [Date.parse(m.created_at), Date.parse(m.last_fetched_at), Date.parse(m.most_recent_data_at)];
        expect(created).toBeGreaterThanOrEqual(Date.parse(providers[0]!.created_at));
        expect((fetched - created) % 300_000).toBe(0);
        expect(world.asOf - fetched).toBeLessThan(300_000);
        expect(fetched - data).toBeGreaterThanOrEqual(60_000);
        expect(fetched - data).toBeLessThan(90_000);
        expect(data % 30_000).toBe(0);
      }
    },
  );

  it("counts subscribers among the CRM's contacts", async () => {
    const id = await pageId();
    const all = await get(`pages/${id}/subscribers/count?state=all`);
    const active = await get(`pages/${id}/subscribers/count`);
    expect(all.email).toBeLessThanOrEqual(world.commerce.contacts.filter((c) => c.createdAt <= world.asOf).length);
    expect(active.email).toBeLessThanOrEqual(all.email);
    expect(active.email).toBeGreaterThan(0);
  });
});
