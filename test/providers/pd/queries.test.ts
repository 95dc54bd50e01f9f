import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { liveHostSelected } from "../../support/live-hosts.js";
import { type Any, call, ok, walk } from "./http.js";
import { DAY, accountIncidents, isoSeconds, liveWorld, onCallAt, statusAt } from "./world.js";

/**
 * The lists' filters, sorts, windows and paging against the world: expected values come from
 * liveWorld() (the served lists only name the ids: a team's id is found by its name). The computed
 * lists (incidents, on-calls) get a property test of their own: fast-check draws filters, a sort and a
 * page size, each draw is walked to the end through `more`/`offset`, and compared with the world.
 */
const run = liveHostSelected("pd") ? describe : describe.skip;
const world = liveWorld();
const incidents = accountIncidents(world);

run("PagerDuty host: lists against the world", () => {
  const teamId = new Map<number, string>();
  const serviceId = new Map<number, string>();
  const userId = new Map<number, string>();

  beforeAll(async () => {
    for (const t of (await ok("teams", [["limit", "100"]])).teams as Any[])
      teamId.set(world.teams.find((x) => x.name === t.name)!.id, t.id);
    for (const s of (await ok("services", [["limit", "100"]])).services as Any[])
      serviceId.set(world.operations.services.find((x) => x.name === s.name)!.id, s.id);
    for (const u of (await walk("users", "users")).items) userId.set(world.people.find((p) => p.email === u.email)!.id, u.id);
  });

  const numbers = (items: Any[]) => items.map((i) => i.incident_number as number);

  it("lists the month before now by default, everything with date_range=all, and since/until windows", async () => {
    const month = incidents.filter((i) => i.createdAt >= world.asOf - 30 * DAY);
    expect(numbers((await walk("incidents", "incidents")).items)).toStrictEqual(month.map((i) => i.number));
    expect(numbers((await walk("incidents", "incidents", [["date_range", "all"]])).items)).toStrictEqual(incidents.map((i) => i.number));
    const mid = incidents[Math.floor(incidents.length / 2)]!.createdAt;
    const since = await walk("incidents", "incidents", [["since", isoSeconds(mid)]]);
    expect(numbers(since.items)).toStrictEqual(incidents.filter((i) => i.createdAt >= mid).map((i) => i.number));
    const until = await walk("incidents", "incidents", [
      ["until", isoSeconds(mid)],
      ["since", isoSeconds(world.start)],
    ]);
    expect(numbers(until.items)).toStrictEqual(incidents.filter((i) => i.createdAt < mid).map((i) => i.number));
    // date_range=all ignores since and until.
    expect(
      numbers(
        (
          await walk("incidents", "incidents", [
            ["date_range", "all"],
            ["since", isoSeconds(mid)],
          ])
        ).items,
      ).length,
    ).toBe(incidents.length);
  });

  it("filters and sorts incidents like the world says, at any page size (property)", async () => {
    const teams = [...teamId.keys()];
    const services = [...new Set(incidents.map((i) => i.serviceId))];
    const draw = fc.record({
      statuses: fc.subarray(["triggered", "acknowledged", "resolved"] as const),
      urgencies: fc.subarray(["high", "low"] as const),
      team: fc.option(fc.constantFrom(...teams), { nil: undefined }),
      service: fc.option(fc.constantFrom(...services), { nil: undefined }),
      sort: fc.option(fc.constantFrom("incident_number:desc", "created_at:asc", "created_at:desc", "urgency", "resolved_at:desc"), {
        nil: undefined,
      }),
      limit: fc.integer({ min: 1, max: 30 }),
    });
    await fc.assert(
      fc.asyncProperty(draw, async (d) => {
        const query: Array<[string, string]> = [
          ["date_range", "all"],
          ["limit", String(d.limit)],
          ["total", "true"],
        ];
        for (const s of d.statuses) query.push(["statuses[]", s]);
        for (const u of d.urgencies) query.push(["urgencies[]", u]);
        if (d.team !== undefined) query.push(["team_ids[]", teamId.get(d.team)!]);
        if (d.service !== undefined) query.push(["service_ids[]", serviceId.get(d.service)!]);
        if (d.sort) query.push(["sort_by", d.sort]);
        let want = incidents.filter(
          (i) =>
            (!d.statuses.length || d.statuses.includes(statusAt(world, i))) &&
            (!d.urgencies.length || d.urgencies.includes(i.urgency)) &&
            (d.team === undefined || i.teamId === d.team) &&
            (d.service === undefined || i.serviceId === d.service),
        );
        if (d.sort) {
          const [field, dir] = d.sort.split(":") as [string, string | undefined];
          const key = (i: (typeof incidents)[number]): number | string =>
            field === "incident_number"
              ? i.number
              : field === "created_at"
                ? i.createdAt
                : field === "urgency"
                  ? i.urgency
                  : statusAt(world, i) === "resolved"
                    ? i.resolvedAt!
                    : -Infinity;
          const sign = dir === "desc" ? -1 : 1;
          want = [...want].sort((a, b) => (key(a) < key(b) ? -sign : key(a) > key(b) ? sign : 0));
        }
        const got = await walk("incidents", "incidents", query);
        expect(numbers(got.items), JSON.stringify(query)).toStrictEqual(want.map((i) => i.number));
        for (const [n, page] of got.pages.entries()) {
          expect(page.limit).toBe(d.limit);
          expect(page.offset).toBe(n * d.limit);
          expect(page.total).toBe(want.length);
          expect(page.more).toBe((n + 1) * d.limit < want.length);
        }
      }),
      { numRuns: 25, seed: 14 },
    );
  });

  it("lists incidents assigned to a user (open ones only), and refuses an unknown status", async () => {
    const open = incidents.filter((i) => statusAt(world, i) !== "resolved");
    for (const person of [...new Set(incidents.map((i) => i.assigneeId))]) {
      const mine = await walk("incidents", "incidents", [
        ["date_range", "all"],
        ["user_ids[]", userId.get(person)!],
      ]);
      expect(numbers(mine.items)).toStrictEqual(open.filter((i) => currentAssignee(i) === person).map((i) => i.number));
    }
    const bad = await call("incidents", [["statuses[]", "open"]]);
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe(2001);
    expect(bad.body.error.message).toBe("Invalid Input Provided");
  });

  it("lists on-calls in a window, the earliest per user, filtered by user and policy", async () => {
    const now = await walk("oncalls", "oncalls");
    const policies = world.operations.policies;
    expect(now.items.length).toBe(policies.reduce((n, p) => n + p.rules.length, 0));
    for (const o of now.items.filter((x) => x.escalation_level === 1)) {
      const p = policies.find((x) => x.name === o.escalation_policy.summary)!;
      const rule = p.rules[0]!;
      expect(rule.target.kind).toBe("schedule");
      const s = world.operations.schedules.find((x) => x.id === (rule.target as { id: number }).id)!;
      expect(o.user.id).toBe(userId.get(onCallAt(s, world.asOf)!));
      expect(Date.parse(o.start)).toBeLessThanOrEqual(world.asOf);
      expect(Date.parse(o.end)).toBeGreaterThan(world.asOf);
    }
    const since = world.asOf - 14 * DAY;
    const until = world.asOf + 14 * DAY;
    const window = await walk("oncalls", "oncalls", [
      ["since", isoSeconds(since)],
      ["until", isoSeconds(until)],
    ]);
    // One entry per shift of a schedule target that overlaps the window, one per user target (permanent).
    const expected = policies
      .flatMap((p) => p.rules)
      .reduce((n, r) => {
        if (r.target.kind === "user") return n + 1;
        const id = r.target.id;
        return n + world.operations.schedules.find((s) => s.id === id)!.shifts.filter((sh) => sh.start <= until && sh.end > since).length;
      }, 0);
    expect(window.items.length).toBe(expected);
    const earliest = await walk("oncalls", "oncalls", [
      ["since", isoSeconds(since)],
      ["until", isoSeconds(until)],
      ["earliest", "true"],
    ]);
    const keys = earliest.items.map((o) => `${o.escalation_policy.id}/${o.escalation_level}/${o.user.id}`);
    expect(new Set(keys).size).toBe(keys.length);
    const someone = window.items.find((o) => o.escalation_level === 1)!.user.id as string;
    const theirs = await walk("oncalls", "oncalls", [
      ["since", isoSeconds(since)],
      ["until", isoSeconds(until)],
      ["user_ids[]", someone],
    ]);
    expect(theirs.items.length).toBe(window.items.filter((o) => o.user.id === someone).length);
    const policy = window.items[0]!.escalation_policy.id as string;
    const ofPolicy = await walk("oncalls", "oncalls", [
      ["since", isoSeconds(since)],
      ["until", isoSeconds(until)],
      ["escalation_policy_ids[]", policy],
      ["limit", "3"],
    ]);
    expect(ofPolicy.items.length).toBe(window.items.filter((o) => o.escalation_policy.id === policy).length);
  });

  it("filters users by team and query, services by team, and sorts services by name", async () => {
    const team = world.teams[0]!;
    const members = await walk("users", "users", [["team_ids[]", teamId.get(team.id)!]]);
    expect(members.items.map((u) => u.email).sort()).toStrictEqual(
      world.people
        .filter((p) => p.teamId === team.id && p.joinedAt <= world.asOf)
        .map((p) => p.email)
        .sort(),
    );
    const someone = world.people[3]!;
    const found = await walk("users", "users", [["query", someone.lastName.toLowerCase()]]);
    expect(found.items.map((u) => u.email)).toContain(someone.email);
    const services = await walk("services", "services", [
      ["team_ids[]", teamId.get(team.id)!],
      ["sort_by", "name:desc"],
    ]);
    expect(services.items.map((s) => s.name)).toStrictEqual(
      world.operations.services
        .filter((s) => s.teamId === team.id)
        .map((s) => s.name)
        .sort()
        .reverse(),
    );
  });

  it("filters the account's log entries by since/until, counted from the world's incidents", async () => {
    const mid = incidents[Math.floor(incidents.length / 2)]!.createdAt;
    const events = incidents.flatMap((i) => logInstants(i)).filter((t) => t <= world.asOf);
    const all = await walk("log_entries", "log_entries", [["limit", "100"]]);
    expect(all.items.length).toBe(events.length);
    const before = await walk("log_entries", "log_entries", [
      ["until", isoSeconds(mid)],
      ["limit", "13"],
    ]);
    expect(before.items.length).toBe(events.filter((t) => t < mid).length);
    const after = await walk("log_entries", "log_entries", [["since", isoSeconds(mid)]]);
    expect(after.items.length).toBe(events.filter((t) => t >= mid).length);
  });

  it("pages as PagerDuty does: total only on request, limit at most 100, no window past 10,000", async () => {
    const first = await ok("log_entries");
    expect([first.limit, first.offset, first.total, first.more]).toStrictEqual([25, 0, null, true]);
    expect(Object.keys(first)).toStrictEqual(["log_entries", "limit", "offset", "total", "more"]);
    const counted = await ok("log_entries", [
      ["total", "true"],
      ["limit", "7"],
      ["offset", "14"],
    ]);
    expect(counted.total).toBeGreaterThan(21);
    expect([counted.limit, counted.offset, counted.log_entries.length]).toStrictEqual([7, 14, 7]);
    expect((await ok("users", [["limit", "500"]])).limit).toBe(100);
    const far = await call("log_entries", [
      ["offset", "9990"],
      ["limit", "25"],
    ]);
    expect(far.status).toBe(400);
    expect(far.body).toStrictEqual({
      error: {
        message: "Arguments Caused Error",
        code: 2002,
        errors: [
          "Offset+limit exceeds maximum allowed value of 10000. Please try to refine your search to reduce the returned set of records " +
            "below this number, like adding a date range.",
        ],
      },
    });
    const farComputed = await call("incidents", [
      ["offset", "9990"],
      ["limit", "25"],
    ]);
    expect(farComputed.text).toBe(far.text);
  });

  it("answers PagerDuty's 401, 404 and a read-only key's 403", async () => {
    const anonymous = await call("incidents", [], { headers: { authorization: "" } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toStrictEqual({ error: { message: "Authentication failed", code: 2006 } });
    const missing = await call("services/PNOSUCH");
    expect([missing.status, missing.text]).toStrictEqual([404, '{"error":{"message":"Not Found","code":2100}}']);
    const write = await call("incidents", [], { method: "POST", body: "{}", headers: { "content-type": "application/json" } });
    expect(write.status).toBe(403);
    expect(write.body.error.code).toBe(2010);
  });

  function currentAssignee(i: (typeof incidents)[number]): number {
    if (i.escalatedAt === undefined || i.escalatedAt > world.asOf) return i.assigneeId;
    const rule = world.operations.policies.find((p) => p.id === i.policyId)!.rules[1]!;
    return rule.target.kind === "user"
      ? rule.target.id
      : onCallAt(
          world.operations.schedules.find((s) => s.id === rule.target.id)!,
          i.escalatedAt,
        )!;
  }
});

/** The instants an incident's log records: trigger, assign, notify, escalate and notify, acknowledge, notes, resolve. */
function logInstants(i: (typeof incidents)[number]): number[] {
  return [
    i.createdAt,
    i.createdAt,
    i.createdAt + 5_000,
    ...(i.escalatedAt !== undefined ? [i.escalatedAt, i.escalatedAt + 5_000] : []),
    ...(i.acknowledgedAt !== undefined ? [i.acknowledgedAt] : []),
    ...i.notes.map((n) => n.at),
    ...(i.resolvedAt !== undefined ? [i.resolvedAt] : []),
  ];
}
