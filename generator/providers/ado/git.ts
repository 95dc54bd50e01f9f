import type { JsonValue, Pagination, Resource } from "../../core/provider.js";
import type { Commit, FileChange, Repo } from "../../world/types.js";
import type { AdoContext } from "./context.js";
import { SEARCH_CRITERIA_TOPS, valueList } from "./lists.js";

/**
 * Git repositories: the repository list and each repository, its refs and branch statistics, and its
 * commits: the history of every branch (newest first), the default branch filtered by author, each
 * commit, and each commit's changes. SHAs are the world's git object ids, unchanged.
 */
export function* gitResources(ado: AdoContext, p: Pagination): Generator<Resource> {
  const repos = [...ado.world.repos].sort((a, b) => (a.name < b.name ? -1 : 1));
  yield* valueList(
    p,
    `${ado.org}/_apis/git/repositories`,
    repos.map((r) => repository(ado, r, false)),
  );
  for (const repo of repos) yield* repoResources(ado, p, repo);
}

export function repository(ado: AdoContext, repo: Repo, links: boolean): JsonValue {
  const url = ado.repoUrl(repo);
  const size = ado.once(`size/${repo.id}`, () =>
    [...repo.objects.blobs.keys()].reduce((n, sha) => n + repo.objects.blobs.byteLength(sha)!, 0),
  );
  const web = ado.repoWeb(repo);
  return {
    id: ado.repoId(repo),
    name: repo.name,
    url,
    project: ado.projectRef(),
    defaultBranch: `refs/heads/${repo.defaultBranch}`,
    size,
    remoteUrl: ado.cloneUrl(repo),
    sshUrl: `git@ssh.${ado.web.replace("https://", "")}:v3/${ado.org}/${encodeURIComponent(ado.projectName)}/${repo.name}`,
    webUrl: web,
    isDisabled: false,
    isInMaintenance: false,
    ...(links
      ? {
          _links: {
            self: { href: url },
            project: { href: ado.projectUrl() },
            web: { href: web },
            ssh: { href: `git@ssh.${ado.web.replace("https://", "")}:v3/${ado.org}/${encodeURIComponent(ado.projectName)}/${repo.name}` },
            commits: { href: `${url}/commits` },
            refs: { href: `${url}/refs` },
            pullRequests: { href: `${url}/pullRequests` },
            items: { href: `${url}/items` },
            pushes: { href: `${url}/pushes` },
          },
        }
      : {}),
  };
}

/** Every commit of the repository by SHA (default branch and pull request branches). */
export function commitIndex(ado: AdoContext, repo: Repo): Map<string, Commit> {
  return ado.once(
    `commits/${repo.id}`,
    () => new Map([...repo.mainCommits, ...repo.pulls.flatMap((pr) => pr.commits)].map((c) => [c.sha, c])),
  );
}

/** First-parent history from a head, newest first, as `git log --first-parent` walks it. */
export function history(ado: AdoContext, repo: Repo, head: string): Commit[] {
  const bySha = commitIndex(ado, repo);
  const out: Commit[] = [];
  for (let c = bySha.get(head); c; c = c.parents[0] ? bySha.get(c.parents[0]) : undefined) out.push(c);
  return out;
}

function changeCounts(files: FileChange[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const f of files) {
    const kind = f.status === "added" ? "Add" : f.status === "removed" ? "Delete" : "Edit";
    counts[kind] = (counts[kind] ?? 0) + 1;
  }
  return counts;
}

/** GitCommitRef, as commit lists carry it: the message cut at 100 characters, with the change counts. */
export function commitRef(ado: AdoContext, repo: Repo, c: Commit): JsonValue {
  const truncated = c.message.length > 100;
  return {
    commitId: c.sha,
    author: ado.gitUser(repo, c.sha, "author"),
    committer: ado.gitUser(repo, c.sha, "committer"),
    comment: truncated ? c.message.slice(0, 100) : c.message,
    ...(truncated ? { commentTruncated: true } : {}),
    changeCounts: changeCounts(c.files),
    url: `${ado.repoUrl(repo)}/commits/${c.sha}`,
    remoteUrl: `${ado.repoWeb(repo)}/commit/${c.sha}`,
  };
}

/** GitCommit: one commit with its tree, parents and links. */
function gitCommit(ado: AdoContext, repo: Repo, c: Commit): JsonValue {
  const url = `${ado.repoUrl(repo)}/commits/${c.sha}`;
  return {
    treeId: c.treeSha,
    commitId: c.sha,
    author: ado.gitUser(repo, c.sha, "author"),
    committer: ado.gitUser(repo, c.sha, "committer"),
    comment: c.message,
    parents: c.parents,
    url,
    remoteUrl: `${ado.repoWeb(repo)}/commit/${c.sha}`,
    _links: {
      self: { href: url },
      repository: { href: ado.repoUrl(repo) },
      changes: { href: `${url}/changes` },
      web: { href: `${ado.repoWeb(repo)}/commit/${c.sha}` },
      tree: { href: `${ado.repoUrl(repo)}/trees/${c.treeSha}` },
    },
  };
}

function itemUrl(ado: AdoContext, repo: Repo, path: string, sha: string): string {
  return (
    `${ado.repoUrl(repo)}/items/${path.split("/").map(encodeURIComponent).join("/")}?` +
    `versionType=Commit&version=${sha}&versionOptions=None`
  );
}

function commitChanges(ado: AdoContext, repo: Repo, c: Commit): JsonValue {
  return {
    changeCounts: changeCounts(c.files),
    changes: c.files.map((f) => ({
      item: {
        objectId: f.status === "removed" ? (f.previousBlobSha ?? f.blobSha) : f.blobSha,
        ...(f.previousBlobSha && f.status !== "added" ? { originalObjectId: f.previousBlobSha } : {}),
        gitObjectType: "blob",
        commitId: c.sha,
        path: `/${f.path}`,
        // A deleted file has no content at this commit, so no item URL.
        ...(f.status === "removed" ? {} : { url: itemUrl(ado, repo, f.path, c.sha) }),
      },
      changeType: f.status === "added" ? "add" : f.status === "removed" ? "delete" : "edit",
    })),
  };
}

/** Commit lists in both paging vocabularies: `$top`/`$skip`, and the `searchCriteria.$top`/`$skip` the SDK sends. */
function* commitList(
  ado: AdoContext,
  p: Pagination,
  path: string,
  commits: Commit[],
  repo: Repo,
  filters: Array<[string, string]>,
): Generator<Resource> {
  const items = commits.map((c) => commitRef(ado, repo, c));
  yield* valueList(p, path, items, filters);
  for (const size of SEARCH_CRITERIA_TOPS) {
    const last = Math.ceil(items.length / size);
    for (let n = 1; n <= Math.max(1, last + (items.length > 0 && items.length % size === 0 ? 1 : 0)); n++) {
      // The first page at the default size is the list's own key (both defaults are dropped).
      if (size === p.defaultSize && n === 1) continue;
      const page = items.slice((n - 1) * size, n * size);
      const query = { ...Object.fromEntries(filters), "searchCriteria.$top": String(size), "searchCriteria.$skip": String((n - 1) * size) };
      yield { path, query, body: { count: page.length, value: page } };
    }
  }
}

/** A branch's GitRef, as `refs?filter=heads/{name}` lists it; its creator is who opened its pull request, else the team lead. */
export function branchRef(ado: AdoContext, repo: Repo, name: string, sha: string): JsonValue {
  const pr = repo.pulls.find((x) => x.headBranch === name);
  return {
    name: `refs/heads/${name}`,
    objectId: sha,
    creator: ado.identity(ado.person(pr?.authorId ?? ado.teamOf(repo).adminIds[0]!)),
    url: `${ado.repoUrl(repo)}/refs?filter=${encodeURIComponent(`heads/${name}`)}`,
  };
}

function* repoResources(ado: AdoContext, p: Pagination, repo: Repo): Generator<Resource> {
  const base = ado.repoPath(repo);
  const url = ado.repoUrl(repo);
  yield { path: base, body: repository(ado, repo, true) };
  const bySha = commitIndex(ado, repo);

  // Refs: every branch, under the filters clients use (`heads/`, and one branch).
  const refs = repo.branches.map((b) => branchRef(ado, repo, b.name, b.headSha));
  // Tags: each release's tag, lightweight as the releases made them (objectId is the commit, so
  // `peelTags=true` adds no peeledObjectId), after the branches in ref-name order.
  const releases = [...repo.releases].sort((a, b) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
  const tags = releases.map((r) => ({
    name: `refs/tags/${r.tag}`,
    objectId: r.targetSha,
    creator: ado.identity(ado.person(r.authorId)),
    url: `${url}/refs?filter=${encodeURIComponent(`tags/${r.tag}`)}`,
  }));
  yield* valueList(p, `${base}/refs`, [...refs, ...tags]);
  for (const filter of ["heads/", "heads"]) yield* valueList(p, `${base}/refs`, refs, [["filter", filter]]);
  for (const [i, b] of repo.branches.entries()) yield* valueList(p, `${base}/refs`, [refs[i]!], [["filter", `heads/${b.name}`]]);
  for (const filter of ["tags/", "tags"]) yield* valueList(p, `${base}/refs`, tags, [["filter", filter]]);
  for (const [i, r] of releases.entries()) yield* valueList(p, `${base}/refs`, [tags[i]!], [["filter", `tags/${r.tag}`]]);

  // Branch statistics against the default branch.
  const main = repo.branches.find((b) => b.name === repo.defaultBranch)!;
  const mainHistory = history(ado, repo, main.headSha);
  const mainShas = new Set(mainHistory.map((c) => c.sha));
  const stats = repo.branches.map((b) => {
    const own = history(ado, repo, b.headSha);
    const ahead = own.filter((c) => !mainShas.has(c.sha)).length;
    const forkPoint = own.find((c) => mainShas.has(c.sha));
    const behind = forkPoint ? mainHistory.findIndex((c) => c.sha === forkPoint.sha) : 0;
    const head = bySha.get(b.headSha)!;
    return {
      commit: { ...(commitRef(ado, repo, head) as object), treeId: head.treeSha, parents: head.parents } as JsonValue,
      name: b.name,
      aheadCount: ahead,
      behindCount: behind,
      isBaseVersion: b.name === repo.defaultBranch,
    };
  });
  yield* valueList(p, `${base}/stats/branches`, stats);
  for (const s of stats) yield { path: `${base}/stats/branches`, query: { name: s.name }, body: s };

  // Commits: each branch's history; the default branch's by author (email and display name).
  for (const b of repo.branches) {
    const commits = history(ado, repo, b.headSha);
    const filters: Array<[string, string]> = b.name === repo.defaultBranch ? [] : [["searchCriteria.itemVersion.version", b.name]];
    yield* commitList(ado, p, `${base}/commits`, commits, repo, filters);
    if (b.name !== repo.defaultBranch) continue;
    const authors = [...new Set(commits.map((c) => c.authorId))].sort((x, y) => x - y);
    for (const a of authors) {
      const mine = commits.filter((c) => c.authorId === a);
      const person = ado.person(a);
      for (const name of [person.email, person.name])
        yield* commitList(ado, p, `${base}/commits`, mine, repo, [["searchCriteria.author", name]]);
    }
  }
  for (const c of bySha.values()) {
    yield { path: `${base}/commits/${c.sha}`, body: gitCommit(ado, repo, c) };
    yield { path: `${base}/commits/${c.sha}/changes`, body: commitChanges(ado, repo, c) };
  }
}
