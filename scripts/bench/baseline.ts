/**
 * Bench child: the floors the build is compared with. Usage: baseline.ts <buildDir> <outDir> [--encode].
 *
 * - The write floor: the same bytes written to the same relative paths as the build did, with a plain loop.
 * - With --encode, the work floor: what any build of these files must do besides writing them. Each JSON
 *   file is parsed back into objects (not timed), then timed as it is serialized (`JSON.stringify`),
 *   hashed (sha256, for its ETag and its sharing) and encoded before its write; other files are hashed and
 *   written. It tells how much of the build's time the providers and the emitter's bookkeeping take, and
 *   what ratio to the write floor no design that serializes and hashes on one thread can go under.
 */
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { elapsedSince, readTree, report } from "./common.js";

const [buildDir, outDir, mode] = process.argv.slice(2);
if (!buildDir || !outDir) throw new Error("usage: baseline.ts <buildDir> <outDir> [--encode]");
const encode = mode === "--encode";

// Everything is read before the timer starts, so the timed part is only the writes (and mkdirs), and
// with --encode the serialization and hashing before each write.
const tree = readTree(buildDir);

// Remember folders already made, as the build's FolderSink does, so neither side pays for redundant mkdirs.
const made = new Set<string>();
let bytes = 0;
let seconds = 0;
for (const [file, content] of tree) {
  // The parse is the one step the build has no counterpart of, so it is left out of the time.
  const body = encode && file.endsWith(".json") ? (JSON.parse(content.toString("utf8")) as unknown) : undefined;
  const started = process.hrtime.bigint();
  let out = content;
  if (encode) {
    const text = body === undefined ? content : JSON.stringify(body);
    createHash("sha256").update(text).digest();
    out = typeof text === "string" ? Buffer.from(text, "utf8") : text;
  }
  const full = join(outDir, file);
  const dir = dirname(full);
  if (!made.has(dir)) {
    mkdirSync(dir, { recursive: true });
    made.add(dir);
  }
  writeFileSync(full, out);
  seconds += elapsedSince(started);
  bytes += out.length;
}

report({
  side: encode ? "work floor" : "baseline",
  files: tree.length,
  bytes,
  seconds,
  maxRssKb: process.resourceUsage().maxRSS,
  notes: [
    encode
      ? "work floor: JSON parsed back before each file's timer; serialize, sha256, encode and " +
        "write timed (each pin's manifest.json comes " +
        "out without its one-space indent, about 1 MB fewer)"
      : "baseline: peak RSS includes every output byte held in memory (read before the timer)",
  ],
});
