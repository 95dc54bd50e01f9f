import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import fg from "fast-glob";

/** The repo root, so the bench finds catalog.yaml and templates/ whatever the working directory. */
export const ROOT = resolve(fileURLToPath(new URL("../..", import.meta.url)));

/** What each side's child process reports on its last stdout line, as JSON. */
export interface SideResult {
  side: string;
  /** Files and bytes actually on disk after the timed part (walked, not taken from build records). */
  files: number;
  bytes: number;
  /** Seconds of the timed part only. */
  seconds: number;
  /** process.resourceUsage().maxRSS: peak resident set of the whole child, in kilobytes. */
  maxRssKb: number;
  /** Side-specific notes shown under the table. */
  notes: string[];
  /** The build side: routes (resources) served, and each pin's tree hash. */
  routes?: number;
  /** The build side: bytes of the bodies and index files it wrote (each distinct file once). */
  written?: number;
  treeHashes?: Record<string, string>;
}

/** Every file under `dir`, relative, sorted so both sides see the same order on every run. */
export function listFiles(dir: string): string[] {
  // Each pin is a link to its build under `.pins/` (emit/sink.ts): the builds are walked, the links not,
  // so every file is listed once.
  return fg.sync("**/*", { cwd: dir, dot: true, onlyFiles: true, followSymbolicLinks: false }).sort();
}

/** Loads a tree into memory (relative path -> bytes). */
export function readTree(dir: string): Array<[string, Buffer]> {
  return listFiles(dir).map((file) => [file, readFileSync(join(dir, file))]);
}

export function elapsedSince(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e9;
}

/** The parent parses the last stdout line, so children keep stdout for this alone and log to stderr. */
export function report(result: SideResult): void {
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

/** Every child process the bench has running (build sides, servers, wrk), so an interrupt can stop them all. */
export const running = new Set<ChildProcess>();

export function tracked<T extends ChildProcess>(child: T): T {
  running.add(child);
  child.once("close", () => running.delete(child));
  return child;
}
