import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { snapshotRecords } from "./catalog/records.js";
import { catalogResources, catalogServing } from "./catalog-site.js";
import type { Catalog, Pin } from "./catalog/types.js";
import { HeapBudget } from "./core/heap-budget.js";
import type { PinContext, Provider, ProviderManifest } from "./core/provider.js";
import { writeCatalogIndex } from "./emit/catalog-index.js";
import { emitPin, summarize, type PinBuild, type PinSummary } from "./emit/emit.js";
import { compareWithEntry, compareWithLock, lockEntry, readLock, writeLock, type LockVerdict } from "./emit/lock.js";
import { FolderSink, type Sink } from "./emit/sink.js";
import { buildWorld, loadTemplates, type Render, type World } from "./world/index.js";

export interface BuildOptions {
  catalog: Catalog;
  providers: ReadonlyMap<string, Provider>;
  templatesDir: string;
  scale?: number;
  /** Only these pins (default: every pin whose provider has a generator). */
  pins?: string[] | undefined;
  generation?: number | undefined;
  /**
   * No longer changes a byte (decision 0027): files keep the canonical origin and every answer names the
   * request's. Kept so that callers of the former option still build.
   */
  origin?: (pin: Pin) => string;
  onProgress?: (event: ProgressEvent) => void;
  /** Every provider's manifest (part of its definition): names, snippets, 503 bodies for the catalog. */
  manifests?: ReadonlyMap<string, ProviderManifest>;
}

export type ProgressEvent =
  | { kind: "world"; generation: number }
  | { kind: "pin-start"; pin: string; index: number; total: number }
  | { kind: "files"; pin: string; files: number }
  | { kind: "pin-done"; build: PinSummary };

export function canonicalOrigin(catalog: Catalog, pin: Pin): string {
  return `https://${pin.name}.snap.${catalog.serviceDomain}`;
}

/** A request the catalog cannot satisfy (an unknown pin or generation): the CLI says it in one line. */
export class SelectionError extends Error {}

export function selectPins(options: Pick<BuildOptions, "catalog" | "providers" | "pins" | "generation">): { build: Pin[]; skipped: Pin[] } {
  const { catalog } = options;
  for (const name of options.pins ?? []) {
    if (!catalog.pins.some((p) => p.name === name))
      throw new SelectionError(`pin '${name}' is not in the catalog (known: ${catalog.pins.map((p) => p.name).join(", ")})`);
  }
  if (options.generation !== undefined && !catalog.generations.has(options.generation)) {
    throw new SelectionError(
      `generation ${options.generation} is not in the catalog (known: ${[...catalog.generations.keys()].sort((a, b) => a - b).join(", ")})`,
    );
  }
  const wanted = catalog.pins.filter(
    (p) =>
      (!options.pins?.length || options.pins.includes(p.name)) && (options.generation === undefined || p.generation === options.generation),
  );
  return {
    build: wanted.filter((p) => options.providers.has(p.provider)),
    skipped: wanted.filter((p) => !options.providers.has(p.provider)),
  };
}

/** Builds pins one by one, each from its generation's world (built once and shared), through a sink. */
export function* buildPins(options: BuildOptions, sinkFor: (pin: Pin) => Sink): Generator<PinSummary> {
  const { build: selected } = selectPins(options);
  const render: Render = loadTemplates(join(options.templatesDir, "repo"));
  // Pins of one generation are built together and their world dropped after the last of them, so at most
  // one world is in memory at a time (a world grows with --scale).
  const generations = [...new Set(selected.map((p) => p.generation))];
  const build = generations.flatMap((g) => selected.filter((p) => p.generation === g));
  const heap = new HeapBudget();
  // The world is held here, never in a variable of this generator: a suspended generator keeps every
  // register of its frame, the arguments of its last calls included, and the full collection at a switch
  // of generation found the dropped world still reachable from them (half of it at --scale 3).
  const current: { world?: World | undefined } = {};
  // Only the summary outlives the pin: its route table is on disk, and a table held in this frame or the
  // caller's loop variable while the next pin builds would double the build's memory.
  const buildNext = (pin: Pin, index: number): PinSummary => {
    if (current.world === undefined) {
      options.onProgress?.({ kind: "world", generation: pin.generation });
      current.world = buildWorld(options.catalog.generations.get(pin.generation)!, { render, scale: options.scale ?? 1 });
    }
    options.onProgress?.({ kind: "pin-start", pin: pin.name, index, total: build.length });
    const provider = options.providers.get(pin.provider)!;
    const ctx: PinContext = { pin, catalog: options.catalog, origin: canonicalOrigin(options.catalog, pin) };
    return summarize(
      buildPin(provider, current.world, ctx, options.catalog.generations.get(pin.generation)!.asOf, sinkFor(pin), (files) => {
        heap.check();
        options.onProgress?.({ kind: "files", pin: pin.name, files });
      }),
    );
  };
  for (const [index, pin] of build.entries()) {
    if (index > 0 && build[index - 1]!.generation !== pin.generation) {
      current.world = undefined;
      heap.releaseWorld();
    }
    const summary = buildNext(pin, index);
    options.onProgress?.({ kind: "pin-done", build: summary });
    yield summary;
  }
}

/**
 * Builds pins one at a time as they are asked for (a build worker's queue, build-worker.ts), keeping the
 * world of the last one's generation for the next: a switch of generation drops it first, so at most one
 * world is in memory, as in buildPins.
 */
export class PinBuilder {
  private readonly render: Render;
  private readonly heap = new HeapBudget();
  private current: { generation: number; world: World } | undefined;

  constructor(private readonly options: Omit<BuildOptions, "pins" | "generation">) {
    this.render = loadTemplates(join(options.templatesDir, "repo"));
  }

  build(pin: Pin, sink: Sink): PinSummary {
    const { catalog, providers } = this.options;
    const generation = catalog.generations.get(pin.generation)!;
    if (this.current?.generation !== pin.generation) {
      if (this.current) {
        this.current = undefined;
        this.heap.releaseWorld();
      }
      this.options.onProgress?.({ kind: "world", generation: pin.generation });
      this.current = { generation: pin.generation, world: buildWorld(generation, { render: this.render, scale: this.options.scale ?? 1 }) };
    }
    const ctx: PinContext = { pin, catalog, origin: canonicalOrigin(catalog, pin) };
    return summarize(
      buildPin(providers.get(pin.provider)!, this.current.world, ctx, generation.asOf, sink, (files) => {
        this.heap.check();
        this.options.onProgress?.({ kind: "files", pin: pin.name, files });
      }),
    );
  }
}

/**
 * One pin, from its world to its files: the provider's serving profile stamped with the as-of time,
 * its resources emitted through `sink`. Snapshot builds and the nightly live job both build with it.
 * Files keep the canonical origin (`ctx.origin`): servers splice in the request's (decision 0027).
 */
export function buildPin(
  provider: Provider,
  world: World,
  ctx: PinContext,
  asOf: string,
  sink: Sink,
  onProgress?: (files: number) => void,
): PinBuild {
  const serving = { ...provider.serving(ctx, world), asOf };
  return emitPin(provider.resources(world, ctx), serving, { name: ctx.pin.name, origin: ctx.origin }, sink, ctx.origin, onProgress);
}

/**
 * Builds into `outDir/<pin>/`, swapping each pin folder in atomically. Only each pin's summary is kept:
 * its route table is on disk, and holding every pin's would grow the build's memory with --scale.
 */
export function buildToDisk(options: BuildOptions, outDir: string): PinSummary[] {
  mkdirSync(outDir, { recursive: true });
  return [...buildPins(options, (pin) => new FolderSink(join(outDir, pin.name)))];
}

export interface LockOutcome {
  /** A pin's name, or `live/<prefix>` for a live host. */
  pin: string;
  verdict: LockVerdict;
  published: boolean;
}

/**
 * Checks fresh builds against pins.lock.json. New pins are recorded. A changed pin fails unless
 * `update` is set; a changed published pin fails even then.
 */
export function verifyLock(
  lockPath: string,
  catalog: Catalog,
  builds: PinSummary[],
  update: boolean,
): { outcomes: LockOutcome[]; ok: boolean } {
  const lock = readLock(lockPath);
  const outcomes: LockOutcome[] = [];
  let ok = true;
  let dirty = false;
  for (const build of builds) {
    const published = catalog.pins.find((p) => p.name === build.pin)?.published ?? false;
    const verdict = compareWithLock(lock, build);
    outcomes.push({ pin: build.pin, verdict, published });
    if (verdict.kind === "new" || (verdict.kind === "changed" && update && !published)) {
      lock.pins[build.pin] = lockEntry(build);
      dirty = true;
    } else if (verdict.kind === "changed") {
      ok = false;
    }
  }
  if (dirty) writeLock(lockPath, lock);
  return { outcomes, ok };
}

/**
 * Checks live hosts built at `now` and `scale` against the lock's live section. A host the section
 * lacks is recorded; a section made at another instant or scale is no comparison, so it fails unless
 * `update` replaces it whole. A changed host fails unless `update` is set.
 */
export function verifyLiveLock(
  lockPath: string,
  now: string,
  scale: number,
  builds: PinSummary[],
  update: boolean,
): { outcomes: LockOutcome[]; ok: boolean; problem?: string } {
  const lock = readLock(lockPath);
  const section = lock.live;
  if (section && (section.now !== now || section.scale !== scale) && !update) {
    return {
      outcomes: [],
      ok: false,
      problem:
        `the lock's live section was built at ${section.now}, scale ${section.scale}, not ${now}, scale ${scale}: check it at its ` +
        `own instant, or pass --update-lock to record a new one`,
    };
  }
  const hosts = section && section.now === now && section.scale === scale ? { ...section.hosts } : {};
  const outcomes: LockOutcome[] = [];
  let ok = true;
  let dirty = !section || section.now !== now || section.scale !== scale;
  for (const build of builds) {
    const verdict = compareWithEntry(hosts[build.pin], build, `live host ${build.pin}`);
    outcomes.push({ pin: `live/${build.pin}`, verdict, published: false });
    if (verdict.kind === "new" || (verdict.kind === "changed" && update)) {
      hosts[build.pin] = lockEntry(build);
      dirty = true;
    } else if (verdict.kind === "changed") {
      ok = false;
    }
  }
  if (dirty) writeLock(lockPath, { ...lock, live: { now, scale, hosts } });
  return { outcomes, ok };
}

/**
 * The catalog site under `outDir/catalog/`: the snapshots API with every filter pre-rendered, one record
 * per pin, the live hosts, and the human page. `available` says whether a pin's provider has a generator.
 * Also writes `_catalog.json`, what the resolver knows of the catalog.
 */
export function buildCatalogSite(
  options: Pick<BuildOptions, "catalog" | "providers" | "origin" | "templatesDir" | "manifests">,
  outDir: string,
): PinBuild {
  const { catalog } = options;
  const manifests = [...(options.manifests?.values() ?? [])];
  const names = Object.fromEntries(manifests.map((m) => [m.id, m.name]));
  // Each pin's base URL at its canonical origin: the catalog's answers name the request's (decision 0027).
  const records = snapshotRecords(catalog, {
    baseUrl: (pin) => canonicalOrigin(catalog, pin),
    available: (pin) => options.providers.has(pin.provider),
    names,
  });
  const templates = join(options.templatesDir, "catalog");
  const render = existsSync(templates) ? loadTemplates(options.templatesDir) : undefined;
  const origin = `https://catalog.${catalog.serviceDomain}`;
  const snippets = Object.fromEntries(manifests.flatMap((m) => (m.snippet ? [[m.id, m.snippet]] : [])));
  // Last-Modified of the catalog's answers: the newest generation's as-of (the catalog changes with it),
  // not the time its files happened to be written, so every server and the edge send the same.
  const asOf = [...catalog.generations.values()]
    .map((g) => g.asOf)
    .sort()
    .at(-1);
  const build = emitPin(
    catalogResources(catalog, records, render, origin, {
      names,
      snippets,
      // A live host's base URL at its canonical origin too, which the catalog's answers map the same way.
      liveBaseUrl: (prefix) => `https://${prefix}.${catalog.serviceDomain}`,
    }),
    { ...catalogServing(records), ...(asOf ? { asOf } : {}) },
    { name: "catalog", origin },
    new FolderSink(join(outDir, "catalog")),
    origin,
  );
  writeCatalogIndex(catalog, outDir, {
    generators: [...options.providers.keys()],
    unavailable: Object.fromEntries(manifests.map((m) => [m.id, m.unavailable])),
    names,
    origin,
  });
  return build;
}
