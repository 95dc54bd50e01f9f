/**
 * Bench child: builds the catalog into an empty folder with the real build, timing only the build.
 * Usage: build.ts <outDir> [--scale <n>] [--discard] [--parallel] [pin...]. Runs in its own process so its
 * peak RSS is its own. With --parallel it builds as `snapverse build` does, in a build process per core
 * (pins/run.ts; every pin is built, as an empty folder has nothing to reuse), and the peak RSS shown is
 * this process's alone, not its build workers'.
 */
import { join } from "node:path";
import { realpathSync, rmSync, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { buildCatalogSite, buildToDisk, selectPins } from "../../generator/build.js";
import { buildPinsInto } from "../../generator/pins/run.js";
import { loadCatalog } from "../../generator/catalog/index.js";
import { registerMechanisms } from "../../generator/core/define-provider.js";
import { manifests, providers } from "../../generator/providers/index.js";
import { elapsedSince, listFiles, report, ROOT } from "./common.js";

const [outDir, ...args] = process.argv.slice(2);
if (!outDir) throw new Error("usage: build.ts <outDir> [--scale <n>] [--discard] [pin...]");
// --discard removes each pin's files once it is built (the time that takes is not counted): at --scale 10
// the whole catalog is tens of GB, more than this machine's disk may hold at once.
const discard = args.includes("--discard");
const parallel = args.includes("--parallel");
const rest = args.filter((a) => a !== "--discard" && a !== "--parallel");
const scaleAt = rest.indexOf("--scale");
const scale = scaleAt === -1 ? 1 : Number(rest[scaleAt + 1]);
const pins = scaleAt === -1 ? rest : rest.filter((_, i) => i !== scaleAt && i !== scaleAt + 1);
let discardSeconds = 0;

// Loading the catalog is not part of the timed build: it is small and the baseline has no equivalent.
const catalog = loadCatalog(join(ROOT, "catalog.yaml"));
registerMechanisms(providers.values());

// World generation happens inside buildToDisk; track it separately so a slow ratio can be attributed.
let worldStart: bigint | undefined;
let worldSeconds = 0;
const started = process.hrtime.bigint();
const builds = parallel
  ? (
      await buildPinsInto({
        catalog,
        catalogFile: join(ROOT, "catalog.yaml"),
        root: ROOT,
        templatesDir: join(ROOT, "templates"),
        outDir,
        scale,
        lockFile: join(ROOT, "pins.lock.json"),
        force: true,
        workers: availableParallelism(),
        pins: selectPins({ catalog, providers, pins }).build,
        onEvent: (event) => {
          if (event.kind === "built") process.stderr.write(`  built ${event.summary.pin}: ${event.summary.files} routes\n`);
        },
      })
    ).builds
  : buildToDisk(
      {
        catalog,
        providers,
        templatesDir: join(ROOT, "templates"),
        scale,
        origin: (pin) => `http://localhost:4010/${pin.name}`,
        ...(pins.length ? { pins } : {}),
        onProgress: (event) => {
          if (event.kind === "world") worldStart = process.hrtime.bigint();
          if (event.kind === "pin-start" && worldStart !== undefined) {
            worldSeconds += elapsedSince(worldStart);
            worldStart = undefined;
          }
          if (event.kind === "pin-done")
            process.stderr.write(
              `  built ${event.build.pin}: ${event.build.files} routes (peak RSS so ` +
                `far ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB)\n`,
            );
          if (event.kind === "pin-done" && discard) {
            const start = process.hrtime.bigint();
            const link = join(outDir, event.build.pin);
            rmSync(realpathSync(link), { recursive: true, force: true });
            rmSync(link, { force: true });
            discardSeconds += elapsedSince(start);
          }
        },
      },
      outDir,
    );
// The catalog site and index, as `snapverse build` writes them: what makes the tree servable.
buildCatalogSite(
  { catalog, providers, manifests, templatesDir: join(ROOT, "templates"), origin: (pin) => `http://localhost:4010/${pin.name}` },
  outDir,
);
const seconds = elapsedSince(started) - discardSeconds;
const maxRssKb = process.resourceUsage().maxRSS;

// Count what is on disk (routes plus the _snapverse meta files), which is exactly what the baseline copies.
const files = listFiles(outDir);
const bytes = files.reduce((n, f) => n + statSync(join(outDir, f)).size, 0);
const routes = builds.reduce((n, b) => n + b.files, 0);
report({
  side: "build",
  routes,
  written: builds.reduce((n, b) => n + b.bytes, 0),
  treeHashes: Object.fromEntries(builds.map((b) => [b.pin, b.treeHash])),
  files: files.length,
  bytes,
  seconds,
  maxRssKb,
  notes: [
    `build: ${builds.length} pin(s) [${builds.map((b) => b.pin).join(", ")}], ${routes} ` +
      `routes served from ${files.length} files (identical ` +
      `bodies share a file; 3 meta files per pin)`,
    parallel
      ? `build: ${availableParallelism()} build workers; peak RSS is the bench child's, not the workers'`
      : `build: world generation took ${worldSeconds.toFixed(2)} s of the ${seconds.toFixed(2)} s`,
    ...(discard ? [`build: each pin's files were removed once built (${discardSeconds.toFixed(1)} s, not counted)`] : []),
  ],
});
