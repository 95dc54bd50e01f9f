import fc from "fast-check";
import { describe, expect, inject, it } from "vitest";
import { StatuspageOpenApi } from "./schema.js";
import { type Any, type Expected, expectedIncidents, expectedOutage, iso, liveWorld } from "./world.js";

/**
 * The lists' parameters over HTTP, against the world: `q` on the incidents list (a case-insensitive
 * substring of the name, status, postmortem body or an update's body), `page` with `per_page` or
 * `limit` (100 by default and at most, larger sizes clamped, a page past the last `[]`), `.json` paths,
 * and the subscriber count's `type` and `state`. A property test draws page sizes and search words.
 */
const api = `${inject("baseUrl")}/statuspage/v1`;
const headers = { Authorization: "OAuth queries" };
const world = liveWorld();
const want = expectedIncidents(world);

async function raw(path: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${api}/${path}`, { headers });
  return { status: res.status, text: await res.text() };
}

async function get(path: string): Promise<Any[]> {
  const r = await raw(path);
  expect(r.status, path).toBe(200);
  return JSON.parse(r.text) as Any[];
}

const pageId = (await get("pages"))[0]!.id as string;
const base = `pages/${pageId}`;

/** What `q` should find: the text of an incident as the world has it at as-of. */
function matches(e: Expected, q: string): boolean {
  const pm = e.incident?.postmortem;
  // A published postmortem names the incident's title and the work items that fix it, in a fixed frame.
  const postmortem =
    pm && pm.at <= world.asOf
      ? [
          `##### Issue\n${e.incident!.title}.\n\n##### Resolution\nThe change was rolled back and ` +
            `the service recovered. Follow-up work: ${pm.workItemKeys.join(", ")}.`,
        ]
      : [];
  const texts = [e.name, e.status, ...e.updates.map((u) => u.body), ...postmortem];
  return texts.some((t) => t.toLowerCase().includes(q.toLowerCase()));
}

const label = (i: Any) => `${i.created_at} ${i.name}`;
const labelOf = (e: Expected) => `${iso(e.createdAt)} ${e.name}`;

describe("Statuspage host: list parameters", () => {
  it("searches incidents with q over names, statuses and update bodies", async () => {
    for (const q of ["maintenance", "RESOLVED", "investigating", "no-such-words-anywhere"]) {
      const got = await get(`${base}/incidents?q=${encodeURIComponent(q)}`);
      expect(got.map(label), q).toStrictEqual(want.filter((e) => matches(e, q)).map(labelOf));
    }
  });

  it("pages with page and per_page (limit on incidents), clamps sizes over 100 and answers [] past the last page", async () => {
    const components = await get(`${base}/components`);
    const walked: Any[] = [];
    for (let page = 1; ; page++) {
      const items = await get(`${base}/components?per_page=4&page=${page}`);
      walked.push(...items);
      if (items.length < 4) break;
    }
    expect(walked.map((c) => c.id)).toStrictEqual(components.map((c) => c.id));
    expect((await raw(`${base}/components?per_page=1000`)).text).toBe((await raw(`${base}/components`)).text);
    expect(await get(`${base}/components?page=99`)).toStrictEqual([]);
    const incidents = await get(`${base}/incidents`);
    expect(incidents.map(label)).toStrictEqual(want.map(labelOf));
    expect((await get(`${base}/incidents?limit=2&page=2`)).map(label)).toStrictEqual(want.slice(2, 4).map(labelOf));
    // `per_page` is not the incidents list's size parameter: it is ignored there.
    expect((await raw(`${base}/incidents?per_page=2`)).text).toBe((await raw(`${base}/incidents`)).text);
  });

  it("serves every path with .json too, as the docs spell them", async () => {
    for (const path of ["pages", base, `${base}/components`, `${base}/incidents`, `${base}/incidents/scheduled`]) {
      expect((await raw(`${path}.json`)).text, path).toBe((await raw(path)).text);
    }
  });

  it("counts subscribers by type and state", async () => {
    const count = async (q: string) => JSON.parse((await raw(`${base}/subscribers/count${q}`)).text) as Record<string, number>;
    const active = await count("");
    expect(await count("?state=active")).toStrictEqual(active);
    const all = await count("?state=all");
    const parts = await Promise.all(["active", "unconfirmed", "quarantined"].map((s) => count(`?state=${s}`)));
    expect(parts.reduce((s, p) => s + p.email!, 0)).toBe(all.email);
    expect((await count("?type=sms")).email).toBe(0);
    expect((await count("?type=email")).email).toBe(active.email);
  });

  it("pages to the same items at any size and finds what q names (property)", async () => {
    const components = (await get(`${base}/components`)).map((c) => c.id);
    const words = [...new Set(want.flatMap((e) => e.name.split(/\s+/)).filter((w) => w.length > 3))].sort();
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 100 }), fc.constantFrom(...words), async (size, word) => {
        const walked: string[] = [];
        for (let page = 1; ; page++) {
          const items = await get(`${base}/components?per_page=${size}&page=${page}`);
          walked.push(...items.map((c) => c.id as string));
          if (items.length < size) break;
        }
        expect(walked).toStrictEqual(components);
        const q = word.slice(1, -1);
        const found: string[] = [];
        for (let page = 1; ; page++) {
          const items = await get(`${base}/incidents?q=${encodeURIComponent(q)}&limit=${Math.min(size, 3)}&page=${page}`);
          found.push(...items.map(label));
          if (items.length < Math.min(size, 3)) break;
        }
        expect(found).toStrictEqual(want.filter((e) => matches(e, q)).map(labelOf));
      }),
      { numRuns: 25, seed: 14 },
    );
  });
});

describe("Statuspage host: component uptime", () => {
  const validator = new StatuspageOpenApi();
  const DAY = 86_400_000;
  const today = world.asOf - (world.asOf % DAY);

  it("computes uptime over the default 90 days and any range of days, from the incidents", async () => {
    const components = (await get(`${base}/components`)).filter((c) => !c.group);
    for (const c of components) {
      const service = world.operations.services.find((s) => s.name === c.name)!;
      const start = Math.max(Date.parse(`${c.start_date}T00:00:00Z`), today - 89 * DAY);
      const got = JSON.parse((await raw(`${base}/components/${c.id}/uptime`)).text) as Any;
      expect(validator.validate(`v1/${base}/components/${c.id}/uptime`, got), c.name).toBeUndefined();
      const want = expectedOutage(world, service.id, start, world.asOf);
      expect([got.range_start, got.range_end, got.major_outage, got.partial_outage], c.name).toStrictEqual([
        iso(start).slice(0, 10),
        iso(today).slice(0, 10),
        want.major,
        want.partial,
      ]);
      const span = (world.asOf - start) / 1000;
      expect(got.uptime_percentage).toBeCloseTo(100 * (1 - (want.major + 0.3 * want.partial) / span), 2);
    }
    const hit = world.operations.incidents.find(
      (i) => i.statusPage && i.statusPage.impact !== "minor" && i.statusPage.createdAt <= world.asOf,
    );
    if (hit) {
      const service = world.operations.services.find((s) => s.id === hit.statusPage!.serviceIds[0])!;
      const c = components.find((x) => x.name === service.name)!;
      const month = iso(hit.statusPage!.createdAt).slice(0, 7);
      const got = JSON.parse((await raw(`${base}/components/${c.id}/uptime?start=${month}&end=${month}`)).text) as Any;
      const from = Date.parse(`${month}-01T00:00:00Z`);
      const next = new Date(from);
      next.setUTCMonth(next.getUTCMonth() + 1);
      const want = expectedOutage(
        world,
        service.id,
        Math.max(from, Date.parse(`${c.start_date}T00:00:00Z`)),
        Math.min(next.getTime(), world.asOf),
      );
      expect(got.major_outage + got.partial_outage).toBeGreaterThan(0);
      expect([got.major_outage, got.partial_outage]).toStrictEqual([want.major, want.partial]);
      expect(got.related_events.length).toBeGreaterThan(0);
      const skipped = JSON.parse(
        (await raw(`${base}/components/${c.id}/uptime?start=${month}&end=${month}&skip_related_events=true`)).text,
      ) as Any;
      expect("related_events" in skipped).toBe(false);
    }
  });

  it("answers a group's uptime, and refuses ranges over six months or dates that do not parse with 422", async () => {
    const groups = await get(`${base}/component-groups`);
    const got = JSON.parse((await raw(`${base}/component-groups/${groups[0]!.id}/uptime`)).text) as Any;
    expect(validator.validate(`v1/${base}/component-groups/${groups[0]!.id}/uptime`, got)).toBeUndefined();
    expect(got.related_events.map((r: Any) => r.component_id)).toStrictEqual(groups[0]!.components);
    const c = (await get(`${base}/components`)).find((x) => !x.group)!;
    for (const q of ["start=2026-01&end=2026-09", "start=soon", "end=2026-13"]) {
      const r = await raw(`${base}/components/${c.id}/uptime?${q}`);
      expect(r.status, q).toBe(422);
      expect(Object.keys(JSON.parse(r.text) as Any)).toStrictEqual(["message"]);
    }
    expect((await raw(`${base}/components/nosuchcompo/uptime`)).status).toBe(404);
  });
});
