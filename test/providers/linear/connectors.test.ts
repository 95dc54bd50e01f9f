import { parse, validate } from "graphql";
import { describe, expect, inject, it } from "vitest";
import { isoMillis } from "../../../generator/world/clock.js";
import { loadCatalog } from "../../../generator/catalog/index.js";
import { buildWorld, loadTemplates } from "../../../generator/world/index.js";
import type { WorkItem, WorkItemStatus } from "../../../generator/world/types.js";
import { linearSchema } from "../../../generator/providers/linear/schema.js";
import { AIRBYTE, AIRBYTE_ISSUE_HISTORY, AIRBYTE_OLD_COMMENTS, AIRBYTE_SOURCE, DEVLAKE } from "./connector-queries.js";
import { type Any, LINEAR_STATE, airbyteClient } from "./connector-client.js";

/**
 * Issue 12: Airbyte's source-linear against the Linear pins, request by request as its declarative
 * manifest sends them (airbytehq/airbyte @ ba5fdf3, airbyte-integrations/connectors/source-linear/
 * manifest.yaml): the exact query documents of its 20 streams, POSTed to the URL base (`path: /` is
 * stripped by the CDK's HttpRequester.get_path, so the request goes to `url_base` itself), the API key
 * verbatim in `Authorization`, `variables` as its paginator and DatetimeBasedCursor build them, paged on
 * `pageInfo.endCursor` until `hasNextPage is false`. Every field a stream reads is checked against the
 * world (people by email, teams by key, issues by identifier, …), not against the served data files.
 * The issue_history substream (one request per issue) is in connectors-history.test.ts, DevLake's
 * linear plugin in connectors-devlake.test.ts.
 */

const baseUrl = inject("baseUrl");
const catalog = loadCatalog("catalog.yaml");
const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
const pins = ["linear-2026-08-g5", "linear-2026-08"].filter((p) => !only || only.includes(p));

const PRIORITY: Record<WorkItem["priority"], [number, string]> = {
  Highest: [1, "Urgent"],
  High: [2, "High"],
  Medium: [3, "Medium"],
  Low: [4, "Low"],
};

describe("the connectors' documents against the served schema (Linear's SDL @ e3bf4e62646b)", () => {
  it("every field of the 20 Airbyte streams and the 9 DevLake requests exists with the arguments they pass", () => {
    const documents: Array<[string, string]> = [
      ...AIRBYTE.map((s): [string, string] => [`airbyte ${s.name}`, s.query]),
      ["airbyte issue_history", AIRBYTE_ISSUE_HISTORY],
      ...Object.entries(DEVLAKE).map(([name, q]): [string, string] => [`devlake ${name}`, typeof q === "function" ? q("cursor") : q]),
    ];
    expect(documents.length).toBe(29);
    for (const [name, query] of documents)
      expect(validate(linearSchema(), parse(query)).map((e) => `${name}: ${e.message}`)).toStrictEqual([]);
    expect(validate(linearSchema(), parse(AIRBYTE_OLD_COMMENTS)).map((e) => e.message)).toHaveLength(1);
  });
});

describe.each(pins)(`Airbyte source-linear (${AIRBYTE_SOURCE}) on %s`, (pinName) => {
  const pin = catalog.pins.find((p) => p.name === pinName)!;
  const world = buildWorld(catalog.generations.get(pin.generation)!, { render: loadTemplates("templates/repo") });

  const { send, read, requests } = airbyteClient(`${baseUrl}/${pinName}/graphql`);

  const stream = (name: string) => AIRBYTE.find((s) => s.name === name)!;
  const EPOCH = Date.UTC(2000, 0, 1);
  let cache: Record<string, Any[]> | undefined;
  const pageSizes: Record<string, number[]> = {};
  /** Every stream read once from the start of time (the user's start_date 2000-01-01T00:00:00.000Z). */
  async function all(): Promise<Record<string, Any[]>> {
    if (!cache) {
      cache = {};
      for (const s of AIRBYTE) cache[s.name] = await read(s, EPOCH, (pageSizes[s.name] = []));
    }
    return cache;
  }

  const people = new Map(world.people.map((p) => [p.id, p]));
  const teamsById = new Map(world.teams.map((t) => [t.id, t]));

  it("the check stream (issues) and every stream answer without errors; data the workspace lacks is an empty connection", async () => {
    const streams = await all();
    expect(Object.keys(streams)).toStrictEqual(AIRBYTE.map((s) => s.name));
    for (const name of [
      "customers",
      "customer_needs",
      "customer_statuses",
      "customer_tiers",
      "project_milestones",
      "issue_relations",
      "initiatives",
      "initiative_to_projects",
      "project_updates",
    ]) {
      expect(streams[name], name).toStrictEqual([]);
    }
    for (const name of [
      "issues",
      "users",
      "comments",
      "cycles",
      "projects",
      "project_statuses",
      "issue_labels",
      "workflow_states",
      "teams",
      "attachments",
    ]) {
      expect(streams[name]!.length, name).toBeGreaterThan(0);
    }
  });

  it("pages at the manifest's sizes (first: 25 or 50) to the end, each record once", async () => {
    const streams = await all();
    for (const name of ["issues", "comments", "users", "teams", "cycles", "workflow_states"]) {
      const sizes = pageSizes[name]!;
      const records = streams[name]!;
      const first = Number(/first: (\d+)/.exec(stream(name).query)![1]);
      expect(
        sizes.slice(0, -1).every((n) => n === first),
        name,
      ).toBe(true);
      expect(sizes.at(-1)!).toBeLessThanOrEqual(first);
      expect(new Set(records.map((r) => r.id)).size).toBe(records.length);
    }
  });

  it("users: one per person (email, name, displayName, admin, isMe, active, teams, timezone)", async () => {
    const { users, teams } = await all();
    expect(users!.map((u) => u.email).sort()).toStrictEqual(world.people.map((p) => p.email).sort());
    const teamKey = new Map(teams!.map((t) => [t.id as string, t.key as string]));
    const viewer = world.people.find((p) => p.admin) ?? world.people[0]!;
    for (const u of users!) {
      const p = world.people.find((x) => x.email === u.email)!;
      expect(u.name).toBe(p.name);
      expect(u.displayName).toBe(p.email.split("@")[0]);
      expect(u.admin).toBe(p.admin);
      expect(u.isMe).toBe(p.id === viewer.id);
      expect(u.active).toBe(true);
      expect(u.guest).toBe(false);
      expect(u.timezone).toBe(p.timeZone);
      expect(u.initials).toBe(`${p.firstName[0]}${p.lastName[0]}`.toUpperCase());
      expect(u.createdIssueCount).toBe(world.workItems.filter((i) => i.reporterId === p.id).length);
      expect(u.archivedAt).toBeNull();
      const memberOf = world.teams
        .filter((t) => t.memberIds.includes(p.id) || t.leadId === p.id)
        .map((t) => t.key)
        .sort();
      expect(u.teams.nodes.map((t: Any) => teamKey.get(t.id)).sort(), u.email).toStrictEqual(memberOf);
      expect(Date.parse(u.createdAt)).toBeLessThanOrEqual(world.asOf);
    }
  });

  it("teams, workflow_states, cycles: the world's teams with Linear's default workflow and one cycle per sprint", async () => {
    const { teams, workflow_states: states, cycles } = await all();
    expect(teams!.map((t) => t.key).sort()).toStrictEqual(world.teams.map((t) => t.key).sort());
    const stateOf = new Map(states!.map((s) => [s.id as string, s]));
    const cycleOf = new Map(cycles!.map((c) => [c.id as string, c]));
    const keyOf = new Map(teams!.map((t) => [t.id as string, t.key as string]));
    const active = world.sprints.find((s) => s.state === "active");
    for (const t of teams!) {
      const w = world.teams.find((x) => x.key === t.key)!;
      expect(t.name).toBe(w.name);
      expect(t.description).toBe(w.description);
      expect(t.createdAt).toBe(isoMillis(w.createdAt));
      expect(t.issueCount).toBe(world.workItems.filter((i) => i.teamId === w.id).length);
      expect(t.cyclesEnabled).toBe(true);
      expect(t.private).toBe(false);
      expect(stateOf.get(t.defaultIssueState.id)?.name).toBe("Backlog");
      expect(stateOf.get(t.markedAsDuplicateWorkflowState.id)?.type).toBe("canceled");
      expect(t.triageIssueState).toBeNull();
      if (active) expect(cycleOf.get(t.activeCycle.id)?.number).toBe(active.number);
      const own = states!.filter((s) => keyOf.get(s.team.id) === t.key);
      // Linear's board order: Backlog, Todo, In Progress, In Review, Done, Canceled.
      expect(own.sort((a, b) => a.position - b.position).map((s) => `${s.name} ${s.type}`)).toStrictEqual(
        Object.values(LINEAR_STATE).map((s) => `${s.name} ${s.type}`),
      );
      const sprints = cycles!.filter((c) => keyOf.get(c.team.id) === t.key).sort((a, b) => a.number - b.number);
      expect(sprints.map((c) => `${c.number} ${c.name} ${c.startsAt}`)).toStrictEqual(
        world.sprints.map((s) => `${s.number} ${s.name} ${isoMillis(s.startAt)}`),
      );
    }
    for (const c of cycles!) {
      const s = world.sprints.find((x) => x.number === c.number)!;
      expect(c.endsAt).toBe(isoMillis(s.endAt + 1000));
      expect(c.completedAt).toBe(s.state === "closed" ? isoMillis(s.endAt + 1000) : null);
      expect(c.inheritedFrom).toBeNull();
      const days = c.scopeHistory.length;
      for (const h of ["issueCountHistory", "completedIssueCountHistory", "completedScopeHistory", "inProgressScopeHistory"])
        expect(c[h].length, h).toBe(days);
      expect(c.progress).toBeGreaterThanOrEqual(0);
      expect(c.progress).toBeLessThanOrEqual(1);
      expect(Array.isArray(c.uncompletedIssuesUponClose.nodes)).toBe(true);
    }
  });

  it("issues: every work item by identifier, with the fields the stream reads from the world", async () => {
    const { issues, users, teams, workflow_states: states, cycles, issue_labels: labels, attachments, projects } = await all();
    expect(issues!.map((i) => i.identifier).sort()).toStrictEqual(world.workItems.map((i) => i.key).sort());
    const email = new Map(users!.map((u) => [u.id as string, u.email as string]));
    const keyOf = new Map(teams!.map((t) => [t.id as string, t.key as string]));
    const stateOf = new Map(states!.map((s) => [s.id as string, s]));
    const cycleOf = new Map(cycles!.map((c) => [c.id as string, c]));
    const labelName = new Map(labels!.map((l) => [l.id as string, l.name as string]));
    const attachmentOf = new Map(attachments!.map((a) => [a.id as string, a]));
    const projectIds = new Set(projects!.map((p) => p.id as string));
    const projectOfRepo = new Map<number, string>();
    for (const r of issues!) {
      const w = world.workItems.find((i) => i.key === r.identifier)!;
      const team = teamsById.get(w.teamId)!;
      const first = (pred: (s: WorkItemStatus) => boolean) => w.transitions.find((t) => pred(t.to))?.at;
      const last = w.transitions.at(-1)?.at;
      expect(r.number).toBe(w.number);
      expect(r.title).toBe(w.title);
      expect(r.description).toBe(w.description);
      expect([r.priority, r.priorityLabel]).toStrictEqual(PRIORITY[w.priority]);
      expect(r.estimate).toBe(w.estimate);
      expect(r.createdAt).toBe(isoMillis(w.createdAt));
      expect(r.updatedAt).toBe(isoMillis(w.updatedAt));
      expect(r.addedToTeamAt).toBe(isoMillis(w.createdAt));
      const started = first((s) => s === "In Progress" || s === "In Review" || s === "Done");
      expect(r.startedAt).toBe(started === undefined ? null : isoMillis(started));
      expect(r.completedAt).toBe(w.status === "Done" && last !== undefined ? isoMillis(last) : null);
      expect(r.canceledAt).toBe(w.status === "Canceled" && last !== undefined ? isoMillis(last) : null);
      expect(keyOf.get(r.team.id)).toBe(team.key);
      const state = stateOf.get(r.state.id)!;
      expect([keyOf.get(state.team.id), state.name]).toStrictEqual([team.key, LINEAR_STATE[w.status].name]);
      expect(email.get(r.assignee.id)).toBe(people.get(w.assigneeId)!.email);
      expect(email.get(r.creator.id)).toBe(people.get(w.reporterId)!.email);
      const sprint = w.sprintId === undefined ? undefined : world.sprints.find((s) => s.id === w.sprintId);
      if (sprint)
        expect([keyOf.get(cycleOf.get(r.cycle.id)!.team.id), cycleOf.get(r.cycle.id)!.number]).toStrictEqual([team.key, sprint.number]);
      else expect(r.cycle).toBeNull();
      if (sprint) expect(Date.parse(r.addedToCycleAt)).toBeLessThanOrEqual(world.asOf);
      else expect(r.addedToCycleAt).toBeNull();
      expect(r.labels.nodes.map((l: Any) => labelName.get(l.id)).sort()).toStrictEqual([...w.labels].sort());
      expect(r.labelIds).toStrictEqual(r.labels.nodes.map((l: Any) => l.id));
      if (w.repoId === undefined) {
        expect(r.project).toBeNull();
        expect(r.addedToProjectAt).toBeNull();
      } else {
        expect(projectIds.has(r.project.id)).toBe(true);
        expect(projectOfRepo.get(w.repoId) ?? r.project.id).toBe(r.project.id);
        projectOfRepo.set(w.repoId, r.project.id);
      }
      const repo = w.repoId === undefined ? undefined : world.repos.find((x) => x.id === w.repoId);
      const pr = repo?.pulls.find((p) => p.number === w.pullNumber);
      if (pr) {
        expect(r.branchName).toBe(pr.headBranch);
        expect(r.attachments.nodes.map((a: Any) => attachmentOf.get(a.id)!.url)).toStrictEqual([
          `https://github.${catalog.serviceDomain}/${world.company.slug}/${repo!.name}/pull/${pr.number}`,
        ]);
      } else {
        expect(r.attachments.nodes).toStrictEqual([]);
        expect(r.branchName).toContain(w.key.toLowerCase());
      }
      expect(r.url).toBe(`https://linear.${catalog.serviceDomain}/${world.company.slug}/issue/${w.key}/${r.url.split("/").at(-1)}`);
      expect(r.subscribers.nodes.map((u: Any) => email.get(u.id)).sort()).toStrictEqual(
        [...new Set([people.get(w.reporterId)!.email, people.get(w.assigneeId)!.email])].sort(),
      );
      // What the world has none of: Linear's empty answers.
      for (const k of [
        "archivedAt",
        "autoArchivedAt",
        "autoClosedAt",
        "dueDate",
        "parent",
        "projectMilestone",
        "snoozedBy",
        "snoozedUntilAt",
        "sourceComment",
        "startedTriageAt",
        "triagedAt",
        "trashed",
        "slaType",
        "slaStartedAt",
        "slaMediumRiskAt",
        "slaHighRiskAt",
        "slaBreachesAt",
        "integrationSourceType",
      ]) {
        expect(r[k], `${r.identifier}.${k}`).toBeNull();
      }
      expect(r.relations.nodes).toStrictEqual([]);
      expect(r.previousIdentifiers).toStrictEqual([]);
      expect(r.customerTicketCount).toBe(0);
      expect(typeof r.sortOrder).toBe("number");
      expect(typeof r.prioritySortOrder).toBe("number");
    }
  });

  it("issue_labels, projects, project_statuses: the world's labels, one project per repository with work, Linear's statuses", async () => {
    const { issue_labels: labels, projects, project_statuses: statuses, users, teams } = await all();
    expect(labels!.map((l) => l.name).sort()).toStrictEqual(world.labels.map((l) => l.name).sort());
    for (const l of labels!) {
      const w = world.labels.find((x) => x.name === l.name)!;
      expect(l.color).toBe(`#${w.color.replace(/^#/, "")}`);
      expect(l.description).toBe(w.description);
      expect([l.team, l.parent, l.inheritedFrom, l.isGroup]).toStrictEqual([null, null, null, false]);
    }
    expect(statuses!.map((s) => s.type).sort()).toStrictEqual(["backlog", "canceled", "completed", "planned", "started"]);
    const withWork = world.repos.filter((r) => world.workItems.some((i) => i.repoId === r.id));
    expect(projects!.length).toBe(withWork.length);
    const email = new Map(users!.map((u) => [u.id as string, u.email as string]));
    const keyOf = new Map(teams!.map((t) => [t.id as string, t.key as string]));
    const statusIds = new Set(statuses!.map((s) => s.id));
    for (const p of projects!) {
      const team = world.teams.find((t) => t.key === keyOf.get(p.teams.nodes[0].id))!;
      expect(p.teams.nodes.length).toBe(1);
      expect(email.get(p.lead.id)).toBe(people.get(team.leadId)!.email);
      expect(statusIds.has(p.status.id)).toBe(true);
      expect(p.progress).toBeGreaterThanOrEqual(0);
      expect(p.url.startsWith(`https://linear.${catalog.serviceDomain}/${world.company.slug}/project/`)).toBe(true);
    }
  });

  it("comments and attachments: on their issues, by people of the workspace, inside the issue's lifetime", async () => {
    const { comments, attachments, issues, users } = await all();
    const issueOf = new Map(issues!.map((i) => [i.id as string, i]));
    const email = new Map(users!.map((u) => [u.id as string, u.email as string]));
    for (const c of comments!) {
      const issue = issueOf.get(c.issue.id)!;
      const w = world.workItems.find((i) => i.key === issue.identifier)!;
      expect(email.has(c.user.id)).toBe(true);
      expect(Date.parse(c.createdAt)).toBeGreaterThanOrEqual(w.createdAt);
      expect(Date.parse(c.createdAt)).toBeLessThanOrEqual(Math.min(w.updatedAt, world.asOf));
      expect(c.body.length).toBeGreaterThan(0);
      expect(JSON.parse(c.bodyData).type).toBe("doc");
      expect(c.url.startsWith(issue.url)).toBe(true);
      expect([c.parent, c.resolvingComment, c.resolvingUser, c.resolvedAt, c.archivedAt, c.editedAt, c.quotedText]).toStrictEqual([
        null,
        null,
        null,
        null,
        null,
        null,
        null,
      ]);
    }
    const perIssue = new Map<string, number>();
    for (const c of comments!) perIssue.set(c.issue.id, (perIssue.get(c.issue.id) ?? 0) + 1);
    expect(Math.max(...perIssue.values())).toBeLessThanOrEqual(5);
    const withPull = world.workItems.filter(
      (w) => w.pullNumber !== undefined && world.repos.find((r) => r.id === w.repoId)?.pulls.some((p) => p.number === w.pullNumber),
    );
    expect(attachments!.length).toBe(withPull.length);
    for (const a of attachments!) {
      const w = world.workItems.find((i) => i.key === issueOf.get(a.issue.id)!.identifier)!;
      const repo = world.repos.find((r) => r.id === w.repoId)!;
      const pr = repo.pulls.find((p) => p.number === w.pullNumber)!;
      expect(a.title).toBe(pr.title);
      expect(a.url).toBe(`https://github.${catalog.serviceDomain}/${world.company.slug}/${repo.name}/pull/${pr.number}`);
      expect(a.sourceType).toBe("github");
      expect(a.groupBySource).toBe(true);
      expect(email.get(a.creator.id)).toBe(people.get(pr.authorId)!.email);
      expect(a.createdAt).toBe(isoMillis(pr.createdAt));
    }
  });

  it(
    "incremental syncs: filter.updatedAt.gte = the cursor, orderBy updatedAt, newest first, " + "exactly the records updated since",
    async () => {
      const times = world.workItems.map((i) => i.updatedAt).sort((a, b) => a - b);
      for (const start of [times[Math.floor(times.length / 2)]!, world.asOf + 1000]) {
        const issues = await read(stream("issues"), start);
        expect(issues.map((i) => i.identifier).sort()).toStrictEqual(
          world.workItems
            .filter((i) => i.updatedAt >= start)
            .map((i) => i.key)
            .sort(),
        );
        const at = issues.map((i) => Date.parse(i.updatedAt));
        expect(at).toStrictEqual([...at].sort((a, b) => b - a));
        const everything = await all();
        for (const name of ["comments", "cycles", "attachments", "users", "projects"]) {
          const since = await read(stream(name), start);
          expect(since.map((r) => r.id).sort(), name).toStrictEqual(
            everything[name]!.filter((r) => Date.parse(r.updatedAt) >= start)
              .map((r) => r.id)
              .sort(),
          );
        }
      }
      // The first request carries no `after`; the following ones the previous page's endCursor.
      const sent = requests.map((r) => JSON.parse(r) as Any).filter((r) => r.query === stream("issues").query);
      expect(
        sent.some(
          (r) =>
            r.variables.after === undefined &&
            r.variables.orderBy === "updatedAt" &&
            /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/.test(r.variables.filter.updatedAt.gte),
        ),
      ).toBe(true);
    },
  );

  it(
    "an older revision's comments query (Comment.summaryText, removed by Linear in 2025) fails " + "validation as Linear's API does",
    async () => {
      const { status, json } = await send({ query: AIRBYTE_OLD_COMMENTS });
      expect(status).toBe(400);
      expect(json.errors[0].message).toMatch(/^Cannot query field "summaryText" on type "Comment"\./);
      expect(json.errors[0].extensions.code).toBe("GRAPHQL_VALIDATION_FAILED");
    },
  );
});
