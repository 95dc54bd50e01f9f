import type { Catalog, Pin } from "../catalog/types.js";
import type { PinSummary } from "../emit/emit.js";
import { readLock } from "../emit/lock.js";
import { BuildInputs } from "./inputs.js";
import { planBuild, type BuildPlan } from "./plan.js";
import { buildInParallel, type PoolEvent } from "./pool.js";

export interface PinsBuildOptions {
  catalog: Catalog;
  /** The catalog's file, which each build worker loads for itself. */
  catalogFile: string;
  /** The repository: its sources and package-lock.json are the build's inputs (pins/inputs.ts). */
  root: string;
  templatesDir: string;
  outDir: string;
  scale: number;
  lockFile: string;
  /** Build every pin, even one whose inputs did not change. */
  force: boolean;
  workers: number;
  pins: Pin[];
  /** Called once the plan is made, before any pin is built: which pins are reused and which are built. */
  onPlan?: (plan: BuildPlan) => void;
  onEvent?: (event: PoolEvent) => void;
  signal?: AbortSignal;
}

/**
 * `pins` into `outDir`: each pin whose inputs did not change since its tree there was built, and whose
 * tree still matches its record and the lock, is kept as it is; the others are built in parallel. The
 * summaries come back in the order of `pins`, reused and built alike, for the lock check.
 */
export async function buildPinsInto(options: PinsBuildOptions): Promise<{ builds: PinSummary[]; plan: BuildPlan }> {
  const plan = planBuild(options.pins, {
    catalog: options.catalog,
    inputs: new BuildInputs(options.root),
    outDir: options.outDir,
    scale: options.scale,
    lock: readLock(options.lockFile),
    force: options.force,
  });
  options.onPlan?.(plan);
  const built = await buildInParallel({
    catalogFile: options.catalogFile,
    templatesDir: options.templatesDir,
    outDir: options.outDir,
    scale: options.scale,
    jobs: plan.jobs,
    workers: options.workers,
    ...(options.onEvent ? { onEvent: options.onEvent } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const byName = new Map([...plan.reused, ...built].map((b) => [b.pin, b]));
  return { builds: options.pins.map((p) => byName.get(p.name)!), plan };
}
