import { describe, expect, inject, it } from "vitest";
import { liveHostSelected } from "../../support/live-hosts.js";
import { call, ok, walk } from "./http.js";
import { PdSpec } from "./openapi.js";
import { DAY, isoSeconds, liveWorld } from "./world.js";

/**
 * The computed answers (which the conformance suite's file walker does not run), over HTTP: each
 * validated against PagerDuty's published description like the files are, and the schedule's
 * rendering checked against the world's shifts.
 */
const run = liveHostSelected("pd") ? describe : describe.skip;
const spec = new PdSpec();
const world = liveWorld();

run("PagerDuty host: computed answers", () => {
  it("validates incidents and on-call pages, default and filtered, against the description", async () => {
    for (const query of [
      [],
      [
        ["date_range", "all"],
        ["limit", "3"],
        ["offset", "3"],
        ["total", "true"],
      ],
      [
        ["statuses[]", "resolved"],
        ["sort_by", "created_at:desc"],
      ],
    ] as Array<Array<[string, string]>>) {
      const page = await ok("incidents", query);
      expect(spec.validate("incidents", page)).toBeUndefined();
      for (const i of page.incidents) expect(i.self).toBe(`${inject("baseUrl")}/pd/incidents/${i.id}`);
    }
    for (const query of [
      [],
      [
        ["since", isoSeconds(world.asOf - 3 * DAY)],
        ["until", isoSeconds(world.asOf + 20 * DAY)],
        ["earliest", "true"],
      ],
    ] as Array<Array<[string, string]>>) {
      expect(spec.validate("oncalls", await ok("oncalls", query))).toBeUndefined();
    }
  });

  it("makes an incident page's references whole with include[]", async () => {
    const plain = await ok("incidents", [
      ["date_range", "all"],
      ["limit", "5"],
    ]);
    const query: Array<[string, string]> = [
      ["date_range", "all"],
      ["limit", "5"],
      ...["services", "teams", "escalation_policies", "users", "agents", "first_trigger_log_entries"].map((v): [string, string] => [
        "include[]",
        v,
      ]),
    ];
    const full = await ok("incidents", query);
    expect(spec.validate("incidents", full)).toBeUndefined();
    for (const [n, i] of (full.incidents as Array<Record<string, any>>).entries()) {
      const ref = plain.incidents[n];
      expect(i.id).toBe(ref.id);
      expect(i.service).toStrictEqual((await ok(`services/${ref.service.id}`)).service);
      expect(i.teams).toStrictEqual([(await ok(`teams/${ref.teams[0].id}`)).team]);
      expect(i.escalation_policy).toStrictEqual((await ok(`escalation_policies/${ref.escalation_policy.id}`)).escalation_policy);
      expect(i.first_trigger_log_entry).toStrictEqual((await ok(`log_entries/${ref.first_trigger_log_entry.id}`)).log_entry);
      if (i.last_status_change_by.type === "user")
        expect(i.last_status_change_by).toStrictEqual((await ok(`users/${ref.last_status_change_by.id}`)).user);
    }
    const bad = await call("incidents", [["include[]", "everything"]]);
    expect([bad.status, bad.body.error.code]).toStrictEqual([400, 2001]);
  });

  it("renders every schedule over a window, cut at its bounds unless overflow=true, and nothing without one", async () => {
    const schedules = (await walk("schedules", "schedules")).items;
    expect(schedules.length).toBe(world.operations.schedules.length);
    const since = world.asOf - 10 * DAY;
    const until = world.asOf + 3 * DAY;
    for (const s of schedules) {
      const plain = await ok(`schedules/${s.id}`);
      expect(spec.validate(`schedules/${s.id}`, plain)).toBeUndefined();
      expect(plain.schedule.final_schedule.rendered_schedule_entries).toStrictEqual([]);
      const shown = await ok(`schedules/${s.id}`, [
        ["since", isoSeconds(since)],
        ["until", isoSeconds(until)],
      ]);
      // Links in computed answers point back at the host that serves them, like the files' do.
      expect(shown.schedule.self).toBe(`${inject("baseUrl")}/pd/schedules/${s.id}`);
      expect(spec.validate(`schedules/${s.id}`, shown)).toBeUndefined();
      const w = world.operations.schedules.find((x) => x.name === s.name)!;
      const want = w.shifts.filter((sh) => sh.end > since && sh.start < until);
      const entries = shown.schedule.final_schedule.rendered_schedule_entries as Array<{
        start: string;
        end: string;
        user: { summary: string };
      }>;
      expect(entries.map((e) => [Date.parse(e.start), Date.parse(e.end), e.user.summary])).toStrictEqual(
        want.map((sh) => [Math.max(sh.start, since), Math.min(sh.end, until), world.people[sh.personId - 1]!.name]),
      );
      // Times are written in the schedule's zone (its offset), as PagerDuty renders a schedule.
      const off = w.utcOffsetMinutes;
      const suffix =
        off === 0
          ? "Z"
          : `${off < 0 ? "-" : "+"}${String(Math.floor(Math.abs(off) / 60)).padStart(2, "0")}` +
            `:${String(Math.abs(off) % 60).padStart(2, "0")}`;
      expect(entries.every((e) => e.start.endsWith(suffix))).toBe(true);
      const over = await ok(`schedules/${s.id}`, [
        ["since", isoSeconds(since)],
        ["until", isoSeconds(until)],
        ["overflow", "true"],
      ]);
      const first = over.schedule.final_schedule.rendered_schedule_entries[0];
      expect(Date.parse(first.start)).toBe(want[0]!.start);
      // `until` alone: the two weeks before it.
      const before = await ok(`schedules/${s.id}`, [["until", isoSeconds(until)]]);
      expect(Date.parse(before.schedule.final_schedule.rendered_schedule_entries[0].start)).toBe(until - 14 * DAY);
    }
    expect((await call("schedules/PNOSUCH")).status).toBe(404);
    const bad = await call(`schedules/${schedules[0]!.id}`, [["since", "yesterday"]]);
    expect([bad.status, bad.body.error.code]).toStrictEqual([400, 2001]);
  });

  it("answers the raw incident analytics (a POST read): filters, order and cursors", async () => {
    const post = (body: unknown) =>
      call("analytics/raw/incidents", [], { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } });
    const all = await post({ limit: 1000, order: "asc" });
    expect(all.status).toBe(200);
    expect(spec.validatePost("/analytics/raw/incidents", all.body)).toBeUndefined();
    const incidents = world.operations.incidents.filter((i) => i.createdAt <= world.asOf);
    expect(all.body.data.map((r: { incident_number: number }) => r.incident_number)).toStrictEqual(incidents.map((i) => i.number));
    for (const [r, i] of (all.body.data as Array<Record<string, unknown>>).map((r, n) => [r, incidents[n]!] as const)) {
      // Left out while open, as every field the description types as non-null is when it has no value.
      expect(r.seconds_to_resolve).toBe(i.resolvedAt === undefined ? undefined : Math.round((i.resolvedAt - i.createdAt) / 1000));
      expect(r.auto_resolved).toBe(i.resolvedAt !== undefined && i.resolvedById === undefined);
      expect(r.resolved_by_user_id === undefined).toBe(i.resolvedById === undefined);
      expect(r.urgency).toBe(i.urgency);
      expect(r.major).toBe(i.priority === "P1" || i.priority === "P2");
    }
    // Newest first by default, ten at a time through the cursors, to the end.
    const seen: number[] = [];
    let page = await post({ limit: 10 });
    for (let guard = 0; guard < 50; guard++) {
      seen.push(...page.body.data.map((r: { incident_number: number }) => r.incident_number));
      if (!page.body.more) break;
      page = await post({ limit: 10, starting_after: page.body.last });
    }
    expect(seen).toStrictEqual(incidents.map((i) => i.number).reverse());
    const high = await post({ filters: { urgency: "high", created_at_start: isoSeconds(world.asOf - 30 * DAY) }, limit: 100 });
    expect(high.body.data.map((r: { incident_number: number }) => r.incident_number).sort((a: number, b: number) => a - b)).toStrictEqual(
      incidents.filter((i) => i.urgency === "high" && i.createdAt >= world.asOf - 30 * DAY).map((i) => i.number),
    );
    const bad = await post({ limit: 5000 });
    expect([bad.status, bad.body.error.code]).toStrictEqual([400, 2001]);
  });

  it("answers users/me for an OAuth user token, and PagerDuty's 400 for an account-level key", async () => {
    const me = await call("users/me", [], { headers: { authorization: "Bearer pdus+_0XBPWQQ_any" } });
    expect(me.status).toBe(200);
    expect(spec.validate("users/me", me.body)).toBeUndefined();
    const owner = world.people.find((p) => p.admin)!;
    expect(me.body.user.email).toBe(owner.email);
    expect(me.body.user.role).toBe("owner");
    const key = await call("users/me");
    expect(key.status).toBe(400);
    expect(key.body.error.code).toBe(2001);
  });
});
