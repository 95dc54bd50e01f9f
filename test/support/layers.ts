import { dirname, join, normalize } from "node:path";
import ts from "typescript";

/**
 * The floors of generator/, bottom to top (docs/decisions/0022-answer-layer-and-dist-format.md). A unit
 * is a folder right under generator/ (`answer`) or a file there (`build.ts`). A unit may import units
 * on the floors below its own, never one above it, and never a sibling on its own floor: siblings stand
 * side by side on what is below them.
 */
export const FLOORS: readonly (readonly string[])[] = [
  // The dist/ format: names, record shapes and readers of every file the writers and readers share.
  ["format"],
  ["catalog"],
  ["world"],
  ["core"],
  // What renders the world into resources: the providers, and the catalog's own site.
  ["providers", "catalog-site.ts"],
  ["emit"],
  // The build of pins beside the runtime-neutral answer code.
  ["build.ts", "answer"],
  // What stands on the answer layer and the build: the live job, the Node server, the Worker, nginx export,
  // publish, and the parallel build of pins that reuses unchanged ones (pins/).
  ["live", "serve", "edge", "nginx", "publish", "pins"],
  // The composition roots: the only units that know the providers (build-worker.ts: a build process of pins/pool.ts).
  ["cli.ts", "worker.ts", "build-worker.ts"],
];

/** Units that only these units may import, whatever their floors: core never imports a provider. */
export const IMPORTED_ONLY_BY: Readonly<Record<string, readonly string[]>> = {
  providers: ["cli.ts", "worker.ts", "build-worker.ts"],
};

export interface Rules {
  floors: readonly (readonly string[])[];
  importedOnlyBy: Readonly<Record<string, readonly string[]>>;
}

export const RULES: Rules = { floors: FLOORS, importedOnlyBy: IMPORTED_ONLY_BY };

/** A file's unit: `generator/answer/reply.ts` -> `answer`, `generator/cli.ts` -> `cli.ts`; undefined outside generator/. */
export function unitOf(file: string): string | undefined {
  const parts = normalize(file).split("/");
  if (parts[0] !== "generator" || parts.length < 2) return undefined;
  // An import names a top-level file by its output name: `./build.js` is build.ts.
  return parts.length === 2 ? parts[1]!.replace(/\.js$/, ".ts") : parts[1];
}

/**
 * The relative modules a source imports, with their lines: `import … from`, `import "…"`, `export … from`
 * and `import("…")`, as TypeScript's own scanner finds them (not in comments or strings).
 */
export function importsOf(source: string): Array<{ spec: string; line: number }> {
  const found = ts.preProcessFile(source, true, true).importedFiles;
  return found
    .filter((f) => f.fileName.startsWith("."))
    .map((f) => ({ spec: f.fileName, line: source.slice(0, f.pos).split("\n").length }));
}

/** Every import that breaks the rules, one line each, naming the file, the import and both floors. */
export function layerViolations(files: Array<{ path: string; source: string }>, rules: Rules = RULES): string[] {
  const floorOf = new Map<string, number>();
  rules.floors.forEach((units, i) => units.forEach((u) => floorOf.set(u, i)));
  const name = (unit: string) => `${unit} (floor ${floorOf.get(unit)}: ${rules.floors[floorOf.get(unit)!]!.join(", ")})`;
  const out: string[] = [];
  for (const { path, source } of files) {
    const from = unitOf(path);
    if (from === undefined) continue;
    if (!floorOf.has(from)) {
      out.push(`${path}: its unit '${from}' is on no floor: add it to FLOORS (test/support/layers.ts)`);
      continue;
    }
    for (const { spec, line } of importsOf(source)) {
      const to = unitOf(join(dirname(path), spec));
      if (to === undefined || to === from) continue;
      const where = `${path}:${line} imports "${spec}"`;
      const allowed: readonly string[] | undefined = rules.importedOnlyBy[to];
      if (allowed && !allowed.includes(from)) out.push(`${where}: only ${allowed.join(", ")} may import ${to}; ${from} may not`);
      if (!floorOf.has(to)) out.push(`${where}: '${to}' is on no floor`);
      else if (floorOf.get(to)! > floorOf.get(from)!) out.push(`${where}: up a floor, from ${name(from)} to ${name(to)}`);
      else if (floorOf.get(to) === floorOf.get(from)) out.push(`${where}: sideways, from ${name(from)} to its sibling ${name(to)}`);
    }
  }
  return out;
}
