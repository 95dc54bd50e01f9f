import { describe, expect, inject, it } from "vitest";
import { isoMillis } from "../../../generator/world/clock.js";
import { loadCatalog } from "../../../generator/catalog/index.js";
import { buildWorld, loadTemplates } from "../../../generator/world/index.js";
import type { WorkItemStatus } from "../../../generator/world/types.js";
import { DEVLAKE, DEVLAKE_SOURCE } from "./connector-queries.js";
import { type Any, LINEAR_STATE, inPool, post } from "./connector-client.js";

/**
 * Issue 12: DevLake's linear plugin (apache/incubator-devlake backend/plugins/linear) against the Linear
 * pins, every request it makes, as its GraphQL client builds it (connector-queries.ts): the connection
 * test and the client's rate-limit probe (`viewer`), the team picker (api/remote_api.go), then per team
 * the collectors of tasks/: users, workflow states, issues (incremental on `updatedAt: {gt: since}`),
 * cycles, and per issue its comments and history, 100 a page, `skipCursor` = the previous endCursor
 * while `hasNextPage` (helpers/pluginhelper/api/graphql_collector.go fetchOneByOne). The API key goes
 * verbatim in `Authorization` (models/connection.go SetupAuthentication, tasks/api_client.go). Every
 * field each collector reads is checked against the world.
 */

const baseUrl = inject("baseUrl");
const catalog = loadCatalog("catalog.yaml");
const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
const pins = ["linear-2026-08-g5", "linear-2026-08"].filter((p) => !only || only.includes(p));

const PRIORITY = { Highest: 1, High: 2, Medium: 3, Low: 4 } as const;

describe.each(pins)(`DevLake linear plugin (${DEVLAKE_SOURCE}) on %s`, (pinName) => {
  const pin = catalog.pins.find((p) => p.name === pinName)!;
  const world = buildWorld(catalog.generations.get(pin.generation)!, { render: loadTemplates("templates/repo") });
  // The connection's Endpoint: the GraphQL URL itself (apiClient.Post("", …) and graphql.NewClient(endpoint)).
  const endpoint = `${baseUrl}/${pinName}/graphql`;
  const people = new Map(world.people.map((p) => [p.id, p]));

  async function send(body: Any) {
    const res = await post(endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: "lin_api_devlake" },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Any };
  }

  /** GraphqlCollector.fetchOneByOne: {pageSize: 100, skipCursor: null, …} then skipCursor = endCursor while hasNextPage. */
  async function collect(query: string, vars: Any, pick: (data: Any) => Any): Promise<Any[]> {
    const out: Any[] = [];
    let skipCursor: string | null = null;
    for (let n = 0; n < 1000; n++) {
      const { status, json } = await send({ query, variables: { ...vars, pageSize: 100, skipCursor } });
      expect(status).toBe(200);
      expect(json.errors).toBeUndefined();
      const connection = pick(json.data);
      out.push(...connection.nodes);
      if (!connection.pageInfo.hasNextPage) return out;
      expect(connection.pageInfo.endCursor).toBe(connection.nodes.at(-1).id);
      skipCursor = connection.pageInfo.endCursor;
    }
    throw new Error("pagination does not end");
  }

  /** The team picker: `teams(first: 100[, after: "<cursor>"])`, query text only, until hasNextPage is false. */
  async function remoteTeams(): Promise<Any[]> {
    const out: Any[] = [];
    let after: string | undefined;
    for (;;) {
      const { status, json } = await send({ query: DEVLAKE.teams(after) });
      expect(status).toBe(200);
      expect(json.errors).toBeUndefined();
      out.push(...json.data.teams.nodes);
      if (!json.data.teams.pageInfo.hasNextPage) return out;
      after = json.data.teams.pageInfo.endCursor;
    }
  }

  it(
    "tests the connection and probes the client with `viewer` (api/connection_api.go, tasks/" + "api_client.go); a missing key is a 401",
    async () => {
      const viewer = world.people.find((p) => p.admin) ?? world.people[0]!;
      const test = await send({ query: DEVLAKE.testConnection });
      expect(test.status).toBe(200);
      expect(test.json.data.viewer.name).toBe(viewer.name);
      const probe = await send({ query: DEVLAKE.probe });
      expect(probe.status).toBe(200);
      expect(probe.json.data.viewer.id).toBe(test.json.data.viewer.id);
      const anonymous = await fetch(endpoint, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ query: DEVLAKE.testConnection }),
      });
      expect(anonymous.status).toBe(401);
    },
  );

  it("lists teams as scopes (api/remote_api.go listLinearRemoteScopes: id, name, key, description)", async () => {
    const teams = await remoteTeams();
    expect(teams.map((t) => `${t.key} ${t.name} ${t.description}`).sort()).toStrictEqual(
      world.teams.map((t) => `${t.key} ${t.name} ${t.description}`).sort(),
    );
  });

  it(
    "collects every team (users, workflow states, cycles, issues) and, for a blueprint scoped " +
      "to the first team, each issue's comments and history",
    async () => {
      const teams = await remoteTeams();
      const users = await collect(DEVLAKE.users, {}, (d) => d.users);
      // account_collector.go reads id, name, displayName, email, avatarUrl, active.
      expect(users.map((u) => u.email).sort()).toStrictEqual(world.people.map((p) => p.email).sort());
      for (const u of users) {
        const p = world.people.find((x) => x.email === u.email)!;
        expect([u.name, u.displayName, u.active]).toStrictEqual([p.name, p.email.split("@")[0], true]);
        expect(u.avatarUrl === null || typeof u.avatarUrl === "string").toBe(true);
      }
      const email = new Map(users.map((u) => [u.id as string, u.email as string]));
      let comments = 0;
      let history = 0;
      // The per-issue collectors walk the scope team's issues (shared.go issuesToCollectChildrenClauses:
      // team_id = the scope); one scope is replayed in full, the team-level collectors for every team.
      const scope = teams[0]!.key as string;
      for (const team of teams) {
        const w = world.teams.find((t) => t.key === team.key)!;
        const items = world.workItems.filter((i) => i.teamId === w.id);
        // workflow_state_collector.go: id, name, type, color, position.
        const states = await collect(DEVLAKE.states, { teamId: team.id }, (d) => d.team.states);
        expect(states.sort((a, b) => a.position - b.position).map((s) => `${s.name} ${s.type}`)).toStrictEqual(
          Object.values(LINEAR_STATE).map((s) => `${s.name} ${s.type}`),
        );
        expect(states.every((s) => /^#[0-9a-f]{6}$/.test(s.color))).toBe(true);
        // cycle_collector.go: id, number, name, startsAt, endsAt, completedAt.
        const cycles = await collect(DEVLAKE.cycles, { teamId: team.id }, (d) => d.team.cycles);
        expect(cycles.map((c) => `${c.number} ${c.name} ${c.startsAt} ${c.endsAt}`).sort()).toStrictEqual(
          world.sprints.map((s) => `${s.number} ${s.name} ${isoMillis(s.startAt)} ${isoMillis(s.endAt + 1000)}`).sort(),
        );
        for (const c of cycles)
          expect(c.completedAt).toBe(world.sprints.find((s) => s.number === c.number)!.state === "closed" ? c.endsAt : null);
        const cycleNumber = new Map(cycles.map((c) => [c.id as string, c.number as number]));
        // issue_collector.go: a full sync sends filter {} (buildIssueFilter(nil)), orderBy updatedAt.
        const issues = await collect(DEVLAKE.issues, { teamId: team.id, filter: {} }, (d) => d.team.issues);
        expect(issues.map((i) => i.identifier).sort()).toStrictEqual(items.map((i) => i.key).sort());
        const updated = issues.map((i) => Date.parse(i.updatedAt));
        expect(updated).toStrictEqual([...updated].sort((a, b) => b - a));
        // The async client runs the per-issue collectors' requests concurrently (GraphqlAsyncClient.NextTick).
        await inPool(issues, 4, async (r) => {
          const item = items.find((i) => i.key === r.identifier)!;
          const first = (pred: (s: WorkItemStatus) => boolean) => item.transitions.find((t) => pred(t.to))?.at;
          const last = item.transitions.at(-1)?.at;
          const started = first((s) => s === "In Progress" || s === "In Review" || s === "Done");
          expect([r.number, r.title, r.description, r.priority, r.estimate]).toStrictEqual([
            item.number,
            item.title,
            item.description,
            PRIORITY[item.priority],
            item.estimate,
          ]);
          expect([r.createdAt, r.updatedAt]).toStrictEqual([isoMillis(item.createdAt), isoMillis(item.updatedAt)]);
          expect(r.startedAt).toBe(started === undefined ? null : isoMillis(started));
          expect(r.completedAt).toBe(item.status === "Done" && last !== undefined ? isoMillis(last) : null);
          expect(r.canceledAt).toBe(item.status === "Canceled" && last !== undefined ? isoMillis(last) : null);
          expect([r.state.name, r.state.type]).toStrictEqual([LINEAR_STATE[item.status].name, LINEAR_STATE[item.status].type]);
          expect(states.some((s) => s.id === r.state.id)).toBe(true);
          expect(email.get(r.assignee.id)).toBe(people.get(item.assigneeId)!.email);
          expect(email.get(r.creator.id)).toBe(people.get(item.reporterId)!.email);
          const sprint = item.sprintId === undefined ? undefined : world.sprints.find((s) => s.id === item.sprintId);
          expect(r.cycle === null ? null : cycleNumber.get(r.cycle.id)).toBe(sprint ? sprint.number : null);
          expect(r.parent).toBeNull();
          expect(r.labels.nodes.map((l: Any) => l.name).sort()).toStrictEqual([...item.labels].sort());
          expect(r.url).toContain(`/issue/${item.key}/`);
          if (team.key !== scope) return;
          // comment_collector.go: per issue, id, body, createdAt, updatedAt, user.id.
          const notes = await collect(DEVLAKE.comments, { issueId: r.id }, (d) => d.issue.comments);
          for (const c of notes) {
            expect(email.has(c.user.id)).toBe(true);
            expect(Date.parse(c.createdAt)).toBeGreaterThanOrEqual(item.createdAt);
            expect(Date.parse(c.updatedAt)).toBeLessThanOrEqual(Math.min(item.updatedAt, world.asOf));
            expect(c.body.length).toBeGreaterThan(0);
          }
          comments += notes.length;
          // issue_history_collector.go: per issue, id, createdAt, actor.id, fromState and toState {id, name, type}.
          const events = await collect(DEVLAKE.history, { issueId: r.id }, (d) => d.issue.history);
          expect(
            events
              .map(
                (h) =>
                  `${h.createdAt} ${email.get(h.actor.id)} ${h.fromState.name}/${h.fromState.type}>${h.toState.name}/${h.toState.type}`,
              )
              .sort(),
          ).toStrictEqual(
            item.transitions
              .map(
                (t) =>
                  `${isoMillis(t.at)} ${people.get(t.byId)!.email} ${LINEAR_STATE[t.from].name}` +
                  `/${LINEAR_STATE[t.from].type}>${LINEAR_STATE[t.to].name}/${LINEAR_STATE[t.to].type}`,
              )
              .sort(),
          );
          history += events.length;
        });
      }
      const scoped = world.workItems.filter((i) => i.teamId === world.teams.find((t) => t.key === scope)!.id);
      expect(history).toBe(scoped.reduce((n, i) => n + i.transitions.length, 0));
      expect(comments).toBeGreaterThan(0);
    },
  );

  it(
    "incremental issue collection: filter {updatedAt: {gt: since}} (a Go time) returns exactly " + "the team's issues updated after it",
    async () => {
      const teams = await remoteTeams();
      const times = world.workItems.map((i) => i.updatedAt).sort((a, b) => a - b);
      for (const since of [times[Math.floor(times.length / 3)]!, times.at(-1)!]) {
        // Go's time.Time marshals as RFC 3339 with nanoseconds trimmed: 2026-05-04T09:12:00Z.
        const gt = isoMillis(since).replace(/\.000Z$/, "Z");
        for (const team of teams) {
          const w = world.teams.find((t) => t.key === team.key)!;
          const issues = await collect(DEVLAKE.issues, { teamId: team.id, filter: { updatedAt: { gt } } }, (d) => d.team.issues);
          expect(issues.map((i) => i.identifier).sort()).toStrictEqual(
            world.workItems
              .filter((i) => i.teamId === w.id && i.updatedAt > since)
              .map((i) => i.key)
              .sort(),
          );
        }
      }
    },
  );
});
