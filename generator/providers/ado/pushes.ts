import type { JsonValue, Pagination, Resource } from "../../core/provider.js";
import type { Commit, Repo } from "../../world/types.js";
import { isoFull, type AdoContext } from "./context.js";
import { branchRef, commitRef, history, repository } from "./git.js";
import { valueList } from "./lists.js";

/**
 * Pushes, derived from the same commits the commit lists serve, and the route form of refs:
 * - each commit of the default branch's first-parent history was pushed alone to it (a completed pull
 *   request's squash commit by whoever completed it, any other commit by its committer), and each pull
 *   request commit to the pull request's branch by its author (the first one creating the branch,
 *   oldObjectId all zeros), at the commit's committer date: the same pushes the iterations count;
 * - `pushes` lists them newest first (GitPush without commits and ref updates, as the service lists
 *   them), `pushes/{pushId}` is one with its commits and refUpdates; push ids count up in date order;
 * - `refs/heads/{branch}` (how pull requests' `_links` name their branches) answers as
 *   `refs?filter=heads/{branch}`: the branch, or an empty list (in both forms) for a branch deleted on
 *   completion.
 */
const ZERO = "0000000000000000000000000000000000000000";

interface Push {
  at: number;
  by: number;
  ref: string;
  old: string;
  commit: Commit;
}

function pushesOf(ado: AdoContext, repo: Repo): Push[] {
  const main = repo.branches.find((b) => b.name === repo.defaultBranch)!;
  const completedBy = new Map(repo.pulls.filter((pr) => pr.mergeCommitSha).map((pr) => [pr.mergeCommitSha!, pr.mergedById ?? pr.authorId]));
  const out: Push[] = history(ado, repo, main.headSha).map((c) => ({
    at: c.committedAt,
    by: completedBy.get(c.sha) ?? c.committerId ?? c.authorId,
    ref: `refs/heads/${repo.defaultBranch}`,
    old: c.parents[0] ?? ZERO,
    commit: c,
  }));
  for (const pr of repo.pulls)
    for (const [i, c] of pr.commits.entries())
      out.push({
        at: c.committedAt,
        by: pr.authorId,
        ref: `refs/heads/${pr.headBranch}`,
        old: i === 0 ? ZERO : pr.commits[i - 1]!.sha,
        commit: c,
      });
  return out
    .map((p, i) => [p, i] as const)
    .sort(([a, i], [b, j]) => a.at - b.at || i - j)
    .map(([p]) => p);
}

export function* pushResources(ado: AdoContext, p: Pagination): Generator<Resource> {
  for (const repo of [...ado.world.repos].sort((a, b) => a.id - b.id)) {
    const base = ado.repoPath(repo);
    const url = ado.repoUrl(repo);
    const repoBody = repository(ado, repo, false);
    const refs = (pushes: Push[]) =>
      pushes.map((push, i) => {
        const id = i + 1;
        const pushedBy = ado.identity(ado.person(push.by));
        const head = {
          repository: repoBody,
          pushedBy,
          pushId: id,
          date: isoFull(push.at),
          url: `${url}/pushes/${id}`,
          _links: {
            self: { href: `${url}/pushes/${id}` },
            repository: { href: url },
            pusher: { href: pushedBy.url! },
            refs: { href: `${url}/refs` },
          },
        };
        return { push, head };
      });
    const all = refs(pushesOf(ado, repo));
    yield* valueList(
      p,
      `${base}/pushes`,
      [...all].reverse().map((x) => x.head as JsonValue),
    );
    for (const { push, head } of all) {
      const { changeCounts: _c, ...commit } = commitRef(ado, repo, push.commit) as Record<string, JsonValue>;
      yield {
        path: `${base}/pushes/${head.pushId}`,
        body: {
          commits: [commit],
          refUpdates: [{ repositoryId: ado.repoId(repo), name: push.ref, oldObjectId: push.old, newObjectId: push.commit.sha }],
          ...head,
        },
      };
    }
    // The route form of refs, for every branch the answers name.
    const names = new Set([...repo.branches.map((b) => b.name), ...repo.pulls.map((pr) => pr.headBranch), repo.defaultBranch]);
    for (const name of [...names].sort()) {
      const b = repo.branches.find((x) => x.name === name);
      const items: JsonValue[] = b ? [branchRef(ado, repo, b.name, b.headSha)] : [];
      yield* valueList(p, `${base}/refs/heads/${name}`, items);
      // The query form answers a deleted branch the same (git.ts renders the branches that exist).
      if (!b) yield* valueList(p, `${base}/refs`, [], [["filter", `heads/${name}`]]);
    }
  }
}
