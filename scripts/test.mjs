#!/usr/bin/env node
/**
 * `npm test`: the static checks (type check, ESLint, Prettier), side by side, then the whole vitest suite.
 * The exit code is the checks' and the tests': how long they took is reported (the total and the slowest
 * files, against the goals) and never fails a run, because the same suite takes twice as long on a
 * loaded machine; speed belongs in `npm run bench`. Arguments after `npm test --` go to vitest (a file,
 * `-t name`).
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";

const FILE_GOAL_S = 60;
const RUN_GOAL_S = 360;
const started = process.hrtime.bigint();
const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
const bin = (name) => join("node_modules", ".bin", name);

/** Runs a check with its output kept, and says in one line whether it passed; its output only when it failed. */
function check(name, command, args) {
  return new Promise((resolve) => {
    const child = spawn(bin(command), args, { stdio: ["ignore", "pipe", "pipe"] });
    const out = [];
    child.stdout.on("data", (d) => out.push(d));
    child.stderr.on("data", (d) => out.push(d));
    child.on("close", (code) => {
      if (code !== 0) process.stdout.write(Buffer.concat(out));
      console.log(`npm test: ${name} ${code === 0 ? "passed" : `FAILED (exit ${code})`} at ${seconds().toFixed(0)} s`);
      resolve(code === 0);
    });
  });
}

const checks = await Promise.all([
  check("type check (tsc --noEmit)", "tsc", ["--noEmit"]),
  check("lint (eslint .)", "eslint", ["."]),
  check("format (prettier --check .)", "prettier", ["--check", "."]),
]);
if (checks.includes(false)) process.exit(1);

const work = mkdtempSync(join(tmpdir(), "snapverse-report-"));
const report = join(work, "report.json");
const testsStarted = seconds();
const run = spawnSync(
  bin("vitest"),
  ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...process.argv.slice(2)],
  { stdio: "inherit" },
);
let files = [];
let counts;
try {
  const json = JSON.parse(readFileSync(report, "utf8"));
  counts = { passed: json.numPassedTests, failed: json.numFailedTests, skipped: json.numPendingTests + json.numTodoTests };
  files = json.testResults.map((r) => ({
    file: relative(process.cwd(), r.name),
    s: (r.endTime - r.startTime) / 1000,
  }));
} catch {
  // No report: vitest failed before writing one, and said why.
}
rmSync(work, { recursive: true, force: true });
files.sort((a, b) => b.s - a.s);
console.log(
  `\nnpm test: ${seconds().toFixed(0)} s in all (goal ${RUN_GOAL_S} s on an idle machine): checks ${testsStarted.toFixed(0)} s, ` +
    `vitest ${(seconds() - testsStarted).toFixed(0)} s; the slowest files, by vitest's clock:`,
);
for (const f of files.slice(0, 8))
  console.log(`  ${f.s.toFixed(1).padStart(6)} s  ${f.file}${f.s > FILE_GOAL_S ? `  (over the ${FILE_GOAL_S} s goal)` : ""}`);
// The plain closing line any reader of test output understands.
if (counts) console.log(`tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(run.status ?? 1);
