import type { ObjectStore } from "../world/git.js";
import type { Repo } from "../world/types.js";
import type { Resource } from "./provider.js";

/**
 * A repository as git's dumb HTTP protocol reads it, so `git clone <the clone URL the API reported>`
 * works against a pin, from the local server, nginx or a bucket alike: every file is static.
 *
 * - `info/refs`: one `<sha>\t<ref>` line per branch and tag, sorted by name (what `git update-server-info`
 *   writes). git asks for `info/refs?service=git-upload-pack` first; the answer is not a smart
 *   advertisement, so it falls back to the dumb protocol, and the resolver ignores the parameter.
 * - `HEAD`: the default branch, as a symbolic ref.
 * - `objects/<2>/<38>`: every object of the repository, loose.
 * - `objects/info/packs`: empty, since there are no packs; a client that misses an object asks for it.
 *
 * Loose objects are zlib streams of stored (uncompressed) blocks: any zlib stream is valid to git, and
 * stored blocks give the same bytes on every machine, which zlib's compressors do not promise.
 */
export interface GitRefs {
  /** The branch HEAD names. */
  head: string;
  branches: ReadonlyArray<{ name: string; sha: string }>;
  /** Lightweight tags. */
  tags: ReadonlyArray<{ name: string; sha: string }>;
}

/** A world repository's refs: its branches, and its releases' tags (lightweight, on the release commit). */
export function repoRefs(repo: Repo): GitRefs {
  return {
    head: repo.defaultBranch,
    branches: repo.branches.map((b) => ({ name: b.name, sha: b.headSha })),
    tags: repo.releases.map((r) => ({ name: r.tag, sha: r.targetSha })),
  };
}

const TEXT = "text/plain; charset=utf-8";
const LOOSE = "application/x-git-loose-object";

/** The resources of one repository under `base` (a resource path such as `acme/api.git`). */
export function* gitRepository(base: string, objects: ObjectStore, refs: GitRefs): Generator<Resource> {
  const lines = [
    ...refs.branches.map((b) => [`refs/heads/${b.name}`, b.sha] as const),
    ...refs.tags.map((t) => [`refs/tags/${t.name}`, t.sha] as const),
  ].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  yield { path: `${base}/info/refs`, body: { raw: lines.map(([ref, sha]) => `${sha}\t${ref}\n`).join(""), contentType: TEXT } };
  yield { path: `${base}/HEAD`, body: { raw: `ref: refs/heads/${refs.head}\n`, contentType: TEXT } };
  yield { path: `${base}/objects/info/packs`, body: { raw: "", contentType: TEXT } };
  for (const sha of objects.ids()) {
    const { type, body } = objects.object(sha)!;
    const loose = Buffer.concat([Buffer.from(`${type} ${body.length}\0`), body]);
    yield { path: `${base}/objects/${sha.slice(0, 2)}/${sha.slice(2)}`, body: { raw: storedZlib(loose), contentType: LOOSE } };
  }
}

/** A zlib stream (RFC 1950) of stored deflate blocks (RFC 1951 §3.2.4): deterministic by construction. */
export function storedZlib(data: Buffer): Buffer {
  const MAX = 0xffff;
  const blocks = Math.max(1, Math.ceil(data.length / MAX));
  const out = Buffer.alloc(2 + blocks * 5 + data.length + 4);
  out[0] = 0x78; // deflate, 32 KiB window
  out[1] = 0x01; // no dictionary, fastest; (0x78 << 8 | 0x01) is a multiple of 31, as the header check asks
  let at = 2;
  for (let i = 0; i < blocks; i++) {
    const chunk = data.subarray(i * MAX, Math.min(data.length, (i + 1) * MAX));
    out[at] = i === blocks - 1 ? 1 : 0; // BFINAL on the last block, BTYPE 00 (stored)
    out.writeUInt16LE(chunk.length, at + 1);
    out.writeUInt16LE(~chunk.length & 0xffff, at + 3);
    chunk.copy(out, at + 5);
    at += 5 + chunk.length;
  }
  out.writeUInt32BE(adler32(data), at);
  return out;
}

function adler32(data: Buffer): number {
  let a = 1;
  let b = 0;
  for (let i = 0; i < data.length; i++) {
    a = (a + data[i]!) % 65521;
    b = (b + a) % 65521;
  }
  return ((b << 16) | a) >>> 0;
}
