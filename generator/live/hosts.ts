import type { Catalog, Pin } from "../catalog/types.js";
import type { PinContext, Provider } from "../core/provider.js";
import { buildPin } from "../build.js";
import { summarize, type PinBuild, type PinSummary } from "../emit/emit.js";
import type { Sink } from "../emit/sink.js";
import { isoSeconds } from "../world/clock.js";
import { buildWorld, loadTemplates, type World } from "../world/index.js";
import { latestSlot, liveGeneration, livePins, liveSettings, withLiveGeneration } from "./settings.js";

/**
 * One live host of a live build: its pin (the live prefix), from the live world, through `sink`. The
 * live job and the lock's live section both build with it, so what the lock freezes is what the job serves.
 */
export function buildLiveHost(provider: Provider, pin: Pin, liveCatalog: Catalog, world: World, sink: Sink): PinBuild {
  // Live hosts are named by prefix alone: https://<prefix>.<domain>.
  const ctx: PinContext = { pin, catalog: liveCatalog, origin: `https://${pin.name}.${liveCatalog.serviceDomain}` };
  return buildPin(provider, world, ctx, isoSeconds(world.asOf), sink);
}

export interface LiveHostsOptions {
  catalog: Catalog;
  providers: ReadonlyMap<string, Provider>;
  templatesDir: string;
  /** The job's clock: the build's as-of is the latest slot at or before it. */
  now: number;
  scale?: number;
  /** Only these prefixes; default every live prefix whose provider has a generator. */
  prefixes?: string[];
  sinkFor: (prefix: string) => Sink;
  /** No longer changes a byte (decision 0027: answers name the request's origin); kept for callers. */
  origin?: (prefix: string) => string;
}

/** Every live host as the live job at `now` builds it, from one world, keeping only each host's summary. */
export function* buildLiveHosts(options: LiveHostsOptions): Generator<PinSummary> {
  const settings = liveSettings(options.catalog);
  const generation = liveGeneration(settings, latestSlot(settings, options.now));
  const catalog = withLiveGeneration(options.catalog, generation);
  const pins = livePins(options.catalog, (p) => options.providers.has(p), options.prefixes);
  if (pins.length === 0) return;
  const world = buildWorld(generation, { render: loadTemplates(`${options.templatesDir}/repo`), scale: options.scale ?? 1 });
  for (const pin of pins)
    yield summarize(buildLiveHost(options.providers.get(pin.provider)!, pin, catalog, world, options.sinkFor(pin.name)));
}
