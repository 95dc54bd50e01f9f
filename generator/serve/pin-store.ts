import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { ServingProfile } from "../core/provider.js";
import { META_DIR, type RouteRecord } from "../emit/emit.js";

export interface PinData {
  name: string;
  /** Changes whenever the pin's folder is replaced by a rebuild. */
  stamp: string;
  routes: Map<string, Pick<RouteRecord, "file" | "status" | "headers" | "list"> & { etag?: string }>;
  serving: ServingProfile;
}

export interface CatalogIndex {
  serviceDomain: string;
  livePrefixes: string[];
  pins: Array<{ name: string; provider: string; generation: number; apiVersion: string; files: boolean }>;
}

/**
 * Reads what the build wrote under dist/: the catalog index and each pin's route index and serving
 * profile. A pin is reloaded when its folder is swapped by a rebuild (its routes file changes identity).
 */
export class PinStore {
  private readonly cache = new Map<string, { stamp: string; data: PinData }>();
  private catalogCache: { stamp: string; data: CatalogIndex } | undefined;

  constructor(readonly dist: string) {}

  catalog(): CatalogIndex | undefined {
    const file = join(this.dist, "_catalog.json");
    try {
      const stamp = fileStamp(file);
      if (this.catalogCache?.stamp !== stamp) this.catalogCache = { stamp, data: JSON.parse(readFileSync(file, "utf8")) as CatalogIndex };
      return this.catalogCache.data;
    } catch {
      this.catalogCache = undefined;
      return undefined;
    }
  }

  pin(name: string): PinData | undefined {
    if (!/^[a-z0-9-]+$/.test(name)) return undefined;
    const routesFile = join(this.dist, name, META_DIR, "routes.json");
    let stamp: string;
    try {
      stamp = fileStamp(routesFile);
    } catch {
      this.cache.delete(name);
      return undefined;
    }
    const cached = this.cache.get(name);
    if (cached?.stamp === stamp) return cached.data;
    const routes = new Map(Object.entries(JSON.parse(readFileSync(routesFile, "utf8")) as Record<string, PinData["routes"] extends Map<string, infer V> ? V : never>));
    const serving = JSON.parse(readFileSync(join(this.dist, name, META_DIR, "serving.json"), "utf8")) as ServingProfile;
    const data = { name, stamp, routes, serving };
    this.cache.set(name, { stamp, data });
    return data;
  }
}

/** A file's identity: a rebuild replaces the file (a new inode), so the stamp changes with it. */
function fileStamp(file: string): string {
  const st = statSync(file);
  return `${st.ino}:${st.mtimeMs}:${st.size}`;
}
