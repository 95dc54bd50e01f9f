import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { ServingProfile } from "../core/provider.js";
import { META_DIR, type RouteRecord } from "../emit/emit.js";

export interface PinData {
  name: string;
  routes: Map<string, Pick<RouteRecord, "file" | "status" | "headers"> & { etag?: string }>;
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

  constructor(readonly dist: string) {}

  catalog(): CatalogIndex | undefined {
    try {
      return JSON.parse(readFileSync(join(this.dist, "_catalog.json"), "utf8")) as CatalogIndex;
    } catch {
      return undefined;
    }
  }

  pin(name: string): PinData | undefined {
    if (!/^[a-z0-9-]+$/.test(name)) return undefined;
    const routesFile = join(this.dist, name, META_DIR, "routes.json");
    let stamp: string;
    try {
      const st = statSync(routesFile);
      stamp = `${st.ino}:${st.mtimeMs}:${st.size}`;
    } catch {
      this.cache.delete(name);
      return undefined;
    }
    const cached = this.cache.get(name);
    if (cached?.stamp === stamp) return cached.data;
    const routes = new Map(Object.entries(JSON.parse(readFileSync(routesFile, "utf8")) as Record<string, PinData["routes"] extends Map<string, infer V> ? V : never>));
    const serving = JSON.parse(readFileSync(join(this.dist, name, META_DIR, "serving.json"), "utf8")) as ServingProfile;
    const data = { name, routes, serving };
    this.cache.set(name, { stamp, data });
    return data;
  }
}
