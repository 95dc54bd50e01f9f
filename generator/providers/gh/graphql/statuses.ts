import { actor } from "./accounts.js";
import { page } from "./connection.js";
import { type Args, type Info, type Node } from "./node.js";
import type { PinSource, Rest } from "./source.js";

/**
 * A commit's statuses in GraphQL: `Commit.status` (null when it has none, as GitHub answers) and the
 * StatusContext members of `statusCheckRollup`, read from REST `commits/{sha}/status` (the latest of each
 * context) and `commits/{sha}/statuses` (the creators).
 */
export async function latestStatuses(src: PinSource, base: string, commitNode: Node, sha: string): Promise<Node[]> {
  const combined = await src.get(`${base}/commits/${sha}/status`);
  const latest = (combined?.statuses ?? []) as Rest[];
  if (latest.length === 0) return [];
  const all = await src.list(`${base}/commits/${sha}/statuses`);
  return latest.map((s) => statusContext(src, commitNode, s, all.find((x) => x.id === s.id)?.creator));
}

function statusContext(src: PinSource, commitNode: Node, s: Rest, creator: Rest | undefined): Node {
  return {
    __typename: "StatusContext",
    id: s.node_id,
    avatarUrl: s.avatar_url,
    commit: commitNode,
    context: s.context,
    createdAt: s.created_at,
    creator: actor(src, creator),
    description: s.description,
    // Branch protection here requires the Actions jobs (`build`, `test`), never a status context.
    isRequired: false,
    state: String(s.state).toUpperCase(),
    targetUrl: s.target_url,
  };
}

/** GitHub's combination of states: any error, else any failure, else anything unfinished, else success. */
export function combineStates(states: string[]): string {
  for (const s of ["ERROR", "FAILURE", "PENDING"]) if (states.includes(s)) return s;
  return "SUCCESS";
}

/** `Commit.status`: the combined status, or null when no context has posted. */
export async function commitStatus(src: PinSource, base: string, commitNode: Node, sha: string): Promise<Node | null> {
  const contexts = await latestStatuses(src, base, commitNode, sha);
  if (contexts.length === 0) return null;
  return {
    __typename: "Status",
    id: `SC_${Buffer.from(`0:${sha}`).toString("base64url")}`,
    commit: commitNode,
    state: combineStates(contexts.map((c) => String(c.state))),
    contexts,
    context: (args: Args) => contexts.find((c) => c.context === args.name) ?? null,
    combinedContexts: (args: Args, info: Info) => page(contexts, args, info, (c) => c),
  };
}
