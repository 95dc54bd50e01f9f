import type { ServingProfile } from "../core/provider.js";
import type { ListRecord, RouteRecord } from "../format/dist.js";

export interface PinData {
  name: string;
  /** Its folder under dist/: the pin's name, or `live/<build>/<prefix>` for a live host. */
  dir: string;
  /** For a live host, the build it is served from. */
  live?: { build: string; asOf: string };
  /** Changes whenever the pin's folder is replaced by a rebuild. */
  stamp: string;
  routes: Map<string, Pick<RouteRecord, "file" | "status" | "headers" | "list"> & { etag?: string }>;
  serving: ServingProfile;
  /** Each list's frozen pages, for the query engine (see ListRecord). */
  lists: Map<string, ListRecord>;
  /** The query parameter names that select a variant of each path, for dropping the ones that do not. */
  params(path: string): Set<string>;
}

export type { CatalogIndex } from "../format/dist.js";

export type RouteEntry = PinData["routes"] extends Map<string, infer V> ? V : never;

/**
 * A pin as the resolver reads it, from its index files (parsed): the lists only when first asked for,
 * and each path's query parameter names only when first needed. The pin store and the edge make theirs
 * with it.
 */
export function pinData(input: {
  name: string;
  dir: string;
  stamp: string;
  live?: PinData["live"];
  routes: Record<string, RouteEntry>;
  serving: ServingProfile;
  lists: () => Record<string, ListRecord>;
}): PinData {
  const routes = new Map(Object.entries(input.routes));
  let lists: Map<string, ListRecord> | undefined;
  let byPath: Map<string, Set<string>> | undefined;
  const params = (path: string) => {
    if (!byPath) {
      byPath = new Map();
      for (const key of routes.keys()) {
        const q = key.indexOf("?");
        if (q === -1) continue;
        const names = byPath.get(key.slice(0, q)) ?? new Set<string>();
        for (const pair of key.slice(q + 1).split("&")) names.add(decodeURIComponent(pair.split("=")[0]!));
        byPath.set(key.slice(0, q), names);
      }
    }
    return byPath.get(path) ?? new Set<string>();
  };
  return {
    name: input.name,
    dir: input.dir,
    stamp: input.stamp,
    routes,
    serving: input.serving,
    params,
    get lists() {
      return (lists ??= new Map(Object.entries(input.lists())));
    },
    ...(input.live ? { live: input.live } : {}),
  };
}
