#!/usr/bin/env node
/**
 * `npm test`: the type check, then the whole vitest suite, then its time budget. It prints how long the
 * run took, and the slowest files; a file that takes more than FILE_BUDGET_S seconds fails the run,
 * because one slow file holds up a whole core and grows with every provider added. Arguments after
 * `npm test --` go to vitest (a file, `-t name`).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";

const FILE_BUDGET_S = 60;
const RUN_BUDGET_S = 300;
const started = process.hrtime.bigint();
const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
const bin = (name) => join("node_modules", ".bin", name);

const typecheck = spawnSync(bin("tsc"), ["--noEmit"], { stdio: "inherit" });
if (typecheck.status !== 0) process.exit(typecheck.status ?? 1);
console.log(`npm test: type check passed in ${seconds().toFixed(0)} s`);

const work = mkdtempSync(join(tmpdir(), "snapverse-report-"));
const report = join(work, "report.json");
const run = spawnSync(bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...process.argv.slice(2)], { stdio: "inherit" });
let files = [];
try {
  files = JSON.parse(readFileSync(report, "utf8")).testResults.map((r) => ({ file: relative(process.cwd(), r.name), s: (r.endTime - r.startTime) / 1000 }));
} catch {
  // No report: vitest failed before writing one, and said why.
}
rmSync(work, { recursive: true, force: true });
files.sort((a, b) => b.s - a.s);
console.log(`\nnpm test: ${seconds().toFixed(0)} s in all (budget ${RUN_BUDGET_S} s); the slowest files:`);
for (const f of files.slice(0, 5)) console.log(`  ${f.s.toFixed(1).padStart(6)} s  ${f.file}`);
const over = files.filter((f) => f.s > FILE_BUDGET_S);
for (const f of over) console.error(`npm test: ${f.file} took ${f.s.toFixed(0)} s, over the ${FILE_BUDGET_S} s a file may take: split it or sample deterministically`);
process.exit(run.status !== 0 ? (run.status ?? 1) : over.length ? 1 : 0);
