import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { loadCatalog } from "../../generator/catalog/index.js";
import { isoSeconds, DAY } from "../../generator/world/clock.js";
import { buildWorld, loadTemplates, type World } from "../../generator/world/index.js";

const catalog = loadCatalog("catalog.yaml");
const render = loadTemplates("templates/repo");
const g5 = catalog.generations.get(5)!;
const g1 = catalog.generations.get(1)!;
const world5 = buildWorld(g5, { render });
const world1 = buildWorld(g1, { render });

const allCommits = (w: World) => w.repos.flatMap((r) => [...r.mainCommits, ...r.pulls.flatMap((p) => p.commits)]);
const digest = (w: World) => createHash("sha256").update(JSON.stringify({
  people: w.people, teams: w.teams, items: w.workItems,
  repos: w.repos.map((r) => ({ ...r, objects: [...r.objects.commits.keys()] })),
})).digest("hex");

describe("the world", () => {
  it("is a pure function of its generation: built twice, the same to the byte", () => {
    expect(digest(buildWorld(g5, { render }))).toBe(digest(world5));
  });

  it("keeps every entity of earlier days when the as-of moves forward (what live mode relies on)", () => {
    const later = buildWorld({ ...g5, asOf: isoSeconds(Date.parse(g5.asOf) + 3 * DAY) }, { render });
    const before = world5.workItems;
    const after = new Map(later.workItems.map((w) => [w.key, w]));
    expect(after.size).toBeGreaterThan(before.length);
    for (const item of before) {
      const again = after.get(item.key);
      expect(`${again?.title}|${again?.createdAt}|${again?.assigneeId}`).toBe(`${item.title}|${item.createdAt}|${item.assigneeId}`);
    }
    for (const [i, repo] of world5.repos.entries()) {
      const shas = repo.mainCommits.map((c) => c.sha).join(",");
      expect(later.repos[i]!.mainCommits.map((c) => c.sha).join(",").startsWith(shas)).toBe(true);
      expect(later.repos[i]!.pulls.length).toBeGreaterThanOrEqual(repo.pulls.length);
    }
  });

  it("runs on a two-week sprint cadence: contiguous, one active at as-of, two ahead, items placed by when work started", () => {
    for (const w of [world1, world5]) {
      const shape = w.sprints.map((s, i) => `${s.number}:${s.state}:${(s.endAt + 1000 - s.startAt) / DAY}:${i === 0 || w.sprints[i - 1]!.endAt + 1000 === s.startAt}`);
      expect(shape.filter((s) => s.includes(":active:")).length).toBe(1);
      expect(shape.slice(-2).every((s) => s.includes(":future:14:true"))).toBe(true);
      expect(shape.every((s) => s.endsWith(":14:true"))).toBe(true);
      const active = w.sprints.find((s) => s.state === "active")!;
      expect(active.startAt <= w.asOf && w.asOf <= active.endAt).toBe(true);
      for (const item of w.workItems) {
        const started = item.transitions.find((t) => t.to === "In Progress")?.at;
        const sprint = w.sprints.find((s) => s.id === item.sprintId);
        if (started !== undefined) expect(sprint && sprint.startAt <= started && started <= sprint.endAt, item.key).toBe(true);
        else if (sprint) expect(sprint.state, item.key).toBe("active");
      }
    }
    const later = buildWorld({ ...g5, asOf: isoSeconds(Date.parse(g5.asOf) + 20 * DAY) }, { render });
    const names = (w: World) => w.sprints.filter((s) => s.state === "closed").map((s) => `${s.name}@${s.startAt}`).join(",");
    expect(names(later).startsWith(names(world5))).toBe(true);
  });

  it("grows a CRM and AI-tool usage that join to the same people, items and pull requests", () => {
    for (const w of [world1, world5]) {
      const { commerce, ai } = w;
      const emails = new Set(w.people.map((p) => p.email));
      expect(commerce.staff.filter((s) => emails.has(s.email)).map((s) => s.email)).toStrictEqual([]);
      expect(commerce.companies.length).toBeGreaterThan(30);
      const companies = new Set(commerce.companies.map((c) => c.id));
      const staff = new Set(commerce.staff.map((s) => s.id));
      expect(commerce.contacts.every((p) => companies.has(p.companyId) && staff.has(p.ownerId) && p.createdAt <= w.asOf)).toBe(true);
      for (const d of commerce.deals) {
        expect(d.stageHistory.every((h, i) => i === 0 || h.at > d.stageHistory[i - 1]!.at), d.name).toBe(true);
        expect(d.stageHistory.at(-1)!.stage).toBe(d.stage);
        expect(d.stageHistory.at(-1)!.at <= w.asOf).toBe(true);
      }
      const items = new Map(w.workItems.map((i) => [i.key, i]));
      const escalated = commerce.tickets.filter((t) => t.workItemKey);
      expect(escalated.length).toBeGreaterThan(5);
      for (const t of escalated) {
        const bug = items.get(t.workItemKey!);
        expect(`${bug?.type} ${t.createdAt < bug!.createdAt} ${t.content.includes(t.workItemKey!)}`).toBe("Bug true true");
      }
      // Usage is attributed to an engineer on a day they did something in the code or the tracker.
      const did = new Set<string>();
      for (const r of w.repos) {
        for (const c of [...r.mainCommits, ...r.pulls.flatMap((p) => p.commits)]) did.add(`${c.authorId}/${c.authoredAt - (c.authoredAt % DAY)}`);
        for (const p of r.pulls) {
          did.add(`${p.authorId}/${p.createdAt - (p.createdAt % DAY)}`);
          for (const v of p.reviews) did.add(`${v.reviewerId}/${v.submittedAt - (v.submittedAt % DAY)}`);
        }
      }
      for (const i of w.workItems) for (const t of i.transitions) did.add(`${t.byId}/${t.at - (t.at % DAY)}`);
      expect(ai.openai.length).toBeGreaterThan(200);
      expect(ai.openai.filter((u) => !did.has(`${u.personId}/${u.day}`)).length).toBe(0);
      expect(ai.openai.every((u) => w.people[u.personId - 1]!.teamId === u.teamId)).toBe(true);
      const linked = ai.devin.filter((s) => s.pull);
      expect(linked.length).toBeGreaterThan(10);
      for (const s of linked) {
        const pr = w.repos.find((r) => r.id === s.pull!.repoId)!.pulls.find((p) => p.number === s.pull!.number)!;
        expect(`${pr.authorId} ${pr.workItemKey} ${s.createdAt < pr.createdAt}`).toBe(`${s.personId} ${s.workItemKey} true`);
      }
    }
  });

  it("is coherent: cited keys exist, CI and deployments point at real commits, people are unique", () => {
    for (const w of [world1, world5]) {
      const keys = new Set(w.workItems.map((i) => i.key));
      const cited = new Set<string>();
      for (const repo of w.repos) {
        for (const c of [...repo.mainCommits, ...repo.pulls.flatMap((p) => p.commits)]) for (const m of c.message.matchAll(/\b[A-Z]+-\d+\b/g)) cited.add(m[0]);
        for (const p of repo.pulls) {
          for (const m of `${p.title} ${p.headBranch.toUpperCase()}`.matchAll(/\b[A-Z]+-\d+\b/g)) cited.add(m[0]);
          expect(p.commits.every((c) => c.committedAt <= w.asOf)).toBe(true);
        }
        const shas = new Set([...repo.mainCommits, ...repo.pulls.flatMap((p) => p.commits)].map((c) => c.sha));
        expect(repo.runs.every((r) => shas.has(r.headSha))).toBe(true);
        expect(repo.deployments.every((d) => shas.has(d.sha))).toBe(true);
        expect(repo.releases.every((r) => repo.mainCommits.some((c) => c.sha === r.targetSha))).toBe(true);
      }
      expect(cited.size).toBeGreaterThan(100);
      expect([...cited].filter((k) => !keys.has(k)).join(",")).toBe("");
      expect(new Set(w.people.map((p) => p.email)).size).toBe(w.people.length);
      expect(new Set(w.people.map((p) => p.handles.github)).size).toBe(w.people.length);
      // Work is done after the commits that cite it: a Done transition follows the merge.
      for (const repo of w.repos) for (const p of repo.pulls) {
        const item = w.workItems.find((i) => i.key === p.workItemKey)!;
        const done = item.transitions.find((t) => t.to === "Done");
        if (done && p.mergedAt !== undefined) expect(done.at).toBeGreaterThan(p.mergedAt);
      }
    }
  });

  it("differs between generations: no shared issue key or commit SHA", () => {
    const keys1 = new Set(world1.workItems.map((i) => i.key));
    expect(world5.workItems.filter((i) => keys1.has(i.key)).length).toBe(0);
    const shas1 = new Set(allCommits(world1).map((c) => c.sha));
    expect(allCommits(world5).filter((c) => shas1.has(c.sha)).length).toBe(0);
  });

  it("grows with --scale", () => {
    const big = buildWorld(g1, { render, scale: 2 });
    expect(big.people.length).toBeGreaterThan(world1.people.length);
    expect(big.repos.length).toBeGreaterThan(world1.repos.length);
    expect(big.workItems.length).toBeGreaterThan(world1.workItems.length * 1.5);
  });

  it("has nothing after the as-of time", () => {
    for (const w of [world1, world5]) {
      const times = w.repos.flatMap((r) => [
        ...r.pulls.flatMap((p) => [p.createdAt, p.updatedAt, ...p.reviews.map((x) => x.submittedAt), ...p.comments.map((x) => x.createdAt)]),
        ...r.runs.map((x) => x.updatedAt), ...r.releases.map((x) => x.publishedAt), ...r.deployments.flatMap((d) => d.statuses.map((s) => s.createdAt)),
      ]);
      expect(Math.max(...times)).toBeLessThanOrEqual(w.asOf);
    }
  });
});
