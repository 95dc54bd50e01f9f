import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { loadCatalog } from "../../generator/catalog/index.js";
import { isoSeconds, DAY } from "../../generator/world/clock.js";
import { buildWorld, loadTemplates, type World } from "../../generator/world/index.js";
import { CLAUDE_MODELS } from "../../generator/world/vocabulary.js";

const catalog = loadCatalog("catalog.yaml");
const render = loadTemplates("templates/repo");
const g5 = catalog.generations.get(5)!;
const g1 = catalog.generations.get(1)!;
const world5 = buildWorld(g5, { render });
const world1 = buildWorld(g1, { render });
let laterWorld: World | undefined;
/** Generation 5 three days on: what the live hosts' next builds see. */
const later5 = () => (laterWorld ??= buildWorld({ ...g5, asOf: isoSeconds(Date.parse(g5.asOf) + 3 * DAY) }, { render }));

const allCommits = (w: World) => w.repos.flatMap((r) => [...r.mainCommits, ...r.pulls.flatMap((p) => p.commits)]);
const digest = (w: World) =>
  createHash("sha256")
    .update(
      JSON.stringify({
        people: w.people,
        teams: w.teams,
        items: w.workItems,
        repos: w.repos.map((r) => ({ ...r, objects: [...r.objects.commits.keys()] })),
      }),
    )
    .digest("hex");

describe("the world", () => {
  it("is a pure function of its generation: built twice, the same to the byte", () => {
    expect(digest(buildWorld(g5, { render }))).toBe(digest(world5));
  });

  it("keeps every entity of earlier days when the as-of moves forward (what live mode relies on)", () => {
    const later = later5();
    const before = world5.workItems;
    const after = new Map(later.workItems.map((w) => [w.key, w]));
    expect(after.size).toBeGreaterThan(before.length);
    for (const item of before) {
      const again = after.get(item.key);
      expect(`${again?.title}|${again?.createdAt}|${again?.assigneeId}`).toBe(`${item.title}|${item.createdAt}|${item.assigneeId}`);
    }
    for (const [i, repo] of world5.repos.entries()) {
      const shas = repo.mainCommits.map((c) => c.sha).join(",");
      expect(
        later.repos[i]!.mainCommits.map((c) => c.sha)
          .join(",")
          .startsWith(shas),
      ).toBe(true);
      expect(later.repos[i]!.pulls.length).toBeGreaterThanOrEqual(repo.pulls.length);
    }
  });

  it("keeps every pull request comment as it was when the pull request is approved later (chatter has its own stream)", () => {
    const comments = (w: World) =>
      new Map(
        w.repos.flatMap((r) =>
          r.pulls.flatMap((p) => p.comments.map((c) => [c.id, `${r.name}#${p.number}|${c.authorId}|${c.createdAt}|${c.body}`])),
        ),
      );
    const approved = (w: World) =>
      new Set(
        w.repos.flatMap((r) => r.pulls.filter((p) => p.reviews.some((v) => v.state === "APPROVED")).map((p) => `${r.name}#${p.number}`)),
      );
    const before = comments(world5);
    const after = comments(later5());
    // The case the defect hit: pull requests with comments, approved between the two builds.
    const [was, now] = [approved(world5), approved(later5())];
    const turned = [...before.values()].map((v) => v.split("|")[0]!).filter((pr) => !was.has(pr) && now.has(pr));
    expect(turned.length).toBeGreaterThan(0);
    for (const [id, text] of before) expect(after.get(id), text).toBe(text);
  });

  it("keeps commit statuses and milestones when the as-of moves forward: later builds only add, close and file", () => {
    const statuses = (w: World) =>
      new Map(w.repos.flatMap((r) => r.statuses.map((x) => [x.id, `${r.name}|${x.sha}|${x.context}|${x.state}|${x.createdAt}`])));
    const [before, after] = [statuses(world5), statuses(later5())];
    expect(new Set([...before.values()].map((v) => v.split("|")[2])).size).toBe(2);
    expect(after.size).toBeGreaterThan(before.size);
    for (const [id, text] of before) expect(after.get(id), text).toBe(text);
    for (const [i, repo] of world5.repos.entries()) {
      const again = later5().repos[i]!;
      expect(repo.milestones.length).toBeGreaterThan(0);
      for (const m of repo.milestones) {
        const n = again.milestones.find((x) => x.number === m.number)!;
        expect(`${n.id} ${n.title} ${n.createdAt} ${n.dueOn} ${m.closedAt ?? n.closedAt ?? "open"}`).toBe(
          `${m.id} ${m.title} ${m.createdAt} ${m.dueOn} ${n.closedAt ?? "open"}`,
        );
      }
      for (const t of [...repo.pulls, ...repo.issues]) {
        const u = [...again.pulls, ...again.issues].find((x) => x.number === t.number)!;
        expect(u.milestoneNumber, `${repo.name}#${t.number}`).toBe(t.milestoneNumber);
      }
    }
  });

  it("runs on a two-week sprint cadence: contiguous, one active at as-of, two ahead, items placed by when work started", () => {
    for (const w of [world1, world5]) {
      const shape = w.sprints.map(
        (s, i) => `${s.number}:${s.state}:${(s.endAt + 1000 - s.startAt) / DAY}:${i === 0 || w.sprints[i - 1]!.endAt + 1000 === s.startAt}`,
      );
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
    const names = (w: World) =>
      w.sprints
        .filter((s) => s.state === "closed")
        .map((s) => `${s.name}@${s.startAt}`)
        .join(",");
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
        expect(
          d.stageHistory.every((h, i) => i === 0 || h.at > d.stageHistory[i - 1]!.at),
          d.name,
        ).toBe(true);
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
        for (const c of [...r.mainCommits, ...r.pulls.flatMap((p) => p.commits)])
          did.add(`${c.authorId}/${c.authoredAt - (c.authoredAt % DAY)}`);
        for (const p of r.pulls) {
          did.add(`${p.authorId}/${p.createdAt - (p.createdAt % DAY)}`);
          for (const v of p.reviews) did.add(`${v.reviewerId}/${v.submittedAt - (v.submittedAt % DAY)}`);
        }
      }
      for (const i of w.workItems) for (const t of i.transitions) did.add(`${t.byId}/${t.at - (t.at % DAY)}`);
      expect(ai.usage.filter((u) => u.tool === "openai").length).toBeGreaterThan(200);
      expect(ai.usage.filter((u) => u.tool === "openai").filter((u) => !did.has(`${u.personId}/${u.day}`)).length).toBe(0);
      expect(ai.usage.filter((u) => u.tool === "openai").every((u) => w.people[u.personId - 1]!.teamId === u.teamId)).toBe(true);
      const linked = ai.devin.filter((s) => s.pull);
      expect(linked.length).toBeGreaterThan(10);
      for (const s of linked) {
        const pr = w.repos.find((r) => r.id === s.pull!.repoId)!.pulls.find((p) => p.number === s.pull!.number)!;
        expect(`${pr.authorId} ${pr.workItemKey} ${s.createdAt < pr.createdAt}`).toBe(`${s.personId} ${s.workItemKey} true`);
      }
    }
  });

  it(
    "gives seats on Claude, Cursor and ChatGPT to people of the directory, used only on days " +
      "they committed, opened or reviewed, and never beyond what they did",
    () => {
      for (const w of [world1, world5]) {
        const { ai } = w;
        const code = new Map<string, { commits: number; additions: number; deletions: number; pulls: number }>();
        const at = (id: number, when: number) => {
          const k = `${id}/${when - (when % DAY)}`;
          if (!code.has(k)) code.set(k, { commits: 0, additions: 0, deletions: 0, pulls: 0 });
          return code.get(k)!;
        };
        for (const r of w.repos) {
          for (const c of [...r.mainCommits.slice(1), ...r.pulls.flatMap((p) => p.commits)]) {
            const d = at(c.authorId, c.authoredAt);
            d.commits++;
            for (const f of c.files) {
              d.additions += f.additions;
              d.deletions += f.deletions;
            }
          }
          for (const p of r.pulls) {
            at(p.authorId, p.createdAt).pulls++;
            for (const v of p.reviews) at(v.reviewerId, v.submittedAt);
          }
        }
        const people = new Map(w.people.map((p) => [p.id, p]));
        const seat = new Map(ai.seats.map((s) => [`${s.tool}/${s.personId}`, s]));
        expect(ai.seats.length).toBe(seat.size);
        for (const s of ai.seats) {
          const p = people.get(s.personId)!;
          expect(`${s.tool} ${s.role} ${s.invitedAt <= s.since} ${s.since <= w.asOf} ${s.invitedAt > p.joinedAt}`).toBe(
            `${s.tool} ${p.admin ? "admin" : "member"} true true true`,
          );
        }
        const used = (tool: string, rows: Array<{ personId: number; day: number }>) =>
          rows.filter((u) => !code.has(`${u.personId}/${u.day}`) || u.day <= seat.get(`${tool}/${u.personId}`)!.since);
        expect(ai.usage.filter((u) => u.tool === "claude").length).toBeGreaterThan(100);
        expect(ai.cursor.length).toBeGreaterThan(100);
        expect(ai.claudeCode.length).toBeGreaterThan(50);
        expect(
          used(
            "claude",
            ai.usage.filter((u) => u.tool === "claude"),
          ).length +
            used("claude", ai.claudeCode).length +
            used("cursor", ai.cursor).length,
        ).toBe(0);
        expect(
          ai.usage.filter((u) => u.tool === "claude").every((u) => people.get(u.personId)!.teamId === u.teamId && u.requests > 0),
        ).toBe(true);
        // Each day's Claude use is of models available that day: released, and not yet retired.
        const models = new Map(CLAUDE_MODELS.map((m) => [m.id, m]));
        const unavailable = ai.usage
          .filter((u) => u.tool === "claude")
          .filter((u) => {
            const m = models.get(u.model);
            return !m || Date.parse(m.released) > u.day || (m.retires !== undefined && Date.parse(m.retires) <= u.day);
          });
        expect(unavailable.map((u) => `${u.model}@${u.day}`).slice(0, 5)).toStrictEqual([]);
        for (const d of ai.claudeCode) {
          const did = code.get(`${d.personId}/${d.day}`)!;
          expect(
            `${d.commits <= did.commits} ${d.linesAdded <= did.additions}` +
              ` ${d.linesRemoved <= did.deletions} ${d.pullRequests <= did.pulls}`,
          ).toBe("true true true true");
        }
        for (const d of ai.cursor) {
          expect(d.events.length).toBe(d.agentRequests + d.chatRequests + d.cmdkUsages);
          expect(d.events.filter((e) => e.usageBased).length).toBe(d.usageBasedRequests);
          expect(d.events.every((e, i) => e.at >= d.day && e.at < d.day + DAY && (i === 0 || e.at >= d.events[i - 1]!.at))).toBe(true);
        }
        const chat = ai.chatgpt;
        expect(chat.conversations.length).toBeGreaterThan(100);
        const gpts = new Set(chat.gpts.map((g) => g.id));
        const projects = new Map(chat.projects.map((p) => [p.id, p]));
        for (const c of chat.conversations) {
          // On a day the person worked in the repositories, or an off-hours question asked while awake (07:00-23:00 local).
          const local = ((((c.createdAt % DAY) / 60_000 + people.get(c.personId)!.utcOffsetMinutes) % 1440) + 1440) % 1440;
          expect(
            seat.has(`chatgpt/${c.personId}`) &&
              (code.has(`${c.personId}/${c.createdAt - (c.createdAt % DAY)}`) || (local >= 420 && local < 1380)) &&
              c.createdAt > seat.get(`chatgpt/${c.personId}`)!.since,
            c.id,
          ).toBe(true);
          expect(c.messages.every((m, i) => m.at >= c.createdAt && m.at <= w.asOf && (i === 0 || m.at > c.messages[i - 1]!.at))).toBe(true);
          if (c.gptId) expect(gpts.has(c.gptId)).toBe(true);
          if (c.projectId) expect(projects.get(c.projectId)!.memberIds.includes(c.personId)).toBe(true);
        }
      }
    },
  );

  it("is coherent: cited keys exist, CI and deployments point at real commits, people are unique", () => {
    for (const w of [world1, world5]) {
      const keys = new Set(w.workItems.map((i) => i.key));
      const cited = new Set<string>();
      for (const repo of w.repos) {
        for (const c of [...repo.mainCommits, ...repo.pulls.flatMap((p) => p.commits)])
          for (const m of c.message.matchAll(/\b[A-Z]+-\d+\b/g)) cited.add(m[0]);
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
      for (const repo of w.repos)
        for (const p of repo.pulls) {
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
        ...r.pulls.flatMap((p) => [
          p.createdAt,
          p.updatedAt,
          ...p.reviews.map((x) => x.submittedAt),
          ...p.comments.map((x) => x.createdAt),
        ]),
        ...r.runs.map((x) => x.updatedAt),
        ...r.releases.map((x) => x.publishedAt),
        ...r.deployments.flatMap((d) => d.statuses.map((s) => s.createdAt)),
      ]);
      expect(Math.max(...times)).toBeLessThanOrEqual(w.asOf);
    }
  });
});
