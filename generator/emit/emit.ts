import { createHash } from "node:crypto";
import { extname } from "node:path";
import { isRaw, type Resource, type ServingProfile } from "../core/provider.js";
import { canonicalQuery, resourceKey } from "../core/query.js";
import { listProfile } from "../core/lists/engine.js";
import { CollisionError, EmitError, fileForKey } from "./files.js";
import { LISTS_FILE, MANIFEST_FILE, META_DIR, ROUTES_FILE, SERVING_FILE, type ListRecord, type RouteRecord } from "./format.js";

export { META_DIR, type ListRecord, type RouteRecord } from "./format.js";
import type { Sink } from "./sink.js";

export interface PinBuild {
  pin: string;
  routes: Map<string, RouteRecord>;
  serving: ServingProfile;
  treeHash: string;
  /** sha256 per route family (see familyOf), for readable lock diffs. */
  families: Record<string, string>;
  /** Routes (resources) served. */
  files: number;
  /** Distinct files written for them (identical bodies share one), and their bytes. */
  written: number;
  bytes: number;
}

/** What is being emitted: a pin, or the catalog site. URLs in its resources start with `origin`. */
export interface EmitTarget {
  name: string;
  origin: string;
}

/**
 * Serializes every resource, records its route, and writes it through the sink. Bytes are hashed in
 * their canonical form (URLs under `ctx.origin`); the sink receives them with `publicOrigin` instead.
 */
export function emitPin(resources: Iterable<Resource>, serving: ServingProfile, ctx: EmitTarget, sink: Sink, publicOrigin: string, onProgress?: (files: number) => void): PinBuild {
  const routes = new Map<string, RouteRecord>();
  const lists = new Map<string, ListRecord>();
  const owners = new Map<string, string>();
  const written = new Map<string, string>();
  const from = Buffer.from(ctx.origin, "utf8");
  const to = Buffer.from(publicOrigin, "utf8");
  const rewrite = publicOrigin === ctx.origin ? (b: Buffer) => b : (b: Buffer) => replaceBytes(b, from, to);
  let bytes = 0;
  try {
    for (const resource of resources) {
      const pairs = Object.entries(resource.query ?? {}).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x): [string, string] => [k, x]) : [[k, v] as [string, string]]));
      const query = canonicalQuery(pairs, serving.query, resource.path);
      const key = resourceKey(resource.path, query);
      const contentType = isRaw(resource.body) ? resource.body.contentType : undefined;
      const file = fileForKey(key, contentType);
      const previous = routes.has(key) ? key : owners.get(file);
      if (previous !== undefined) throw new CollisionError(previous, key, file);
      owners.set(file, key);
      // Text is encoded once, here: the hash, the size, the origin rewrite and the write all take those
      // bytes (hashing a string encodes it again, and a string posted to the writer thread is copied).
      const text = serialize(resource.body);
      const canonical = typeof text === "string" ? Buffer.from(text, "utf8") : text;
      const headers = { ...(contentType ? { "content-type": contentType } : {}), ...(resource.headers ?? {}) };
      const hash = sha256(canonical);
      const size = canonical.length;
      // Identical bodies (a one-page list at both page sizes, a commit by branch name and by SHA) are
      // written once; each route keeps its own key and headers and points at the shared file.
      const shared = written.get(`${hash}${extname(file)}`);
      routes.set(key, { file: shared ?? file, status: resource.status ?? 200, headers, sha256: hash, bytes: size, ...(resource.list ? { list: resource.list } : {}) });
      if (resource.list) recordPage(lists, serving, resource, pairs, key, shared ?? file);
      if (shared === undefined) {
        written.set(`${hash}${extname(file)}`, file);
        const out = typeof text === "string" ? rewrite(canonical) : canonical;
        // Counted before the write: the sink may hand bytes made here to its writer thread, leaving `out`
        // empty. A provider's raw bytes are its own, and stay so.
        bytes += out.length;
        sink.write(file, out, out !== text);
      }
      if (onProgress && routes.size % 500 === 0) onProgress(routes.size);
    }
    const meta = metaFiles(ctx.name, routes, serving, rewrite);
    meta.files.push([LISTS_FILE, Buffer.from(JSON.stringify(Object.fromEntries([...lists].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))), "utf8")]);
    for (const [name, content] of meta.files) sink.write(`${META_DIR}/${name}`, content, true);
    sink.commit();
    return { pin: ctx.name, routes, serving, treeHash: meta.treeHash, families: meta.families, files: routes.size, written: written.size, bytes };
  } catch (error) {
    sink.abort();
    throw error;
  }
}

/** Adds one pre-rendered page to its list's record; pages of a larger size replace those of a smaller one. */
function recordPage(lists: Map<string, ListRecord>, serving: ServingProfile, resource: Resource, pairs: Array<[string, string]>, key: string, file: string): void {
  const found = listProfile(serving, resource.path);
  if (!found) return;
  const { paging } = found;
  const size = Number(pairs.find(([k]) => k === paging.sizeParam)?.[1] ?? paging.defaultSize);
  const listKey = resourceKey(resource.path, canonicalQuery(pairs.filter(([k]) => k !== paging.sizeParam && k !== paging.pageParam), serving.query, resource.path));
  const record = lists.get(listKey);
  if (!record || size > record.size) {
    lists.set(listKey, { first: key, files: [file], size, total: resource.list!.total, ...(resource.list!.envelope ? { envelope: resource.list!.envelope } : {}) });
  } else if (size === record.size) record.files.push(file);
}

/** JSON and text as a string (URLs in it get the public origin), binary as bytes (left alone). */
function serialize(body: Resource["body"]): string | Buffer {
  if (isRaw(body)) return body.raw;
  if (body === undefined) throw new EmitError("a resource has no body");
  return JSON.stringify(body);
}

/** `bytes` with every `from` replaced by `to` (UTF-8 sequences never match inside another character); `bytes` itself when none occurs. */
export function replaceBytes(bytes: Buffer, from: Buffer, to: Buffer): Buffer {
  let at = bytes.indexOf(from);
  if (at === -1) return bytes;
  const parts: Buffer[] = [];
  let start = 0;
  while (at !== -1) {
    parts.push(bytes.subarray(start, at), to);
    start = at + from.length;
    at = bytes.indexOf(from, start);
  }
  parts.push(bytes.subarray(start));
  return Buffer.concat(parts);
}

export function sha256(bytes: Buffer | string): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/**
 * The tree hash covers each route's key, status, headers and body hash, and the serving profile: every
 * byte a client can observe. Route families group keys by their first four path segments.
 */
function metaFiles(pin: string, routes: Map<string, RouteRecord>, serving: ServingProfile, rewrite: (b: Buffer) => Buffer) {
  const keys = [...routes.keys()].sort();
  const tree = createHash("sha256");
  const familyHashes = new Map<string, ReturnType<typeof createHash>>();
  const servingJson = JSON.stringify(serving);
  tree.update(`serving\t${sha256(servingJson)}\n`);
  for (const key of keys) {
    const r = routes.get(key)!;
    const line = `${key}\t${r.status}\t${JSON.stringify(r.headers)}\t${r.sha256}\n`;
    tree.update(line);
    const family = familyOf(key);
    if (!familyHashes.has(family)) familyHashes.set(family, createHash("sha256"));
    familyHashes.get(family)!.update(line);
  }
  const treeHash = `sha256:${tree.digest("hex")}`;
  const families = Object.fromEntries([...familyHashes].map(([f, h]) => [f, h.digest("hex").slice(0, 16)]));
  const routesJson = JSON.stringify(Object.fromEntries(keys.map((k) => {
    const r = routes.get(k)!;
    // The entity tag: the canonical body hash, so it is stable across rebuilds of the same bytes.
    return [k, { file: r.file, status: r.status, headers: r.headers, etag: r.sha256.slice(0, 24), ...(r.list ? { list: r.list } : {}) }];
  })));
  const files = [...new Map(keys.map((k) => [routes.get(k)!.file, routes.get(k)!.sha256]))].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const manifest = JSON.stringify({ pin, tree_hash: treeHash, files: Object.fromEntries(files) }, null, 1);
  return {
    treeHash, families,
    files: [
      [ROUTES_FILE, rewrite(Buffer.from(routesJson, "utf8"))],
      [SERVING_FILE, rewrite(Buffer.from(servingJson, "utf8"))],
      [MANIFEST_FILE, Buffer.from(manifest, "utf8")],
    ] as Array<[string, Buffer]>,
  };
}

export function familyOf(key: string): string {
  const segments = key.split("?")[0]!.split("/");
  // A repository served over git (core/git-http.ts: `<name>.git/…`, `_git/<name>/…`) is one family, not
  // one per object folder.
  const repo = segments.findIndex((s, i) => s.endsWith(".git") || segments[i - 1] === "_git");
  return segments.slice(0, repo >= 0 && repo < 4 ? repo + 1 : 4).join("/");
}
