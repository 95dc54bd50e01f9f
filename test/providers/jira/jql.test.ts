import { describe, expect, it } from "vitest";
import { JqlError, parseJql, runJql, type IndexedIssue, type JqlIndex } from "../../../generator/providers/jira/jql.js";
import { NAVIGABLE } from "../../../generator/providers/jira/schemes.js";
import { selectFields } from "../../../generator/providers/jira/search.js";

const DAY = 86_400_000;
const asOf = Date.UTC(2026, 8, 30, 18);

function issue(key: string, over: Partial<IndexedIssue>): IndexedIssue {
  const [project, n] = key.split("-") as [string, string];
  return {
    id: `10${n}`,
    key,
    project,
    type: "Story",
    status: "To Do",
    priority: "Medium",
    assignee: "a1",
    reporter: "a2",
    created: asOf - 10 * DAY,
    updated: asOf - DAY,
    resolved: null,
    resolution: null,
    categoryChanged: asOf - 10 * DAY,
    sprints: [],
    labels: [],
    points: 3,
    summary: key,
    rank: Number(n),
    ...over,
  };
}

/** A small site: two projects, a closed, an active and a future sprint, five issues. */
const index: JqlIndex = {
  asOf,
  offsetMinutes: 540,
  viewer: "a1",
  projects: [
    { id: "10000", key: "PAY", name: "Payments" },
    { id: "10001", key: "WEB", name: "Web" },
  ],
  sprints: [
    { id: 1001, name: "PAY Sprint 1", state: "closed", boardId: 1 },
    { id: 1002, name: "PAY Sprint 2", state: "active", boardId: 1 },
    { id: 1003, name: "PAY Sprint 3", state: "future", boardId: 1 },
  ],
  accounts: [
    { accountId: "a1", email: "ada@example.com", name: "Ada" },
    { accountId: "a2", email: "bo@example.com", name: "Bo" },
  ],
  issues: [
    issue("PAY-1", {
      status: "Done",
      resolution: "Done",
      resolved: asOf - 20 * DAY,
      sprints: [1001],
      created: asOf - 30 * DAY,
      labels: ["bug"],
      type: "Bug",
      priority: "High",
    }),
    issue("PAY-2", { status: "In Progress", sprints: [1002], created: asOf - 3 * DAY }),
    issue("PAY-3", { status: "Canceled", resolution: "Won't Do", resolved: asOf - 2 * DAY, assignee: "a2", created: asOf - 5 * DAY }),
    issue("WEB-4", { status: "In Review", sprints: [1003], created: asOf - 1 * DAY, priority: "Highest" }),
    issue("WEB-5", { assignee: null, created: asOf - 40 * DAY, points: null }),
  ],
};

const keys = (jql: string) => runJql(index, jql).map((i) => i.key);
const error = (jql: string) => {
  try {
    runJql(index, jql);
  } catch (e) {
    if (e instanceof JqlError) return e.message;
    throw e;
  }
  return "no error";
};

describe("jira JQL subset", () => {
  it("binds AND tighter than OR, and honours NOT and parentheses", () => {
    expect(parseJql("a = 1 OR b = 2 AND c = 3").where?.kind).toBe("or");
    expect(keys("project = WEB OR project = PAY AND status = Done ORDER BY key")).toStrictEqual(["PAY-1", "WEB-4", "WEB-5"]);
    expect(keys("(project = WEB OR project = PAY) AND NOT status = Done ORDER BY key")).toStrictEqual(["PAY-2", "PAY-3", "WEB-4", "WEB-5"]);
  });

  it("reads projects, keys, statuses and categories by any of their names, case-insensitively", () => {
    expect(keys('project in (pay, "Web") and statusCategory = "In Progress" order by key asc')).toStrictEqual(["PAY-2", "WEB-4"]);
    expect(keys("project = 10001 AND statusCategory != done ORDER BY key")).toStrictEqual(["WEB-4", "WEB-5"]);
    expect(keys("key in (PAY-3, WEB-4) ORDER BY key DESC")).toStrictEqual(["WEB-4", "PAY-3"]);
    expect(keys("issuetype = Bug AND priority in (High, Highest)")).toStrictEqual(["PAY-1"]);
    expect(keys("labels = bug")).toStrictEqual(["PAY-1"]);
  });

  it("knows people, sprints, resolutions and empties", () => {
    expect(keys("assignee = currentUser() ORDER BY key")).toStrictEqual(["PAY-1", "PAY-2", "WEB-4"]);
    expect(keys('assignee = "bo@example.com"')).toStrictEqual(["PAY-3"]);
    expect(keys("assignee is EMPTY")).toStrictEqual(["WEB-5"]);
    expect(keys("assignee != a1 ORDER BY key")).toStrictEqual(["PAY-3"]);
    expect(keys("sprint in openSprints() ORDER BY key")).toStrictEqual(["PAY-2", "WEB-4"]);
    expect(keys("sprint in closedSprints()")).toStrictEqual(["PAY-1"]);
    expect(keys('sprint = "PAY Sprint 3"')).toStrictEqual(["WEB-4"]);
    expect(keys("sprint is EMPTY ORDER BY key")).toStrictEqual(["PAY-3", "WEB-5"]);
    expect(keys("resolution = Unresolved ORDER BY key")).toStrictEqual(["PAY-2", "WEB-4", "WEB-5"]);
    expect(keys("resolution != Done ORDER BY key")).toStrictEqual(["PAY-3"]);
    expect(keys('"Story point estimate" is EMPTY')).toStrictEqual(["WEB-5"]);
  });

  it("reads dates relative to the as-of time, in the caller's zone, and sorts", () => {
    expect(keys("created >= -7d ORDER BY created")).toStrictEqual(["PAY-3", "PAY-2", "WEB-4"]);
    expect(keys("resolved >= -1w")).toStrictEqual(["PAY-3"]);
    // 2026-09-20 in UTC+9 begins at 2026-09-19T15:00Z.
    expect(keys('created < "2026-09-20" ORDER BY created DESC')).toStrictEqual(["PAY-1", "WEB-5"]);
    expect(keys("created >= startOfDay(-3) ORDER BY key")).toStrictEqual(["PAY-2", "WEB-4"]);
    expect(keys("project = PAY")).toStrictEqual(["PAY-2", "PAY-3", "PAY-1"]);
    expect(keys("project = WEB ORDER BY priority DESC")).toStrictEqual(["WEB-4", "WEB-5"]);
  });

  it("answers what it does not serve with Jira's messages", () => {
    expect(error("ORDER BY created")).toBe("Unbounded JQL queries are not allowed here. Please add a search restriction to your query.");
    expect(error("project = NOPE")).toBe("The value 'NOPE' does not exist for the field 'project'.");
    expect(error("key = PAY-99")).toBe("An issue with key 'PAY-99' does not exist for field 'key'.");
    expect(error("colour = red")).toBe("Field 'colour' does not exist or you do not have permission to view it.");
    expect(error("summary ~ cache")).toMatch(/^This snapshot of Jira answers a subset of JQL, and the field 'summary' is not in it\./);
    expect(error("project PAY")).toMatch(
      /^Error in the JQL Query: Expecting operator but got 'PAY'\. The valid operators are .* \(line 1, character 9\)$/,
    );
    expect(error("project = PAY AND")).toBe("Error in the JQL Query: Expecting a field name but got end of query. (line 1, character 18)");
    expect(error("sprint in nextSprint()")).toBe("Unable to find JQL function 'nextSprint()'.");
    expect(error("project ~ PAY")).toBe("The operator '~' is not supported by the 'project' field.");
  });

  it("selects fields as Jira does: ids by default, *all, *navigable, and exclusions", () => {
    expect([...selectFields([]).fields]).toStrictEqual([]);
    expect(selectFields(["key"]).key).toBe(true);
    expect(selectFields(["*all"]).fields.has("comment")).toBe(true);
    expect(selectFields(["*navigable"]).fields.has("comment")).toBe(false);
    expect([...selectFields(["-description"]).fields].sort()).toStrictEqual(NAVIGABLE.filter((f) => f !== "description").sort());
    expect([...selectFields(["summary", "status", "nope"]).fields].sort()).toStrictEqual(["status", "summary"]);
  });
});
