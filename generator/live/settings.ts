import type { Catalog, Generation, LiveSettings, Pin } from "../catalog/types.js";
import { DAY, isoSeconds, parseInstant } from "../world/clock.js";

/** The live settings of a catalog, or a clear error naming what is missing. */
export function liveSettings(catalog: Catalog): LiveSettings {
  if (!catalog.live)
    throw new Error("the catalog has no 'live' section: add seed, generation, epoch, regenerate_at and keep to run live hosts");
  return catalog.live;
}

/** Milliseconds past midnight UTC of regenerate_at. */
function timeOfDay(settings: LiveSettings): number {
  const [h, m] = settings.regenerateAt.split(":").map(Number);
  return (h! * 60 + m!) * 60_000;
}

/**
 * The latest slot at or before `now`: the live universe's as-of instant. Slots are `regenerate_at` and
 * every `regenerate_every` from it, the same instants every day (the interval divides a day).
 */
export function latestSlot(settings: LiveSettings, now: number): number {
  const anchor = now - (now % DAY) + timeOfDay(settings);
  const every = settings.regenerateEvery;
  return anchor + Math.floor((now - anchor) / every) * every;
}

/** The first slot after `now`: when the server next regenerates. */
export function nextSlot(settings: LiveSettings, now: number): number {
  return latestSlot(settings, now) + settings.regenerateEvery;
}

/** How a log line names the schedule: "every 6 h from 02:00 UTC", or "nightly at 02:00 UTC". */
export function scheduleText(settings: LiveSettings): string {
  const every = settings.regenerateEvery;
  if (every === DAY) return `nightly at ${settings.regenerateAt} UTC`;
  return `every ${every % 3_600_000 === 0 ? `${every / 3_600_000} h` : `${every / 60_000} min`} from ${settings.regenerateAt} UTC`;
}

/** The live universe as of a slot: a generation of its own, with the fixed epoch as its first day. */
export function liveGeneration(settings: LiveSettings, asOf: number): Generation {
  if (asOf <= parseInstant(settings.epoch))
    throw new Error(`the live as-of ${isoSeconds(asOf)} is not after the live epoch ${settings.epoch}`);
  return {
    id: settings.generation,
    seed: settings.seed,
    start: settings.epoch,
    asOf: isoSeconds(asOf),
    schedule: { at: settings.regenerateAt, every: settings.regenerateEvery },
  };
}

/** A build's folder name: its as-of, sortable and safe in a path (2026-11-22T0200Z). */
export function buildName(asOf: number): string {
  return isoSeconds(asOf).slice(0, 16).replace(":", "") + "Z";
}

/**
 * One live pin per live prefix whose provider has a generator. A live host carries no pin and no
 * version choice: it serves the provider's current API version, the one of its newest pinned generation.
 */
export function livePins(catalog: Catalog, hasGenerator: (prefix: string) => boolean, only?: string[]): Pin[] {
  const settings = liveSettings(catalog);
  return catalog.livePrefixes
    .filter((prefix) => hasGenerator(prefix) && (!only || only.includes(prefix)))
    .map((prefix) => {
      const newest = catalog.pins.filter((p) => p.provider === prefix).sort((a, b) => b.generation - a.generation)[0];
      return {
        name: prefix,
        provider: prefix,
        generation: settings.generation,
        apiVersion: newest?.apiVersion ?? "current",
        files: true,
        published: false,
      };
    });
}

/** The catalog with the live generation added, so a provider can look up its pin's generation as usual. */
export function withLiveGeneration(catalog: Catalog, generation: Generation): Catalog {
  return { ...catalog, generations: new Map([...catalog.generations, [generation.id, generation]]) };
}
