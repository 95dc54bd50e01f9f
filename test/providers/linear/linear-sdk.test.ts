import { LinearClient, LinearDocument, LinearErrorType } from "@linear/sdk";
import { describe, expect, inject, it } from "vitest";
import { loadCatalog } from "../../../generator/catalog/index.js";
import { buildWorld, loadTemplates } from "../../../generator/world/index.js";
import type { WorkItem, WorkItemStatus } from "../../../generator/world/types.js";

const baseUrl = inject("baseUrl");
const catalog = loadCatalog("catalog.yaml");
const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);

type Any = Record<string, any>;

const STATE_NAMES: Record<WorkItemStatus, string> = {
  Backlog: "Backlog",
  "To Do": "Todo",
  "In Progress": "In Progress",
  "In Review": "In Review",
  Done: "Done",
  Canceled: "Canceled",
};

/** Every node of an SDK connection, following `fetchNext` until `hasNextPage` is false. */
async function all<T>(first: Promise<{ nodes: T[]; pageInfo: { hasNextPage: boolean }; fetchNext(): Promise<unknown> }>): Promise<T[]> {
  const connection = await first;
  let guard = 0;
  while (connection.pageInfo.hasNextPage) {
    await connection.fetchNext();
    if (++guard > 1000) throw new Error("pagination does not end");
  }
  return connection.nodes;
}

/**
 * The official Linear client, unchanged but for `apiUrl`, running the read workflow of a sync
 * integration: the viewer and the workspace, users, teams with members, states and cycles, every issue
 * to the end of its pages (forwards and backwards, at several page sizes, by update time), one issue with
 * its history, comments, attachments and relations, and Linear's errors. Expected values come from the
 * world model, not from the served data.
 */
describe.each(["linear-2026-08-g5", "linear-2026-08"].filter((p) => !only || only.includes(p)))("@linear/sdk against %s", (pinName) => {
  const pin = catalog.pins.find((p) => p.name === pinName)!;
  const world = buildWorld(catalog.generations.get(pin.generation)!, { render: loadTemplates("templates/repo") });
  const client = new LinearClient({ apiKey: "x", apiUrl: `${baseUrl}/${pinName}/graphql` });
  const viewer = world.people.find((p) => p.admin)!;
  const keys = world.workItems.map((i) => i.key).sort();
  const item = (key: string) => world.workItems.find((i) => i.key === key)!;
  // The busiest item: the most status changes, then the oldest key.
  const busiest = [...world.workItems].sort((a, b) => b.transitions.length - a.transitions.length || a.id - b.id)[0]!;

  it("reads the viewer and the organization", async () => {
    const me = await client.viewer;
    expect(`${me.name} ${me.email} ${String(me.isMe)} ${String(me.admin)}`).toBe(`${viewer.name} ${viewer.email} true true`);
    const org = await client.organization;
    expect(`${org.name} ${org.urlKey} ${org.userCount}`).toBe(`${world.company.name} ${world.company.slug} ${world.people.length}`);
  });

  it("lists every user with the world's names and emails, at page sizes that split the list", async () => {
    const expected = world.people.map((p) => `${p.name} <${p.email}>`).sort();
    for (const first of [undefined, 7, 250]) {
      const users = await all(client.users(first ? { first } : {}));
      expect(users.map((u) => `${u.name} <${u.email}>`).sort()).toStrictEqual(expected);
    }
  });

  it("lists teams with their members, workflow states and cycles", async () => {
    const teams = await all(client.teams());
    expect(teams.map((t) => t.key).sort()).toStrictEqual(world.teams.map((t) => t.key).sort());
    for (const team of teams) {
      const w = world.teams.find((t) => t.key === team.key)!;
      expect(team.name).toBe(w.name);
      const members = await all(team.members({ first: 3 }));
      expect(members.map((m) => m.email).sort()).toStrictEqual(w.memberIds.map((id) => world.people[id - 1]!.email).sort());
      const memberships = await all(team.memberships());
      expect(memberships.filter((m) => m.owner).length).toBe(1);
      const states = await all(team.states());
      expect(states.map((s) => `${s.position} ${s.name} ${s.type}`).sort()).toStrictEqual([
        "0 Backlog backlog",
        "1 Todo unstarted",
        "2 In Progress started",
        "3 In Review started",
        "4 Done completed",
        "5 Canceled canceled",
      ]);
      const cycles = await all(team.cycles({ first: 5 }));
      expect(cycles.map((c) => c.number).sort((a, b) => a - b)).toStrictEqual(world.sprints.map((s) => s.number));
      const active = world.sprints.find((s) => s.state === "active")!;
      const current = cycles.find((c) => c.isActive)!;
      expect(`${current.number} ${current.startsAt.toISOString()}`).toBe(`${active.number} ${new Date(active.startAt).toISOString()}`);
      expect((await team.activeCycle)?.id).toBe(current.id);
    }
  });

  it("reads a closed cycle's issues and its scope history", async () => {
    const team = world.teams[0]!;
    const sprint = world.sprints.filter((s) => s.state === "closed").at(-1)!;
    const lt = (await all(client.teams({ filter: { key: { eq: team.key } } })))[0]!;
    const cycle = (await all(lt.cycles({ filter: { number: { eq: sprint.number } } })))[0]!;
    const issues = await all(cycle.issues({ first: 10 }));
    const expected = world.workItems
      .filter((i) => i.teamId === team.id && i.sprintId === sprint.id)
      .map((i) => i.key)
      .sort();
    expect(issues.map((i) => i.identifier).sort()).toStrictEqual(expected);
    expect(cycle.isPast && cycle.scopeHistory.length === 14 && cycle.completedAt !== undefined).toBe(true);
  });

  it("pages every issue to the end with fetchNext, newest first, at the default, maximum and other sizes", async () => {
    for (const first of [undefined, 250, 37]) {
      const issues = await all(client.issues(first ? { first } : {}));
      expect(issues.map((i) => i.identifier).sort()).toStrictEqual(keys);
      const created = issues.map((i) => i.createdAt.getTime());
      expect(created.every((t, n) => n === 0 || t <= created[n - 1]!)).toBe(true);
    }
    const page = await client.issues();
    expect(page.nodes.length).toBe(50);
  });

  it("pages backwards with last/before (fetchPrevious) to the first issue", async () => {
    const forwards = (await all(client.issues({ first: 250 }))).map((i) => i.id);
    const connection = await client.issues({ last: 60 });
    expect(connection.pageInfo.hasNextPage).toBe(false);
    while (connection.pageInfo.hasPreviousPage) await connection.fetchPrevious();
    expect(connection.nodes.map((i) => i.id)).toStrictEqual(forwards);
  });

  it("syncs by update time: updatedAt filters (gt, gte, lt, lte) with orderBy updatedAt", async () => {
    const times = [...new Set(world.workItems.map((i) => i.updatedAt))].sort((a, b) => a - b);
    const mid = times[Math.floor(times.length / 2)]!;
    const iso = new Date(mid).toISOString();
    const expectKeys = (pred: (i: WorkItem) => boolean) =>
      world.workItems
        .filter(pred)
        .map((i) => i.key)
        .sort();
    const cases: Array<[LinearDocument.DateComparator, (i: WorkItem) => boolean]> = [
      [{ gt: iso }, (i) => i.updatedAt > mid],
      [{ gte: iso }, (i) => i.updatedAt >= mid],
      [{ lt: iso }, (i) => i.updatedAt < mid],
      [{ lte: iso }, (i) => i.updatedAt <= mid],
    ];
    for (const [updatedAt, pred] of cases) {
      const issues = await all(client.issues({ filter: { updatedAt }, orderBy: LinearDocument.PaginationOrderBy.UpdatedAt, first: 100 }));
      expect(issues.map((i) => i.identifier).sort()).toStrictEqual(expectKeys(pred));
      const updated = issues.map((i) => i.updatedAt.getTime());
      expect(updated.every((t, n) => n === 0 || t <= updated[n - 1]!)).toBe(true);
    }
  });

  it("reads one issue by identifier and by id, with its state, people, team, cycle, project and labels", async () => {
    const w = busiest;
    const byKey = await client.issue(w.key);
    const byId = await client.issue(byKey.id);
    expect(byId.identifier).toBe(w.key);
    expect(`${byKey.title} ${byKey.number} ${byKey.estimate} ${byKey.priority}`).toBe(
      `${w.title} ${w.number} ${w.estimate} ${{ Highest: 1, High: 2, Medium: 3, Low: 4 }[w.priority]}`,
    );
    expect((await byKey.state)!.name).toBe(STATE_NAMES[w.status]);
    expect((await byKey.assignee)!.email).toBe(world.people[w.assigneeId - 1]!.email);
    expect((await byKey.creator)!.email).toBe(world.people[w.reporterId - 1]!.email);
    expect((await byKey.team)!.key).toBe(world.teams.find((t) => t.id === w.teamId)!.key);
    const sprint = world.sprints.find((s) => s.id === w.sprintId);
    expect((await byKey.cycle)?.number).toBe(sprint?.number);
    const repo = world.repos.find((r) => r.id === w.repoId);
    if (repo) expect((await byKey.project)!.name.toLowerCase().replace(/ /g, "-")).toBe(repo.name);
    expect((await all(byKey.labels())).map((l) => l.name).sort()).toStrictEqual([...w.labels].sort());
    expect(byKey.url).toMatch(new RegExp(`/${world.company.slug}/issue/${w.key}/`));
  });

  it("reads an issue's history (its status changes), comments and pull request attachment", async () => {
    const w = busiest;
    const issue = await client.issue(w.key);
    const history = await all(issue.history({ first: 2 }));
    // Newest first, one entry per transition, with its actor and time.
    const expected = [...w.transitions].reverse();
    expect(history.length).toBe(expected.length);
    for (const [n, h] of history.entries()) {
      const t = expected[n]!;
      expect(h.createdAt.getTime()).toBe(t.at);
      expect(`${(await h.fromState)!.name} -> ${(await h.toState)!.name} by ${(await h.actor)!.email}`).toBe(
        `${STATE_NAMES[t.from]} -> ${STATE_NAMES[t.to]} by ${world.people[t.byId - 1]!.email}`,
      );
    }
    const comments = await all(issue.comments({ first: 1 }));
    for (const c of comments) {
      expect(c.createdAt.getTime()).toBeGreaterThanOrEqual(w.createdAt);
      expect(c.createdAt.getTime()).toBeLessThanOrEqual(w.updatedAt);
      expect(world.people.map((p) => p.email)).toContain((await c.user)!.email);
    }
    const attachments = await all(issue.attachments());
    const repo = world.repos.find((r) => r.id === w.repoId);
    const pr = repo?.pulls.find((p) => p.number === w.pullNumber);
    expect(attachments.map((a) => a.url)).toStrictEqual(
      pr ? [`https://github.${catalog.serviceDomain}/${world.company.slug}/${repo!.name}/pull/${pr.number}`] : [],
    );
    if (pr) expect(attachments[0]!.title).toBe(pr.title);
  });

  it("reads the history of every 25th issue through the nested connection, one entry per status change", async () => {
    const issues = await all(client.issues({ first: 250 }));
    const sample = issues.filter((_, n) => n % 25 === 0);
    for (const i of sample) {
      const w = item(i.identifier);
      expect((await all(i.history())).length).toBe(w.transitions.length);
    }
  });

  it("answers Linear's errors: an unknown issue, a missing API key", async () => {
    const missing = (await client.issue("NOPE-1").catch((e: unknown) => e)) as Any;
    expect(missing.type).toBe(LinearErrorType.InvalidInput);
    expect(missing.message).toBe("Entity not found: Issue - Could not find referenced Issue.");
    const anonymous = new LinearClient({ apiKey: "x", apiUrl: `${baseUrl}/${pinName}/graphql`, headers: { Authorization: "" } });
    const denied = (await anonymous.viewer.catch((e: unknown) => e)) as Any;
    expect(denied.type).toBe(LinearErrorType.AuthenticationError);
    expect(denied.status).toBe(401);
    expect(denied.message).toContain("Authentication required, not authenticated");
  });

  it("has no repository files in either generation: file paths get Linear's 404", async () => {
    for (const path of ["repos/x/contents/README.md", "graphql/data/files"]) {
      const res = await fetch(`${baseUrl}/${pinName}/${path}`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as Any).errors[0].extensions.code).toBe("NOT_FOUND");
    }
  });

  // The same universe as GitHub: every key cited by a commit, branch or pull request exists in Linear,
  // with the same people. Needs the gh pin of the generation built.
  const ghPin = pin.generation === 5 ? "gh-2026-03-g5" : "gh-2026-03";
  it.skipIf(only !== undefined && !only.includes(ghPin))(`agrees with ${ghPin} on work item keys, pull requests and people`, async () => {
    const gh = async (path: string): Promise<Any[]> => {
      const out: Any[] = [];
      for (let url: string | undefined = `${baseUrl}/${ghPin}/${path}`; url;) {
        const res: Response = await fetch(url);
        out.push(...((await res.json()) as Any[]));
        url = /<([^>]+)>;\s*rel="next"/.exec(res.headers.get("link") ?? "")?.[1];
      }
      return out;
    };
    const issues = await all(client.issues({ first: 250 }));
    const identifiers = new Set(issues.map((i) => i.identifier));
    const users = await all(client.users({ first: 250 }));
    const people = new Set(users.map((u) => `${u.name} <${u.email}>`));
    const keyPattern = new RegExp(`\\b(?:${world.teams.map((t) => t.key).join("|")})-\\d+\\b`, "g");
    const cited = new Set<string>();
    const prUrls = new Set<string>();
    for (const repo of world.repos) {
      const base = `repos/${world.company.slug}/${repo.name}`;
      const pulls = await gh(`${base}/pulls?state=all&per_page=100`);
      for (const p of pulls) {
        for (const key of `${p.title} ${p.head.ref.toUpperCase()}`.match(keyPattern) ?? []) cited.add(key);
        prUrls.add(p.html_url);
      }
      const commits = await gh(`${base}/commits?per_page=100`);
      for (const c of commits) {
        for (const key of c.commit.message.match(keyPattern) ?? []) cited.add(key);
        expect(people).toContain(`${c.commit.author.name} <${c.commit.author.email}>`);
      }
    }
    expect(cited.size).toBeGreaterThan(100);
    for (const key of cited) expect(identifiers, key).toContain(key);
    // Each issue's pull request attachment is a pull request the GitHub pin serves.
    const attachments = await all(client.attachments({ first: 250 }));
    expect(attachments.length).toBe(prUrls.size);
    for (const a of attachments) expect(prUrls).toContain(a.url);
  });
});
