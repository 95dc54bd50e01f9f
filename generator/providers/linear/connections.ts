import { type GraphQLResolveInfo, getNamedType, isInputObjectType } from "graphql";
import { DEFAULT_PAGE, MAX_PAGE } from "./collections.js";
import { inputError, notServed } from "./errors.js";
import { type FilterContext, matches, related } from "./filters.js";
import type { PageInfo } from "./schema.js";
import { type Entity, type Store, isRef } from "./store.js";

/**
 * Linear's connections: which records a connection field holds, and Relay paging over them.
 * - Order: `orderBy` createdAt (the default) or updatedAt, newest first, ties by id; `sort` (IssueSortInput
 *   and kin) for the sortable fields it names.
 * - Paging: `first`/`after` and `last`/`before`, 50 when neither size is given, at most 250. Cursors are
 *   the records' ids, as Linear's are. `hasNextPage` says whether records follow the page in that order,
 *   `hasPreviousPage` whether some precede it, so a client can page either way from any page.
 */
type Source = (parent: Entity, store: Store) => Entity[];

const refs =
  (type: string, field: string): Source =>
  (parent, store) =>
    store.refs(type, field, parent.id);
const listed =
  (type: string, field: string): Source =>
  (parent, store) => {
    const nodes = (parent[field] as { nodes?: unknown[] } | undefined)?.nodes ?? [];
    return nodes
      .filter(isRef)
      .map((r) => store.get(type, r.id))
      .filter((e): e is Entity => e !== undefined);
  };
const members: Source = (team, store) =>
  store
    .refs("TeamMembership", "team", team.id)
    .map((m) => related(m, "user", store))
    .filter((u): u is Entity => u !== undefined);

/** Connection fields the pin fills, by `Type.field`; every other connection is empty. */
const SOURCES: Record<string, Source> = {
  "Issue.comments": refs("Comment", "issue"),
  "Issue.history": refs("IssueHistory", "issue"),
  "Issue.attachments": refs("Attachment", "issue"),
  "Issue.labels": (issue, store) =>
    ((issue.labelIds as string[] | undefined) ?? []).map((id) => store.get("IssueLabel", id)).filter((e): e is Entity => e !== undefined),
  "Issue.subscribers": (issue, store) => [
    ...new Set(["creator", "assignee"].map((f) => related(issue, f, store)).filter((u): u is Entity => u !== undefined)),
  ],
  "Team.issues": refs("Issue", "team"),
  "Team.states": refs("WorkflowState", "team"),
  "Team.cycles": refs("Cycle", "team"),
  "Team.memberships": refs("TeamMembership", "team"),
  "Team.members": members,
  "Team.projects": (team, store) => store.all("Project").filter((p) => listed("Team", "teams")(p, store).some((t) => t.id === team.id)),
  // The workspace's labels apply to every team (the pin has no team-only labels).
  "Team.labels": (team, store) => store.all("IssueLabel").filter((l) => l.team === null || (isRef(l.team) && l.team.id === team.id)),
  "Cycle.issues": refs("Issue", "cycle"),
  "Cycle.uncompletedIssuesUponClose": (cycle, store) =>
    cycle.completedAt === null
      ? []
      : store.refs("Issue", "cycle", cycle.id).filter((i) => i.completedAt === null || String(i.completedAt) > String(cycle.completedAt)),
  "Project.issues": refs("Issue", "project"),
  "Project.teams": listed("Team", "teams"),
  "Project.members": listed("User", "members"),
  "User.assignedIssues": refs("Issue", "assignee"),
  "User.createdIssues": refs("Issue", "creator"),
  "User.teamMemberships": refs("TeamMembership", "user"),
  "User.teams": (user, store) =>
    store
      .refs("TeamMembership", "user", user.id)
      .map((m) => related(m, "team", store))
      .filter((t): t is Entity => t !== undefined),
  "WorkflowState.issues": refs("Issue", "state"),
  "IssueLabel.issues": (label, store) => store.issuesWithLabel(label.id),
  "IssueLabel.children": () => [],
  "Organization.users": (_o, store) => store.all("User"),
  "Organization.teams": (_o, store) => store.all("Team"),
  "Organization.labels": (_o, store) => store.all("IssueLabel"),
  "Query.administrableTeams": (_r, store) => (store.viewer.admin === true ? store.all("Team") : []),
  // No issue here links a Figma file: a search by file key finds none (not every issue).
  "Query.issueFigmaFileKeySearch": () => [],
};

/** The records a connection field holds, or undefined when the pin has none of that kind. */
export function sourceOf(parentType: string, field: string, parent: Entity, store: Store, nodeType: string): Entity[] | undefined {
  const source = SOURCES[`${parentType}.${field}`];
  if (source) return source(parent, store);
  // Root lists of a served type (`issues`, `users`, `cycles`, …) hold every record of it.
  if (parentType === "Query" && store.serves(nodeType)) return store.all(nodeType);
  return undefined;
}

export function filterContext(store: Store): FilterContext {
  return { store, related: (parent, field) => sourceOf(parent.__typename, field, parent, store, "") ?? [] };
}

export interface Connection {
  nodes: Entity[];
  edges: Array<{ node: Entity; cursor: string }>;
  pageInfo: PageInfo;
}

/** Filter, order and page `items` as the connection field's arguments say. */
export function connection(items: Entity[], args: Record<string, unknown>, store: Store, info: GraphQLResolveInfo): Connection {
  const field = info.parentType.getFields()[info.fieldName]!;
  let list = items;
  const filter = args.filter as Record<string, unknown> | undefined | null;
  if (filter) {
    const filterType = getNamedType(field.args.find((a) => a.name === "filter")!.type);
    if (!isInputObjectType(filterType)) throw notServed(`filter on ${info.fieldName}`);
    const ctx = filterContext(store);
    list = list.filter((e) => matches(e, filter, filterType, ctx));
  }
  list = ordered(list, args);
  return page(list, args);
}

function ordered(items: Entity[], args: Record<string, unknown>): Entity[] {
  const by = args.orderBy === "updatedAt" ? "updatedAt" : "createdAt";
  const keys = sortKeys(args.sort);
  return [...items].sort((a, b) => {
    for (const k of keys) {
      const c = k.compare(a, b);
      if (c !== 0) return c;
    }
    const x = String(a[by] ?? "");
    const y = String(b[by] ?? "");
    if (x !== y) return x < y ? 1 : -1;
    return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
  });
}

/** `sort: [{priority: {order: Descending}}, …]` for the issue fields a record carries as scalars. */
function sortKeys(sort: unknown): Array<{ compare: (a: Entity, b: Entity) => number }> {
  if (!Array.isArray(sort)) return [];
  const SORTABLE: Record<string, string> = {
    createdAt: "createdAt",
    updatedAt: "updatedAt",
    completedAt: "completedAt",
    priority: "priority",
    title: "title",
    estimate: "estimate",
    dueDate: "dueDate",
  };
  return sort.flatMap((entry: Record<string, { order?: string; nulls?: string } | null>) =>
    Object.entries(entry)
      .filter(([, v]) => v)
      .map(([key, spec]) => {
        const fieldName = SORTABLE[key];
        if (!fieldName) throw notServed(`sort by ${key}`);
        const dir = spec?.order === "Descending" ? -1 : 1;
        const nullsFirst = spec?.nulls === "first";
        return {
          compare: (a: Entity, b: Entity) => {
            // Linear sorts "no priority" (0) after every other priority.
            const value = (e: Entity) => (fieldName === "priority" && e.priority === 0 ? 5 : e[fieldName]);
            const x = value(a);
            const y = value(b);
            if (x === y) return 0;
            if (x === null || x === undefined) return nullsFirst ? -1 : 1;
            if (y === null || y === undefined) return nullsFirst ? 1 : -1;
            return (x < y ? -1 : 1) * dir;
          },
        };
      }),
  );
}

function size(args: Record<string, unknown>, name: "first" | "last"): number | undefined {
  const v = args[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "number" || v < 0 || v > MAX_PAGE) throw inputError(`${name} must be between 0 and ${MAX_PAGE}.`);
  return v;
}

function page(items: Entity[], args: Record<string, unknown>): Connection {
  const first = size(args, "first");
  const last = size(args, "last");
  const at = (cursor: unknown) => {
    const i = items.findIndex((e) => e.id === cursor);
    if (i === -1) throw inputError(`The cursor ${String(cursor)} does not point at a record of this connection.`);
    return i;
  };
  let start = args.after !== undefined && args.after !== null ? at(args.after) + 1 : 0;
  let end = args.before !== undefined && args.before !== null ? at(args.before) : items.length;
  if (end < start) end = start;
  if (first !== undefined) end = Math.min(end, start + first);
  if (last !== undefined) start = Math.max(start, end - last);
  if (first === undefined && last === undefined) end = Math.min(end, start + DEFAULT_PAGE);
  const nodes = items.slice(start, end);
  return {
    nodes,
    edges: nodes.map((node) => ({ node, cursor: node.id })),
    pageInfo: {
      hasNextPage: end < items.length,
      hasPreviousPage: start > 0,
      startCursor: nodes[0]?.id ?? null,
      endCursor: nodes.at(-1)?.id ?? null,
    },
  };
}
