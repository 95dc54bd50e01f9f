import type { Resource } from "../../core/provider.js";
import type { Commit } from "../../world/code/types.js";
import type { Repo } from "../../world/types.js";
import type { BbContext } from "./context.js";
import { bbList } from "./lists.js";
import { entry } from "./source.js";

/**
 * `filehistory/{commit}/{path}` (generation 5): the commits that changed a file, newest first, each as the
 * file's `commit_file` entry at that commit, as Bitbucket lists them (the first-parent line, as the
 * branch's commits list walks it; the world renames no file, so following renames changes nothing).
 * Served from the default branch's head, which the source browser's `links.history` names, and from every
 * commit of the list, which each entry's own `links.history` names; each entry's `links.meta` is served too
 * (its `links.self`, the raw bytes at that commit, is a changed file: diffs.ts serves it).
 */
export function* fileHistoryResources(bb: BbContext, repo: Repo): Generator<Resource> {
  const head = repo.mainCommits.at(-1)!;
  const line = bb.history(repo, head.sha);
  const changes = new Map<string, Commit[]>();
  for (const c of line) for (const f of c.files) if (f.status !== "removed") changes.set(f.path, [...(changes.get(f.path) ?? []), c]);
  const root = line.at(-1)!;
  const base = bb.repoPath(repo);
  for (const [path, e] of repo.objects.walk(head.treeSha)) {
    if (e.type === "tree") continue;
    // A file of the first commit's tree that no later commit touched was added by that commit.
    const commits = changes.get(path) ?? [root];
    const entries = commits.map((c) => entry(bb, repo, c.sha, path, repo.objects.entryAt(c.treeSha, path)!));
    yield* bbList(bb, `${base}/filehistory/${head.sha}/${path}`, entries);
    for (const [i, c] of commits.entries()) {
      if (c.sha === head.sha) continue;
      yield* bbList(bb, `${base}/filehistory/${c.sha}/${path}`, entries.slice(i));
      yield { path: `${base}/src/${c.sha}/${path}`, query: { format: "meta" }, body: entries[i]! };
    }
  }
}
