import type { JsonObject, Resource } from "../../core/provider.js";
import type { TreeEntry } from "../../world/git.js";
import type { Repo } from "../../world/types.js";
import { commitRef } from "./commits.js";
import { type BbContext, encPath, href } from "./context.js";
import { bbList } from "./lists.js";

/** `src/{commit}/{path}` entries: `commit_file` and `commit_directory`, at the commit the listing was asked for. */
export function entry(bb: BbContext, repo: Repo, commit: string, path: string, e: TreeEntry): JsonObject {
  const src = `${bb.repoUrl(repo)}/src/${commit}/${encPath(path)}`;
  if (e.type === "tree") {
    return {
      path,
      type: "commit_directory",
      links: { self: href(`${src}/`), meta: href(`${src}/?format=meta`) },
      commit: commitRef(bb, repo, commit),
    };
  }
  return {
    path,
    commit: commitRef(bb, repo, commit),
    type: "commit_file",
    attributes: [],
    escaped_path: path,
    size: e.size ?? repo.objects.blobs.byteLength(e.sha)!,
    mimetype: null,
    links: {
      self: href(src),
      meta: href(`${src}?format=meta`),
      history: href(`${bb.repoUrl(repo)}/filehistory/${commit}/${encPath(path)}`),
    },
  };
}

/**
 * Generation 5: the source browser at the head of the default branch. A directory is a paginated listing
 * of its entries; a file is its raw bytes; `?format=meta` gives either's entry. `src` alone and
 * `src/{default branch}/…` are aliases of `src/{head sha}/…` (see the profile's aliases).
 */
export function* sourceResources(bb: BbContext, repo: Repo): Generator<Resource> {
  const head = repo.mainCommits.at(-1)!;
  const base = `${bb.repoPath(repo)}/src/${head.sha}`;
  const root = repo.objects.trees.get(head.treeSha)!;
  const listing = (path: string, entries: readonly TreeEntry[]) =>
    entries.map((e) => entry(bb, repo, head.sha, path ? `${path}/${e.name}` : e.name, e));
  yield* bbList(bb, base, listing("", root));
  yield {
    path: base,
    query: { format: "meta" },
    body: {
      path: "",
      type: "commit_directory",
      links: { self: href(`${bb.repoUrl(repo)}/src/${head.sha}/`), meta: href(`${bb.repoUrl(repo)}/src/${head.sha}/?format=meta`) },
      commit: commitRef(bb, repo, head.sha),
    },
  };
  for (const [path, e] of repo.objects.walk(head.treeSha)) {
    if (path.split("/").some((s) => s.includes("@") || s === "." || s === ".."))
      throw new Error(`${repo.name}: '${path}' cannot be served as a path`);
    const p = `${base}/${path}`;
    yield { path: p, query: { format: "meta" }, body: entry(bb, repo, head.sha, path, e) };
    if (e.type === "tree") yield* bbList(bb, p, listing(path, repo.objects.trees.get(e.sha)!));
    else yield { path: p, body: { raw: repo.objects.blobs.get(e.sha)!, contentType: "text/plain; charset=utf-8" } };
  }
}
