import { describe, expect, inject, it } from "vitest";
import { type Any, expectedIncidents, iso, liveWorld } from "./world.js";

/**
 * A client written the way Statuspage's docs describe the API (developer.statuspage.io): plain `fetch`,
 * the base URL `…/v1`, `Authorization: OAuth <key>`, `.json` paths as the docs spell them, and lists paged
 * with `page` (and `per_page`, or `limit` on the incidents list) until a page comes back shorter than its
 * size. The workflow: the page, its components and groups, every incident paged to the end, the
 * unresolved ones, the scheduled maintenances, one incident with its updates and postmortem, the
 * subscriber count, then the page's public Status API as a widget reads it. Expected values come from
 * the world.
 */
const host = `${inject("baseUrl")}/statuspage`;
const api = `${host}/v1`;
const headers = { Authorization: "OAuth 89a229ce1a8dbcf9ff30430fbe35eb4c0426574bca932061892cefd2138aa4b1" };
const world = liveWorld();

async function get(url: string): Promise<Any> {
  const res = await fetch(url, { headers });
  expect(res.status, url).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/application\/json/);
  return (await res.json()) as Any;
}

/** Every item of a list: `page=1, 2, …` until a page is shorter than the size asked for. */
async function all(url: string, sizeParam: "per_page" | "limit", size: number): Promise<Any[]> {
  const out: Any[] = [];
  for (let page = 1; ; page++) {
    const sep = url.includes("?") ? "&" : "?";
    const items = (await get(`${url}${sep}${sizeParam}=${size}&page=${page}`)) as unknown as Any[];
    expect(Array.isArray(items)).toBe(true);
    out.push(...items);
    if (items.length < size) return out;
    expect(page).toBeLessThan(100);
  }
}

describe("Statuspage API workflow with fetch, as its docs describe it", () => {
  it("reads the page, its components and groups, pages every incident to the end, and reads one incident's updates", async () => {
    const pages = (await get(`${api}/pages.json`)) as unknown as Any[];
    expect(pages).toHaveLength(1);
    const page = pages[0]!;
    expect(page.id).toMatch(/^[a-z0-9]{12}$/);
    expect(page.name).toBe(world.company.name);
    expect(await get(`${api}/pages/${page.id}.json`)).toStrictEqual(page);

    const components = await all(`${api}/pages/${page.id}/components`, "per_page", 5);
    const services = world.operations.services.filter((s) => s.createdAt <= world.asOf);
    expect(
      components
        .filter((c) => !c.group)
        .map((c) => c.name)
        .sort(),
    ).toStrictEqual(services.map((s) => s.name).sort());
    expect(components.map((c) => c.position)).toStrictEqual(components.map((_, i) => i + 1));
    const groups = await all(`${api}/pages/${page.id}/component-groups.json`, "per_page", 100);
    expect(groups.length).toBe(new Set(services.map((s) => s.teamId)).size);
    for (const g of groups) {
      const members = components.filter((c) => c.group_id === g.id);
      expect(g.components).toStrictEqual(members.map((c) => c.id));
      expect((await get(`${api}/pages/${page.id}/components/${members[0]!.id}`)).name).toBe(members[0]!.name);
    }

    const want = expectedIncidents(world);
    const incidents = await all(`${api}/pages/${page.id}/incidents.json`, "limit", 3);
    expect(incidents.map((i) => `${i.created_at} ${i.name}`)).toStrictEqual(want.map((w) => `${iso(w.createdAt)} ${w.name}`));
    expect(await all(`${api}/pages/${page.id}/incidents`, "limit", 100)).toStrictEqual(incidents);

    const realtime = want.find((w) => w.kind === "realtime" && w.updates.length > 1)!;
    const one = incidents.find((i) => i.name === realtime.name && i.created_at === iso(realtime.createdAt))!;
    const got = await get(`${api}/pages/${page.id}/incidents/${one.id}.json`);
    expect(got).toStrictEqual(one);
    // Updates come newest first, as the API lists them.
    expect(got.incident_updates.map((u: Any) => `${u.display_at} ${u.status} ${u.body}`)).toStrictEqual(
      [...realtime.updates].reverse().map((u) => `${iso(u.at)} ${u.status} ${u.body}`),
    );
    expect(got.incident_updates.every((u: Any) => u.incident_id === one.id)).toBe(true);
    const pm = realtime.incident!.postmortem;
    const post = await fetch(`${api}/pages/${page.id}/incidents/${one.id}/postmortem`, { headers });
    expect(post.status).toBe(pm && pm.at <= world.asOf ? 200 : 404);
  });

  it("lists the unresolved incidents and the scheduled maintenances by their state at as-of", async () => {
    const [page] = (await get(`${api}/pages`)) as unknown as Any[];
    const want = expectedIncidents(world);
    const names = (items: Any[]) => items.map((i) => i.name);
    const unresolved = await all(`${api}/pages/${page!.id}/incidents/unresolved`, "per_page", 100);
    expect(names(unresolved)).toStrictEqual(want.filter((w) => w.kind === "realtime" && w.status !== "resolved").map((w) => w.name));
    const scheduled = await all(`${api}/pages/${page!.id}/incidents/scheduled.json`, "per_page", 2);
    expect(names(scheduled)).toStrictEqual(want.filter((w) => w.kind === "scheduled").map((w) => w.name));
    expect(scheduled.every((i) => i.impact === "maintenance" && i.scheduled_for < i.scheduled_until)).toBe(true);
    const upcoming = await all(`${api}/pages/${page!.id}/incidents/upcoming`, "per_page", 100);
    expect(names(upcoming)).toStrictEqual(want.filter((w) => w.kind === "scheduled" && w.status === "scheduled").map((w) => w.name));
    expect(upcoming.every((i) => Date.parse(i.scheduled_for) > world.asOf)).toBe(true);
    const active = await all(`${api}/pages/${page!.id}/incidents/active_maintenance`, "per_page", 100);
    expect(names(active)).toStrictEqual(
      want.filter((w) => w.kind === "scheduled" && ["in_progress", "verifying"].includes(w.status)).map((w) => w.name),
    );
    const count = await get(`${api}/pages/${page!.id}/subscribers/count`);
    expect(Object.keys(count)).toStrictEqual(["email", "sms", "webhook", "integration_partner", "slack", "teams"]);
    expect(count.email).toBeGreaterThan(0);
  });

  it("answers the public Status API v2 on the same host, as a status widget reads it", async () => {
    const [page] = (await get(`${api}/pages`)) as unknown as Any[];
    const summary = await get(`${host}/api/v2/summary.json`);
    expect(summary.page.id).toBe(page!.id);
    const components = (await get(`${api}/pages/${page!.id}/components`)) as unknown as Any[];
    expect(summary.components.map((c: Any) => `${c.id} ${c.status}`)).toStrictEqual(components.map((c) => `${c.id} ${c.status}`));
    const unresolved = (await get(`${api}/pages/${page!.id}/incidents/unresolved`)) as unknown as Any[];
    expect(summary.incidents.map((i: Any) => i.id)).toStrictEqual(unresolved.map((i) => i.id));
    const status = await get(`${host}/api/v2/status.json`);
    expect(status.status).toStrictEqual(summary.status);
    expect(status.status.indicator === "none").toBe(
      unresolved.length === 0 && !summary.scheduled_maintenances.some((m: Any) => m.status === "in_progress" || m.status === "verifying"),
    );
    const recent = await get(`${host}/api/v2/incidents.json`);
    expect(recent.incidents.length).toBe(Math.min(50, expectedIncidents(world).filter((w) => w.kind === "realtime").length));
  });

  it("refuses a request without a key, an unknown page and a write, in Statuspage's error shape", async () => {
    const bare = await fetch(`${api}/pages`);
    expect(bare.status).toBe(401);
    expect(await bare.json()).toStrictEqual({ message: "Could not authenticate" });
    expect((await fetch(`${api}/pages?api_key=any-key`)).status).toBe(200);
    // The page's Status API is public: no key needed.
    expect((await fetch(`${host}/api/v2/status.json`)).status).toBe(200);
    const missing = await fetch(`${api}/pages/nosuchpage00`, { headers });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toStrictEqual({ message: "The requested resource could not be found." });
    const [page] = (await get(`${api}/pages`)) as unknown as Any[];
    const write = await fetch(`${api}/pages/${page!.id}/incidents`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ incident: { name: "test" } }),
    });
    expect(write.status).toBe(405);
    expect(Object.keys((await write.json()) as Any)).toStrictEqual(["message"]);
  });
});
