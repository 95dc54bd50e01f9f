/**
 * Issue 32's recordings: small samples of real API answers, cut from Apache DevLake's end-to-end raw
 * tables (backend/plugins/<plugin>/e2e/raw_tables/_raw_*.csv: bodies its collectors recorded from the real
 * services, one item per row). Run once per DevLake commit; the samples are kept in
 * test/fidelity/recordings/devlake/<plugin>/<table>.json with their provenance, and test/fidelity reads them.
 *
 *   npx tsx scripts/extract-recordings.ts <devlake git dir> <commit> <plugin>...
 *
 * Each sample keeps the fewest rows that together carry every key path of the table (rows are taken in
 * table order, a row only when it adds a path, at most MAX_ROWS), so a sample is small but its shape, the
 * union of its rows' shapes, is the table's.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { shapeOf } from "../test/fidelity/shape.js";

const MAX_ROWS = 6;
const [gitDir, commit, ...plugins] = process.argv.slice(2);
if (!gitDir || !commit || plugins.length === 0) {
  console.error("usage: extract-recordings.ts <devlake git dir> <commit> <plugin>...");
  process.exit(2);
}
const git = (...args: string[]) => execFileSync("git", ["--git-dir", gitDir, ...args], { encoding: "utf8", maxBuffer: 1 << 28 });

for (const plugin of plugins) {
  const dir = `backend/plugins/${plugin}/e2e/raw_tables/`;
  const tables = git("ls-tree", "--name-only", `${commit}:${dir}`)
    .split("\n")
    .filter((name) => name.startsWith("_raw_") && name.endsWith(".csv"))
    .sort();
  const out = join("test", "fidelity", "recordings", "devlake", plugin);
  mkdirSync(out, { recursive: true });
  for (const table of tables) {
    const rows = parse(git("show", `${commit}:${dir}${table}`), { columns: true, relax_quotes: true }) as Array<Record<string, string>>;
    const seen = new Set<string>();
    const items: unknown[] = [];
    let url = "";
    for (const row of rows) {
      let data: unknown;
      try {
        data = JSON.parse(row.data ?? "");
      } catch {
        continue;
      }
      if (data === null || typeof data !== "object") continue;
      const paths = [...shapeOf(data).keys()];
      if (items.length > 0 && paths.every((p) => seen.has(p))) continue;
      for (const p of paths) seen.add(p);
      items.push(data);
      url ||= row.url ?? "";
      if (items.length === MAX_ROWS) break;
    }
    if (!items.length) continue;
    const sample = {
      source: { repository: "apache/incubator-devlake", commit, path: `${dir}${table}`, license: "Apache-2.0", rows: rows.length },
      url,
      items,
    };
    writeFileSync(join(out, table.replace(/\.csv$/, ".json")), `${JSON.stringify(sample, null, 2)}\n`);
    console.log(`${plugin}/${table}: ${items.length} of ${rows.length} rows, ${seen.size} key paths`);
  }
}
