/**
 * `npm run bench`: builds the catalog and, in the same run, a baseline that writes the same bytes to the
 * same files with a plain write loop; prints files/s, MB/s, peak memory and the build/baseline time ratio.
 *
 *   npm run bench [-- --pin <name> ... --keep]
 *
 * Each side runs in its own child process so that peak RSS is per side and neither warms the other's heap.
 * Both write into fresh folders under the OS temp dir; they are removed at the end unless --keep.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { ROOT, type SideResult } from "./bench/common.js";
import { benchServing } from "./bench/serve.js";

/** The issue's target: the build should take less than twice the time of the plain write loop. */
const TARGET_RATIO = 2;

const { values } = parseArgs({
  options: {
    pin: { type: "string", multiple: true, default: [] },
    keep: { type: "boolean", default: false },
  },
});
const pins = values.pin ?? [];

/** Runs one side under tsx and returns the JSON it prints last; its progress goes straight to stderr. */
function runSide(script: string, args: string[]): Promise<SideResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", join(ROOT, "scripts/bench", script), ...args], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let stdout = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.on("error", reject);
    child.on("close", (code, signal) => {
      if (code !== 0) return reject(new Error(`${script} failed (${signal ?? `exit ${code}`})`));
      const last = stdout.trim().split("\n").pop() ?? "";
      try {
        resolve(JSON.parse(last) as SideResult);
      } catch {
        reject(new Error(`${script} printed no result; its stdout was:\n${stdout}`));
      }
    });
  });
}

function table(rows: SideResult[]): string {
  const header = ["side", "files", "MB", "seconds", "files/s", "MB/s", "peak RSS MB"];
  const body = rows.map((r) => [
    r.side,
    String(r.files),
    (r.bytes / 1e6).toFixed(1),
    r.seconds.toFixed(2),
    (r.files / r.seconds).toFixed(0),
    (r.bytes / 1e6 / r.seconds).toFixed(1),
    (r.maxRssKb / 1024).toFixed(0),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  // Left-align the side name, right-align the numbers.
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  return [line(header), ...body.map(line)].join("\n");
}

const work = mkdtempSync(join(tmpdir(), "snapverse-bench-"));
/** Flushes dirty pages so that neither side pays for the other's writeback. */
const settle = () => execFileSync("sync");
try {
  // Two rounds, build then baseline each time, with the disk settled before every side: the disk's
  // speed drifts over a run, and the median of the rounds' ratios is steadier than one pair.
  const rounds: Array<{ build: SideResult; baseline: SideResult }> = [];
  for (const round of [1, 2]) {
    const buildDir = join(work, `build-${round}`);
    const baselineDir = join(work, `baseline-${round}`);
    settle();
    process.stderr.write(`bench: round ${round}: building ${pins.length ? pins.join(", ") : "the default catalog"} into ${buildDir}\n`);
    const build = await runSide("build.ts", [buildDir, ...pins]);
    settle();
    // The baseline copies the build's own output, so both sides write identical bytes to identical paths.
    process.stderr.write(`bench: round ${round}: baseline writing the same ${build.files} files into ${baselineDir}\n`);
    const baseline = await runSide("baseline.ts", [buildDir, baselineDir]);
    if (baseline.files !== build.files || baseline.bytes !== build.bytes) {
      throw new Error(`baseline wrote ${baseline.files} files / ${baseline.bytes} bytes, build ${build.files} / ${build.bytes}`);
    }
    rmSync(baselineDir, { recursive: true, force: true });
    if (round === 1) rmSync(buildDir, { recursive: true, force: true });
    rounds.push({ build: { ...build, side: `build #${round}` }, baseline: { ...baseline, side: `baseline #${round}` } });
  }
  const buildDir = join(work, "build-2");
  const ratios = rounds.map((r) => r.build.seconds / r.baseline.seconds).sort((a, b) => a - b);
  const ratio = (ratios[0]! + ratios[ratios.length - 1]!) / 2;
  console.log("");
  console.log(table(rounds.flatMap((r) => [r.build, r.baseline])));
  console.log("");
  for (const note of [...rounds[1]!.build.notes, ...rounds[1]!.baseline.notes]) console.log(note);
  console.log(`ratio build/baseline (time): ${ratio.toFixed(2)} (rounds: ${rounds.map((r) => (r.build.seconds / r.baseline.seconds).toFixed(2)).join(", ")}; ${ratio < TARGET_RATIO ? "under" : "NOT under"} the ${TARGET_RATIO.toFixed(1)} target)`);

  const servePin = pins[0] ?? "gh-2026-03-g5";
  process.stderr.write(`bench: serving ${servePin} with the companion server and with nginx\n`);
  const serving = await benchServing(buildDir, servePin, work);
  console.log("");
  if (typeof serving === "string") console.log(serving);
  else {
    for (const r of serving) console.log(`${r.side.padEnd(36)} ${r.requestsPerSecond.toFixed(0).padStart(7)} req/s  p50 ${String(r.p50).padStart(3)} ms  p99 ${String(r.p99).padStart(3)} ms  non-2xx ${r.non2xx}`);
    const [ours, nginx] = serving as [typeof serving[0], typeof serving[0]];
    console.log(`ratio nginx/companion (req/s): ${(nginx.requestsPerSecond / ours.requestsPerSecond).toFixed(2)}   p99 companion/nginx: ${(ours.p99 / Math.max(1, nginx.p99)).toFixed(2)}`);
    const computed = serving[2];
    if (computed) {
      // The query engine's target: a computed answer within 2x the latency of a pre-rendered one.
      const latency = computed.p50 / Math.max(1, ours.p50);
      console.log(`ratio computed/pre-rendered (latency p50): ${latency.toFixed(2)}   p99: ${(computed.p99 / Math.max(1, ours.p99)).toFixed(2)}   req/s pre-rendered/computed: ${(ours.requestsPerSecond / computed.requestsPerSecond).toFixed(2)} (${latency <= 2 ? "within" : "NOT within"} the 2.0 target)`);
    }
  }
  if (values.keep) console.log(`kept: ${work}`);
} catch (error) {
  console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  if (!values.keep) rmSync(work, { recursive: true, force: true });
}
