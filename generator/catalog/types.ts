export interface Generation {
  id: number;
  seed: string;
  /** First day of activity in this universe (ISO instant). */
  start: string;
  /** The frozen clock: nothing in the universe happens after this instant. */
  asOf: string;
  /**
   * The live universe's nightly CI time (UTC HH:MM): a scheduled run fires then every day, so a live
   * host regenerated at that time always holds activity as new as its build. Pinned generations have none.
   */
  nightly?: string;
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
  /** The live universe, regenerated nightly; absent when the catalog runs no live hosts. */
  live?: LiveSettings;
}

/**
 * The live universe is one more generation whose as-of clock is the time of the nightly run. Its epoch
 * is fixed, so each night only appends to the night before (see docs/decisions/0006-live-mode.md).
 */
export interface LiveSettings {
  seed: string;
  /** Its generation number: it numbers keys and ids apart from every pinned generation. */
  generation: number;
  /** The first day of live activity. */
  epoch: string;
  /** The nightly run's UTC time of day, HH:MM; the live as-of is the latest such instant. */
  regenerateAt: string;
  /** How many daily builds stay on disk (at least 2: the one serving and the one before). */
  keep: number;
}
