import type { JsonObject } from "../../core/provider.js";
import { isoSeconds } from "../../world/clock.js";
import type { TreeEntry } from "../../world/git.js";
import type { Commit, Repo } from "../../world/types.js";
import { type GhContext, nodeId } from "./context.js";

/** GitHub wraps base64 content at 60 characters. */
export function base64Lines(bytes: Buffer): string {
  const b64 = bytes.toString("base64");
  let out = "";
  for (let i = 0; i < b64.length; i += 60) out += `${b64.slice(i, i + 60)}\n`;
  return out;
}

function encPath(path: string): string {
  return path.split("/").map(encodeURIComponent).join("/");
}

function contentLinks(gh: GhContext, repo: Repo, path: string, entry: TreeEntry, ref: string) {
  const self = `${gh.repoUrl(repo)}/contents/${encPath(path)}?ref=${ref}`;
  const git = `${gh.repoUrl(repo)}/git/${entry.type === "tree" ? "trees" : "blobs"}/${entry.sha}`;
  const html = `${gh.repoHtml(repo)}/${entry.type === "tree" ? "tree" : "blob"}/${ref}/${encPath(path)}`;
  return { self, git, html };
}

/** One entry of a directory listing from the contents API. */
export function contentEntry(gh: GhContext, repo: Repo, path: string, entry: TreeEntry, ref = repo.defaultBranch): JsonObject {
  const l = contentLinks(gh, repo, path, entry, ref);
  return {
    name: entry.name,
    path,
    sha: entry.sha,
    size: entry.size ?? 0,
    url: l.self,
    html_url: l.html,
    git_url: l.git,
    download_url:
      entry.type === "blob" ? `https://raw.github.${gh.pin.catalog.serviceDomain}/${gh.org}/${repo.name}/${ref}/${encPath(path)}` : null,
    type: entry.type === "tree" ? "dir" : "file",
    _links: { self: l.self, git: l.git, html: l.html },
  };
}

/** A file from the contents API, with its bytes base64-encoded. */
export function contentFile(gh: GhContext, repo: Repo, path: string, entry: TreeEntry, ref = repo.defaultBranch): JsonObject {
  const bytes = repo.objects.blobs.get(entry.sha)!;
  const { type: _type, _links, ...rest } = contentEntry(gh, repo, path, entry, ref);
  void _type;
  return { type: "file", encoding: "base64", ...rest, content: base64Lines(bytes), _links: _links ?? null };
}

export function treeObject(gh: GhContext, repo: Repo, sha: string, recursive: boolean): JsonObject {
  const u = gh.repoUrl(repo);
  const entries: Array<[string, TreeEntry]> = recursive
    ? [...repo.objects.walk(sha)]
    : (repo.objects.trees.get(sha) ?? []).map((e) => [e.name, e]);
  return {
    sha,
    url: `${u}/git/trees/${sha}`,
    tree: entries.map(([path, e]) => ({
      path,
      mode: e.mode === "040000" ? "040000" : e.mode,
      type: e.type,
      sha: e.sha,
      ...(e.type === "blob" ? { size: e.size ?? 0 } : {}),
      url: `${u}/git/${e.type === "tree" ? "trees" : "blobs"}/${e.sha}`,
    })),
    truncated: false,
  };
}

export function blobObject(gh: GhContext, repo: Repo, sha: string): JsonObject {
  const bytes = repo.objects.blobs.get(sha)!;
  return {
    sha,
    node_id: nodeId("B", sha),
    size: bytes.length,
    url: `${gh.repoUrl(repo)}/git/blobs/${sha}`,
    content: base64Lines(bytes),
    encoding: "base64",
  };
}

export function gitCommit(gh: GhContext, repo: Repo, c: Commit): JsonObject {
  const u = gh.repoUrl(repo);
  const who = (id: number | undefined, at: number) =>
    id === undefined
      ? { name: "GitHub", email: "noreply@github.com", date: isoSeconds(at) }
      : { name: gh.person(id).name, email: gh.person(id).email, date: isoSeconds(at) };
  return {
    sha: c.sha,
    node_id: nodeId("C", c.sha),
    url: `${u}/git/commits/${c.sha}`,
    html_url: `${gh.repoHtml(repo)}/commit/${c.sha}`,
    author: who(c.authorId, c.authoredAt),
    committer: who(c.committerId, c.committedAt),
    tree: { sha: c.treeSha, url: `${u}/git/trees/${c.treeSha}` },
    message: c.message,
    parents: c.parents.map((sha) => ({ sha, url: `${u}/git/commits/${sha}`, html_url: `${gh.repoHtml(repo)}/commit/${sha}` })),
    verification:
      c.committerId === undefined
        ? { verified: true, reason: "valid", signature: null, payload: null, verified_at: isoSeconds(c.committedAt) }
        : { verified: false, reason: "unsigned", signature: null, payload: null, verified_at: null },
  };
}

export function gitRef(gh: GhContext, repo: Repo, branch: string, sha: string): JsonObject {
  const u = gh.repoUrl(repo);
  return {
    ref: `refs/heads/${branch}`,
    node_id: nodeId("REF", `${repo.name}:${branch}`),
    url: `${u}/git/refs/heads/${branch}`,
    object: { type: "commit", sha, url: `${u}/git/commits/${sha}` },
  };
}
