import { closeSync, existsSync, lstatSync, openSync, readFileSync, readlinkSync, readSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BUILDS_DIR, MANIFEST_FILE, META_DIR } from "../format/dist.js";
import type { PinSummary } from "./emit.js";

/**
 * What a pin's build was made from, kept beside its builds as `dist/.pins/<pin>.inputs.json`: the input
 * fingerprint (pins/inputs.ts), the build the pin's link pointed at when it was recorded, and its summary
 * (tree hash, families, counts). A later build with the same fingerprint reuses that build instead of
 * making it again (decision 0028).
 */
export interface BuildStamp {
  fingerprint: string;
  /** The pin link's target when recorded: `.pins/<pin>@<id>`. */
  build: string;
  summary: PinSummary;
}

const stampFile = (outDir: string, pin: string) => join(outDir, BUILDS_DIR, `${pin}.inputs.json`);

/** Records the pin's current build (the one its link points at) as made from `fingerprint`. */
export function writeBuildStamp(outDir: string, summary: PinSummary, fingerprint: string): void {
  const build = readlinkSync(join(outDir, summary.pin));
  const file = stampFile(outDir, summary.pin);
  const stamp: BuildStamp = { fingerprint, build, summary };
  writeFileSync(`${file}.tmp`, `${JSON.stringify(stamp, null, 1)}\n`);
  renameSync(`${file}.tmp`, file);
}

/** The stamp of the pin's last build, whatever its inputs: what it cost (its size) is a scheduling hint. */
export function readBuildStamp(outDir: string, pin: string): BuildStamp | undefined {
  const file = stampFile(outDir, pin);
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, "utf8")) as BuildStamp;
  } catch {
    return undefined;
  }
}

export type Reuse = { kind: "reuse"; summary: PinSummary } | { kind: "build"; why: string };

/**
 * Whether the pin's tree in `outDir` can stand for a new build made from `fingerprint`: its stamp says so,
 * the pin still links to the build the stamp names, that build's manifest carries the stamp's tree hash,
 * and the lock (when it has the pin) records the same hash. Anything else is built again.
 */
export function reusableBuild(outDir: string, pin: string, fingerprint: string, locked: string | undefined): Reuse {
  const stamp = readBuildStamp(outDir, pin);
  if (!stamp) return { kind: "build", why: "no earlier build" };
  if (stamp.fingerprint !== fingerprint) return { kind: "build", why: "its inputs changed" };
  const link = join(outDir, pin);
  try {
    if (!lstatSync(link).isSymbolicLink() || readlinkSync(link) !== stamp.build) return { kind: "build", why: "its tree was replaced" };
  } catch {
    return { kind: "build", why: "its tree is gone" };
  }
  const treeHash = manifestTreeHash(join(link, META_DIR, MANIFEST_FILE));
  if (treeHash !== stamp.summary.treeHash) return { kind: "build", why: "its tree's manifest does not match its record" };
  if (locked !== undefined && locked !== treeHash) return { kind: "build", why: "its tree hash is not the lock's" };
  return { kind: "reuse", summary: stamp.summary };
}

/** The tree hash a manifest opens with (emit.ts writes it on the third line), without reading its file list. */
function manifestTreeHash(file: string): string | undefined {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch {
    return undefined;
  }
  try {
    const head = Buffer.alloc(512);
    const n = readSync(fd, head, 0, head.length, 0);
    return /"tree_hash": "(sha256:[0-9a-f]{64})"/.exec(head.subarray(0, n).toString("utf8"))?.[1];
  } finally {
    closeSync(fd);
  }
}
