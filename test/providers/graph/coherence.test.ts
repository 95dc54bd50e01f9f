import { describe, expect, inject, it } from "vitest";
import { directory, liveWorld, managerEmail } from "./world.js";

/**
 * The tenant is the world's company (issue 15's coherence items for Graph): its users are the world's
 * people and staff with the same names and emails, its groups are the teams with their members, managers
 * are team leads, calendars hold the sprint ceremonies and incident reviews the world's timeline causes,
 * and the sign-in log follows what people did.
 * Expected values come from the world model, never from the served files.
 */
const root = `${inject("baseUrl")}/graph/v1.0`;
const world = liveWorld();
const people = directory(world);

type Any = Record<string, any>;

async function get(path: string): Promise<Any> {
  const res = await fetch(`${root}/${path}`, { headers: { authorization: "Bearer coherence" } });
  expect(res.status, path).toBe(res.status === 404 ? 404 : 200);
  return (await res.json()) as Any;
}

const users = (await get("users?$top=999")).value as Any[];
const MINUTE = 60_000,
  HOUR = 60 * MINUTE;

/** What each person (by email) did at a computer, from the world: the instants a sign-in may precede. */
function actions(): Map<string, number[]> {
  const out = new Map<string, number[]>();
  const add = (email: string | undefined, at: number | undefined) => {
    if (email && at !== undefined && at <= world.asOf) (out.get(email) ?? out.set(email, []).get(email)!).push(at);
  };
  const p = (id: number | undefined, at: number | undefined) => add(id === undefined ? undefined : world.people[id - 1]?.email, at);
  for (const r of world.repos) {
    for (const c of r.mainCommits) p(c.authorId, c.authoredAt);
    for (const pr of r.pulls) {
      p(pr.authorId, pr.createdAt);
      for (const c of pr.commits) p(c.authorId, c.authoredAt);
      for (const v of pr.reviews) p(v.reviewerId, v.submittedAt);
      for (const c of pr.comments) p(c.authorId, c.createdAt);
      p(pr.mergedById, pr.mergedAt);
    }
    for (const i of r.issues) [i, ...i.comments].forEach((x) => p(x.authorId, x.createdAt));
    for (const run of r.runs) if (run.event !== "schedule") p(run.actorId, run.createdAt);
    for (const rel of r.releases) p(rel.authorId, rel.publishedAt);
  }
  for (const w of world.workItems) [{ byId: w.reporterId, at: w.createdAt }, ...w.transitions].forEach((t) => p(t.byId, t.at));
  for (const i of world.operations.incidents) {
    p(i.acknowledgedById, i.acknowledgedAt);
    p(i.resolvedById, i.resolvedAt);
    for (const n of i.notes) p(n.authorId, n.at);
    if (i.postmortem) p(i.postmortem.authorId, i.postmortem.at);
  }
  for (const d of world.ai.cursor) for (const e of d.events) p(d.personId, e.at);
  for (const s of world.ai.devin) for (const m of s.messages) if (m.origin === "user") p(s.personId, m.at);
  for (const c of world.ai.chatgpt.conversations) for (const m of c.messages) if (m.role === "user") p(c.personId, m.at);
  const staff = new Map(world.commerce.staff.map((x) => [x.id, x.email]));
  for (const d of world.commerce.deals) for (const h of d.stageHistory) add(staff.get(d.ownerId), h.at);
  for (const t of world.commerce.tickets) add(staff.get(t.ownerId), t.closedAt);
  return out;
}
const byEmail = new Map(users.map((u) => [u.mail as string, u]));
const groups = (await get("groups?$top=999")).value as Any[];

describe("Graph coherence: the tenant is the world's company", () => {
  it("has exactly the world's people and staff as users, with their names, emails, titles and teams", () => {
    expect(users.map((u) => u.mail).sort()).toStrictEqual(people.map((p) => p.email).sort());
    for (const p of people) {
      const u = byEmail.get(p.email)!;
      expect(u.displayName).toBe(p.name);
      expect(u.givenName).toBe(p.firstName);
      expect(u.surname).toBe(p.lastName);
      expect(u.userPrincipalName).toBe(p.email);
      expect(u.jobTitle).toBe(p.jobTitle);
      expect(u.department).toBe(p.department);
    }
    expect(new Set(users.map((u) => u.id)).size).toBe(users.length);
  });

  it("has a Unified group per team with exactly its members and its lead as owner, and an all-company group", async () => {
    for (const team of world.teams) {
      const g = groups.find((x) => x.mailNickname === team.slug)!;
      expect(g.displayName).toBe(team.name);
      expect(g.mail).toBe(`${team.slug}@${world.company.domain}`);
      const members = (await get(`groups/${g.id}/members?$top=999`)).value as Any[];
      expect(members.map((m) => m.mail).sort()).toStrictEqual(
        world.people
          .filter((p) => p.teamId === team.id && p.joinedAt <= world.asOf)
          .map((p) => p.email)
          .sort(),
      );
      const owners = (await get(`groups/${g.id}/owners`)).value as Any[];
      expect(owners.map((m) => m.mail)).toStrictEqual([world.people[team.leadId - 1]!.email]);
    }
    const all = groups.find((x) => x.mailNickname === `all-${world.company.slug}`)!;
    expect(((await get(`groups/${all.id}/members?$top=999`)).value as Any[]).length).toBe(people.length);
  });

  it("makes team leads the managers of their teams, and the first administrator the leads' manager", async () => {
    for (const p of world.people.filter((x) => x.joinedAt <= world.asOf)) {
      const want = managerEmail(world, p.id);
      const got = await get(`users/${byEmail.get(p.email)!.id}/manager`);
      if (want === undefined) expect(got.error.code).toBe("Request_ResourceNotFound");
      else expect(got.mail, p.name).toBe(want);
    }
    const lead = world.people[world.teams[1]!.leadId - 1]!;
    const reports = (await get(`users/${byEmail.get(lead.email)!.id}/directReports`)).value as Any[];
    expect(reports.map((r) => r.mail).sort()).toStrictEqual(
      world.people
        .filter((p) => p.teamId === world.teams[1]!.id && p.id !== lead.id && p.joinedAt <= world.asOf)
        .map((p) => p.email)
        .sort(),
    );
  });

  it("holds each team's ceremonies for its members only, scheduled before as-of, and reviews citing work items that exist", async () => {
    const keys = new Set(world.workItems.map((w) => w.key));
    for (const team of world.teams.slice(0, 3)) {
      const members = new Set(world.people.filter((p) => p.teamId === team.id).map((p) => p.email));
      const lead = world.people[team.leadId - 1]!;
      const events = (await get(`users/${byEmail.get(lead.email)!.id}/events?$top=999`)).value as Any[];
      const ceremonies = events.filter((e) => (e.categories as string[]).includes("Sprint"));
      expect(ceremonies.length).toBeGreaterThan(20);
      for (const e of ceremonies) {
        expect(e.subject.startsWith(`${team.name} `)).toBe(true);
        expect(e.organizer.emailAddress.address).toBe(lead.email);
        for (const a of e.attendees as Any[]) {
          expect(members.has(a.emailAddress.address), a.emailAddress.address).toBe(true);
          // An answer is given after the invitation and never after as-of.
          if (a.status.response !== "none") expect(Date.parse(a.status.time)).toBeLessThanOrEqual(world.asOf);
        }
        expect(Date.parse(e.createdDateTime)).toBeLessThanOrEqual(world.asOf);
      }
      for (const e of events.filter((x) => (x.categories as string[]).includes("Incident review"))) {
        const cited = /cites (.+)\.$/.exec(e.bodyPreview as string)![1]!.split(", ");
        for (const key of cited) expect(keys.has(key), key).toBe(true);
      }
    }
  });

  it("logs interactive sign-ins newest first, within 30 days of as-of, each shortly before something its user did", async () => {
    const log: Any[] = [];
    for (let url: string | undefined = `${root}/auditLogs/signIns`; url;) {
      const res = await fetch(url, { headers: { authorization: "Bearer coherence" } });
      const page = (await res.json()) as Any;
      log.push(...(page.value as Any[]));
      url = page["@odata.nextLink"];
    }
    const times = log.map((s) => Date.parse(s.createdDateTime));
    expect(times.length).toBeGreaterThan(300);
    expect(times).toStrictEqual([...times].sort((a, b) => b - a));
    expect(times[0]!).toBeLessThanOrEqual(world.asOf);
    expect(world.asOf - times[0]!).toBeLessThan(12 * HOUR);
    expect(Math.min(...times)).toBeGreaterThanOrEqual(world.asOf - 30 * 24 * HOUR);
    const acts = actions();
    for (const s of log) {
      const u = users.find((x) => x.id === s.userId)!;
      expect(s.userPrincipalName).toBe(u.userPrincipalName);
      expect(s.isInteractive).toBe(true);
      if (s.status.errorCode !== 0) {
        expect(
          log.some((x) => x.correlationId === s.correlationId && x.status.errorCode === 0 && x.createdDateTime > s.createdDateTime),
          s.id,
        ).toBe(true);
        continue;
      }
      const at = Date.parse(s.createdDateTime);
      expect(
        (acts.get(u.mail) ?? []).some((t) => t >= at && t <= at + 21 * MINUTE),
        `${u.mail} at ${s.createdDateTime}`,
      ).toBe(true);
    }
  });

  it("counts licences: every user holds E3, and each SKU's consumed units are its holders", async () => {
    const skus = (await get("subscribedSkus")).value as Any[];
    const e3 = skus.find((s) => s.skuPartNumber === "SPE_E3")!;
    expect(e3.consumedUnits).toBe(people.length);
    const someone = users[0]!;
    const details = (await get(`users/${someone.id}/licenseDetails`)).value as Any[];
    expect(details.map((d) => d.skuPartNumber)).toContain("SPE_E3");
    const bi = skus.find((s) => s.skuPartNumber === "POWER_BI_PRO")!;
    expect(bi.consumedUnits).toBe(people.filter((p) => p.department === "Data" || p.department === "Sales").length);
    const org = (await get("organization")).value[0] as Any;
    expect(org.displayName).toBe(world.company.name);
    expect(org.verifiedDomains.find((d: Any) => d.isDefault).name).toBe(world.company.domain);
  });
});
