import { api } from "@pagerduty/pdjs";
import type { PartialCall } from "@pagerduty/pdjs/build/src/api.js";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { liveHostSelected } from "../../support/live-hosts.js";
import { type LocalHttps, startHttps } from "./https.js";
import { DAY, isoSeconds, liveWorld, onCallAt, openIncidents } from "./world.js";

/**
 * @pagerduty/pdjs 2.2.4, unchanged, against the live host over the project's HTTPS server: it builds
 * `https://<server>/<endpoint>` and sends `Authorization: Token token=…` and PagerDuty's Accept header.
 *
 * Its `api.all` names a page's items by reading the resource from the URL with `/.+.com\/(\w+)/`, so
 * it can only page through hosts whose name ends in `.com` (elsewhere a list of more than one page
 * throws). Two clients, then: `pd` at the live host's path-style address, paging with each answer's
 * own `next()` (pdjs's `more`/`offset`/`limit` paging, the same `api.all` follows), and `com` at
 * `pd.snapverse.com`, a name routed to this server by its agent (as a DNS entry would) with
 * `Host: pd.snapverse.dev`, for `api.all`.
 */
const run = liveHostSelected("pd") ? describe : describe.skip;

run("@pagerduty/pdjs against the live host", () => {
  const world = liveWorld();
  let https: LocalHttps;
  let pd: PartialCall;
  let com: PartialCall;
  // pdjs passes options it does not know (`agent`, `headers`) on to fetch; its types do not list `agent`.
  const client = (options: Record<string, unknown>) => api(options as Partial<Parameters<typeof api>[0]>) as PartialCall;

  beforeAll(async () => {
    https = await startHttps(inject("dist"));
    pd = client({ token: "y_NbAkKc66ryYTWUXYEu", server: `127.0.0.1:${https.port}/pd`, agent: https.agent });
    com = client({
      token: "y_NbAkKc66ryYTWUXYEu",
      server: "pd.snapverse.com",
      agent: https.routed("pd.snapverse.dev"),
      headers: { Host: "pd.snapverse.dev" },
    });
  });
  afterAll(async () => https?.close());

  const incidents = world.operations.incidents.filter((i) => i.createdAt <= world.asOf);

  it("lists every incident with api.all, paging to the end", async () => {
    const all = await com.all("/incidents", { data: { date_range: "all", limit: "4" } });
    expect(all.data.length).toBe(Math.ceil(incidents.length / 4));
    const got = (all.resource as Array<{ incident_number: number; title: string }>).map((i) => `${i.incident_number} ${i.title}`);
    expect(got).toStrictEqual(incidents.map((i) => `${i.number} ${i.title}`));
  });

  it("pages the account's log entries to the end with each answer's next()", async () => {
    let page = await pd.get("/log_entries", { data: { limit: "40" } });
    expect(page.status).toBe(200);
    const ids: string[] = [];
    for (let guard = 0; ; guard++) {
      expect(guard).toBeLessThan(50);
      ids.push(...(page.data.log_entries as Array<{ id: string }>).map((e) => e.id));
      if (!page.next) break;
      page = await page.next();
    }
    expect(new Set(ids).size).toBe(ids.length);
    const all = await com.all("/log_entries", {});
    expect((all.resource as Array<{ id: string }>).map((e) => e.id)).toStrictEqual(ids);
  });

  it("gets an incident, its log entries and notes", async () => {
    const i = [...incidents].reverse().find((x) => x.notes.length > 0 && x.acknowledgedAt !== undefined)!;
    const listed = await com.all("/incidents", { data: { date_range: "all", limit: "100" } });
    const ref = (listed.resource as Array<{ id: string; incident_number: number }>).find((x) => x.incident_number === i.number)!;
    const one = await pd.get(`/incidents/${ref.id}`);
    expect(one.status).toBe(200);
    expect(one.data.incident.title).toBe(i.title);
    expect(one.data.incident.urgency).toBe(i.urgency);
    expect(one.data.incident.priority.name).toBe(i.priority);
    const log = await pd.get(`/incidents/${ref.id}/log_entries`, { data: { limit: "100" } });
    const types = (log.data.log_entries as Array<{ type: string }>).map((e) => e.type);
    expect(types.at(-1)).toBe("trigger_log_entry");
    expect(types).toContain("assign_log_entry");
    expect(types).toContain("acknowledge_log_entry");
    expect(types.filter((t) => t === "annotate_log_entry").length).toBe(i.notes.filter((n) => n.at <= world.asOf).length);
    const notes = await pd.get(`/incidents/${ref.id}/notes`);
    expect((notes.data.notes as Array<{ content: string }>).map((n) => n.content)).toStrictEqual(
      i.notes.filter((n) => n.at <= world.asOf).map((n) => n.text),
    );
    const open = openIncidents(world);
    const filtered = await com.all("/incidents", { data: { "statuses[]": ["triggered", "acknowledged"], date_range: "all" } });
    expect((filtered.resource as Array<{ incident_number: number }>).map((x) => x.incident_number)).toStrictEqual(
      open.map((x) => x.number),
    );
  });

  it("lists who is on call now, and a schedule rendered over two weeks", async () => {
    const oncalls = await com.all("/oncalls", {});
    const level1 = (
      oncalls.resource as Array<{ escalation_level: number; schedule: { summary: string } | null; user: { summary: string } }>
    ).filter((o) => o.escalation_level === 1);
    expect(level1.length).toBe(world.operations.schedules.length);
    for (const o of level1) {
      const s = world.operations.schedules.find((x) => x.name === o.schedule!.summary)!;
      expect(o.user.summary).toBe(world.people[onCallAt(s, world.asOf)! - 1]!.name);
    }
    const schedules = await com.all("/schedules", {});
    const first = (schedules.resource as Array<{ id: string; name: string }>)[0]!;
    const s = world.operations.schedules.find((x) => x.name === first.name)!;
    const since = world.asOf - 7 * DAY;
    const until = world.asOf + 7 * DAY;
    const got = await pd.get(`/schedules/${first.id}`, { data: { since: isoSeconds(since), until: isoSeconds(until) } });
    expect(got.status).toBe(200);
    const entries = got.data.schedule.final_schedule.rendered_schedule_entries as Array<{
      start: string;
      end: string;
      user: { summary: string };
    }>;
    const want = s.shifts.filter((sh) => sh.end > since && sh.start < until);
    expect(entries.map((e) => e.user.summary)).toStrictEqual(want.map((sh) => world.people[sh.personId - 1]!.name));
    expect(Date.parse(entries[0]!.start)).toBe(since);
    expect(Date.parse(entries.at(-1)!.end)).toBe(until);
    expect(got.data.schedule.final_schedule.rendered_coverage_percentage).toBe(100);
  });

  it("answers PagerDuty's 401 without a token and its 404 for an unknown incident", async () => {
    // An empty token: pdjs sends `Authorization: Token token=`, which names no key.
    const bare = await client({ server: `127.0.0.1:${https.port}/pd`, agent: https.agent, token: "" }).get("/incidents");
    expect(bare.status).toBe(401);
    expect(bare.data).toStrictEqual({ error: { message: "Authentication failed", code: 2006 } });
    const missing = await pd.get("/incidents/PNOSUCH");
    expect(missing.status).toBe(404);
    expect(missing.data).toStrictEqual({ error: { message: "Not Found", code: 2100 } });
  });
});
