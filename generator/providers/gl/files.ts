import { createHash } from "node:crypto";
import type { JsonObject, ComputeHandler, ComputeInput } from "../../core/provider.js";
import type { TreeEntry } from "../../world/git.js";
import type { Repo } from "../../world/types.js";
import type { GlContext } from "./context.js";
import { blobNotFound, fileNotFound } from "./errors.js";
import type { ComputedRoute } from "../../core/define-provider.js";

/** A file path as one path segment of a resource key: GitLab takes it URL-encoded (`src%2Fmain.ts`). */
export function fileSegment(path: string): string {
  return path.replace(/%/g, "%25").replace(/\//g, "%2F");
}

function entry(e: TreeEntry, path: string): JsonObject {
  return { id: e.sha, name: e.name, type: e.type, path, mode: e.type === "tree" ? "040000" : e.mode };
}

/**
 * `GET /projects/:id/repository/tree`: a directory's entries, or with `recursive=true` every entry below
 * it. GitLab lists trees first, then blobs (`Tree#sorted_entries`), each in git's order.
 */
export function treeEntries(repo: Repo, treeSha: string, prefix: string, recursive: boolean): JsonObject[] {
  const all: Array<[string, TreeEntry]> = recursive
    ? [...repo.objects.walk(treeSha, prefix)]
    : (repo.objects.trees.get(treeSha) ?? []).map((e) => [`${prefix}${e.name}`, e]);
  return [...all.filter(([, e]) => e.type === "tree"), ...all.filter(([, e]) => e.type === "blob")].map(([p, e]) => entry(e, p));
}

/** The commit that last changed a path, walking first parents from a head. */
export function lastCommitFor(gl: GlContext, repo: Repo, head: string, path: string): string {
  const commits = gl.commits(repo);
  for (let c = commits.get(head); c; c = c.parents[0] ? commits.get(c.parents[0]) : undefined) {
    if (c.files.some((f) => f.path === path)) return c.sha;
  }
  // The initial commit's files may not be listed as changes: it added everything.
  return repo.mainCommits[0]!.sha;
}

/** `GET /projects/:id/repository/files/:file_path?ref=` — the file and its bytes, base64. */
export function fileObject(
  gl: GlContext,
  repo: Repo,
  path: string,
  blobSha: string,
  ref: string,
  commitSha: string,
): { body: JsonObject; headers: Record<string, string> } {
  const bytes = repo.objects.blobs.get(blobSha)!;
  const meta = {
    file_name: path.split("/").pop()!,
    file_path: path,
    size: bytes.length,
    encoding: "base64",
    content_sha256: createHash("sha256").update(bytes).digest("hex"),
    ref,
    blob_id: blobSha,
    commit_id: commitSha,
    last_commit_id: lastCommitFor(gl, repo, commitSha, path),
    execute_filemode: false,
  };
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(meta)) headers[`x-gitlab-${k.replace(/_/g, "-")}`] = String(v);
  return { body: { ...meta, content: bytes.toString("base64") }, headers };
}

/** `GET /projects/:id/repository/blobs/:sha`. */
export function blobObject(repo: Repo, sha: string): JsonObject {
  const bytes = repo.objects.blobs.get(sha)!;
  return { size: bytes.length, encoding: "base64", content: bytes.toString("base64"), sha };
}

const TEXT = "text/plain; charset=utf-8";

function notFound(doc: typeof fileNotFound) {
  return { status: doc.status, headers: { "content-type": "application/json" }, body: JSON.stringify(doc.body) };
}

function decoded(json: string): Buffer {
  return Buffer.from((JSON.parse(json) as { content: string }).content, "base64");
}

/**
 * `Content-Disposition` as GitLab's API writes it for a blob (API::Helpers#send_git_blob, Rails'
 * ContentDisposition.format): `inline`, then the name twice, a quoted ASCII form and RFC 5987's UTF-8
 * form, each with its own set of characters percent-escaped (names here are ASCII; Rails transliterates
 * others in the quoted form first). A blob read by SHA has no name: `inline`.
 */
export function inlineDisposition(name: string | undefined): string {
  if (name === undefined) return "inline";
  const escape = (s: string, keep: RegExp) =>
    [...s]
      .map((ch) =>
        keep.test(ch) ? ch : [...Buffer.from(ch, "utf8")].map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join(""),
      )
      .join("");
  return `inline; filename="${escape(name, /[ A-Za-z0-9!#$+.^_`|~-]/)}"; filename*=UTF-8''${escape(name, /[A-Za-z0-9!#$&+.^_`|~-]/)}`;
}

/**
 * The raw endpoints answer with a file's bytes, which the JSON resource of the same file already holds:
 * they are read from it and decoded, so each file is stored once. `ref` defaults to the default branch.
 */
const rawFile: ComputeHandler = async (input: ComputeInput) => {
  const ref = input.query.find(([k]) => k === "ref")?.[1] || "main";
  const key = `${input.path.replace(/\/raw$/, "")}?ref=${encodeURIComponent(ref)}`;
  const text = await input.read(key);
  if (text === undefined) return notFound(fileNotFound);
  const meta = JSON.parse(text) as Record<string, unknown>;
  const headers: Record<string, string> = { "content-type": TEXT, "content-disposition": inlineDisposition(String(meta.file_name)) };
  for (const [k, v] of Object.entries(meta)) if (k !== "content") headers[`x-gitlab-${k.replace(/_/g, "-")}`] = String(v);
  return { status: 200, headers, body: decoded(text) };
};

const rawBlob: ComputeHandler = async (input: ComputeInput) => {
  const text = await input.read(input.path.replace(/\/raw$/, ""));
  if (text === undefined) return notFound(blobNotFound);
  return { status: 200, headers: { "content-type": TEXT, "content-disposition": inlineDisposition(undefined) }, body: decoded(text) };
};

export const fileRoutes: ComputedRoute[] = ["GET", "HEAD"].flatMap((method) => [
  { method, path: "^api/v4/projects/\\d+/repository/files/[^/]+/raw$", handler: "raw-file", run: rawFile },
  { method, path: "^api/v4/projects/\\d+/repository/blobs/[0-9a-f]{40}/raw$", handler: "raw-blob", run: rawBlob },
]);
