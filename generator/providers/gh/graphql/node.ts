import type { GraphQLResolveInfo } from "graphql";

/**
 * A GraphQL value: its type name and its fields. A field is a value, or a function of the field's
 * arguments that computes it (a connection, a lookup, a lazily read detail). A field the object does
 * not carry is not served: the field resolver answers an error naming it (errors.ts `unserved`).
 */
// GraphQL arguments arrive as graphql-js parsed them, of whatever type the schema declares.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Args = Record<string, any>;
export type Info = GraphQLResolveInfo;
export type Field = (args: Args, info: Info) => unknown;
export type Node = { __typename: string } & Record<string, unknown>;

/** A value computed once, on first use: details that need another read stay unread unless asked for. */
export function once<T>(make: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= make());
}

/** GitHub's enums are the REST values in upper case (`changes_requested` → `CHANGES_REQUESTED`). */
export const upper = (value: unknown): string | null => (typeof value === "string" ? value.toUpperCase() : null);

/** The web path of an html_url (`/lumenharbor/payments-api/pull/5`): GraphQL's `resourcePath`. */
export const pathOf = (htmlUrl: string): string => new URL(htmlUrl).pathname;

/** A pull request's GraphQL state from its REST body: merged ones are MERGED, not CLOSED. */
export const pullState = (rest: { merged_at?: unknown; state?: unknown }): string =>
  rest.merged_at ? "MERGED" : rest.state === "open" ? "OPEN" : "CLOSED";

/** GraphQL's `DateTime` in GitHub's spelling: REST's ISO time, which already is. */
export const time = (value: unknown): string | null => (typeof value === "string" ? value : null);

/** `{field, direction}` orders as GitHub's `*Order` inputs spell them, over REST items. */
export function ordered<T>(
  items: readonly T[],
  order: { field?: string; direction?: string } | null | undefined,
  keys: Record<string, (item: T) => string | number>,
): T[] {
  if (!order?.field) return [...items];
  const key = keys[order.field];
  if (!key) return [...items];
  const sign = order.direction === "DESC" ? -1 : 1;
  return items
    .map((item, i) => ({ item, i, k: key(item) }))
    .sort((a, b) => (a.k < b.k ? -sign : a.k > b.k ? sign : a.i - b.i))
    .map((x) => x.item);
}

/** The company reacts to nothing (REST's `reactions` counts are all 0): GitHub's answers for that. */
const REACTIONS = ["THUMBS_UP", "THUMBS_DOWN", "LAUGH", "HOORAY", "CONFUSED", "HEART", "ROCKET", "EYES"];
const EMPTY = {
  totalCount: 0,
  nodes: [],
  edges: [],
  pageInfo: { startCursor: null, endCursor: null, hasNextPage: false, hasPreviousPage: false },
};

/** An empty connection (GitHub still checks its bounds, see connection.ts). */
export function empty(check: (args: Args, info: Info) => void): Field {
  return (args, info) => {
    check(args, info);
    return EMPTY;
  };
}

export function noReactions(check: (args: Args, info: Info) => void): Record<string, unknown> {
  return {
    reactions: empty(check),
    reactionGroups: REACTIONS.map((content) => ({
      __typename: "ReactionGroup",
      content,
      createdAt: null,
      viewerHasReacted: false,
      reactors: empty(check),
      users: empty(check),
    })),
    viewerCanReact: false,
  };
}
