import { describe, expect, it } from "vitest";
import { type Any, answer, directory, get, getJson, post, postJson } from "./api.js";
import { DAY, liveWorld, selected } from "./world.js";

/**
 * The reports' parameters, each against the full answer filtered by hand: the daily usage range and its
 * limits, the spend's search, sorts and pages, the usage events' range (both bounds inclusive), user
 * and email filters and the agent filters the team has no events for, and the AI code tracking window
 * (ISO dates, `now`, `<n>d`) and user filter. Refusals are Cursor's 400 `{error, message}`.
 */
const world = liveWorld();
const { person, seats } = directory(world);
const bad = (message: string) => `400 ${JSON.stringify({ error: "Bad Request", message })}`;

describe.skipIf(!selected())("Cursor report parameters", () => {
  it("daily usage: a range of at most 30 days, both bounds required, start before end, malformed bodies refused", async () => {
    const end = world.asOf;
    expect(await answer(post("teams/daily-usage-data", { startDate: end - 31 * DAY, endDate: end }))).toBe(
      bad("Date range cannot exceed 30 days"),
    );
    expect((await post("teams/daily-usage-data", { startDate: end - 30 * DAY, endDate: end })).status).toBe(200);
    expect(await answer(post("teams/daily-usage-data", { startDate: end }))).toBe(bad("startDate and endDate are required"));
    expect(await answer(post("teams/daily-usage-data", {}))).toBe(bad("startDate and endDate are required"));
    expect(await answer(post("teams/daily-usage-data", { startDate: end, endDate: end - DAY }))).toBe(
      bad("startDate must be before endDate"),
    );
    expect(await answer(post("teams/daily-usage-data", { startDate: "yesterday", endDate: end }))).toBe(
      bad("startDate and endDate must be epoch milliseconds"),
    );
    expect(await answer(post("teams/daily-usage-data", "{not json"))).toBe(bad("Invalid JSON in request body"));
    // A day counts when any part of it lies in the range.
    const day = world.ai.cursor.at(-1)!.day;
    const noon = (await postJson("teams/daily-usage-data", { startDate: day + 12 * 3_600_000, endDate: day + 13 * 3_600_000 }))
      .data as Any[];
    expect(noon.map((r) => r.email).sort()).toStrictEqual(
      world.ai.cursor
        .filter((d) => d.day === day)
        .map((d) => person(d.personId).email)
        .sort(),
    );
  });

  it("spend: search by name or email, every sort in both directions, pages past the end empty", async () => {
    const all = (await postJson("teams/spend", { pageSize: 100 })).teamMemberSpend as Any[];
    const someone = person(seats[2]!.personId);
    const byName = (await postJson("teams/spend", { searchTerm: someone.name.split(" ")[0]!.toUpperCase() })).teamMemberSpend as Any[];
    expect(byName.map((r) => r.email)).toContain(someone.email);
    expect(
      byName.every(
        (r) =>
          r.name.toLowerCase().includes(someone.name.split(" ")[0]!.toLowerCase()) ||
          r.email.includes(someone.name.split(" ")[0]!.toLowerCase()),
      ),
    ).toBe(true);
    const byEmail = await postJson("teams/spend", { searchTerm: someone.email });
    expect([byEmail.totalMembers, byEmail.totalPages, byEmail.teamMemberSpend[0].email]).toStrictEqual([1, 1, someone.email]);
    const none = await postJson("teams/spend", { searchTerm: "nobody-at-all" });
    expect([none.teamMemberSpend.length, none.totalMembers, none.totalPages]).toStrictEqual([0, 0, 0]);
    const order = (key: (r: Any) => number | string, dir: 1 | -1) =>
      [...all]
        .sort((a, b) => {
          const x = key(a),
            y = key(b);
          return (x < y ? -dir : x > y ? dir : 0) || (a.email < b.email ? -1 : 1);
        })
        .map((r) => r.email);
    const since = (r: Any) => seats.find((s) => person(s.personId).email === r.email)!.since;
    for (const [sortBy, key] of [
      ["amount", (r: Any) => r.spendCents],
      ["user", (r: Any) => r.name.toLowerCase()],
      ["date", since],
    ] as const) {
      for (const sortDirection of ["asc", "desc"] as const) {
        const got = (await postJson("teams/spend", { sortBy, sortDirection, pageSize: 100 })).teamMemberSpend as Any[];
        expect(
          got.map((r) => r.email),
          `${sortBy} ${sortDirection}`,
        ).toStrictEqual(order(key, sortDirection === "asc" ? 1 : -1));
      }
    }
    const past = await postJson("teams/spend", { page: 99, pageSize: 5 });
    expect([past.teamMemberSpend.length, past.totalMembers]).toStrictEqual([0, seats.length]);
    expect(await answer(post("teams/spend", { sortBy: "cost" }))).toBe(bad("sortBy must be one of: amount, date, user"));
    expect(await answer(post("teams/spend", { sortDirection: "up" }))).toBe(bad("sortDirection must be one of: asc, desc"));
    expect(await answer(post("teams/spend", { page: 0 }))).toBe(bad("page must be a positive integer"));
  });

  it("usage events: inclusive bounds, user and email filters, agent filters, page sizes up to 1000", async () => {
    const list = async (body: Any) => {
      const out: Any[] = [];
      for (let page = 1; ; page++) {
        const r = await postJson("teams/filtered-usage-events", { ...body, page, pageSize: 1000 });
        out.push(...(r.usageEvents as Any[]));
        if (!r.pagination.hasNextPage) return out;
      }
    };
    const all = await list({ startDate: world.start, endDate: world.asOf });
    const t = Number(all[Math.floor(all.length / 2)]!.timestamp);
    const window = await list({ startDate: t, endDate: t });
    expect(window.length).toBeGreaterThan(0);
    expect(window.every((e) => Number(e.timestamp) === t)).toBe(true);
    const someone = all[3]!.userEmail as string;
    const mine = await list({ startDate: world.start, endDate: world.asOf, email: someone.toUpperCase() });
    expect(JSON.stringify(mine)).toBe(JSON.stringify(all.filter((e) => e.userEmail === someone)));
    const daily = (await postJson("teams/daily-usage-data", { startDate: world.asOf - 30 * DAY, endDate: world.asOf })).data as Any[];
    const userId = daily.find((r) => r.email === someone)?.userId ?? daily[0]!.userId;
    const email = daily.find((r) => r.userId === userId)!.email;
    const byId = await list({ startDate: world.start, endDate: world.asOf, userId });
    expect(JSON.stringify(byId)).toBe(JSON.stringify(all.filter((e) => e.userEmail === email)));
    // The team has no service account or self-hosted agent; its automations' cloud agents run on Cursor's cloud.
    for (const filter of [
      { serviceAccountId: "sa_abc123" },
      { cloudAgentId: "*" },
      { automationId: "*" },
      { hostingType: "SELF_HOSTED" },
    ]) {
      const r = await postJson("teams/filtered-usage-events", { startDate: world.start, endDate: world.asOf, ...filter });
      expect([r.totalUsageEventsCount, r.usageEvents.length, r.pagination.numPages]).toStrictEqual([0, 0, 0]);
    }
    const cloud = await list({ startDate: world.start, endDate: world.asOf, hostingType: "CLOUD" });
    expect(cloud.length).toBeGreaterThan(100);
    expect(JSON.stringify(cloud)).toBe(JSON.stringify(all.filter((e) => e.cloudAgentId !== undefined)));
    const automation = world.ai.cursorAutomations[0]!;
    expect(JSON.stringify(await list({ startDate: world.start, endDate: world.asOf, automationId: automation.id }))).toBe(
      JSON.stringify(cloud),
    );
    const run = automation.runs.at(-1)!;
    const ofRun = await list({ startDate: world.start, endDate: world.asOf, cloudAgentId: run.cloudAgentId });
    expect(ofRun.map((e) => Number(e.timestamp))).toStrictEqual(run.events.map((e) => e.at).reverse());
    expect(await answer(post("teams/filtered-usage-events", { hostingType: "ONPREM" }))).toBe(
      bad("Invalid hostingType. Expected one of: CLOUD, SELF_HOSTED, SELF_HOSTED_POOL, SELF_HOSTED_MACHINE"),
    );
    expect(await answer(post("teams/filtered-usage-events", { pageSize: 1001 }))).toBe(bad("pageSize cannot exceed 1000"));
    // Without a range: the last 30 days; the default page is 100 events.
    const recent = await postJson("teams/filtered-usage-events", {});
    expect(recent.period).toStrictEqual({ startDate: world.asOf - 30 * DAY, endDate: world.asOf });
    expect(recent.usageEvents.length).toBe(Math.min(100, all.filter((e) => Number(e.timestamp) >= world.asOf - 30 * DAY).length));
    expect(recent.pagination.pageSize).toBe(100);
  });

  it("AI code tracking: ISO dates, now and <n>d, a date alone as a whole day, the user by email, encoded id or numeric id", async () => {
    const since = new Date(world.start).toISOString().slice(0, 10);
    const all = (await getJson(`analytics/ai-code/commits?startDate=${since}&endDate=now&pageSize=1000`)).items as Any[];
    const ts = (c: Any) => Date.parse(c.commitTs);
    const hashes = (list: Any[]) => list.map((c) => c.commitHash as string);
    const last14 = (await getJson("analytics/ai-code/commits?startDate=14d&endDate=0d&pageSize=1000")).items as Any[];
    expect(hashes(last14)).toStrictEqual(hashes(all.filter((c) => ts(c) >= world.asOf - 14 * DAY)));
    // Far back is everything; an instant with an offset is that instant.
    expect(hashes((await getJson("analytics/ai-code/commits?startDate=365d&pageSize=1000")).items)).toStrictEqual(hashes(all));
    const cut = all[Math.floor(all.length / 3)]!.commitTs as string;
    const offset = new Date(Date.parse(cut) + 2 * 3_600_000).toISOString().replace(/\.\d{3}Z$/, "+02:00");
    expect(
      hashes((await getJson(`analytics/ai-code/commits?startDate=${since}&endDate=${encodeURIComponent(offset)}&pageSize=1000`)).items),
    ).toStrictEqual(hashes(all.filter((c) => ts(c) <= Date.parse(cut))));
    const day = all[Math.floor(all.length / 2)]!.commitTs.slice(0, 10) as string;
    const oneDay = (await getJson(`analytics/ai-code/commits?startDate=${day}&endDate=${day}&pageSize=1000`)).items as Any[];
    expect(oneDay.length).toBeGreaterThan(0);
    expect(hashes(oneDay)).toStrictEqual(hashes(all.filter((c) => c.commitTs.startsWith(day))));
    // A reversed window is empty.
    expect((await getJson("analytics/ai-code/commits?startDate=now&endDate=7d")).totalCount).toBe(0);
    const members = (await getJson("teams/members")).teamMembers as Any[];
    const author = members.find((m) => m.email === all[0]!.userEmail)!;
    const daily = (await postJson("teams/daily-usage-data", { startDate: world.asOf - 30 * DAY, endDate: world.asOf })).data as Any[];
    const numeric = daily.find((r) => r.email === author.email)?.userId;
    expect(numeric).toBeDefined();
    const expected = hashes(all.filter((c) => c.userEmail === author.email));
    for (const user of [author.email, author.id, String(numeric)]) {
      const got = (await getJson(`analytics/ai-code/commits?startDate=${since}&pageSize=1000&user=${encodeURIComponent(user)}`))
        .items as Any[];
      expect(hashes(got), user).toStrictEqual(expected);
      // The CSV download reads the parameters the same way.
      const csv = await (await get(`analytics/ai-code/commits.csv?startDate=${since}&user=${encodeURIComponent(user)}`)).text();
      expect(
        csv
          .split("\n")
          .slice(1, -1)
          .map((l) => l.split(",")[0]),
        `${user} (CSV)`,
      ).toStrictEqual(expected);
    }
    const changes = (await getJson(`analytics/ai-code/changes?startDate=${since}&pageSize=1000&user=${author.id}`)).items as Any[];
    expect(changes.length).toBeGreaterThan(0);
    expect(changes.every((c) => c.userId === author.id)).toBe(true);
    for (const path of ["analytics/ai-code/commits", "analytics/ai-code/commits.csv"]) {
      expect(await answer(get(`${path}?user=nobody@example.com`))).toBe(bad("Some users are not in the team"));
      expect(await answer(get(`${path}?startDate=last-week`))).toBe(bad("startDate is invalid"));
      expect(await answer(get(`${path}?endDate=2026-13-01`))).toBe(bad("endDate is invalid"));
    }
    expect(await answer(get("analytics/ai-code/commits?pageSize=1001"))).toBe(bad("pageSize cannot exceed 1000"));
    expect(await answer(get("analytics/ai-code/changes?pageSize=ten"))).toBe(bad("pageSize is invalid"));
    // A page past the end is empty, with the total.
    const past = await getJson(`analytics/ai-code/commits?startDate=${since}&page=50&pageSize=100`);
    expect([past.items.length, past.totalCount, past.page, past.pageSize]).toStrictEqual([0, all.length, 50, 100]);
    expect(Object.keys(past)).toStrictEqual(["items", "totalCount", "page", "pageSize"]);
  });
});
