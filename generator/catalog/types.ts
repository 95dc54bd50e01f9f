export interface Generation {
  id: number;
  seed: string;
  /** First day of activity in this universe (ISO instant). */
  start: string;
  /** The frozen clock: nothing in the universe happens after this instant. */
  asOf: string;
  /**
   * The live universe's schedule: its scheduled jobs (CI cron runs, tracker automations, synthetic
   * checks) fire at `at` (UTC HH:MM) and every `every` milliseconds from it, the instants its hosts are
   * rebuilt at, so every build holds activity from its own instant. Pinned generations have none.
   */
  schedule?: { at: string; every: number };
}

export interface Pin {
  name: string;
  provider: string;
  generation: number;
  apiVersion: string;
  files: boolean;
  /** A published pin's bytes may never change again. */
  published: boolean;
}

export interface Catalog {
  serviceDomain: string;
  generations: Map<number, Generation>;
  livePrefixes: string[];
  pins: Pin[];
  /** The live universe, rebuilt at every slot (every 6 hours); absent when the catalog runs no live hosts. */
  live?: LiveSettings;
}

/**
 * The live universe is one more generation whose as-of clock is the time of the slot it is built for. Its epoch
 * is fixed, so each night only appends to the night before (see docs/decisions/0006-live-mode.md).
 */
export interface LiveSettings {
  seed: string;
  /** Its generation number: it numbers keys and ids apart from every pinned generation. */
  generation: number;
  /** The first day of live activity. */
  epoch: string;
  /** The first run's UTC time of day, HH:MM; the runs repeat every `regenerateEvery` from it. */
  regenerateAt: string;
  /**
   * Milliseconds between runs (a whole divisor of a day; a day when the catalog says nothing). The live
   * as-of is the latest slot `regenerateAt + k × regenerateEvery`; builds more often than nightly are what
   * keeps a host's newest activity under a day old in the hours before the next run.
   */
  regenerateEvery: number;
  /** How many builds stay on disk (at least 2: the one serving and the one before). */
  keep: number;
}
