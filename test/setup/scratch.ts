import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { alive } from "../../generator/emit/sink.js";

/**
 * The test run's built tree (some 2.5 GB) lives in a scratch folder named after the process that made
 * it, `snapverse-test-<pid>-XXXXXX`. A run that is killed, or whose setup fails, cannot remove its own;
 * left alone, a few of them fill the disk, and the next build fails with ENOSPC (CI once did). So each
 * run first removes the folders of runs whose process has gone, and never touches a live run's.
 */
const PREFIX = "snapverse-test-";
const OWNED = /^snapverse-test-(\d+)-[A-Za-z0-9]+(?:\.deleting)?$/;

/** The scratch folders in `parent` left by runs whose process is no longer alive, in name order. */
export function staleScratch(parent: string, isAlive: (pid: number) => boolean = alive): string[] {
  return readdirSync(parent)
    .sort()
    .filter((name) => {
      const owner = OWNED.exec(name);
      return owner !== null && !isAlive(Number(owner[1]));
    })
    .map((name) => join(parent, name));
}

/**
 * Deleting a built tree takes this machine's disk close to a minute: a detached process does it, so the
 * suite's time is the tests' time. The folder is renamed first, so a later run never meets a
 * half-deleted tree; a rename that fails (the folder is already a `.deleting` one) deletes in place.
 */
export function removeInBackground(dir: string): void {
  let doomed = dir;
  if (!dir.endsWith(".deleting")) {
    try {
      renameSync(dir, `${dir}.deleting`);
      doomed = `${dir}.deleting`;
    } catch {
      rmSync(dir, { recursive: true, force: true });
      return;
    }
  }
  spawn("rm", ["-rf", doomed], { detached: true, stdio: "ignore" }).unref();
}

/** A new scratch folder for this run, after sweeping away the ones dead runs left behind. */
export function claimScratch(parent = tmpdir()): string {
  for (const dir of staleScratch(parent)) removeInBackground(dir);
  return mkdtempSync(join(parent, `${PREFIX}${process.pid}-`));
}
