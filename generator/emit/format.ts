import type { ErrorDoc } from "../core/provider.js";

/**
 * The format of dist/: every file name and record type that the writer (emit/, build) and the readers
 * (serve/, live/) share, in one place.
 *
 *   dist/_catalog.json                 CatalogIndex: what the server knows of the catalog
 *   dist/<pin>/<path>@<query>.json      the resources (emit/files.ts names them)
 *   dist/<pin>/_snapverse/routes.json   RouteRecord per resource key (file, status, headers, etag, list)
 *   dist/<pin>/_snapverse/serving.json  the ServingProfile the resolver applies
 *   dist/<pin>/_snapverse/lists.json    ListRecord per list: the frozen items the query engine reads
 *   dist/<pin>/_snapverse/manifest.json the tree hash and every file's sha256
 */
export const META_DIR = "_snapverse";
export const CATALOG_FILE = "_catalog.json";
export const ROUTES_FILE = "routes.json";
export const SERVING_FILE = "serving.json";
export const LISTS_FILE = "lists.json";
export const MANIFEST_FILE = "manifest.json";

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
  unavailable?: Record<string, ErrorDoc>;
  /** Each live prefix's human name, from the providers' manifests. */
  names?: Record<string, string>;
  /**
   * The public origin the catalog site was built for (`http://localhost:4010/catalog`): a server can tell a dist/ made
   * for another port.
   */
  origin?: string;
}
