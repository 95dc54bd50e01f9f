import { existsSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The rolling live folder: `dist/live/<build>/<prefix>/` per build, `current.json` naming the
 * build the live hosts serve. A build is written under `.building-<build>` and renamed into place only
 * once verified; the switch is the atomic rename of current.json. Nothing a request can reach is ever
 * half-written, and a request reads one build from start to end.
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

/** Points the live hosts at a build: write aside, then rename over, so a reader sees the old or the new. */
export function switchTo(dist: string, current: LiveCurrent): void {
  const tmp = join(liveRoot(dist), `.${CURRENT_FILE}.tmp`);
  writeFileSync(tmp, `${JSON.stringify(current, null, 2)}\n`);
  renameSync(tmp, join(liveRoot(dist), CURRENT_FILE));
}

/** Finished builds on disk, oldest first (names sort by time). */
export function builds(dist: string): string[] {
  const root = liveRoot(dist);
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .sort()
    .filter((n) => /^\d{4}-\d{2}-\d{2}T\d{4}Z$/.test(n) && statSync(join(root, n)).isDirectory());
}

/** What an interrupted run left behind (a half-written build, a pointer written aside): removed. */
export function cleanInterrupted(dist: string): string[] {
  const root = liveRoot(dist);
  if (!existsSync(root)) return [];
  const stale = readdirSync(root)
    .sort()
    .filter((n) => n.startsWith(".building-") || n.startsWith(".staging-") || n.endsWith(".tmp"));
  for (const name of stale) rmSync(join(root, name), { recursive: true, force: true });
  return stale;
}

/** Keeps the newest `keep` builds, and never the one serving or the one before it. */
export function prune(dist: string, keep: number): string[] {
  const current = readCurrent(dist);
  const all = builds(dist);
  const protectedNames = new Set([current?.build, current?.previous].filter((n): n is string => !!n));
  const doomed = all.slice(0, Math.max(0, all.length - keep)).filter((n) => !protectedNames.has(n));
  for (const name of doomed) rmSync(join(liveRoot(dist), name), { recursive: true, force: true });
  return doomed;
}
