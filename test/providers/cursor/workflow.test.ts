import { describe, expect, it } from "vitest";
import { type Any, PUBLISHED, answer, decimal, directory, get, getJson, isoDay, post, postJson, units } from "./api.js";
import {
  COMMIT_FIELDS,
  DAILY_FIELDS,
  EVENT_FIELDS,
  SPEND_FIELDS,
  aiChanges,
  aiCommits,
  dailyUsage,
  errorBody,
  members,
  spend,
  usageEvents,
} from "./schema.js";
import { DAY, liveWorld, selected } from "./world.js";

/**
 * Cursor has no client for its Admin API on the registry: this is the workflow its docs describe, as
 * their curl examples translated to fetch (`-u YOUR_API_KEY:` is Basic auth with the key as the username
 * and an empty password; POST bodies are JSON) — read the team, pull the daily usage in windows of at
 * most 30 days (with and without `page`/`pageSize`), page through the spend and the usage events to
 * the end, download the AI code tracking commits and changes (JSON paged to the end, and CSV). Expected
 * values come from the world model; every body is checked against the zod schemas written from the docs.
 */
const world = liveWorld();
const { person, seats } = directory(world);
const DAILY_WINDOW = 30 * DAY;

describe.skipIf(!selected())("Cursor Admin API workflow (plain fetch, Basic auth)", () => {
  const emailOf = (personId: number) => person(personId).email;

  it("answers without credentials, or with malformed ones, with Cursor's 401", async () => {
    const expected = `401 ${JSON.stringify({ error: "Unauthorized", message: "Invalid API key" })}`;
    expect(await answer(get("teams/members", {}))).toBe(expected);
    expect(await answer(get("teams/members", { Authorization: "Basic" }))).toBe(expected);
    expect(await answer(get("teams/members", { Authorization: "Token abc" }))).toBe(expected);
    expect(await answer(post("teams/daily-usage-data", { startDate: 0, endDate: 1 }, {}))).toBe(expected);
    expect(await answer(get("analytics/ai-code/commits", {}))).toBe(expected);
    // Any key passes; Cursor's caching examples also send it as a Bearer token.
    expect((await get("teams/members", { Authorization: "Bearer key_any" })).status).toBe(200);
  });

  it("lists the team: one member per Cursor seat, oldest seat first, admins as owners", async () => {
    const body = await getJson("teams/members");
    expect(members.safeParse(body).success).toBe(true);
    const list = body.teamMembers as Any[];
    expect(list.map((m) => m.email)).toStrictEqual(seats.map((s) => emailOf(s.personId)));
    expect(list.map((m) => m.name)).toStrictEqual(seats.map((s) => person(s.personId).name));
    expect(list.map((m) => m.role)).toStrictEqual(seats.map((s) => (s.role === "admin" ? "owner" : "member")));
    expect(new Set(list.map((m) => m.id)).size).toBe(list.length);
    expect(Object.keys(list[0]!)).toStrictEqual(["id", "name", "email", "role", "isRemoved"]);
  });

  it("pulls the daily usage in windows of at most 30 days: exactly the world's days of use", async () => {
    const rows: Any[] = [];
    for (let start = world.start; start <= world.asOf; start += DAILY_WINDOW) {
      // Each window's days: a window ends one millisecond before the next starts.
      const body = await postJson("teams/daily-usage-data", { startDate: start, endDate: Math.min(start + DAILY_WINDOW - 1, world.asOf) });
      expect(dailyUsage.safeParse(body).success).toBe(true);
      expect(body.period).toStrictEqual({ startDate: start, endDate: Math.min(start + DAILY_WINDOW - 1, world.asOf) });
      rows.push(...(body.data as Any[]));
    }
    const expected = [...world.ai.cursor].sort((a, b) => a.day - b.day || (emailOf(a.personId) < emailOf(b.personId) ? -1 : 1));
    expect(rows.map((r) => `${r.day} ${r.email}`)).toStrictEqual(expected.map((d) => `${isoDay(d.day)} ${emailOf(d.personId)}`));
    expect(Object.keys(rows[0]!)).toStrictEqual(DAILY_FIELDS);
    rows.forEach((r, i) => {
      const d = expected[i]!;
      expect([
        r.date,
        r.isActive,
        r.totalLinesAdded,
        r.totalLinesDeleted,
        r.acceptedLinesAdded,
        r.acceptedLinesDeleted,
        r.totalApplies,
        r.totalAccepts,
        r.totalRejects,
        r.totalTabsShown,
        r.totalTabsAccepted,
        r.composerRequests,
        r.chatRequests,
        r.agentRequests,
        r.cmdkUsages,
        r.subscriptionIncludedReqs,
        r.apiKeyReqs,
        r.usageBasedReqs,
        r.bugbotUsages,
        r.mostUsedModel,
        r.applyMostUsedExtension,
        r.tabMostUsedExtension,
        r.clientVersion,
      ]).toStrictEqual([
        d.day,
        true,
        d.linesAdded,
        d.linesDeleted,
        d.acceptedLinesAdded,
        d.acceptedLinesDeleted,
        d.applies,
        d.accepts,
        d.rejects,
        d.tabsShown,
        d.tabsAccepted,
        d.composerRequests,
        d.chatRequests,
        d.agentRequests,
        d.cmdkUsages,
        d.includedRequests,
        0,
        d.usageBasedRequests,
        d.bugbotUsages,
        d.model,
        `.${d.applyExtension}`,
        `.${d.tabExtension}`,
        d.clientVersion,
      ]);
    });
    // One numeric user id per member.
    const ids = new Map<string, Set<number>>();
    for (const r of rows) ids.set(r.email, (ids.get(r.email) ?? new Set()).add(r.userId));
    expect([...ids.values()].every((s) => s.size === 1)).toBe(true);
    expect(new Set([...ids.values()].map((s) => [...s][0])).size).toBe(ids.size);
  });

  it("with page and pageSize, lists every member for every day of the window, paged by member to the end", async () => {
    const startDate = world.asOf - 14 * DAY;
    const endDate = world.asOf;
    const unpaged = (await postJson("teams/daily-usage-data", { startDate, endDate })).data as Any[];
    const rows: Any[] = [];
    let totalUsers = 0;
    for (let page = 1; ; page++) {
      const body = await postJson("teams/daily-usage-data", { startDate, endDate, page, pageSize: 4 });
      expect(dailyUsage.safeParse(body).success).toBe(true);
      expect(body.pagination.page).toBe(page);
      expect(body.pagination.hasPreviousPage).toBe(page > 1);
      totalUsers = body.pagination.totalUsers;
      rows.push(...(body.data as Any[]));
      if (!body.pagination.hasNextPage) {
        expect(page).toBe(body.pagination.totalPages);
        break;
      }
    }
    const lastDay = world.asOf - (world.asOf % DAY);
    const during = seats.filter((s) => s.since - (s.since % DAY) <= lastDay);
    expect(totalUsers).toBe(during.length);
    expect(new Set(rows.map((r) => r.email)).size).toBe(during.length);
    const activeRows = rows.filter((r) => r.isActive).sort((a, b) => a.date - b.date || (a.email < b.email ? -1 : 1));
    expect(JSON.stringify(activeRows)).toBe(JSON.stringify(unpaged));
    for (const r of rows.filter((x) => !x.isActive)) {
      expect([r.totalLinesAdded, r.agentRequests, r.mostUsedModel, r.clientVersion]).toStrictEqual([0, 0, null, null]);
    }
    // Every member, every day of the window since their seat: nothing twice.
    const keys = rows.map((r) => `${r.day}/${r.email}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("pages the spend of the billing cycle to the end: every member once, spend = what their usage events charged", async () => {
    const rows: Any[] = [];
    let cycleStart = 0;
    for (let page = 1; ; page++) {
      const body = await postJson("teams/spend", { page, pageSize: 4 });
      expect(spend.safeParse(body).success).toBe(true);
      expect(body.totalMembers).toBe(seats.length);
      expect(body.totalPages).toBe(Math.ceil(seats.length / 4));
      cycleStart = body.subscriptionCycleStart;
      rows.push(...(body.teamMemberSpend as Any[]));
      if (page >= body.totalPages) break;
    }
    expect(rows.map((r) => r.email).sort()).toStrictEqual(seats.map((s) => emailOf(s.personId)).sort());
    expect(Object.keys(rows[0]!)).toStrictEqual(SPEND_FIELDS);
    // The cycle renews on the day of the month the team's first seat was given, at UTC midnight.
    const first = new Date(Math.min(...seats.map((s) => s.invitedAt))).getUTCDate();
    expect(new Date(cycleStart).getUTCDate()).toBe(
      Math.min(first, new Date(Date.UTC(new Date(cycleStart).getUTCFullYear(), new Date(cycleStart).getUTCMonth() + 1, 0)).getUTCDate()),
    );
    expect(cycleStart % DAY).toBe(0);
    expect(cycleStart <= world.asOf && world.asOf - cycleStart < 31 * DAY).toBe(true);
    // Default order: newest member first.
    const since = (email: string) => seats.find((s) => emailOf(s.personId) === email)!.since;
    expect(rows.map((r) => since(r.email))).toStrictEqual(rows.map((r) => since(r.email)).sort((a, b) => b - a));
    for (const r of rows) {
      const p = person(seats.find((s) => emailOf(s.personId) === r.email)!.personId);
      let onDemand = 0n,
        overall = 0n,
        premium = 0;
      // The editor's requests and those of the cloud agents their automations ran.
      const own = [
        ...world.ai.cursor.filter((x) => x.personId === p.id).map((d) => d.events),
        ...world.ai.cursorAutomations.filter((a) => a.ownerId === p.id).flatMap((a) => a.runs.map((run) => run.events)),
      ];
      for (const events of own) {
        for (const e of events) {
          if (e.at < cycleStart || e.at > world.asOf) continue;
          const u = units(e.model, e);
          overall += u.model + u.fee;
          if (e.usageBased) {
            onDemand += u.model + u.fee;
            premium++;
          }
        }
      }
      expect([String(r.spendCents), String(r.overallSpendCents), r.fastPremiumRequests], r.email).toStrictEqual([
        decimal(onDemand),
        decimal(overall),
        premium,
      ]);
      expect(r.spendCents <= r.effectivePerUserLimitDollars * 100).toBe(true);
    }
    expect(rows.some((r) => r.spendCents > 0)).toBe(true);
  });

  it("pages the usage events to the end: every metered request once, newest first, priced at the published rates", async () => {
    const startDate = world.start;
    const endDate = world.asOf;
    const events: Any[] = [];
    let total = 0;
    for (let page = 1; ; page++) {
      const body = await postJson("teams/filtered-usage-events", { startDate, endDate, page, pageSize: 1000 });
      expect(usageEvents.safeParse(body).success).toBe(true);
      expect(body.pagination.currentPage).toBe(page);
      total = body.totalUsageEventsCount;
      events.push(...(body.usageEvents as Any[]));
      if (!body.pagination.hasNextPage) break;
    }
    // The editor's requests and those of the cloud agents the team's automations ran (their owner's).
    const expected = [
      ...world.ai.cursor.flatMap((d) =>
        d.events.map((e) => ({
          ...e,
          email: emailOf(d.personId),
          agent: undefined as string | undefined,
          automation: undefined as string | undefined,
        })),
      ),
      ...world.ai.cursorAutomations.flatMap((a) =>
        a.runs.flatMap((run) => run.events.map((e) => ({ ...e, email: emailOf(a.ownerId), agent: run.cloudAgentId, automation: a.id }))),
      ),
    ].sort((a, b) => b.at - a.at || (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
    expect(total).toBe(expected.length);
    expect(events.length).toBe(expected.length);
    expect(events.every((e) => Number(e.timestamp) <= world.asOf)).toBe(true);
    expect(Object.keys(events.find((e) => e.cursorTokenFee === undefined && e.cloudAgentId === undefined)!)).toStrictEqual(EVENT_FIELDS);
    const headless = events.find((e) => e.cloudAgentId !== undefined)!;
    expect(Object.keys(headless).slice(0, 4)).toStrictEqual(["timestamp", "userEmail", "cloudAgentId", "automationId"]);
    events.forEach((e, i) => {
      const w = expected[i]!;
      expect([e.timestamp, e.userEmail, e.model, e.maxMode, e.isChargeable, e.kind]).toStrictEqual([
        String(w.at),
        w.email,
        w.model,
        w.maxMode,
        w.usageBased,
        w.usageBased ? "Usage-based" : "Included in Business",
      ]);
      expect([e.cloudAgentId, e.automationId, e.isHeadless]).toStrictEqual([w.agent, w.automation, w.agent !== undefined]);
      expect(e.tokenUsage).toMatchObject({
        inputTokens: w.inputTokens,
        outputTokens: w.outputTokens,
        cacheWriteTokens: w.cacheWriteTokens,
        cacheReadTokens: w.cacheReadTokens,
      });
      const u = units(w.model, w);
      expect([
        String(e.tokenUsage.totalCents),
        e.cursorTokenFee === undefined ? undefined : String(e.cursorTokenFee),
        String(e.chargedCents),
      ]).toStrictEqual([decimal(u.model), u.fee > 0n ? decimal(u.fee) : undefined, decimal(u.model + u.fee)]);
    });
    expect(new Set(events.map((e) => e.model))).toStrictEqual(
      new Set(Object.keys(PUBLISHED).filter((m) => expected.some((w) => w.model === m))),
    );
  });

  it("downloads the AI code tracking commits and changes: JSON paged to the end, and the same records as CSV", async () => {
    const since = isoDay(world.start);
    const pageAll = async (path: string, size: number) => {
      const items: Any[] = [];
      for (let page = 1; ; page++) {
        const body = await getJson(`${path}?startDate=${since}&endDate=now&page=${page}&pageSize=${size}`);
        expect([body.page, body.pageSize]).toStrictEqual([page, size]);
        expect((path.endsWith("commits") ? aiCommits : aiChanges).safeParse(body).success).toBe(true);
        items.push(...(body.items as Any[]));
        if (page * size >= body.totalCount) {
          expect(items.length).toBe(body.totalCount);
          return items;
        }
      }
    };
    const commits = await pageAll("analytics/ai-code/commits", 25);
    const changes = await pageAll("analytics/ai-code/changes", 40);
    expect(commits.length).toBeGreaterThan(25);
    expect(changes.length).toBeGreaterThan(40);
    expect(Object.keys(commits[0]!)).toStrictEqual(COMMIT_FIELDS);
    expect(new Set(commits.map((c) => c.commitHash)).size).toBe(commits.length);
    expect(commits.map((c) => c.commitTs)).toStrictEqual(
      commits
        .map((c) => c.commitTs as string)
        .sort()
        .reverse(),
    );
    // The default window is the last 7 days.
    const recent = await getJson("analytics/ai-code/commits");
    expect(recent.totalCount).toBe(commits.filter((c) => Date.parse(c.commitTs) >= world.asOf - 7 * DAY).length);
    expect([recent.page, recent.pageSize]).toStrictEqual([1, 100]);

    const csv = await get(`analytics/ai-code/commits.csv?startDate=${since}&endDate=now`);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const text = await csv.text();
    const header =
      "commit_hash,user_id,user_email,repo_name,branch_name,is_primary_branch,total_lines_added,total_lines_deleted,tab_lines_added," +
      "tab_lines_deleted,composer_lines_added,composer_lines_deleted,non_ai_lines_added," +
      "non_ai_lines_deleted,message,commit_ts,created_at";
    expect(text.startsWith(`${header}\n`)).toBe(true);
    const expectedCsv = commits
      .map((c) =>
        [
          c.commitHash,
          c.userId,
          c.userEmail,
          c.repoName,
          c.branchName,
          c.isPrimaryBranch,
          c.totalLinesAdded,
          c.totalLinesDeleted,
          c.tabLinesAdded,
          c.tabLinesDeleted,
          c.composerLinesAdded,
          c.composerLinesDeleted,
          c.nonAiLinesAdded,
          c.nonAiLinesDeleted,
          `"${String(c.message).replace(/"/g, '""')}"`,
          c.commitTs,
          c.createdAt,
        ].join(","),
      )
      .map((l) => `${l}\n`)
      .join("");
    expect(text).toBe(`${header}\n${expectedCsv}`);

    const changesCsv = await (await get(`analytics/ai-code/changes.csv?startDate=${since}&endDate=now`)).text();
    const rows = changesCsv.split("\n").slice(1, -1);
    expect(rows.length).toBe(changes.length);
    expect(rows[0]).toBe(
      [
        changes[0]!.changeId,
        changes[0]!.userId,
        changes[0]!.userEmail,
        changes[0]!.source,
        changes[0]!.model ?? "",
        changes[0]!.totalLinesAdded,
        changes[0]!.totalLinesDeleted,
        changes[0]!.createdAt,
        `"${JSON.stringify(changes[0]!.metadata).replace(/"/g, '""')}"`,
      ].join(","),
    );
  });

  it("answers the writes it has statelessly: a spend limit, a member's removal, and their documented errors", async () => {
    const someone = emailOf(seats.at(-1)!.personId);
    expect(await answer(post("teams/user-spend-limit", { userEmail: someone, spendLimitDollars: 100 }))).toBe(
      `200 ${JSON.stringify({ outcome: "success", message: `Spend limit set to $100 for user ${someone}` })}`,
    );
    expect(await answer(post("teams/user-spend-limit", { userEmail: "not-an-email", spendLimitDollars: 100 }))).toBe(
      `400 ${JSON.stringify({ outcome: "error", message: "Invalid email format" })}`,
    );
    const removed = await postJson("teams/remove-member", { email: someone });
    const list = (await getJson("teams/members")).teamMembers as Any[];
    expect(removed.userId).toBe(list.find((m) => m.email === someone)!.id);
    expect(list.some((m) => m.email === someone)).toBe(true);
    expect(await answer(post("teams/remove-member", {}))).toBe(
      `400 ${JSON.stringify({ error: "Either userId or email must be provided" })}`,
    );
    expect(await answer(post("teams/remove-member", { email: someone, userId: removed.userId }))).toBe(
      `400 ${JSON.stringify({ error: "Only one of userId or email should be provided, not both" })}`,
    );
    const notFound = await post("teams/audit-logs-unknown", {});
    expect(notFound.status).toBe(404);
    expect(errorBody.safeParse(await notFound.json()).success).toBe(true);
  });
});
