import { gitRepository, repoRefs } from "../../core/git-http.js";
import type { JsonValue, Resource } from "../../core/provider.js";
import type { TreeEntry } from "../../world/git.js";
import type { Repo } from "../../world/types.js";
import type { AdoContext } from "./context.js";
import { commitIndex } from "./git.js";

/**
 * Generation 5: repository files. Static: trees (`trees/{sha}`, and `?recursive=true` for each
 * branch head's root tree), blobs (`blobs/{sha}`, GitBlobRef), and items in the route form with their
 * content: `items/{path}` at the default branch's head and `items/{path}?version={sha}` at every commit
 * that changed the file (the URLs commit changes link to). The query form the SDK uses (`items?path=…`,
 * `scopePath` + `recursionLevel`, `includeContent`, `$format`, Accept) is a computed handler
 * (handlers.ts) over these files, because getItem, getItemContent and getItemText differ only by Accept.
 * Raw bytes are never stored as such: every served file is JSON, and raw answers are cut from `content`.
 */
function entry(ado: AdoContext, repo: Repo, e: TreeEntry, relativePath: string): JsonValue {
  const kind = e.type === "tree" ? "trees" : "blobs";
  return {
    objectId: e.sha,
    relativePath,
    mode: e.mode === "040000" ? "40000" : e.mode,
    gitObjectType: e.type,
    url: `${ado.repoUrl(repo)}/${kind}/${e.sha}`,
    ...(e.type === "blob" ? { size: e.size ?? 0 } : {}),
  };
}

function tree(ado: AdoContext, repo: Repo, sha: string, recursive: boolean): JsonValue {
  const url = `${ado.repoUrl(repo)}/trees/${sha}`;
  const entries = recursive
    ? [...repo.objects.walk(sha)].map(([path, e]) => entry(ado, repo, e, path))
    : (repo.objects.trees.get(sha) ?? []).map((e) => entry(ado, repo, e, e.name));
  return {
    objectId: sha,
    url,
    treeEntries: entries,
    size: entries.length,
    _links: { self: { href: url }, repository: { href: ado.repoUrl(repo) } },
  };
}

export function itemPath(path: string): string {
  return path.split("/").map(encodeURIComponent).join("/");
}

/** GitItem with its content, as `items/{path}` answers with `includeContent=true`. */
function fileItem(ado: AdoContext, repo: Repo, path: string, blobSha: string, commitId: string, version: string | undefined): JsonValue {
  const query =
    version === undefined
      ? `versionType=Branch&version=${repo.defaultBranch}&versionOptions=None`
      : `versionType=Commit&version=${version}&versionOptions=None`;
  return {
    objectId: blobSha,
    gitObjectType: "blob",
    commitId,
    path: `/${path}`,
    content: repo.objects.blobs.get(blobSha)!.toString("utf8"),
    url: `${ado.repoUrl(repo)}/items/${itemPath(path)}?${query}`,
  };
}

export function* fileResources(ado: AdoContext): Generator<Resource> {
  for (const repo of [...ado.world.repos].sort((a, b) => a.id - b.id)) {
    const base = ado.repoPath(repo);
    const commits = commitIndex(ado, repo);
    // Recursive listings for the branch heads' root trees, as clients ask getTree(…, recursive) of a head.
    const rootTrees = new Set(repo.branches.map((b) => repo.objects.commits.get(b.headSha)!.tree));
    for (const sha of [...repo.objects.trees.keys()].sort()) {
      yield { path: `${base}/trees/${sha}`, body: tree(ado, repo, sha, false) };
      if (rootTrees.has(sha)) yield { path: `${base}/trees/${sha}`, query: { recursive: "true" }, body: tree(ado, repo, sha, true) };
    }
    for (const sha of [...repo.objects.blobs.keys()].sort()) {
      const url = `${ado.repoUrl(repo)}/blobs/${sha}`;
      yield {
        path: `${base}/blobs/${sha}`,
        body: {
          objectId: sha,
          size: repo.objects.blobs.byteLength(sha)!,
          url,
          _links: { self: { href: url }, repository: { href: ado.repoUrl(repo) } },
        },
      };
    }
    const head = repo.branches.find((b) => b.name === repo.defaultBranch)!.headSha;
    for (const [path, e] of repo.objects.walk(repo.objects.commits.get(head)!.tree)) {
      if (e.type === "blob") yield { path: `${base}/items/${path}`, body: fileItem(ado, repo, path, e.sha, head, undefined) };
    }
    for (const c of commits.values()) {
      for (const f of c.files) {
        if (f.status !== "removed")
          yield { path: `${base}/items/${f.path}`, query: { version: c.sha }, body: fileItem(ado, repo, f.path, f.blobSha, c.sha, c.sha) };
      }
    }
    // `remoteUrl` serves the repository itself, over git's dumb HTTP protocol.
    yield* gitRepository(ado.clonePath(repo), repo.objects, repoRefs(repo));
  }
}
