import type { JsonValue, Resource } from "../../core/provider.js";
import type { WorkItem } from "../../world/types.js";
import { FIELD_DEFS } from "./boards.js";
import { guidOf, isoFull, type AdoContext, type AdoTeam } from "./context.js";
import { agileState, AGILE_TYPE } from "./workitems.js";

/**
 * WIQL. `POST {project}[/{team}]/_apis/wit/wiql` is a read whose query is in the body, and WIQL has
 * too many spellings for a key, so a computed handler (handlers.ts) normalizes the text, hashes it with
 * its scope into a query id, and answers the pre-rendered result of that id: `GET
 * {project}[/{team}]/_apis/wit/wiql/{id}`, the query-by-id route. The queries pre-rendered are the ones
 * integrations run (README lists them); any other statement is evaluated over the frozen work items
 * (wiql-eval.ts).
 */

/** Field reference names WIQL results name in `columns`, with their display names. */
export const FIELDS: Record<string, string> = {
  "System.Id": "ID",
  "System.Title": "Title",
  "System.State": "State",
  "System.WorkItemType": "Work Item Type",
  "System.AssignedTo": "Assigned To",
  "System.CreatedDate": "Created Date",
  "System.CreatedBy": "Created By",
  "System.ChangedDate": "Changed Date",
  "System.ChangedBy": "Changed By",
  "System.Tags": "Tags",
  "System.AreaPath": "Area Path",
  "System.IterationPath": "Iteration Path",
  "System.Reason": "Reason",
  "System.TeamProject": "Team Project",
  "System.Description": "Description",
  "System.BoardColumn": "Board Column",
  "Microsoft.VSTS.Common.Priority": "Priority",
  "Microsoft.VSTS.Scheduling.StoryPoints": "Story Points",
  "Microsoft.VSTS.Scheduling.RemainingWork": "Remaining Work",
  "Microsoft.VSTS.Common.StateChangeDate": "State Change Date",
  "Microsoft.VSTS.Common.ClosedDate": "Closed Date",
  // Every other field of `_apis/wit/fields` (boards.ts) may be selected too.
  ...Object.fromEntries(FIELD_DEFS.map(([ref, name]) => [ref, name])),
};

export interface ParsedWiql {
  /** The SELECT list as written (reference names, without brackets). */
  select: string[];
  /** Everything after `FROM WorkItems`, normalized: lower case, single spaces, none around operators, no `asc`. */
  rest: string;
}

/** Splits and normalizes a WIQL statement; undefined when it is not `SELECT … FROM WorkItems …`. */
export function parseWiql(text: string): ParsedWiql | undefined {
  const m = /^\s*select\s+([\s\S]+?)\s+from\s+workitems\b([\s\S]*)$/i.exec(text.trim().replace(/;\s*$/, ""));
  if (!m) return undefined;
  const select = m[1]!
    .split(",")
    .map((f) =>
      f
        .trim()
        .replace(/^\[|\]$/g, "")
        .trim(),
    )
    .filter(Boolean);
  const rest = m[2]!
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/\s*([[\](),=<>])\s*/g, "$1")
    .replace(/ asc\b/g, "")
    .trim()
    .replace(/^(.*?)\s*order by\[system\.id\]$/, "$1");
  return { select, rest };
}

/** The query id of a normalized query in a scope (`{org}/{project}` or `{org}/{project}/{team}`). */
export function queryId(scope: string, rest: string): string {
  return guidOf(`wiql\u0000${scope}\u0000${rest}`);
}

export function column(ado: { orgUrl: string } | string, ref: string): JsonValue {
  const orgUrl = typeof ado === "string" ? ado : ado.orgUrl;
  return { referenceName: ref, name: FIELDS[ref] ?? ref, url: `${orgUrl}/_apis/wit/fields/${ref}` };
}

const SELECT = "SELECT [System.Id], [System.Title], [System.State] FROM WorkItems";

interface QueryDef {
  where: string;
  keep: (item: WorkItem) => boolean;
}

/** The WHERE clauses pre-rendered in the project scope. */
function projectQueries(ado: AdoContext): QueryDef[] {
  const me = ado.viewer.id;
  const open = (i: WorkItem) => !["Closed", "Removed"].includes(agileState(i, i.status));
  const defs: QueryDef[] = [
    { where: "", keep: () => true },
    { where: "WHERE [System.TeamProject] = @project", keep: () => true },
    { where: "WHERE [System.TeamProject] = @project AND [System.State] <> 'Closed' AND [System.State] <> 'Removed'", keep: open },
    { where: "WHERE [System.TeamProject] = @project AND [System.WorkItemType] = 'Bug'", keep: (i) => i.type === "Bug" },
    {
      where: "WHERE [System.TeamProject] = @project AND [System.WorkItemType] = 'User Story'",
      keep: (i) => AGILE_TYPE[i.type] === "User Story",
    },
    { where: "WHERE [System.TeamProject] = @project AND [System.AssignedTo] = @Me", keep: (i) => i.assigneeId === me },
    {
      where:
        "WHERE [System.TeamProject] = @project AND [System.AssignedTo] = @Me AND [System.State] <> " +
        "'Closed' AND [System.State] <> 'Removed'",
      keep: (i) => i.assigneeId === me && open(i),
    },
  ];
  for (const t of ado.world.teams) {
    const area = `${ado.projectName}\\${t.name}`;
    defs.push({ where: `WHERE [System.TeamProject] = @project AND [System.AreaPath] UNDER '${area}'`, keep: (i) => i.teamId === t.id });
    defs.push({
      where:
        `WHERE [System.TeamProject] = @project AND [System.AreaPath] UNDER '${area}' AND [System.State] <> 'Closed' AND [System.State] ` +
        `<> 'Removed'`,
      keep: (i) => i.teamId === t.id && open(i),
    });
  }
  return defs;
}

/** The team scope adds the current iteration (every team runs on the company's sprints). */
function teamQueries(ado: AdoContext): QueryDef[] {
  const current = ado.world.sprints.find((s) => s.state === "active");
  const inSprint = (i: WorkItem) => current !== undefined && i.sprintId === current.id;
  return [
    { where: "WHERE [System.TeamProject] = @project AND [System.IterationPath] = @CurrentIteration", keep: inSprint },
    { where: "WHERE [System.IterationPath] = @CurrentIteration", keep: inSprint },
  ];
}

const ORDERS: Array<{ order: string; sort: (a: WorkItem, b: WorkItem) => number; column?: [string, boolean] }> = [
  { order: "", sort: (a, b) => a.id - b.id },
  {
    order: "ORDER BY [System.ChangedDate] DESC",
    sort: (a, b) => b.updatedAt - a.updatedAt || a.id - b.id,
    column: ["System.ChangedDate", true],
  },
  {
    order: "ORDER BY [System.CreatedDate] DESC",
    sort: (a, b) => b.createdAt - a.createdAt || a.id - b.id,
    column: ["System.CreatedDate", true],
  },
  { order: "ORDER BY [System.Id] DESC", sort: (a, b) => b.id - a.id, column: ["System.Id", true] },
];

/** Every pre-rendered statement, as a client would write it, for the README and the tests. */
export function statements(ado: AdoContext, team: boolean): string[] {
  return (team ? teamQueries(ado) : projectQueries(ado)).flatMap((q) =>
    ORDERS.map((o) => [SELECT, q.where, o.order].filter(Boolean).join(" ")),
  );
}

function result(ado: AdoContext, items: WorkItem[], order: (typeof ORDERS)[number]): JsonValue {
  const parsed = parseWiql(SELECT)!;
  return {
    queryType: "flat",
    queryResultType: "workItem",
    asOf: isoFull(ado.world.asOf),
    columns: parsed.select.map((f) => column(ado, f)),
    ...(order.column ? { sortColumns: [{ field: column(ado, order.column[0]), descending: order.column[1] }] } : {}),
    workItems: [...items].sort(order.sort).map((i) => ({ id: i.id, url: ado.workItemUrl(i.id) })),
  };
}

export function* wiqlResources(ado: AdoContext): Generator<Resource> {
  const scopes: Array<[string, QueryDef[], AdoTeam | undefined]> = [
    [ado.projectPath(), projectQueries(ado), undefined],
    ...ado.teams.map((t) => [ado.teamPath(t), teamQueries(ado), t] as [string, QueryDef[], AdoTeam]),
  ];
  for (const [scope, defs] of scopes) {
    for (const q of defs) {
      const items = ado.world.workItems.filter(q.keep);
      for (const o of ORDERS) {
        const { rest } = parseWiql([SELECT, q.where, o.order].filter(Boolean).join(" "))!;
        yield { path: `${scope}/_apis/wit/wiql/${queryId(scope, rest)}`, body: result(ado, items, o) };
      }
    }
  }
}
