/**
 * Bench child: the floor the build is compared with. Writes the same bytes to the same relative paths
 * as the build did, with a plain loop. Usage: baseline.ts <buildDir> <outDir>.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { elapsedSince, readTree, report } from "./common.js";

const [buildDir, outDir] = process.argv.slice(2);
if (!buildDir || !outDir) throw new Error("usage: baseline.ts <buildDir> <outDir>");

// Everything is read before the timer starts, so the timed part is only the writes (and mkdirs).
const tree = readTree(buildDir);

const started = process.hrtime.bigint();
// Remember folders already made, as the build's FolderSink does, so neither side pays for redundant mkdirs.
const made = new Set<string>();
let bytes = 0;
for (const [file, content] of tree) {
  const full = join(outDir, file);
  const dir = dirname(full);
  if (!made.has(dir)) {
    mkdirSync(dir, { recursive: true });
    made.add(dir);
  }
  writeFileSync(full, content);
  bytes += content.length;
}
const seconds = elapsedSince(started);

report({
  side: "baseline",
  files: tree.length,
  bytes,
  seconds,
  maxRssKb: process.resourceUsage().maxRSS,
  notes: ["baseline: peak RSS includes every output byte held in memory (read before the timer)"],
});
