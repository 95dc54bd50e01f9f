import { createHash, hash as oneShotHash } from "node:crypto";
import { extname } from "node:path";
import { isRaw, type Resource, type ServingProfile } from "../core/provider.js";
import { canonicalQuery, resourceKey } from "../core/query.js";
import { listProfile } from "../core/lists/engine.js";
import { CollisionError, EmitError, fileForKey } from "./files.js";
import { LISTS_FILE, MANIFEST_FILE, META_DIR, ROUTES_FILE, SERVING_FILE, type ListRecord } from "../format/dist.js";
import { hasLongArray, jsonPieces } from "./json-pieces.js";
import { flatString, isArrayIndex, RouteTable, type SortedRoute } from "./route-table.js";

export { META_DIR, type ListRecord, type RouteRecord } from "../format/dist.js";
import type { Sink } from "./sink.js";

export interface PinBuild {
  pin: string;
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

/** What is kept of a pin once it is written: its hashes and counts. */
export type PinSummary = Omit<PinBuild, "serving">;

export function summarize({ serving: _serving, ...summary }: PinBuild): PinSummary {
  return summary;
}

/** Bodies serialized between two progress calls at most (see emitPin). */
const PULSE_BYTES = 16 * 1024 * 1024;

/** What is being emitted: a pin, or the catalog site. URLs in its resources start with `origin`. */
export interface EmitTarget {
  name: string;
  origin: string;
}

/**
 * Serializes every resource, records its route, and writes it through the sink. Bytes are hashed in
 * their canonical form (URLs under `ctx.origin`); the sink receives them with `publicOrigin` instead.
 * `onProgress` is called with the routes so far every 500 routes or 16 MiB of bodies, and again with the
 * total as the index files stream out: the build checks its heap budget there (core/heap-budget.ts), and writing the index
 * of a large pin makes as much garbage as its resources did.
 */
export function emitPin(
  resources: Iterable<Resource>,
  serving: ServingProfile,
  ctx: EmitTarget,
  sink: Sink,
  publicOrigin: string,
  onProgress?: (files: number) => void,
  tuning: { routeRunBytes?: number } = {},
): PinBuild {
  // The routes go to a table that spills to the sink's scratch folder: a pin's size does not set the
  // build's memory. What stays in memory is one entry per distinct body (to share identical ones) and
  // the lists' page files.
  const routes = new RouteTable(sink.scratch, tuning.routeRunBytes);
  const lists = new Map<string, ListRecord>();
  const written = new Map<string, string>();
  // Text as written: its bytes, with the public origin in place of the canonical one.
  const publicBytes =
    publicOrigin === ctx.origin
      ? (text: string) => Buffer.from(text, "utf8")
      : (text: string) => Buffer.from(text.replaceAll(ctx.origin, publicOrigin), "utf8");
  let bytes = 0;
  let bodyBytes = 0;
  const pulse = () => onProgress?.(routes.size);
  try {
    for (const resource of resources) {
      const pairs = Object.entries(resource.query ?? {}).flatMap(([k, v]) =>
        Array.isArray(v) ? v.map((x): [string, string] => [k, x]) : [[k, v] as [string, string]],
      );
      const query = canonicalQuery(pairs, serving.query, resource.path);
      const key = resourceKey(resource.path, query);
      const contentType = isRaw(resource.body) ? resource.body.contentType : undefined;
      // Two routes collide only when they have the same key (a file name is its key's path and query,
      // and the extension its type gives): the merge of the route table finds them, in key order.
      const file = fileForKey(key, contentType);
      const headers = { ...(contentType ? { "content-type": contentType } : {}), ...(resource.headers ?? {}) };
      // A body of thousands of items is serialized in chunks, once for its hash and again, if its file is
      // new, for the write: whole, it would be a string of tens of MB, its bytes and their rewritten copy.
      const long = !contentType && hasLongArray(resource.body);
      // Text is hashed as it is (the hash encodes it as it reads it) and made bytes, with the public origin,
      // only when its file is new: a quarter of the routes share their body with an earlier one.
      const text = long ? undefined : serialize(resource.body);
      // The one-shot hash: a Hash object per route costs about as much again as the hashing itself.
      const digest = text === undefined ? hashInChunks(resource.body, pulse) : oneShotHash("sha256", text, "buffer");
      const hash = digest.toString("hex");
      // Identical bodies (a one-page list at both page sizes, a commit by branch name and by SHA) are
      // written once; each route keeps its own key and headers and points at the shared file.
      // Keyed by the digest's 32 bytes as a one-byte string (half the hex's memory) alone for JSON (nearly
      // every body), and with the extension for the rest.
      const sharing = file.endsWith(".json") ? digest.toString("latin1") : `${digest.toString("latin1")}${extname(file)}`;
      const shared = written.get(sharing);
      // One flat string per distinct file, shared by the index and the lists' records.
      const stored = shared ?? flatString(file);
      routes.add(key, {
        file: stored,
        status: resource.status ?? 200,
        headers,
        sha256: hash,
        ...(resource.list ? { list: resource.list } : {}),
      });
      if (resource.list) recordPage(lists, serving, resource, pairs, key, stored);
      if (shared === undefined) {
        written.set(sharing, stored);
        if (typeof text === "string") {
          const out = publicBytes(text);
          // Counted before the write: the sink may take the bytes made here to its writer thread, leaving
          // `out` empty.
          bytes += out.length;
          sink.write(file, out, true);
        } else if (text) {
          // A provider's raw bytes are its own, and stay so.
          bytes += text.length;
          sink.write(file, text, false);
        } else {
          sink.writeChunks(
            file,
            counted(inChunks(jsonPieces(resource.body), pulse, publicBytes), (n) => (bytes += n)),
          );
        }
      }
      // Every 500 routes, and after every 16 MiB of bodies: a page of thousands of builds is tens of MB
      // as text and several times that as the objects it was made from.
      bodyBytes += text?.length ?? 0;
      if (onProgress && (routes.size % 500 === 0 || bodyBytes >= PULSE_BYTES)) {
        onProgress(routes.size);
        bodyBytes = 0;
      }
    }
    const distinct = written.size;
    const { treeHash, families } = writeMetaFiles(ctx.name, routes, written, lists, serving, sink, publicBytes, pulse);
    sink.commit();
    return { pin: ctx.name, serving, treeHash, families, files: routes.size, written: distinct, bytes };
  } catch (error) {
    sink.abort();
    throw error;
  } finally {
    routes.dispose();
  }
}

/**
 * Adds one pre-rendered page to its list's record; pages of a larger size replace those of a smaller one.
 * `file` is already flat (the emitter's own copy).
 */
function recordPage(
  lists: Map<string, ListRecord>,
  serving: ServingProfile,
  resource: Resource,
  pairs: Array<[string, string]>,
  key: string,
  file: string,
): void {
  const found = listProfile(serving, resource.path);
  if (!found) return;
  const { paging } = found;
  const size = Number(pairs.find(([k]) => k === paging.sizeParam)?.[1] ?? paging.defaultSize);
  const listKey = resourceKey(
    resource.path,
    canonicalQuery(
      pairs.filter(([k]) => k !== paging.sizeParam && k !== paging.pageParam),
      serving.query,
      resource.path,
    ),
  );
  const record = lists.get(listKey);
  // Flat strings: a list's record outlives the strings its key and file were cut from.
  if (!record || size > record.size) {
    lists.set(listKey, {
      first: flatString(key),
      files: [file],
      size,
      total: resource.list!.total,
      ...(resource.list!.envelope ? { envelope: resource.list!.envelope } : {}),
    });
  } else if (size === record.size) record.files.push(file);
}

/** The sha256 of a body's JSON, made chunk by chunk (see jsonPieces). */
function hashInChunks(body: Resource["body"], pulse: () => void): Buffer {
  const hash = createHash("sha256");
  for (const chunk of inChunks(jsonPieces(body), pulse)) hash.update(chunk);
  return hash.digest();
}

/** The chunks as they pass, each one's size told to `count`. */
function* counted(chunks: Iterable<Buffer>, count: (bytes: number) => void): Generator<Buffer> {
  for (const chunk of chunks) {
    count(chunk.length);
    yield chunk;
  }
}

/** JSON and text as a string (URLs in it get the public origin), binary as bytes (left alone). */
function serialize(body: Resource["body"]): string | Buffer {
  if (isRaw(body)) return body.raw;
  if (body === undefined) throw new EmitError("a resource has no body");
  return JSON.stringify(body);
}

export function sha256(bytes: Buffer | string): string {
  return oneShotHash("sha256", bytes, "hex");
}

/**
 * The tree hash covers each route's key, status, headers and body hash, and the serving profile: every
 * byte a client can observe. Route families group keys by their first four path segments.
 *
 * routes.json is written as the sorted routes stream by, in chunks of whole entries (an origin to rewrite
 * lies inside one entry's headers, never across two); its bytes are what `JSON.stringify` gives the
 * object of every route.
 */
function writeMetaFiles(
  pin: string,
  routes: RouteTable,
  written: Map<string, string>,
  lists: Map<string, ListRecord>,
  serving: ServingProfile,
  sink: Sink,
  publicBytes: (text: string) => Buffer,
  pulse: () => void,
) {
  // What the route index does not need goes first, and is dropped, so the merge below (the pin's last
  // peak of memory) runs beside as little as it can: the lists' records are written out, and the index of
  // distinct files becomes its entries sorted by file name, for the manifest, without the map.
  sink.writeChunks(`${META_DIR}/${LISTS_FILE}`, inChunks(listsJson(lists), pulse));
  lists.clear();
  const files = [...written].sort(([, a], [, b]) => (a < b ? -1 : a > b ? 1 : 0));
  written.clear();
  pulse();
  const tree = createHash("sha256");
  const familyHashes = new Map<string, ReturnType<typeof createHash>>();
  const servingJson = JSON.stringify(serving);
  tree.update(`serving\t${sha256(servingJson)}\n`);
  let previous: SortedRoute | undefined;
  const entry = (r: SortedRoute) =>
    `${r.keyJson}:{"file":${r.fileJson},"status":${r.status},"headers":${r.headersJson},` +
    `"etag":"${r.sha256.slice(0, 24)}"${r.listJson ? `,"list":${r.listJson}` : ""}}`;
  const indexRoutes = routes.arrayIndexRoutes();
  function* routesJson(): Generator<string> {
    yield "{";
    let first = true;
    const add = (r: SortedRoute) => {
      const piece = first ? entry(r) : `,${entry(r)}`;
      first = false;
      return piece;
    };
    // An object's array-index keys come first, in numeric order; every other key in insertion (here: sorted) order.
    for (const r of indexRoutes) yield add(r);
    for (const r of routes.sorted()) {
      if (previous?.key === r.key) throw new CollisionError(r.key, r.key, JSON.parse(r.fileJson) as string);
      previous = r;
      const line = `${r.key}\t${r.status}\t${r.headersJson}\t${r.sha256}\n`;
      tree.update(line);
      const family = familyOf(r.key);
      let familyHash = familyHashes.get(family);
      if (!familyHash) familyHashes.set(family, (familyHash = createHash("sha256")));
      familyHash.update(line);
      if (indexRoutes.length && indexRoutes.some((i) => i.key === r.key)) continue;
      yield add(r);
    }
    yield "}";
    complete = true;
  }
  let complete = false;
  // Each chunk ends between two entries, so an origin to rewrite is never cut in two.
  sink.writeChunks(`${META_DIR}/${ROUTES_FILE}`, inChunks(routesJson(), pulse, publicBytes));
  // The tree hash is made as the index streams by: a sink that stopped reading would leave it short.
  if (!complete) throw new EmitError("the sink did not consume the route index");
  const treeHash = `sha256:${tree.digest("hex")}`;
  const families = Object.fromEntries([...familyHashes].map(([f, h]) => [f, h.digest("hex").slice(0, 16)]));
  sink.write(`${META_DIR}/${SERVING_FILE}`, publicBytes(servingJson), true);
  // Every distinct file with its body's hash, by file name: as `JSON.stringify(…, null, 1)` lays it out.
  // Each hash is spelled out in hex only as its line is written.
  function* manifest(): Generator<string> {
    yield `{\n "pin": ${JSON.stringify(pin)},\n "tree_hash": ${JSON.stringify(treeHash)},\n "files": {`;
    for (const [i, [sharing, file]] of files.entries())
      yield `${i ? "," : ""}\n  ${JSON.stringify(file)}: "${Buffer.from(sharing.slice(0, 32), "latin1").toString("hex")}"`;
    yield `${files.length ? "\n }" : "}"}\n}`;
  }
  sink.writeChunks(`${META_DIR}/${MANIFEST_FILE}`, inChunks(manifest(), pulse));
  return { treeHash, families };
}

/**
 * lists.json as pieces: the bytes `JSON.stringify` gives the object of every list by key, sorted (an
 * object puts its array-index keys first, in numeric order), without that whole string in memory.
 */
function* listsJson(lists: Map<string, ListRecord>): Generator<string> {
  const keys = [...lists.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const indexKeys = keys.filter(isArrayIndex).sort((a, b) => Number(a) - Number(b));
  let first = true;
  yield "{";
  for (const key of [...indexKeys, ...(indexKeys.length ? keys.filter((k) => !isArrayIndex(k)) : keys)]) {
    yield `${first ? "" : ","}${JSON.stringify(key)}:${JSON.stringify(lists.get(key))}`;
    first = false;
  }
  yield "}";
}

/**
 * Pieces of text gathered into chunks of about 1 MiB, each encoded once full, so an index file is never
 * whole in memory; `pulse` after each full chunk (the heap budget's check). A chunk ends between pieces.
 */
function* inChunks(
  pieces: Iterable<string>,
  pulse: () => void,
  encode: (text: string) => Buffer = (text) => Buffer.from(text, "utf8"),
): Generator<Buffer> {
  let chunk = "";
  for (const piece of pieces) {
    chunk += piece;
    if (chunk.length >= 1024 * 1024) {
      yield encode(chunk);
      chunk = "";
      pulse();
    }
  }
  yield encode(chunk);
}

export function familyOf(key: string): string {
  const segments = key.split("?")[0]!.split("/");
  // A repository served over git (core/git-http.ts: `<name>.git/…`, `_git/<name>/…`) is one family, not
  // one per object folder.
  const repo = segments.findIndex((s, i) => s.endsWith(".git") || segments[i - 1] === "_git");
  return segments.slice(0, repo >= 0 && repo < 4 ? repo + 1 : 4).join("/");
}
