import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Catalog, Pin } from "../catalog/types.js";
import type { Provider } from "../core/provider.js";
import type { PinBuild } from "../emit/emit.js";
import { FolderSink, type Sink } from "../emit/sink.js";
import { buildWorld, loadTemplates } from "../world/index.js";
import { buildLiveHost } from "./hosts.js";
import { driftReport, type DriftReport } from "./drift.js";
import { liveRoot, readCurrent } from "../format/live.js";
import { cleanInterrupted, prune, switchTo } from "./layout.js";
import { buildName, latestSlot, liveGeneration, livePins, liveSettings, withLiveGeneration } from "./settings.js";
import { verifyBuild } from "./verify.js";

export interface LiveJobOptions {
  catalog: Catalog;
  providers: ReadonlyMap<string, Provider>;
  templatesDir: string;
  dist: string;
  /** The job's clock: the build's as-of is the latest slot at or before it. */
  now: number;
  /** No longer changes a byte (decision 0027: answers name the request's origin); kept for callers. */
  origin?: (prefix: string) => string;
  /** Only these prefixes (tests); default every live prefix whose provider has a generator. */
  prefixes?: string[];
  scale?: number;
  /** Rebuild even when the slot's build is already serving. */
  force?: boolean;
  /** Where each pin is written; tests inject failing sinks. */
  sinkFor?: (dir: string) => Sink;
  log?: (message: string) => void;
}

export type LiveJobResult =
  | { kind: "switched"; build: string; asOf: string; pins: PinBuild[]; drift: DriftReport; pruned: string[]; cleaned: string[] }
  | { kind: "up-to-date"; build: string };

export class LiveJobError extends Error {}

/**
 * The live job (at each slot of the schedule): build every live host's universe as of the latest slot into a new folder,
 * verify it, switch the live hosts to it atomically, and keep the last `keep` builds. A failure at any
 * step leaves the build serving before untouched; what the failed run wrote is removed, and the next run
 * starts clean.
 */
export function runLiveJob(options: LiveJobOptions): LiveJobResult {
  const settings = liveSettings(options.catalog);
  const log = options.log ?? (() => {});
  const root = liveRoot(options.dist);
  mkdirSync(root, { recursive: true });
  const cleaned = cleanInterrupted(options.dist);
  if (cleaned.length) log(`removed what an interrupted run left: ${cleaned.join(", ")}`);

  const asOf = latestSlot(settings, options.now);
  const name = buildName(asOf);
  const current = readCurrent(options.dist);
  if (current?.build === name && !options.force) return { kind: "up-to-date", build: name };

  const generation = liveGeneration(settings, asOf);
  const catalog = withLiveGeneration(options.catalog, generation);
  const pins = livePins(options.catalog, (p) => options.providers.has(p), options.prefixes);
  if (pins.length === 0) throw new LiveJobError("no live prefix has a generator");
  const building = join(root, `.building-${name}`);
  mkdirSync(building, { recursive: true });
  try {
    log(`building the live universe as of ${generation.asOf} for ${pins.map((p) => p.name).join(", ")}`);
    const world = buildWorld(generation, { render: loadTemplates(join(options.templatesDir, "repo")), scale: options.scale ?? 1 });
    const built: PinBuild[] = [];
    for (const pin of pins) built.push(buildPin(pin, catalog, world, options, building));
    const problems = verifyBuild(building, built);
    if (problems.length) throw new LiveJobError(`the build as of ${generation.asOf} failed verification:\n  ${problems.join("\n  ")}`);
    const previous = current && existsSync(join(root, current.build)) ? { name: current.build, dir: join(root, current.build) } : undefined;
    const drift = driftReport(
      { name, dir: building, asOf: generation.asOf },
      previous,
      pins.map((p) => p.name),
    );
    writeFileSync(join(building, "drift.json"), `${JSON.stringify(drift, null, 1)}\n`);
    const record = {
      build: name,
      as_of: generation.asOf,
      pins: built.map((b) => ({ prefix: b.pin, tree_hash: b.treeHash, files: b.files })),
    };
    writeFileSync(join(building, "build.json"), `${JSON.stringify(record, null, 1)}\n`);
    // A rebuild of the slot serving now (--force) goes to a fresh name; the old folder stays until pruned.
    const target = join(root, name);
    if (existsSync(target)) rmSync(target, { recursive: true, force: true });
    renameSync(building, target);
    switchTo(options.dist, {
      build: name,
      as_of: generation.asOf,
      prefixes: pins.map((p) => p.name),
      previous: current?.build !== name ? (current?.build ?? null) : (current.previous ?? null),
    });
    const pruned = prune(options.dist, settings.keep);
    log(`live hosts now serve ${name}${pruned.length ? `; pruned ${pruned.join(", ")}` : ""}`);
    return { kind: "switched", build: name, asOf: generation.asOf, pins: built, drift, pruned, cleaned };
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    if (error instanceof LiveJobError) throw error;
    throw new LiveJobError(
      `the live build as of ${generation.asOf} failed, and the live hosts keep ` +
        `serving ${current?.build ?? "nothing"}: ${(error as Error).message}`,
    );
  }
}

function buildPin(pin: Pin, catalog: Catalog, world: ReturnType<typeof buildWorld>, options: LiveJobOptions, building: string): PinBuild {
  const dir = join(building, pin.name);
  return buildLiveHost(options.providers.get(pin.provider)!, pin, catalog, world, options.sinkFor?.(dir) ?? new FolderSink(dir));
}
