import { type GraphQLResolveInfo, Kind, type SelectionSetNode } from "graphql";
import { GitHubError } from "./errors.js";

/**
 * Relay connections with GitHub's rules: `first` or `last` is required, at most 100, not both; cursors
 * are opaque and stable (an item's position in the connection's order, which frozen data never
 * changes); `totalCount` counts the whole filtered connection.
 */
export const MAX_NODES = 100;

type Args = { first?: number | null; last?: number | null; after?: string | null; before?: string | null };

export interface Connection<N> {
  totalCount: number;
  nodes: N[];
  edges: Array<{ cursor: string; node: N }>;
  pageInfo: { startCursor: string | null; endCursor: string | null; hasNextPage: boolean; hasPreviousPage: boolean };
}

export function encodeCursor(index: number): string {
  return Buffer.from(`cursor:v2:${index}`).toString("base64");
}

function decodeCursor(cursor: string, field: string): number {
  const m = /^cursor:v2:(\d+)$/.exec(Buffer.from(cursor, "base64").toString("utf8"));
  if (!m || Buffer.from(`cursor:v2:${m[1]}`).toString("base64") !== cursor) {
    throw new GitHubError("INVALID_CURSOR_ARGUMENTS", `\`${cursor}\` does not appear to be a valid cursor.`);
  }
  void field;
  return Number(m[1]);
}

/** Whether the selection asks for the connection's items (`nodes`, `edges`), not only its counts. */
function selectsItems(info: GraphQLResolveInfo): boolean {
  const visit = (set: SelectionSetNode | undefined): boolean =>
    (set?.selections ?? []).some((s) => {
      if (s.kind === Kind.FIELD) return s.name.value === "nodes" || s.name.value === "edges";
      if (s.kind === Kind.INLINE_FRAGMENT) return visit(s.selectionSet);
      return visit(info.fragments[s.name.value]?.selectionSet);
    });
  return info.fieldNodes.some((f) => visit(f.selectionSet));
}

/**
 * Checks the paging arguments as GitHub does, before anything is read. A connection asked only for
 * `totalCount` (`comments { totalCount }`) needs no bound, as on GitHub.
 */
export function checkBounds(args: Args, info: GraphQLResolveInfo): void {
  const field = info.fieldName;
  const { first, last } = args;
  if ((first === undefined || first === null) && (last === undefined || last === null)) {
    if (!selectsItems(info)) return;
    throw new GitHubError(
      "MISSING_PAGINATION_BOUNDARIES",
      `You must provide a \`first\` or \`last\` value to properly paginate the \`${field}\` connection.`,
    );
  }
  if (first !== undefined && first !== null && last !== undefined && last !== null) {
    throw new GitHubError(
      "INVALID_PAGINATION_ARGUMENTS",
      `Passing both \`first\` and \`last\` to paginate the \`${field}\` connection is not supported.`,
    );
  }
  for (const [name, n] of [
    ["first", first],
    ["last", last],
  ] as const) {
    if (n === undefined || n === null) continue;
    if (n < 0)
      throw new GitHubError("INVALID_PAGINATION_ARGUMENTS", `\`${name}\` on the \`${field}\` connection cannot be less than zero.`);
    if (n > MAX_NODES)
      throw new GitHubError(
        "EXCESSIVE_PAGINATION",
        `Requesting ${n} records on the \`${field}\` connection exceeds the \`${name}\` limit of ${MAX_NODES} records.`,
      );
  }
}

/** One page of `items` (already filtered and ordered), mapped to nodes. */
export function page<T, N>(items: readonly T[], args: Args, info: GraphQLResolveInfo, node: (item: T) => N): Connection<N> {
  checkBounds(args, info);
  let start = 0;
  let end = items.length;
  if (args.after) start = Math.min(items.length, decodeCursor(args.after, info.fieldName) + 1);
  if (args.before) end = Math.max(start, Math.min(end, decodeCursor(args.before, info.fieldName)));
  if (args.first !== undefined && args.first !== null) end = Math.min(end, start + args.first);
  else if (args.last !== undefined && args.last !== null) start = Math.max(start, end - args.last);
  const edges = items.slice(start, end).map((item, i) => ({ cursor: encodeCursor(start + i), node: node(item) }));
  return {
    totalCount: items.length,
    nodes: edges.map((e) => e.node),
    edges,
    pageInfo: {
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
      hasNextPage: end < items.length,
      hasPreviousPage: start > 0,
    },
  };
}
