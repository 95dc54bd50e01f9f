import type { JsonObject, Resource } from "../../core/provider.js";
import { isoSeconds } from "../../world/clock.js";
import type { CommitStatus, Repo } from "../../world/types.js";
import { type GhContext, nodeId } from "./context.js";
import { listResources } from "./lists.js";
import { minimalRepo } from "./repos.js";
import { simpleUser } from "./users.js";

/**
 * Commit statuses (the world's delivery/statuses.ts): `commits/{ref}/statuses` and its legacy alias
 * `statuses/{sha}` list every status of the SHA newest first; `commits/{ref}/status` combines the latest
 * of each context, oldest context first, as GitHub does.
 */
export function* statusResources(gh: GhContext, repo: Repo, paths: Array<{ ref: string; sha: string }>): Generator<Resource> {
  const base = gh.repoPath(repo);
  const bySha = statusesBySha(gh, repo);
  const done = new Set<string>();
  for (const { ref, sha } of paths) {
    const all = bySha.get(sha) ?? [];
    const newest = [...all].reverse().map((s) => statusObject(gh, repo, s));
    yield { path: `${base}/commits/${ref}/status`, body: combinedStatus(gh, repo, sha, all) };
    yield* listResources(gh, `${base}/commits/${ref}/statuses`, newest);
    if (!done.has(sha)) yield* listResources(gh, `${base}/statuses/${sha}`, newest);
    done.add(sha);
  }
}

function statusesBySha(gh: GhContext, repo: Repo): Map<string, CommitStatus[]> {
  return gh.once(`statuses/${repo.name}`, () => {
    const out = new Map<string, CommitStatus[]>();
    for (const s of repo.statuses) out.set(s.sha, [...(out.get(s.sha) ?? []), s]);
    return out;
  });
}

/** `status`: what `commits/{ref}/statuses` lists, with its creator. */
function statusObject(gh: GhContext, repo: Repo, s: CommitStatus): JsonObject {
  return { ...simpleStatus(gh, repo, s), creator: simpleUser(gh, gh.person(s.creatorId)) };
}

/** `simple-commit-status` without `required` (GitHub sends it only on protected-branch checks), in `status`'s key order. */
function simpleStatus(gh: GhContext, repo: Repo, s: CommitStatus): JsonObject {
  return {
    url: `${gh.repoUrl(repo)}/statuses/${s.sha}`,
    avatar_url: simpleUser(gh, gh.person(s.creatorId)).avatar_url!,
    id: s.id,
    node_id: nodeId("SC", s.id),
    state: s.state,
    description: s.description,
    target_url: s.targetUrl,
    context: s.context,
    created_at: isoSeconds(s.createdAt),
    updated_at: isoSeconds(s.createdAt),
  };
}

/**
 * `combined-commit-status`: the latest status of each context; `failure` when any is `failure` or `error`,
 * `pending` when any is pending or there are none, else `success`.
 */
export function combinedStatus(gh: GhContext, repo: Repo, sha: string, all: CommitStatus[]): JsonObject {
  const latest = new Map<string, CommitStatus>();
  // A Map keeps each context where it first appeared: contexts in the order they first posted.
  for (const s of all) latest.set(s.context, s);
  const statuses = [...latest.values()];
  const states = new Set(statuses.map((s) => s.state));
  const state =
    states.has("failure") || states.has("error") ? "failure" : states.has("pending") || statuses.length === 0 ? "pending" : "success";
  const u = gh.repoUrl(repo);
  return {
    state,
    statuses: statuses.map((s) => simpleStatus(gh, repo, s)),
    sha,
    total_count: statuses.length,
    repository: minimalRepo(gh, repo),
    commit_url: `${u}/commits/${sha}`,
    url: `${u}/commits/${sha}/status`,
  };
}
