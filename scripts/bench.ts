/**
 * `npm run bench`: the build and the companion server measured side by side with their floors, in one
 * run, each ratio marked against the goal of issue 18:
 *
 * 1. build vs write floor: the default build (a build process per core, as `snapverse build`), then a
 *    plain loop writing the same bytes to the same files (two rounds; the middle of the rounds' ratios).
 *    Goal: at most 1.5x. Beside it, the work floor: the same files serialized from objects, hashed, encoded
 *    and written by a plain loop on one thread, which says how much of the build is the providers' and the
 *    emitter's own; goal for the build against it: at most 1.25x (issue 33).
 * 2. scale: the build at each `--scales` value, time per resource and peak RSS; the largest scale built
 *    twice, its tree hashes compared. Goals: per-resource time within 1.05x of scale 1 (10.5x the time for
 *    10x the universe), peak RSS at most 1 GiB.
 * 3. serving, on the round-2 tree: the companion server vs nginx and vs a plain serve-handler server on the
 *    same resources at 64 keep-alive connections (req/s, p50, p99, errors), gzip/br accepted, computed
 *    variants; and startup to the first answer. The companion server and nginx take turns three times
 *    each, and their rows are the medians. Goals: >= 0.7x nginx, >= 1.0x serve-handler, p99 <= 5 ms,
 *    startup <= 1 s.
 *
 * 4. npm start: from its spawn to the first pin answering and to every pin on a fresh tree (goals 15 s and
 *    30 s), and to every pin on a second start over the same tree, every pin reused (goal 5 s).
 *
 *   npm run bench [-- --pin <name> ... --scales 1,2,5,10 --seconds 8 --skip build,start,scale,serve --keep]
 *
 * Each build side runs in its own child process so that peak RSS is per side and neither warms the
 * other's heap. Everything is written under the OS temp dir and removed at the end unless --keep.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { ROOT, running, tracked, type SideResult } from "./bench/common.js";
import { CONNECTIONS, ROUNDS, benchServing, type ServeResult } from "./bench/serve.js";
import { benchStart } from "./bench/start.js";

const GOALS = {
  startFirstPin: 15,
  startEveryPin: 30,
  restartEveryPin: 5,
  buildVsWork: 1.25,
  buildRatio: 1.5,
  perResource: 1.05,
  peakRssMb: 1024,
  vsNginx: 0.7,
  vsServeHandler: 1.0,
  p99Ms: 5,
  startupMs: 1000,
};

const { values } = parseArgs({
  options: {
    pin: { type: "string", multiple: true, default: [] },
    scales: { type: "string", default: "1,2,5,10" },
    seconds: { type: "string", default: "8" },
    skip: { type: "string", default: "" },
    keep: { type: "boolean", default: false },
  },
});
const pins = values.pin ?? [];
const scales = values
  .scales!.split(",")
  .map(Number)
  .filter((n) => n > 0);
const skip = new Set(values.skip!.split(",").filter(Boolean));
const mark = (ok: boolean, goal: string) => `${ok ? "meets" : "MISSES"} the goal (${goal})`;

/** Runs one side under tsx and returns the JSON it prints last; its progress goes straight to stderr. */
function runSide(script: string, args: string[]): Promise<SideResult> {
  return new Promise((resolve, reject) => {
    const child = tracked(
      spawn(process.execPath, ["--import", "tsx", join(ROOT, "scripts/bench", script), ...args], {
        cwd: ROOT,
        stdio: ["ignore", "pipe", "inherit"],
      }),
    );
    let stdout = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.on("error", reject);
    child.on("close", (code, signal) => {
      if (code !== 0) return reject(new Error(`${script} failed (${signal ?? `exit ${code}`})`));
      try {
        resolve(JSON.parse(stdout.trim().split("\n").pop() ?? "") as SideResult);
      } catch {
        reject(new Error(`${script} printed no result; its stdout was:\n${stdout}`));
      }
    });
  });
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  // Left-align the first column, right-align the numbers.
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  return [line(header), ...rows.map(line)].join("\n");
}

const work = mkdtempSync(join(tmpdir(), "snapverse-bench-"));
/** Flushes dirty pages so that neither side pays for the other's writeback. */
const settle = () => execFileSync("sync");
const say = (line: string) => process.stderr.write(`bench: ${line}\n`);
// An interrupted bench skips the `finally` below, and its tree (some 25 GB at --scale 10) would fill the
// disk. The children (a build side still writing into it, servers, wrk) are stopped first.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, async () => {
    const stopped = [...running].map((child) => new Promise((resolve) => child.once("close", resolve)));
    for (const child of running) child.kill("SIGTERM");
    await Promise.all(stopped);
    if (!values.keep) rmSync(work, { recursive: true, force: true, maxRetries: 3 });
    say(`interrupted (${signal}): stopped ${stopped.length} child process(es)${values.keep ? "" : `, removed ${work}`}`);
    process.exit(signal === "SIGINT" ? 130 : 143);
  });
}
let servedTree: string | undefined;
try {
  if (!skip.has("build")) {
    const rounds: Array<{ build: SideResult; baseline: SideResult; work: SideResult }> = [];
    for (const round of [1, 2]) {
      const buildDir = join(work, `build-${round}`);
      const baselineDir = join(work, `baseline-${round}`);
      settle();
      say(`round ${round}: building ${pins.length ? pins.join(", ") : "the default catalog"} into ${buildDir}`);
      // The build as `snapverse build` runs it: a build process per core.
      const build = await runSide("build.ts", [buildDir, "--parallel", ...pins]);
      settle();
      // The baseline copies the build's own output, so both sides write identical bytes to identical paths.
      say(`round ${round}: baseline writing the same ${build.files} files into ${baselineDir}`);
      const baseline = await runSide("baseline.ts", [buildDir, baselineDir]);
      if (baseline.files !== build.files || baseline.bytes !== build.bytes)
        throw new Error(`baseline wrote ${baseline.files} files / ${baseline.bytes} bytes, build ${build.files} / ${build.bytes}`);
      rmSync(baselineDir, { recursive: true, force: true });
      settle();
      say(`round ${round}: work floor serializing, hashing and writing the same ${build.files} files into ${baselineDir}`);
      const workFloor = await runSide("baseline.ts", [buildDir, baselineDir, "--encode"]);
      rmSync(baselineDir, { recursive: true, force: true });
      if (round === 1) rmSync(buildDir, { recursive: true, force: true });
      rounds.push({
        build: { ...build, side: `build #${round}` },
        baseline: { ...baseline, side: `baseline #${round}` },
        work: { ...workFloor, side: `work floor #${round}` },
      });
    }
    servedTree = join(work, "build-2");
    // Each ratio is the middle of its two rounds'.
    const middle = (values: number[]) => (Math.min(...values) + Math.max(...values)) / 2;
    const ratio = middle(rounds.map((r) => r.build.seconds / r.baseline.seconds));
    console.log("\n== build vs write floor ==");
    console.log(
      table(
        ["side", "files", "MB", "seconds", "files/s", "MB/s", "peak RSS MB"],
        rounds
          .flatMap((r) => [r.build, r.baseline, r.work])
          .map((r) => [
            r.side,
            String(r.files),
            (r.bytes / 1e6).toFixed(1),
            r.seconds.toFixed(2),
            (r.files / r.seconds).toFixed(0),
            (r.bytes / 1e6 / r.seconds).toFixed(1),
            (r.maxRssKb / 1024).toFixed(0),
          ]),
      ),
    );
    for (const note of [...rounds[1]!.build.notes, ...rounds[1]!.baseline.notes, ...rounds[1]!.work.notes]) console.log(note);
    const vsWork = middle(rounds.map((r) => r.build.seconds / r.work.seconds));
    console.log(
      `work floor vs write floor ` +
        `(time): ${middle(rounds.map((r) => r.work.seconds / r.baseline.seconds)).toFixed(2)}; ` +
        `build vs work ` +
        `floor: ${vsWork.toFixed(2)} (rounds ${rounds.map((r) => (r.build.seconds / r.work.seconds).toFixed(2)).join(", ")})` +
        `: ${mark(vsWork <= GOALS.buildVsWork, `<= ${GOALS.buildVsWork}`)}`,
    );
    console.log(
      `ratio build/floor (time): ${ratio.toFixed(2)} ` +
        `(rounds ${rounds.map((r) => (r.build.seconds / r.baseline.seconds).toFixed(2)).join(", ")}` +
        `): ${mark(ratio <= GOALS.buildRatio, `<= ${GOALS.buildRatio}`)}`,
    );
  }

  if (!skip.has("start")) {
    const start = await benchStart(work, pins, say);
    console.log(`\n== npm start (${start.pins.length ? start.pins.join(", ") : "every pin"}; HTTP, no live hosts) ==`);
    console.log(
      `fresh tree: first pin after ${start.fresh.firstPin.toFixed(1)} s: ` +
        `${mark(start.fresh.firstPin <= GOALS.startFirstPin, `<= ${GOALS.startFirstPin} s`)}`,
    );
    console.log(
      `fresh tree: every pin after ${start.fresh.everyPin.toFixed(1)} s: ` +
        `${mark(start.fresh.everyPin <= GOALS.startEveryPin, `<= ${GOALS.startEveryPin} s`)}`,
    );
    console.log(
      `second start: every pin after ${start.second.everyPin.toFixed(1)} s: ` +
        `${mark(start.second.everyPin <= GOALS.restartEveryPin, `<= ${GOALS.restartEveryPin} s`)}`,
    );
  }

  if (!skip.has("scale") && scales.length) {
    // Above scale 2 each pin's files go once it is built (and that time is not counted): the whole catalog
    // at --scale 10 is tens of GB. Its tree hashes are still made, and compared below.
    const discard = (scale: number) => (scale > 2 ? ["--discard"] : []);
    const rows: Array<{ scale: number; result: SideResult }> = [];
    for (const scale of scales) {
      const dir = join(work, `scale-${scale}`);
      settle();
      say(`scale ${scale}: building into ${dir}`);
      rows.push({ scale, result: await runSide("build.ts", [dir, "--scale", String(scale), ...discard(scale), ...pins]) });
      rmSync(dir, { recursive: true, force: true });
    }
    const top = rows.at(-1)!;
    say(`scale ${top.scale}: building a second time, for its tree hashes`);
    const twin = await runSide("build.ts", [join(work, "scale-twin"), "--scale", String(top.scale), ...discard(top.scale), ...pins]);
    rmSync(join(work, "scale-twin"), { recursive: true, force: true });
    const base = rows[0]!;
    const perResource = (r: SideResult) => (r.seconds / r.routes!) * 1e6;
    console.log("\n== scale ==");
    // Bodies grow with the universe (a recursive tree lists more files, a folder holds more entries), so the
    // time per MB written is shown beside the time per resource: it tells a slower resource from a bigger one.
    const perMb = (r: SideResult) => (r.seconds / (r.written! / 1e6)) * 1e3;
    console.log(
      table(
        ["scale", "resources", "seconds", "us/resource", "vs first", "MB written", "ms/MB", "vs first", "peak RSS MB"],
        rows.map(({ scale, result }) => [
          String(scale),
          String(result.routes),
          result.seconds.toFixed(1),
          perResource(result).toFixed(1),
          (perResource(result) / perResource(base.result)).toFixed(2),
          (result.written! / 1e6).toFixed(0),
          perMb(result).toFixed(2),
          (perMb(result) / perMb(base.result)).toFixed(2),
          (result.maxRssKb / 1024).toFixed(0),
        ]),
      ),
    );
    const worst = Math.max(...rows.map((r) => perResource(r.result) / perResource(base.result)));
    // The twin build counts too: it is the same build, and its peak is as much the build's as the first one's.
    const peak = Math.max(...[...rows.map((r) => r.result), twin].map((r) => r.maxRssKb / 1024));
    console.log(`peak RSS of the twin build at scale ${top.scale}: ${(twin.maxRssKb / 1024).toFixed(0)} MB`);
    console.log(
      `time per resource, worst vs scale ${base.scale}: ${worst.toFixed(2)}` +
        `x: ${mark(worst <= GOALS.perResource, `<= ${GOALS.perResource}`)}`,
    );
    console.log(`peak RSS, largest: ${peak.toFixed(0)} MB: ${mark(peak <= GOALS.peakRssMb, `<= ${GOALS.peakRssMb} MB`)}`);
    const same = JSON.stringify(twin.treeHashes) === JSON.stringify(top.result.treeHashes);
    console.log(
      `determinism at scale ${top.scale}` +
        `: ${same ? "two builds, the same tree hash for every pin" : "TREE HASHES DIFFER between two builds"}`,
    );
  }

  if (!skip.has("serve")) {
    if (!servedTree) {
      servedTree = join(work, "serve-tree");
      say(`building ${pins.length ? pins.join(", ") : "the default catalog"} to serve`);
      await runSide("build.ts", [servedTree, ...pins]);
    }
    say("serving: the companion server, a plain serve-handler server and nginx, one after the other");
    const serving = await benchServing(servedTree, work, Number(values.seconds));
    console.log(`\n== serving (${CONNECTIONS} keep-alive connections, ${values.seconds} s each) ==`);
    console.log(
      table(
        ["side", "req/s", "p50 ms", "p99 ms", "errors", "non-2xx"],
        serving.results.map((r) => [
          r.side,
          r.requestsPerSecond.toFixed(0),
          r.p50.toFixed(2),
          r.p99.toFixed(2),
          String(r.errors),
          String(r.non2xx),
        ]),
      ),
    );
    if (serving.skipped) console.log(serving.skipped);
    const each = (rounds: ServeResult[]) =>
      `${rounds.map((r) => r.requestsPerSecond.toFixed(0)).join(", ")} req/s; p99 ${rounds.map((r) => r.p99.toFixed(2)).join(", ")} ms`;
    console.log(
      `companion server and nginx took turns, ${ROUNDS} rounds each; their rows are the ` +
        `medians. ` +
        `companion: ${each(serving.rounds.companion)}${serving.rounds.nginx.length ? `. nginx: ${each(serving.rounds.nginx)}` : ""}`,
    );
    const side = (name: string): ServeResult | undefined => serving.results.find((r) => r.side === name);
    const ours = side("companion server")!;
    const nginx = side("nginx");
    const plain = side("serve-handler (plain)")!;
    if (nginx)
      console.log(
        `ratio companion/nginx (req/` +
          `s): ${(ours.requestsPerSecond / nginx.requestsPerSecond).toFixed(2)}` +
          `: ${mark(ours.requestsPerSecond / nginx.requestsPerSecond >= GOALS.vsNginx, `>= ${GOALS.vsNginx}`)}`,
      );
    console.log(
      `ratio companion/serve-handler (req/` +
        `s): ${(ours.requestsPerSecond / plain.requestsPerSecond).toFixed(2)}` +
        `: ${mark(ours.requestsPerSecond / plain.requestsPerSecond >= GOALS.vsServeHandler, `>= ${GOALS.vsServeHandler}`)}`,
    );
    console.log(`companion p99: ${ours.p99.toFixed(2)} ms: ${mark(ours.p99 <= GOALS.p99Ms, `<= ${GOALS.p99Ms} ms`)}`);
    const fronted = side("nginx + njs (snapverse nginx)");
    if (fronted)
      console.log(
        `ratio nginx+njs/companion (req/` +
          `s): ${(fronted.requestsPerSecond / ours.requestsPerSecond).toFixed(2)} (self-hosting ` +
          `behind nginx, ` +
          `decision 0018)`,
      );
    const encoded = side("companion server, gzip/br accepted")!;
    console.log(`ratio gzip-br/identity (req/s): ${(encoded.requestsPerSecond / ours.requestsPerSecond).toFixed(2)}`);
    const sorted = [...serving.startupMs].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    console.log(
      `startup to first answer: median ${median.toFixed(0)} ms ` +
        `of ${sorted.map((m) => m.toFixed(0)).join(", ")}` +
        `: ${mark(median <= GOALS.startupMs, `<= ${GOALS.startupMs} ms`)}`,
    );
  }
  if (values.keep) console.log(`kept: ${work}`);
} catch (error) {
  console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  if (!values.keep) rmSync(work, { recursive: true, force: true });
}
