import { LinearDocument } from "@linear/sdk";
import { getOperationAST, parse, validate } from "graphql";
import { describe, expect, inject, it } from "vitest";
import { loadCatalog } from "../../../generator/catalog/index.js";
import { linearSchema } from "../../../generator/providers/linear/schema.js";
import { buildWorld, loadTemplates } from "../../../generator/world/index.js";
import type { WorkItem } from "../../../generator/world/types.js";

/**
 * Linear's GraphQL endpoint over HTTP, without the SDK: Relay paging in both directions and nested,
 * ordering, filters, lookups, Linear's errors, byte-for-byte determinism, the data resources, and every
 * argument-free query document of @linear/sdk executing without errors. Expected values from the world.
 */

const baseUrl = inject("baseUrl");
const catalog = loadCatalog("catalog.yaml");
const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
const pins = ["linear-2026-08-g5", "linear-2026-08"].filter((p) => !only || only.includes(p));
// Built before any request: a long synchronous build between requests can outlast a kept-alive socket.
const schema = linearSchema();

type Any = Record<string, any>;

async function post(pin: string, body: string, headers: Record<string, string> = { authorization: "lin_api_x" }) {
  const res = await fetch(`${baseUrl}/${pin}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
  });
  const text = await res.text();
  return { status: res.status, text, json: JSON.parse(text) as Any };
}

function gql(pin: string, query: string, variables: Record<string, unknown> = {}) {
  return post(pin, JSON.stringify({ query, variables }));
}

const PAGE = `pageInfo { hasNextPage hasPreviousPage startCursor endCursor }`;

/** Every page of a connection at `path` in the answer, following endCursor (or startCursor backwards). */
async function walk(pin: string, query: string, pick: (data: Any) => Any, variables: Record<string, unknown>, backwards = false) {
  const ids: string[] = [];
  const pages: Any[] = [];
  let cursor: string | null = null;
  for (let n = 0; n < 2000; n++) {
    const { json } = await gql(pin, query, { ...variables, ...(cursor ? { [backwards ? "before" : "after"]: cursor } : {}) });
    expect(json.errors).toBeUndefined();
    const connection = pick(json.data);
    pages.push(connection);
    const nodes = connection.nodes as Any[];
    expect(connection.edges.map((e: Any) => `${e.cursor}=${e.node.id}`)).toStrictEqual(nodes.map((x) => `${x.id}=${x.id}`));
    expect(connection.pageInfo.startCursor).toBe(nodes[0]?.id ?? null);
    expect(connection.pageInfo.endCursor).toBe(nodes.at(-1)?.id ?? null);
    if (backwards) ids.unshift(...nodes.map((x) => x.identifier ?? x.id));
    else ids.push(...nodes.map((x) => x.identifier ?? x.id));
    const more = backwards ? connection.pageInfo.hasPreviousPage : connection.pageInfo.hasNextPage;
    if (!more) return { ids, pages };
    cursor = backwards ? connection.pageInfo.startCursor : connection.pageInfo.endCursor;
  }
  throw new Error("pagination does not end");
}

describe.each(pins)("Linear GraphQL over HTTP against %s", (pinName) => {
  const pin = catalog.pins.find((p) => p.name === pinName)!;
  const world = buildWorld(catalog.generations.get(pin.generation)!, { render: loadTemplates("templates/repo") });
  const keys = world.workItems.map((i) => i.key).sort();
  const ISSUES = `query($first: Int, $after: String, $last: Int, $before: String, $filter: IssueFilter, $orderBy: PaginationOrderBy) {
    issues(first: $first, after: $after, last: $last, before: $before, filter: $filter, orderBy: $orderBy) {
      nodes { id identifier createdAt updatedAt } edges { cursor node { id } } ${PAGE} } }`;
  const keysWhere = (pred: (i: WorkItem) => boolean) =>
    world.workItems
      .filter(pred)
      .map((i) => i.key)
      .sort();

  it("pages issues forwards (first/after) and backwards (last/before), each once, the same sequence at every size", async () => {
    const sequences: string[] = [];
    for (const first of [13, 50, 250]) {
      const { ids, pages } = await walk(pinName, ISSUES, (d) => d.issues, { first });
      expect([...ids].sort()).toStrictEqual(keys);
      expect(pages[0]!.pageInfo.hasPreviousPage).toBe(false);
      expect(pages.slice(1).every((p) => p.pageInfo.hasPreviousPage)).toBe(true);
      expect(pages.at(-1)!.pageInfo.hasNextPage).toBe(false);
      expect(pages.slice(0, -1).every((p) => p.nodes.length === first)).toBe(true);
      sequences.push(ids.join(","));
    }
    for (const last of [41, 250]) sequences.push((await walk(pinName, ISSUES, (d) => d.issues, { last }, true)).ids.join(","));
    expect(new Set(sequences).size).toBe(1);
  });

  it("defaults to 50 per page, accepts first: 0, and rejects sizes above 250 and unknown cursors", async () => {
    const plain = await gql(pinName, `{ issues { nodes { id } ${PAGE} } }`);
    expect(plain.json.data.issues.nodes.length).toBe(50);
    expect(plain.json.data.issues.pageInfo.hasNextPage).toBe(true);
    const none = await gql(pinName, ISSUES, { first: 0 });
    expect(none.json.data.issues.nodes).toStrictEqual([]);
    expect(none.json.data.issues.pageInfo).toStrictEqual({ hasNextPage: true, hasPreviousPage: false, startCursor: null, endCursor: null });
    for (const variables of [{ first: 251 }, { last: 1000 }, { first: -1 }, { after: "not-a-cursor" }]) {
      const bad = await gql(pinName, ISSUES, variables);
      expect(bad.status).toBe(200);
      expect(bad.json.data).toBeNull();
      expect(bad.json.errors[0]).toMatchObject({
        message: "Argument Validation Error",
        path: ["issues"],
        extensions: { type: "invalid input", code: "INPUT_ERROR" },
      });
    }
    const max = await gql(pinName, ISSUES, { first: 250 });
    expect(max.json.data.issues.nodes.length).toBe(Math.min(250, keys.length));
  });

  it("pages nested connections: a team's issues, members and cycles, an issue's comments", async () => {
    const team = world.teams[1]!;
    const { json } = await gql(pinName, `{ teams(filter: { key: { eq: "${team.key}" } }) { nodes { id key } } }`);
    const teamId = json.data.teams.nodes[0].id as string;
    const nested = `query($id: String!, $first: Int, $after: String) { team(id: $id) {
      issues(first: $first, after: $after) { nodes { id identifier } edges { cursor node { id } } ${PAGE} } } }`;
    const { ids } = await walk(pinName, nested, (d) => d.team.issues, { id: teamId, first: 9 });
    expect([...ids].sort()).toStrictEqual(keysWhere((i) => i.teamId === team.id));
    const members = await walk(
      pinName,
      `query($id: String!, $first: Int, $after: String) { team(id: $id) {
      members(first: $first, after: $after) { nodes { id email } edges { cursor node { id } } ${PAGE} } } }`,
      (d) => d.team.members,
      { id: teamId, first: 2 },
    );
    expect(members.pages.flatMap((p) => p.nodes.map((u: Any) => u.email)).sort()).toStrictEqual(
      team.memberIds.map((id) => world.people[id - 1]!.email).sort(),
    );
    const cycles = await walk(
      pinName,
      `query($id: String!, $first: Int, $after: String) { team(id: $id) {
      cycles(first: $first, after: $after) { nodes { id number } edges { cursor node { id } } ${PAGE} } } }`,
      (d) => d.team.cycles,
      { id: teamId, first: 4 },
    );
    expect(cycles.pages.flatMap((p) => p.nodes.map((c: Any) => c.number)).sort((a, b) => a - b)).toStrictEqual(
      world.sprints.map((s) => s.number),
    );
    const busy = [...world.workItems].sort((a, b) => b.transitions.length - a.transitions.length || a.id - b.id)[0]!;
    const history = await walk(
      pinName,
      `query($id: String!, $first: Int, $after: String) { issue(id: $id) {
      history(first: $first, after: $after) { nodes { id createdAt } edges { cursor node { id } } ${PAGE} } } }`,
      (d) => d.issue.history,
      { id: busy.key, first: 1 },
    );
    expect(history.pages.flatMap((p) => p.nodes.map((h: Any) => Date.parse(h.createdAt))).reverse()).toStrictEqual(
      busy.transitions.map((t) => t.at),
    );
  });

  it("orders by createdAt (the default) or updatedAt, newest first", async () => {
    for (const orderBy of ["createdAt", "updatedAt"] as const) {
      const { json } = await gql(pinName, ISSUES, { first: 250, ...(orderBy === "updatedAt" ? { orderBy } : {}) });
      const times = (json.data.issues.nodes as Any[]).map((n) => Date.parse(n[orderBy]));
      expect(times.every((t, n) => n === 0 || t <= times[n - 1]!)).toBe(true);
    }
  });

  it("filters issues on dates (instants and durations from the as-of), relations, labels, numbers and text", async () => {
    const asOf = world.asOf;
    const twoWeeks = 14 * 86_400_000;
    const team = world.teams[0]!;
    const cases: Array<[Record<string, unknown>, (i: WorkItem) => boolean]> = [
      [{ updatedAt: { gt: "-P2W" } }, (i) => i.updatedAt > asOf - twoWeeks],
      [{ createdAt: { lte: new Date(world.start + 30 * 86_400_000).toISOString() } }, (i) => i.createdAt <= world.start + 30 * 86_400_000],
      [{ team: { key: { eq: team.key } } }, (i) => i.teamId === team.id],
      [{ state: { type: { in: ["started", "unstarted"] } } }, (i) => ["To Do", "In Progress", "In Review"].includes(i.status)],
      [{ state: { name: { eq: "Canceled" } } }, (i) => i.status === "Canceled"],
      [{ labels: { some: { name: { eq: "bug" } } } }, (i) => i.labels.includes("bug")],
      [{ labels: { name: { eq: "security" } } }, (i) => i.labels.includes("security")],
      [{ assignee: { email: { eq: world.people[1]!.email } } }, (i) => i.assigneeId === 2],
      [{ assignee: { null: true } }, () => false],
      [{ priority: { lte: 2 } }, (i) => i.priority === "Highest" || i.priority === "High"],
      [{ number: { gte: 5000 } }, (i) => i.number >= 5000],
      [{ title: { containsIgnoreCase: "CACHE" } }, (i) => i.title.toLowerCase().includes("cache")],
      [{ or: [{ estimate: { eq: 8 } }, { estimate: { eq: 13 } }] }, (i) => i.estimate === 8 || i.estimate === 13],
      [
        { and: [{ team: { key: { eq: team.key } } }, { completedAt: { null: false } }] },
        (i) => i.teamId === team.id && i.status === "Done",
      ],
      [{ cycle: { isActive: { eq: true } } }, (i) => world.sprints.find((s) => s.id === i.sprintId)?.state === "active"],
      [{ project: { null: true } }, (i) => i.repoId === undefined],
      [{ attachments: { length: { gt: 0 } } }, (i) => i.pullNumber !== undefined],
    ];
    for (const [filter, pred] of cases) {
      const { json } = await gql(pinName, ISSUES, { filter, first: 250 });
      expect(json.errors, JSON.stringify(filter)).toBeUndefined();
      const ids = (json.data.issues.nodes as Any[]).map((n) => n.identifier as string);
      const { ids: all } = json.data.issues.pageInfo.hasNextPage
        ? await walk(pinName, ISSUES, (d) => d.issues, { filter, first: 250 })
        : { ids };
      expect([...all].sort(), JSON.stringify(filter)).toStrictEqual(keysWhere(pred));
    }
    const unsupported = await gql(pinName, ISSUES, { filter: { searchableContent: { contains: "x" } } });
    expect(unsupported.json.errors[0].extensions.code).toBe("INPUT_ERROR");
    expect(unsupported.json.errors[0].message).toContain("Not supported by this snapshot");
  });

  it("looks records up by id (issues also by identifier) and answers Entity not found otherwise", async () => {
    const { json } = await gql(
      pinName,
      `{ issues(first: 5) { nodes { id identifier team { id } state { id } assignee { id } cycle ` +
        `{ id } project { id } comments { nodes { id } } } } }`,
    );
    for (const issue of json.data.issues.nodes as Any[]) {
      const byId = await gql(pinName, `query($id: String!) { issue(id: $id) { identifier } }`, { id: issue.id });
      const byKey = await gql(pinName, `query($id: String!) { issue(id: $id) { id } }`, { id: issue.identifier.toLowerCase() });
      expect(`${byId.json.data.issue.identifier} ${byKey.json.data.issue.id}`).toBe(`${issue.identifier} ${issue.id}`);
      for (const [field, root] of [
        ["team", "team"],
        ["state", "workflowState"],
        ["assignee", "user"],
        ["cycle", "cycle"],
        ["project", "project"],
      ] as const) {
        if (!issue[field]) continue;
        const one = await gql(pinName, `query($id: String!) { ${root}(id: $id) { id } }`, { id: issue[field].id });
        expect(one.json.data[root].id).toBe(issue[field].id);
      }
    }
    for (const [root, type] of [
      ["issue", "Issue"],
      ["team", "Team"],
      ["user", "User"],
      ["cycle", "Cycle"],
      ["project", "Project"],
      ["document", "Document"],
    ]) {
      const missing = await gql(pinName, `{ ${root}(id: "00000000-0000-4000-8000-000000000000") { id } }`);
      expect(missing.status).toBe(200);
      expect(missing.json).toStrictEqual({
        errors: [
          {
            message: `Entity not found: ${type}`,
            locations: [{ line: 1, column: 3 }],
            path: [root],
            extensions: {
              type: "invalid input",
              code: "INPUT_ERROR",
              statusCode: 400,
              userError: true,
              userPresentableMessage: `Could not find referenced ${type}.`,
              meta: {},
            },
          },
        ],
        data: null,
      });
    }
  });

  it("answers a realistic sync query in one request: viewer, organization, teams with states, cycles and members", async () => {
    const { json } = await gql(
      pinName,
      `{
      viewer { id name email isMe admin }
      organization { id name urlKey userCount createdIssueCount projectStatuses { name type } }
      teams { nodes { key name states { nodes { name type position } } cycles(first: 250) { nodes { number startsAt endsAt isActive } }
        members(first: 250) { nodes { email } } projects { nodes { name state lead { email } } } } }
      projects { nodes { name issues(first: 250) { nodes { identifier } } } }
      issueLabels { nodes { name color } }
    }`,
    );
    expect(json.errors).toBeUndefined();
    const d = json.data;
    expect(d.organization.createdIssueCount).toBe(world.workItems.length);
    expect(d.teams.nodes.length).toBe(world.teams.length);
    expect((d.issueLabels.nodes as Any[]).map((l) => l.name).sort()).toStrictEqual(world.labels.map((l) => l.name).sort());
    const projectItems = (d.projects.nodes as Any[]).flatMap((p) => p.issues.nodes.map((i: Any) => i.identifier)).sort();
    expect(projectItems).toStrictEqual(keysWhere((i) => i.repoId !== undefined));
    for (const t of d.teams.nodes as Any[]) expect(t.cycles.nodes.length).toBe(world.sprints.length);
  });

  it("gives the same bytes for the same query and variables", async () => {
    const query =
      `query($first: Int, $filter: IssueFilter) { issues(first: $first, filter: $filter) { ` +
      `nodes { id identifier title description priority priorityLabel estimate url branchName
      createdAt updatedAt startedAt completedAt canceledAt state { name } labels { nodes ` +
      `{ name } } comments { nodes { body createdAt user { name } } }
      history { nodes { createdAt fromState { name } toState { name } actor { email } } } ` +
      `attachments { nodes { url title metadata } } sharedAccess { isShared } } ${PAGE} } }`;
    const a = await post(
      pinName,
      JSON.stringify({ query, variables: { first: 100, filter: { team: { key: { eq: world.teams[2]!.key } } } } }),
    );
    const b = await post(
      pinName,
      JSON.stringify({ variables: { filter: { team: { key: { eq: world.teams[2]!.key } } }, first: 100 }, query }),
    );
    expect(a.status).toBe(200);
    expect(a.json.errors).toBeUndefined();
    expect(b.text).toBe(a.text);
  });

  it("answers Linear's errors: authentication, parse, validation, variables, mutations, bad bodies, other paths", async () => {
    const anonymous = await post(pinName, JSON.stringify({ query: "{ viewer { id } }" }), {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.text).toBe(
      JSON.stringify({
        errors: [
          {
            message: "Authentication required, not authenticated",
            extensions: {
              type: "authentication error",
              code: "AUTHENTICATION_ERROR",
              statusCode: 401,
              userError: true,
              userPresentableMessage: "You need to authenticate to access this operation.",
              meta: {},
              http: { status: 401 },
            },
          },
        ],
      }),
    );
    const bearer = await post(pinName, JSON.stringify({ query: "{ viewer { id } }" }), { authorization: "Bearer oauth-token" });
    expect(bearer.status).toBe(200);
    const syntax = await gql(pinName, "{ viewer { id }");
    expect(syntax.status).toBe(400);
    expect(syntax.json.errors[0].extensions.code).toBe("GRAPHQL_PARSE_FAILED");
    const unknown = await gql(pinName, "{ viewer { id zzz } }");
    expect(unknown.status).toBe(400);
    expect(unknown.json.errors[0]).toMatchObject({
      message: 'Cannot query field "zzz" on type "User".',
      locations: [{ line: 1, column: 15 }],
      extensions: { type: "graphql error", code: "GRAPHQL_VALIDATION_FAILED" },
    });
    const variables = await gql(pinName, "query($id: String!) { issue(id: $id) { id } }");
    expect(variables.status).toBe(400);
    expect(variables.json.errors[0].message).toContain('Variable "$id" of required type "String!" was not provided.');
    const mutation = await gql(pinName, `mutation { issueArchive(id: "x") { success } }`);
    expect(mutation.json.errors[0].extensions).toMatchObject({ type: "forbidden", code: "FORBIDDEN" });
    expect(mutation.json.data).toBeNull();
    expect((await post(pinName, "not json")).status).toBe(400);
    expect((await post(pinName, JSON.stringify({ variables: {} }))).status).toBe(400);
    const get = await fetch(`${baseUrl}/${pinName}/graphql`);
    expect(get.status).toBe(404);
    expect(((await get.json()) as Any).errors[0].extensions.code).toBe("NOT_FOUND");
    const elsewhere = await fetch(`${baseUrl}/${pinName}/api/issues`, { method: "POST", headers: { authorization: "x" }, body: "{}" });
    expect(elsewhere.status).toBe(405);
  });

  it("serves its data resources as GET lists (what the executor reads), paged by per_page and page", async () => {
    const index = (await (await fetch(`${baseUrl}/${pinName}/graphql/data`)).json()) as Any;
    expect(index.endpoint).toBe(`${baseUrl}/${pinName}/graphql`);
    expect(index.collections.issues.total).toBe(world.workItems.length);
    const page = await fetch(`${baseUrl}/${pinName}/graphql/data/issues?per_page=20&page=3`);
    expect(((await page.json()) as Any[]).length).toBe(20);
    expect(page.headers.get("link")).toContain('rel="next"');
  });
});

describe("the SDK's documents over HTTP", () => {
  it.each(pins)("executes every query document of the SDK that needs no arguments, without errors, on %s", async (pinName) => {
    let ran = 0;
    for (const [name, doc] of Object.entries(LinearDocument)) {
      if (!name.endsWith("Document")) continue;
      const document = parse(String(doc));
      const op = getOperationAST(document);
      // Lookups (`comment(id, hash)` with both optional) need an argument: without one they are Entity not found.
      if (
        op?.operation !== "query" ||
        op.variableDefinitions?.some((v) => v.type.kind === "NonNullType" || ["id", "hash"].includes(v.variable.name.value))
      )
        continue;
      if (validate(schema, document).length) continue;
      const { status, json } = await gql(pinName, String(doc));
      expect(`${name} ${status} ${JSON.stringify(json.errors ?? null)}`).toBe(`${name} 200 null`);
      ran++;
    }
    expect(ran).toBeGreaterThanOrEqual(100);
  });
});
