import { actor } from "./accounts.js";
import { page } from "./connection.js";
import { type Args, type Info, type Node, pathOf, time } from "./node.js";
import type { PinSource, Rest } from "./source.js";

/** A Milestone from its REST body (an issue's `milestone`, or `milestones?state=all`). */
export function milestone(src: PinSource, repo: Node, rest: Rest | null | undefined): Node | null {
  if (!rest) return null;
  const total = Number(rest.open_issues) + Number(rest.closed_issues);
  return {
    __typename: "Milestone",
    id: rest.node_id,
    number: rest.number,
    title: rest.title,
    description: rest.description,
    state: String(rest.state).toUpperCase(),
    closed: rest.state === "closed",
    closedAt: time(rest.closed_at),
    createdAt: rest.created_at,
    updatedAt: rest.updated_at,
    dueOn: time(rest.due_on),
    // GitHub's percentage of closed issues and pull requests; 0 for an empty milestone.
    progressPercentage: total === 0 ? 0 : (100 * Number(rest.closed_issues)) / total,
    creator: () => actor(src, rest.creator),
    url: rest.html_url,
    resourcePath: pathOf(rest.html_url),
    repository: () => repo,
  };
}

const ORDER: Record<string, string> = { DUE_DATE: "due_on", CREATED_AT: "created_at", UPDATED_AT: "updated_at" };

/** `Repository.milestones(states, orderBy, query)`: by number unless ordered otherwise. */
export async function milestones(src: PinSource, repo: Node, base: string, args: Args, info: Info) {
  let items = await src.list(`${base}/milestones`, [["state", "all"]]);
  const states = args.states as string[] | undefined;
  if (states?.length) items = items.filter((m) => states.includes(String(m.state).toUpperCase()));
  if (typeof args.query === "string" && args.query)
    items = items.filter((m) => String(m.title).toLowerCase().includes(String(args.query).toLowerCase()));
  const order = (args.orderBy ?? {}) as Args;
  const key = ORDER[String(order.field)];
  items = [...items].sort((a, b) =>
    key ? Date.parse(a[key] ?? "") - Date.parse(b[key] ?? "") || a.number - b.number : a.number - b.number,
  );
  if (order.direction === "DESC") items.reverse();
  return page(items, args, info, (m) => milestone(src, repo, m));
}

/** IssueFilters' `milestone` and `milestoneNumber`: a number, `*` (on any) or `none` (on none). */
export function onMilestone(issue: Rest, wanted: string): boolean {
  const n = issue.milestone?.number as number | undefined;
  if (wanted === "*") return n !== undefined;
  if (wanted.toLowerCase() === "none") return n === undefined;
  return n !== undefined && String(n) === wanted;
}
