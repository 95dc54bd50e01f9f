/**
 * How a dist/ is laid out in a bucket: shared by `snapverse publish` (the writer) and the edge resolver
 * (the reader), so the two cannot disagree.
 *
 *   <prefix>/_catalog.json                      the catalog index, as in dist/
 *   <prefix>/pins/<pin>.json                    PinPointer: the folder a pin is served from (written last)
 *   <prefix>/builds/<pin>@<tree>-<origin>/…     one complete build of a pin
 *   <prefix>/live/<build>/<prefix>/…            one live build of a live host
 *   <prefix>/live/current.json                  LiveCurrent, as in dist/: the live build serving (written last)
 *
 * Inside a folder: `_snapverse/{routes,serving,lists,manifest}.json` as in dist/, and one object per
 * route, named by its key with `@` for the `?` (`repos/o/r/issues@state=all`, `user@`): the canonical
 * object of every route exists, and an object store alone can serve canonical requests.
 */
import { createHash } from "node:crypto";

export const CATALOG_KEY = "_catalog.json";
export const LIVE_POINTER = "live/current.json";

/** What `pins/<pin>.json` holds. A pin is visible once this object exists, and only then. */
export interface PinPointer {
  pin: string;
  folder: string;
  tree_hash: string;
  /** The public origin the bytes were written for (the catalog index's origin). */
  origin: string;
}

export function pinPointerKey(pin: string): string {
  return `pins/${pin}.json`;
}

/**
 * A pin build's folder. The tree hash names the canonical bytes; the origin is in the bytes too, so a
 * tree built for another origin goes to another folder.
 */
export function pinFolder(pin: string, treeHash: string, origin: string): string {
  const tree = treeHash.replace(/^sha256:/, "").slice(0, 16);
  const at = createHash("sha256").update(origin).digest("hex").slice(0, 8);
  return `builds/${pin}@${tree}-${at}`;
}

export function liveFolder(build: string, prefix: string): string {
  return `live/${build}/${prefix}`;
}

/** A route key's object name: `path@query`, `path@` without a query. */
export function routeObject(key: string): string {
  const q = key.indexOf("?");
  return q === -1 ? `${key}@` : `${key.slice(0, q)}@${key.slice(q + 1)}`;
}

/** Object metadata names (S3 sends them as `x-amz-meta-<name>`, R2 as customMetadata). */
export const META = { status: "snapverse-status", headers: "snapverse-headers", etag: "snapverse-etag" } as const;
