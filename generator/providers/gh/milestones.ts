import type { ListProfile } from "../../core/lists/profile.js";
import type { JsonObject, Resource } from "../../core/provider.js";
import { isoSeconds } from "../../world/clock.js";
import type { Issue, Milestone, PullRequest, Repo } from "../../world/types.js";
import { type GhContext, nodeId, ts } from "./context.js";
import { listResources } from "./lists.js";
import { labelObject } from "./threads.js";
import { simpleUser } from "./users.js";

/**
 * A repository's milestones (the world's code/milestones.ts): `milestones?state=` (open by default),
 * `milestones/{n}` and `milestones/{n}/labels` (the labels of the issues and pull requests on it, by name).
 * Open and closed counts take pull requests too, as GitHub's do.
 */
export function* milestoneResources(gh: GhContext, repo: Repo): Generator<Resource> {
  const base = gh.repoPath(repo);
  // GitHub's default order: due_on ascending (number breaks ties).
  const byDue = [...repo.milestones].sort((a, b) => a.dueOn - b.dueOn || a.number - b.number);
  for (const state of ["open", "closed", "all"] as const) {
    const pick = byDue.filter((m) => state === "all" || stateOf(m) === state);
    yield* listResources(
      gh,
      `${base}/milestones`,
      pick.map((m) => milestoneObject(gh, repo, m)),
      { query: { state } },
    );
  }
  for (const m of repo.milestones) {
    yield { path: `${base}/milestones/${m.number}`, body: milestoneObject(gh, repo, m) };
    const names = [...new Set(threadsOn(repo, m).flatMap((t) => t.labels))].sort();
    yield* listResources(
      gh,
      `${base}/milestones/${m.number}/labels`,
      names.map((n) => labelObject(gh, repo, n)),
    );
  }
}

/** The `milestone` of an issue or pull request: the whole object, or null when it is on none. */
export function milestoneOf(gh: GhContext, repo: Repo, thread: Issue | PullRequest): JsonObject | null {
  const m = thread.milestoneNumber === undefined ? undefined : repo.milestones.find((x) => x.number === thread.milestoneNumber);
  return m ? milestoneObject(gh, repo, m) : null;
}

function stateOf(m: Milestone): "open" | "closed" {
  return m.closedAt === undefined ? "open" : "closed";
}

function threadsOn(repo: Repo, m: Milestone): Array<Issue | PullRequest> {
  return [...repo.pulls, ...repo.issues].filter((t) => t.milestoneNumber === m.number);
}

/** `milestone`, in the key order GitHub sends. */
export function milestoneObject(gh: GhContext, repo: Repo, m: Milestone): JsonObject {
  return gh.once(`milestone/${repo.name}/${m.number}`, () => {
    const url = `${gh.repoUrl(repo)}/milestones/${m.number}`;
    const threads = threadsOn(repo, m);
    const updated = Math.max(m.createdAt, m.closedAt ?? 0, ...threads.map((t) => Math.max(t.createdAt, t.closedAt ?? 0)));
    return {
      url,
      html_url: `${gh.repoHtml(repo)}/milestone/${m.number}`,
      labels_url: `${url}/labels`,
      id: m.id,
      node_id: nodeId("MI", m.id),
      number: m.number,
      title: m.title,
      description: m.description,
      creator: simpleUser(gh, gh.person(m.creatorId)),
      open_issues: threads.filter((t) => t.state === "open").length,
      closed_issues: threads.filter((t) => t.state === "closed").length,
      state: stateOf(m),
      created_at: isoSeconds(m.createdAt),
      updated_at: isoSeconds(updated),
      due_on: isoSeconds(m.dueOn),
      closed_at: ts(m.closedAt),
    };
  });
}

/**
 * `state` (open when absent), `sort=due_on` and `direction` (asc by default), computed by the query engine.
 * `sort=completeness` needs the ratio of closed issues, which no field carries: answered in due_on order.
 */
export const milestoneLists: ListProfile[] = [
  {
    path: "^repos/[^/]+/[^/]+/milestones$",
    source: { state: "all" },
    filters: [{ param: "state", field: "state", op: "eq", type: "string", default: "open", all: ["all"] }],
    sort: {
      param: "sort",
      directionParam: "direction",
      keys: { due_on: { field: "due_on", type: "time" } },
      default: { key: "due_on", direction: "asc" },
      unknown: "ignore",
      unknownDirection: "ignore",
    },
  },
  { path: "^repos/[^/]+/[^/]+/milestones/\\d+/labels$" },
];
