import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/**
 * The rolling live folder: `dist/live/<build>/<prefix>/` per build, `current.json` naming the
 * build the live hosts serve. A build is written under `.building-<build>` and renamed into place only
 * once verified; the switch is the atomic rename of current.json (live/layout.ts writes it). Nothing a
 * request can reach is ever half-written, and a request reads one build from start to end.
 */
export const LIVE_DIR = "live";
export const CURRENT_FILE = "current.json";

export interface LiveCurrent {
  build: string;
  as_of: string;
  prefixes: string[];
  previous: string | null;
}

export function liveRoot(dist: string): string {
  return join(dist, LIVE_DIR);
}

export function readCurrent(dist: string): LiveCurrent | undefined {
  try {
    return JSON.parse(readFileSync(join(liveRoot(dist), CURRENT_FILE), "utf8")) as LiveCurrent;
  } catch {
    return undefined;
  }
}

/** Finished builds on disk, oldest first (names sort by time). */
export function builds(dist: string): string[] {
  const root = liveRoot(dist);
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .sort()
    .filter((n) => /^\d{4}-\d{2}-\d{2}T\d{4}Z$/.test(n) && statSync(join(root, n)).isDirectory());
}
