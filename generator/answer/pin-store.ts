import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { ServingProfile } from "../core/provider.js";
import { CURRENT_FILE, LIVE_DIR, type LiveCurrent } from "../format/live.js";
import {
  BUILDING_FILE,
  CATALOG_FILE,
  LISTS_FILE,
  META_DIR,
  ROUTES_FILE,
  SERVING_FILE,
  type BuildingNote,
  type CatalogIndex,
  type ListRecord,
} from "../format/dist.js";
import { pinData, type PinData, type RouteEntry } from "./pin-data.js";

export type { CatalogIndex, PinData };

/**
 * Reads what the build wrote under dist/: the catalog index and each pin's route index and serving
 * profile. A pin is reloaded when its folder is swapped by a rebuild (its routes file changes identity).
 */
export class PinStore {
  private readonly cache = new Map<string, { stamp: string; data: PinData; routesFile: string }>();
  /** Each file's identity as last seen, and when (see STAMP_TTL_MS). */
  private readonly stamps = new Map<string, { stamp: string; at: number }>();
  private catalogCache: { stamp: string; data: CatalogIndex } | undefined;
  private currentCache: { stamp: string; data: LiveCurrent } | undefined;
  private readonly catalogFile: string;
  private readonly buildingFile: string;
  private readonly currentFile: string;
  /**
   * Counts every change of what the store hands out (a catalog, pin or live pointer loaded, replaced or
   * gone): who keeps answers derived from them (HotAnswers) drops them all when it moves on.
   */
  generation = 0;

  constructor(readonly dist: string) {
    this.catalogFile = join(dist, CATALOG_FILE);
    this.buildingFile = join(dist, BUILDING_FILE);
    this.currentFile = join(dist, LIVE_DIR, CURRENT_FILE);
  }

  /** The catalog index, with the pins a running `snapverse start` is still building (format/dist.ts BuildingNote). */
  catalog(): CatalogIndex | undefined {
    const file = this.catalogFile;
    try {
      const stamp = `${this.fileStamp(file)}|${this.noteStamp()}`;
      if (this.catalogCache?.stamp !== stamp) {
        const building = this.building();
        const data = JSON.parse(readFileSync(file, "utf8")) as CatalogIndex;
        this.catalogCache = { stamp, data: building.length ? { ...data, building } : data };
        this.generation++;
      }
      return this.catalogCache.data;
    } catch {
      if (this.catalogCache) this.generation++;
      this.catalogCache = undefined;
      return undefined;
    }
  }

  /**
   * A snapshot pin by name, or a live host by prefix: the build `live/current.json` names. One call
   * gives one build, so a request that looks its pin up once never mixes two builds.
   */
  pin(name: string): PinData | undefined {
    if (!/^[a-z0-9-]+$/.test(name)) return undefined;
    const snapshot = this.load(name, name);
    if (snapshot || !this.catalog()?.livePrefixes.includes(name)) return snapshot;
    const current = this.liveCurrent();
    if (!current?.prefixes.includes(name)) return undefined;
    return this.load(name, `${LIVE_DIR}/${current.build}/${name}`, { build: current.build, asOf: current.as_of });
  }

  /** The building note's identity, or "none": a note that comes, changes or goes reloads the catalog. */
  private noteStamp(): string {
    try {
      return this.fileStamp(this.buildingFile);
    } catch {
      return "none";
    }
  }

  /** The pins being built, when the note's builder is still running (a killed one leaves its note behind). */
  private building(): string[] {
    try {
      const note = JSON.parse(readFileSync(this.buildingFile, "utf8")) as BuildingNote;
      return running(note.pid) ? note.pins : [];
    } catch {
      return [];
    }
  }

  /** The live build serving now, re-read whenever current.json is replaced. */
  liveCurrent(): LiveCurrent | undefined {
    const file = this.currentFile;
    try {
      const stamp = this.fileStamp(file);
      if (this.currentCache?.stamp !== stamp) {
        this.currentCache = { stamp, data: JSON.parse(readFileSync(file, "utf8")) as LiveCurrent };
        this.generation++;
      }
      return this.currentCache.data;
    } catch {
      if (this.currentCache) this.generation++;
      this.currentCache = undefined;
      return undefined;
    }
  }

  private load(name: string, dir: string, live?: PinData["live"]): PinData | undefined {
    const cached = this.cache.get(dir);
    const routesFile = cached?.routesFile ?? join(this.dist, dir, META_DIR, ROUTES_FILE);
    let stamp: string;
    try {
      stamp = this.fileStamp(routesFile);
    } catch {
      if (this.cache.delete(dir)) this.generation++;
      return undefined;
    }
    if (cached?.stamp === stamp) return cached.data;
    this.generation++;
    const listsFile = join(this.dist, dir, META_DIR, LISTS_FILE);
    const data = pinData({
      name,
      dir,
      stamp,
      ...(live ? { live } : {}),
      routes: JSON.parse(readFileSync(routesFile, "utf8")) as Record<string, RouteEntry>,
      serving: JSON.parse(readFileSync(join(this.dist, dir, META_DIR, SERVING_FILE), "utf8")) as ServingProfile,
      lists: () => (existsSync(listsFile) ? (JSON.parse(readFileSync(listsFile, "utf8")) as Record<string, ListRecord>) : {}),
    });
    // Old live builds drop out of the cache as the pointer moves on.
    if (live) {
      for (const [key, old] of [...this.cache]) {
        if (!key.startsWith(`${LIVE_DIR}/`) || !key.endsWith(`/${name}`) || key === dir) continue;
        this.cache.delete(key);
        this.stamps.delete(old.routesFile);
      }
    }
    this.cache.set(dir, { stamp, data, routesFile });
    return data;
  }

  /** A file's identity: a rebuild replaces the file (a new inode), so the stamp changes with it. */
  private fileStamp(file: string): string {
    const now = performance.now();
    const seen = this.stamps.get(file);
    if (seen && now - seen.at < STAMP_TTL_MS) return seen.stamp;
    try {
      const st = statSync(file);
      const stamp = `${st.ino}:${st.mtimeMs}:${st.size}`;
      this.stamps.set(file, { stamp, at: now });
      return stamp;
    } catch (error) {
      this.stamps.delete(file);
      throw error;
    }
  }
}

/** Whether a process is running (EPERM: it is, under another user). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * How long a file's identity is trusted before it is looked at again. Every request looks up the catalog
 * and its pin: under load, one stat per request was a tenth of the server's time. A swap is seen at most
 * this late (a live build stays on disk until two switches later; a rebuilt pin's old build is removed
 * right after its link moves, as its folder was before).
 */
const STAMP_TTL_MS = 2;
