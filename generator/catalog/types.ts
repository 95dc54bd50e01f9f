export interface Generation {
  id: number;
  seed: string;
  /** First day of activity in this universe (ISO instant). */
  start: string;
  /** The frozen clock: nothing in the universe happens after this instant. */
  asOf: string;
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
}
