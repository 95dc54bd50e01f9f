import { existsSync, readFileSync, realpathSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { extname, join } from "node:path";
import {
  CATALOG_FILE,
  LISTS_FILE,
  MANIFEST_FILE,
  META_DIR,
  ROUTES_FILE,
  SERVING_FILE,
  type CatalogIndex,
  type RouteRecord,
} from "../format/dist.js";
import { CURRENT_FILE, LIVE_DIR, type LiveCurrent } from "../format/live.js";
import { TYPE_BY_EXTENSION } from "../answer/headers.js";
import type { Bucket, ObjectMeta } from "./bucket.js";
import { CATALOG_KEY, LIVE_POINTER, META, liveFolder, pinFolder, pinPointerKey, routeObject, type PinPointer } from "../format/bucket.js";

export interface PublishOptions {
  dist: string;
  bucket: Bucket;
  /** Only these pins (the catalog site is `catalog`); default every pin built in dist/, and the catalog. */
  pins?: string[];
  /** Publish the live build serving in dist/ too (default: when there is one). */
  live?: boolean;
  /** Requests in flight at once (default 16). */
  concurrency?: number;
  /**
   * Live builds kept in the bucket after a switch (default 3): older ones are deleted, but never the one
   * serving nor the one before it, which a reader that looked at the pointer just before may still read.
   */
  keepLive?: number;
  /** Publish a tree whose URLs name a loopback host (tests only: nobody else can follow its links). */
  allowLocalOrigin?: boolean;
  log?: (line: string) => void;
}

export interface PublishReport {
  published: string[];
  skipped: string[];
  objects: { put: number; copied: number; present: number };
}

/** Pins are immutable: a year, and `immutable`. Live hosts change with every build. */
const CACHE = { pin: "public, max-age=31536000, immutable", live: "public, max-age=300", index: "no-cache" };
const JSON_TYPE = "application/json; charset=utf-8";

/**
 * `snapverse publish`: a built dist/ into a bucket, laid out as format/bucket.ts says. Each pin goes to a
 * folder of its own (named by its tree hash and origin) and becomes visible only when its pointer is
 * written, after every object of the folder is there and checked; live hosts switch together when
 * `live/current.json` is written, last. A pin whose pointer already names the same bytes is skipped, and
 * an interrupted run resumes: objects already in a folder are not sent again.
 */
export async function publish(options: PublishOptions): Promise<PublishReport> {
  const { dist, bucket } = options;
  const log = options.log ?? (() => undefined);
  const catalog = readJson<CatalogIndex>(join(dist, CATALOG_FILE));
  if (!catalog) throw new Error(`${dist} has no ${CATALOG_FILE}: build it first (snapverse build)`);
  const origin = catalog.origin ?? "";
  if (!options.allowLocalOrigin && isLocal(origin)) {
    throw new Error(
      `${dist} was built for ${origin || "an unknown origin"}: its links point at this machine. Build for the public origin first, e.g. ` +
        `snapverse build --origin 'https://{pin}.snap.${catalog.serviceDomain}'`,
    );
  }
  const report: PublishReport = { published: [], skipped: [], objects: { put: 0, copied: 0, present: 0 } };
  const sender = new Sender(bucket, options.concurrency ?? 16, report, log);

  const labels = ["catalog", ...catalog.pins.map((p) => p.name)].filter((name) => !options.pins || options.pins.includes(name));
  for (const label of labels) {
    const link = join(dist, label);
    if (!existsSync(join(link, META_DIR, MANIFEST_FILE))) continue;
    // The build the link names now: a rebuild that swaps the link meanwhile does not mix two builds.
    const dir = realpathSync(link);
    const manifest = readJson<{ tree_hash: string }>(join(dir, META_DIR, MANIFEST_FILE))!;
    const before = await bucketJson<PinPointer>(bucket, pinPointerKey(label));
    if (before?.tree_hash === manifest.tree_hash && before.origin === origin) {
      report.skipped.push(label);
      log(`skip  ${label}: the bucket already serves ${manifest.tree_hash.slice(0, 19)}`);
      continue;
    }
    const folder = pinFolder(label, manifest.tree_hash, origin);
    await sender.folder(dir, folder, CACHE.pin, label);
    const pointer: PinPointer = { pin: label, folder, tree_hash: manifest.tree_hash, origin };
    await bucket.put(pinPointerKey(label), json(pointer), { contentType: JSON_TYPE, cacheControl: CACHE.index });
    report.published.push(label);
    log(`pin   ${label}: serving ${folder}`);
  }

  const current = readJson<LiveCurrent>(join(dist, LIVE_DIR, CURRENT_FILE));
  if (current && options.live !== false && !options.pins) {
    const before = await bucketJson<LiveCurrent>(bucket, LIVE_POINTER);
    if (before?.build === current.build) {
      report.skipped.push(`live/${current.build}`);
      log(`skip  live: the bucket already serves ${current.build}`);
    } else {
      for (const prefix of current.prefixes) {
        await sender.folder(join(dist, LIVE_DIR, current.build, prefix), liveFolder(current.build, prefix), CACHE.live, `live ${prefix}`);
      }
      // The build's record and drift report, for the live status at the edge.
      for (const name of ["build.json", "drift.json"]) {
        const file = join(dist, LIVE_DIR, current.build, name);
        if (existsSync(file))
          await bucket.put(`live/${current.build}/${name}`, readFileSync(file), { contentType: JSON_TYPE, cacheControl: CACHE.live });
      }
      // One write switches every live host; the build before stays, for a reader still on it.
      const next: LiveCurrent = { ...current, previous: before?.build ?? null };
      await bucket.put(LIVE_POINTER, json(next), { contentType: JSON_TYPE, cacheControl: CACHE.index });
      report.published.push(`live/${current.build}`);
      log(`live  serving ${current.build}`);
      await pruneLive(bucket, next, options.keepLive ?? 3, sender, log);
    }
  }
  // The catalog index, when it changed: it is read on every request at the edge.
  const index = readFileSync(join(dist, CATALOG_FILE));
  if (!(await bucket.get(CATALOG_KEY))?.equals(index))
    await bucket.put(CATALOG_KEY, index, { contentType: JSON_TYPE, cacheControl: CACHE.index });
  return report;
}

/** Deletes the live builds beyond the newest `keep`, sparing the one serving and the one before it. */
async function pruneLive(bucket: Bucket, current: LiveCurrent, keep: number, sender: Sender, log: (line: string) => void): Promise<void> {
  const keys = [...(await bucket.list("live/"))].filter((k) => k !== LIVE_POINTER);
  const byBuild = new Map<string, string[]>();
  for (const key of keys) {
    const build = key.split("/")[1]!;
    byBuild.set(build, [...(byBuild.get(build) ?? []), key]);
  }
  const builds = [...byBuild.keys()].sort();
  const spared = new Set([current.build, current.previous]);
  const doomed = builds.slice(0, Math.max(0, builds.length - keep)).filter((b) => !spared.has(b));
  for (const build of doomed) {
    // Listed again until empty: some stores' listings drop a key at a page boundary.
    let removed = 0;
    for (let round = 0, left = byBuild.get(build)!; left.length && round < 5; round++, left = [...(await bucket.list(`live/${build}/`))]) {
      await sender.remove(left);
      removed += left.length;
    }
    log(`live  pruned ${build} (${removed} objects)`);
  }
}

/** Uploads with a bounded number of requests in flight, counting what it does. */
class Sender {
  constructor(
    private readonly bucket: Bucket,
    private readonly concurrency: number,
    private readonly report: PublishReport,
    private readonly log: (line: string) => void,
  ) {}

  /** Deletes objects, the pointer-less leftovers of a build no reader can reach any more. */
  async remove(keys: string[]): Promise<void> {
    await pool(keys, this.concurrency, (key) => this.bucket.delete(key));
  }

  /**
   * One build folder: every route's object (each distinct file sent once, the other routes that share it
   * copied from it in the bucket), then the index files, then a listing that checks every object is there.
   */
  async folder(dir: string, folder: string, cacheControl: string, label: string): Promise<void> {
    const routes = readJson<Record<string, RouteRecord & { etag?: string }>>(join(dir, META_DIR, ROUTES_FILE))!;
    const present = await this.bucket.list(`${folder}/`);
    const first = new Map<string, string>();
    const keys = Object.keys(routes).sort();
    for (const key of keys) if (!first.has(routes[key]!.file)) first.set(routes[key]!.file, key);
    const object = (key: string) => `${folder}/${routeObject(key)}`;
    const todo = (key: string) => {
      if (!present.has(object(key))) return true;
      this.report.objects.present++;
      return false;
    };
    const primaries = keys.filter((k) => first.get(routes[k]!.file) === k && todo(k));
    const copies = keys.filter((k) => first.get(routes[k]!.file) !== k && todo(k));
    const total = primaries.length + copies.length;
    let done = 0;
    const tick = () => {
      done++;
      if (done % 1_000 === 0 || done === total) this.log(`      ${label}: ${done}/${total} objects`);
    };
    await pool(primaries, this.concurrency, async (key) => {
      await this.bucket.put(object(key), await readFile(join(dir, routes[key]!.file)), routeMeta(routes[key]!, cacheControl));
      this.report.objects.put++;
      tick();
    });
    if (copies.length) this.log(`      ${label}: copying ${copies.length} routes that share an uploaded file`);
    await pool(copies, this.concurrency, async (key) => {
      await this.bucket.copy(object(first.get(routes[key]!.file)!), object(key), routeMeta(routes[key]!, cacheControl));
      this.report.objects.copied++;
      tick();
    });
    // The index last: a folder with its manifest is complete.
    for (const name of [SERVING_FILE, LISTS_FILE, ROUTES_FILE, MANIFEST_FILE]) {
      const key = `${folder}/${META_DIR}/${name}`;
      if (present.has(key) || !existsSync(join(dir, META_DIR, name))) continue;
      await this.bucket.put(key, readFileSync(join(dir, META_DIR, name)), { contentType: JSON_TYPE, cacheControl });
    }
    // A listing is the cheap check; what it does not show is asked for one by one (some stores' listings
    // drop a key at a page boundary).
    const there = await this.bucket.list(`${folder}/`);
    const missing: string[] = [];
    for (const k of keys) if (!there.has(object(k)) && !(await this.bucket.exists(object(k)))) missing.push(k);
    if (missing.length)
      throw new Error(`${label}: ${missing.length} objects are missing from ${folder} after the upload (the first: ${missing[0]})`);
  }
}

/** An object's type, cache policy, and its route's status, headers and entity tag as metadata. */
function routeMeta(route: RouteRecord & { etag?: string }, cacheControl: string): ObjectMeta {
  const metadata: Record<string, string> = { [META.status]: String(route.status), [META.headers]: asciiJson(route.headers) };
  if (route.etag) metadata[META.etag] = route.etag;
  return {
    contentType: route.headers["content-type"] ?? TYPE_BY_EXTENSION[extname(route.file)] ?? "application/octet-stream",
    cacheControl,
    metadata,
  };
}

/** Metadata travels as HTTP header values: JSON with every non-ASCII character escaped. */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** `run` over the items, `size` at a time; a failure names the item it failed on. */
async function pool<T>(items: T[], size: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(size, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next++]!;
        try {
          await run(item);
        } catch (error) {
          throw new Error(`${String(item)}: ${(error as Error).message}`, { cause: error });
        }
      }
    }),
  );
}

function isLocal(origin: string): boolean {
  try {
    const host = new URL(origin).hostname;
    return host === "localhost" || host.endsWith(".localhost") || host === "[::1]" || /^127\./.test(host) || host === "0.0.0.0";
  } catch {
    return true;
  }
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as T;
  } catch {
    return undefined;
  }
}

async function bucketJson<T>(bucket: Bucket, key: string): Promise<T | undefined> {
  const bytes = await bucket.get(key);
  return bytes && (JSON.parse(bytes.toString("utf8")) as T);
}

function json(value: unknown): Buffer {
  return Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
}
