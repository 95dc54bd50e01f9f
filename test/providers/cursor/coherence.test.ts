import { describe, expect, it } from "vitest";
import type { Commit } from "../../../generator/world/types.js";
import { type Any, decimal, directory, getJson, postJson, units } from "./api.js";
import { DAY, activeDays, liveWorld, selected } from "./world.js";

/**
 * The Cursor host against the rest of the world: its members are the directory's Cursor seat holders;
 * every day of use is a day the person committed, opened a pull request or reviewed; the requests of a
 * day are the day's metered events in the editor (an automation's cloud agents are not the editor's); every cost is
 * tokens times the published price; every AI-tracked
 * commit is a real commit of that person, on a day they used Cursor, with the lines of its files.
 */
const world = liveWorld();
const { person, seats, byEmail } = directory(world);

async function allDaily(): Promise<Any[]> {
  const rows: Any[] = [];
  for (let start = world.start; start <= world.asOf; start += 30 * DAY) {
    rows.push(
      ...((await postJson("teams/daily-usage-data", { startDate: start, endDate: Math.min(start + 30 * DAY - 1, world.asOf) }))
        .data as Any[]),
    );
  }
  return rows;
}

async function allEvents(): Promise<Any[]> {
  const out: Any[] = [];
  for (let page = 1; ; page++) {
    const r = await postJson("teams/filtered-usage-events", { startDate: 0, endDate: world.asOf, page, pageSize: 1000 });
    out.push(...(r.usageEvents as Any[]));
    if (!r.pagination.hasNextPage) return out;
  }
}

describe.skipIf(!selected())("Cursor and the world", () => {
  it("seats match the directory: every member is a person with a Cursor seat, admins are owners", async () => {
    const list = (await getJson("teams/members")).teamMembers as Any[];
    expect(list.length).toBe(seats.length);
    expect(list.length).toBeGreaterThan(5);
    for (const m of list) {
      const p = byEmail.get(m.email)!;
      expect(p.name).toBe(m.name);
      const seat = seats.find((s) => s.personId === p.id)!;
      expect(m.role).toBe(p.admin ? "owner" : "member");
      expect(seat.role).toBe(p.admin ? "admin" : "member");
    }
  });

  it("usage exists only for members on days they committed, opened a pull request or reviewed, after their seat started", async () => {
    const active = activeDays(world);
    const rows = await allDaily();
    expect(rows.length).toBeGreaterThan(50);
    for (const r of rows) {
      const p = byEmail.get(r.email)!;
      const seat = seats.find((s) => s.personId === p.id)!;
      expect(active.get(p.id)?.has(r.date), `${r.email} ${r.day}`).toBe(true);
      expect(r.date + DAY > seat.since).toBe(true);
    }
  });

  it("a day's requests are its metered events in the editor: included plus usage-based, each on the person's day of use", async () => {
    const rows = await allDaily();
    const events = (await allEvents()).filter((e) => e.cloudAgentId === undefined);
    const perDay = new Map<string, { all: number; usageBased: number }>();
    for (const e of events) {
      const at = Number(e.timestamp);
      const key = `${e.userEmail}/${at - (at % DAY)}`;
      const c = perDay.get(key) ?? { all: 0, usageBased: 0 };
      c.all++;
      if (e.isChargeable) c.usageBased++;
      perDay.set(key, c);
    }
    expect(perDay.size).toBe(rows.length);
    for (const r of rows) {
      const c = perDay.get(`${r.email}/${r.date}`);
      expect(c, `${r.email} ${r.day}`).toBeDefined();
      expect([c!.all, c!.usageBased]).toStrictEqual([r.subscriptionIncludedReqs + r.usageBasedReqs, r.usageBasedReqs]);
      expect(r.agentRequests + r.chatRequests + r.cmdkUsages).toBe(c!.all);
    }
  });

  it("every cost is tokens times the published price per model, exactly, and spend adds up the charged cents", async () => {
    const events = await allEvents();
    const sums = new Map<string, { all: bigint; onDemand: bigint }>();
    const body = await postJson("teams/spend", { pageSize: 1000 });
    const cycle = body.subscriptionCycleStart as number;
    for (const e of events) {
      const u = units(e.model, e.tokenUsage);
      expect(String(e.tokenUsage.totalCents)).toBe(decimal(u.model));
      expect(String(e.chargedCents)).toBe(decimal(u.model + u.fee));
      if (Number(e.timestamp) < cycle) continue;
      const s = sums.get(e.userEmail) ?? { all: 0n, onDemand: 0n };
      s.all += u.model + u.fee;
      if (e.isChargeable) s.onDemand += u.model + u.fee;
      sums.set(e.userEmail, s);
    }
    for (const r of body.teamMemberSpend as Any[]) {
      const s = sums.get(r.email) ?? { all: 0n, onDemand: 0n };
      expect([String(r.overallSpendCents), String(r.spendCents)], r.email).toStrictEqual([decimal(s.all), decimal(s.onDemand)]);
    }
  });

  it("AI-tracked commits are the person's real commits, on days they used Cursor, with their files' lines", async () => {
    const since = new Date(world.start).toISOString().slice(0, 10);
    const commits = (await getJson(`analytics/ai-code/commits?startDate=${since}&pageSize=1000`)).items as Any[];
    const changes = (await getJson(`analytics/ai-code/changes?startDate=${since}&pageSize=1000`)).items as Any[];
    expect(commits.length).toBeGreaterThan(20);
    const all = new Map<string, { c: Commit; repo: string; branch: string; primary: boolean }>();
    for (const repo of world.repos) {
      for (const c of repo.mainCommits) all.set(c.sha, { c, repo: repo.name, branch: repo.defaultBranch, primary: true });
      for (const pr of repo.pulls)
        for (const c of pr.commits) all.set(c.sha, { c, repo: repo.name, branch: pr.headBranch, primary: false });
    }
    const aiPerDay = new Map<string, { added: number; deleted: number }>();
    for (const item of commits) {
      const found = all.get(item.commitHash);
      expect(found, item.commitHash).toBeDefined();
      const { c, repo, branch, primary } = found!;
      expect(person(c.authorId).email).toBe(item.userEmail);
      expect(c.committerId).toBeDefined();
      expect([item.repoName, item.branchName, item.isPrimaryBranch, item.message]).toStrictEqual([
        `${world.company.slug}/${repo}`,
        branch,
        primary,
        c.message,
      ]);
      expect(Date.parse(item.commitTs)).toBe(c.authoredAt);
      expect(Date.parse(item.createdAt) > c.authoredAt && Date.parse(item.createdAt) <= world.asOf).toBe(true);
      const added = c.files.reduce((s, f) => s + f.additions, 0);
      const deleted = c.files.reduce((s, f) => s + f.deletions, 0);
      expect([item.totalLinesAdded, item.totalLinesDeleted]).toStrictEqual([added, deleted]);
      expect(item.nonAiLinesAdded).toBe(Math.max(0, added - item.tabLinesAdded - item.composerLinesAdded));
      expect(item.nonAiLinesDeleted).toBe(Math.max(0, deleted - item.tabLinesDeleted - item.composerLinesDeleted));
      const day = c.authoredAt - (c.authoredAt % DAY);
      const used = world.ai.cursor.find((d) => d.personId === c.authorId && d.day === day);
      expect(used, `${item.commitHash}: a day of use`).toBeDefined();
      const key = `${c.authorId}/${day}`;
      const s = aiPerDay.get(key) ?? { added: 0, deleted: 0 };
      s.added += item.tabLinesAdded + item.composerLinesAdded;
      s.deleted += item.tabLinesDeleted + item.composerLinesDeleted;
      aiPerDay.set(key, s);
      expect(
        s.added <= used!.acceptedLinesAdded && s.deleted <= used!.acceptedLinesDeleted,
        `${key}: AI lines within the lines accepted that day`,
      ).toBe(true);
    }
    // The changes are the commits' AI lines by source, on the same people.
    const sum = (items: Any[], pick: (i: Any) => number) => items.reduce((s, i) => s + pick(i), 0);
    expect(
      sum(
        changes.filter((c) => c.source === "TAB"),
        (c) => c.totalLinesAdded,
      ),
    ).toBe(sum(commits, (c) => c.tabLinesAdded));
    expect(
      sum(
        changes.filter((c) => c.source === "COMPOSER"),
        (c) => c.totalLinesDeleted,
      ),
    ).toBe(sum(commits, (c) => c.composerLinesDeleted));
    for (const ch of changes) {
      expect(ch.totalLinesAdded).toBe(sum(ch.metadata, (m) => m.linesAdded));
      expect(ch.totalLinesDeleted).toBe(sum(ch.metadata, (m) => m.linesDeleted));
      expect(ch.model === null).toBe(ch.source === "TAB");
    }
  });
});
