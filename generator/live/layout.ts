import { existsSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CURRENT_FILE, builds, liveRoot, readCurrent, type LiveCurrent } from "../format/live.js";

/**
 * The live job's writes to the rolling live folder (its names, pointer and readers: format/live.ts).
 * A build is written under `.building-<build>` and renamed into place only once verified; the switch is
 * the atomic rename of current.json.
 */

/** Points the live hosts at a build: write aside, then rename over, so a reader sees the old or the new. */
export function switchTo(dist: string, current: LiveCurrent): void {
  const tmp = join(liveRoot(dist), `.${CURRENT_FILE}.tmp`);
  writeFileSync(tmp, `${JSON.stringify(current, null, 2)}\n`);
  renameSync(tmp, join(liveRoot(dist), CURRENT_FILE));
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
