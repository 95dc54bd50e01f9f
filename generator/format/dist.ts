/**
 * The format of dist/: every file name and record type that the writer (emit/, build, live/) and the
 * readers (answer/, serve/, edge/, nginx/, publish/) share, in one place. This floor imports nothing of
 * generator/ (docs/decisions/0022): what a reader needs of the layout is here, so no reader imports a writer.
 *
 *   dist/_catalog.json                 CatalogIndex: what the server knows of the catalog
 *   dist/_building.json                BuildingNote: the pins `snapverse start` is building now (gone when done)
 *   dist/<pin>/<path>@<query>.json      the resources (emit/files.ts names them)
 *   dist/<pin>/_snapverse/routes.json   RouteRecord per resource key (file, status, headers, etag, list)
 *   dist/<pin>/_snapverse/serving.json  the ServingProfile the resolver applies
 *   dist/<pin>/_snapverse/lists.json    ListRecord per list: the frozen items the query engine reads
 *   dist/<pin>/_snapverse/manifest.json the tree hash and every file's sha256
 *   dist/<pin> -> .pins/<pin>@<build>/  a pin is a symbolic link to one complete build (emit/sink.ts)
 *   dist/live/…                         the live builds and their pointer (format/live.ts)
 *   dist/_edge/worker.js, wrangler.toml the edge Worker bundle (edge/bundle.ts)
 */
export const META_DIR = "_snapverse";
export const CATALOG_FILE = "_catalog.json";
export const BUILDING_FILE = "_building.json";
export const ROUTES_FILE = "routes.json";
export const SERVING_FILE = "serving.json";
export const LISTS_FILE = "lists.json";
export const MANIFEST_FILE = "manifest.json";
/** The hidden folder beside the pins that holds their builds; each pin is a symbolic link into it. */
export const BUILDS_DIR = ".pins";
/** The folder of the edge Worker bundle. */
export const EDGE_DIR = "_edge";

/**
 * A JSON value as bodies and the files of dist/ hold it. Defined on this floor, which imports nothing, so
 * the format and core (which re-exports it as JsonValue) share one type.
 */
export type StoredJson = null | boolean | number | string | StoredJson[] | { [key: string]: StoredJson | undefined };

/** A pre-rendered error (status, headers, body), as profiles and the catalog index store it: core's ErrorDoc. */
export interface StoredError {
  status: number;
  headers?: Record<string, string>;
  body: StoredJson;
}

/** How the server finds and answers one resource. Recorded at build time; applied when serving. */
export interface RouteRecord {
  /** File under the pin folder. */
  file: string;
  status: number;
  headers: Record<string, string>;
  /** For list pages: the whole list's length and the envelope key (see Resource.list). */
  list?: { total: number; envelope?: string };
  /** sha256 of the canonical bytes (before the origin rewrite). */
  sha256: string;
  bytes: number;
}

/**
 * A list's frozen items, as the query engine reads them: the pages of its largest pre-rendered size, in
 * order (`files`), and the first of them (`first`, a route key) whose shape and headers a computed page
 * keeps. Keyed by the list's path and the query that selects it, without page parameters.
 */
export interface ListRecord {
  first: string;
  files: string[];
  size: number;
  total: number;
  envelope?: string;
}

/** dist/_catalog.json. */
export interface CatalogIndex {
  serviceDomain: string;
  livePrefixes: string[];
  pins: Array<{ name: string; provider: string; generation: number; apiVersion: string; files: boolean }>;
  generators?: string[];
  unavailable?: Record<string, StoredError>;
  /** Each live prefix's human name, from the providers' manifests. */
  names?: Record<string, string>;
  /**
   * The public origin the catalog site was built for (`http://localhost:4010/catalog`): a server can tell a dist/ made
   * for another port.
   */
  origin?: string;
  /**
   * The pins being built now, by a builder still running (BuildingNote): never written in _catalog.json,
   * added by the server that reads both. Such a pin answers a 503 that says to retry in seconds.
   */
  building?: string[];
}

/**
 * dist/_building.json, while `snapverse start` builds pins beside the server (decision 0028): which pins are not
 * in place yet, and the builder's process id, so a note left by a builder that was killed is ignored.
 */
export interface BuildingNote {
  pid: number;
  pins: string[];
}
