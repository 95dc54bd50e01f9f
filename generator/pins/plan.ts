import type { Catalog, Pin } from "../catalog/types.js";
import { readBuildStamp, reusableBuild } from "../emit/build-stamp.js";
import type { PinSummary } from "../emit/emit.js";
import type { Lock } from "../emit/lock.js";
import type { BuildInputs } from "./inputs.js";
import type { PinJob } from "./pool.js";

/** What a build does with each selected pin: reuse its tree as it is, or build it (and why). */
export interface BuildPlan {
  reused: PinSummary[];
  jobs: PinJob[];
  /** Why each pin to build is built, by pin name. */
  why: Map<string, string>;
}

/**
 * Sorts the selected pins into those whose tree in `outDir` was made from the same inputs and still
 * matches its record and the lock (reused), and the rest (built); `force` builds every one. The lock is
 * only consulted at scale 1, the only scale it records.
 */
export function planBuild(
  pins: Pin[],
  context: { catalog: Catalog; inputs: BuildInputs; outDir: string; scale: number; lock: Lock; force: boolean },
): BuildPlan {
  const plan: BuildPlan = { reused: [], jobs: [], why: new Map() };
  for (const pin of pins) {
    const fingerprint = context.inputs.fingerprint(context.catalog, pin, context.scale);
    const locked = context.scale === 1 ? context.lock.pins[pin.name]?.tree_hash : undefined;
    const reuse = context.force
      ? ({ kind: "build", why: "--force" } as const)
      : reusableBuild(context.outDir, pin.name, fingerprint, locked);
    if (reuse.kind === "reuse") {
      plan.reused.push(reuse.summary);
      continue;
    }
    plan.why.set(pin.name, reuse.why);
    plan.jobs.push({ pin, fingerprint, cost: expectedCost(context.outDir, pin, context.lock) });
  }
  return plan;
}

/**
 * What a pin's build is expected to cost, to order the work: the size of its last build in this folder
 * (routes, and bytes), else the number of route families the lock records for it, else a middling guess.
 */
function expectedCost(outDir: string, pin: Pin, lock: Lock): number {
  const last = readBuildStamp(outDir, pin.name)?.summary;
  if (last) return last.files + last.bytes / 4096;
  const families = Object.keys(lock.pins[pin.name]?.families ?? {}).length;
  return families ? families * 1000 : 10_000;
}
