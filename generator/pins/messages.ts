import type { PinSummary } from "../emit/emit.js";

/** What a build worker (build-worker.ts) is started with, as its one argument (JSON). */
export interface ChildSetup {
  catalogFile: string;
  templatesDir: string;
  outDir: string;
  scale: number;
}

/** From the pool to a worker: build this pin (and record it as made from `fingerprint`), or stop. */
export type ParentMessage = { kind: "build"; pin: string; fingerprint: string } | { kind: "stop" };

/** From a worker to the pool. */
export type ChildMessage =
  | { kind: "ready" }
  | { kind: "world"; generation: number }
  | { kind: "started"; pin: string }
  | { kind: "built"; summary: PinSummary }
  | { kind: "failed"; pin: string; message: string };
