import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { Pin } from "../catalog/types.js";
import type { PinSummary } from "../emit/emit.js";
import type { ChildMessage, ChildSetup, ParentMessage } from "./messages.js";

/** A pin to build, with its input fingerprint (recorded beside it) and its expected cost (any unit: it orders the work). */
export interface PinJob {
  pin: Pin;
  fingerprint: string;
  cost: number;
}

export type PoolEvent =
  | { kind: "world"; worker: number; generation: number }
  | { kind: "started"; worker: number; pin: string }
  | { kind: "built"; worker: number; summary: PinSummary };

export interface PoolOptions extends ChildSetup {
  jobs: PinJob[];
  /** Build processes at most (never more than there are pins). */
  workers: number;
  onEvent?: (event: PoolEvent) => void;
  /** Stops every worker (a pin being built is left as it was: its swap never happens). */
  signal?: AbortSignal;
}

/**
 * Builds pins in `workers` child processes at once (build-worker.ts), each pin swapped into place by its
 * own worker the moment it is complete, so a server reading the folder serves each as soon as it is
 * built. Every pin's bytes are its own inputs' alone, so which worker builds it and in what order
 * changes no byte (the lock checks it).
 *
 * The work is split by generation, as a world is the costly part a worker keeps between pins: each worker
 * starts on a generation of its own (the costliest first) and takes its pins smallest first, so the first
 * answers come early; a worker whose generation is done takes the costliest pin left of another one
 * (making that world too) while its owner still has two or more to go. The summaries come back in the
 * order of `jobs`.
 */
export function buildInParallel(options: PoolOptions): Promise<PinSummary[]> {
  const queues = new Map<number, PinJob[]>();
  for (const job of options.jobs) queues.set(job.pin.generation, [...(queues.get(job.pin.generation) ?? []), job]);
  for (const queue of queues.values()) queue.sort((a, b) => a.cost - b.cost || (a.pin.name < b.pin.name ? -1 : 1));
  const remaining = (g: number) => (queues.get(g) ?? []).reduce((n, j) => n + j.cost, 0);
  const generations = [...queues.keys()].sort((a, b) => remaining(b) - remaining(a) || a - b);
  // A worker per generation; more only for four pins or more each, since a worker on a generation already
  // taken makes that world a second time (for two small pins, more than they cost).
  const count = Math.max(
    0,
    Math.min(options.workers, options.jobs.length, Math.max(generations.length, Math.ceil(options.jobs.length / 4))),
  );
  const results = new Map<string, PinSummary>();
  if (count === 0) return Promise.resolve([]);

  return new Promise((resolve, reject) => {
    const workers: Array<{ child: ChildProcess; home: number; busy: boolean }> = [];
    let failed = false;
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      for (const w of workers) w.child.kill("SIGTERM");
      reject(error);
    };
    /** The next pin for a worker: its own generation's smallest, else the costliest of a generation with two or more waiting. */
    const next = (home: number): PinJob | undefined => {
      const own = queues.get(home);
      if (own?.length) return own.shift();
      const other = generations.filter((g) => (queues.get(g)?.length ?? 0) >= 2).sort((a, b) => remaining(b) - remaining(a))[0];
      return other === undefined ? undefined : queues.get(other)!.pop();
    };
    const dispatch = (index: number) => {
      const worker = workers[index]!;
      const job = next(worker.home);
      if (job) {
        worker.home = job.pin.generation;
        worker.busy = true;
        const message: ParentMessage = { kind: "build", pin: job.pin.name, fingerprint: job.fingerprint };
        worker.child.send(message);
        return;
      }
      worker.busy = false;
      worker.child.send({ kind: "stop" } satisfies ParentMessage);
      // A worker whose home was emptied by others may still find its pins queued elsewhere: nothing is left
      // unbuilt once every worker is idle and every queue empty.
      if (workers.every((w) => !w.busy) && [...queues.values()].every((q) => q.length === 0)) finish();
    };
    const finish = () => {
      if (failed) return;
      const missing = options.jobs.filter((j) => !results.has(j.pin.name));
      if (missing.length) return fail(new Error(`no worker built ${missing.map((j) => j.pin.name).join(", ")}`));
      resolve(options.jobs.map((j) => results.get(j.pin.name)!));
    };
    options.signal?.addEventListener("abort", () => fail(new Error("the build was stopped")), { once: true });
    const setup: ChildSetup = {
      catalogFile: options.catalogFile,
      templatesDir: options.templatesDir,
      outDir: options.outDir,
      scale: options.scale,
    };
    for (let index = 0; index < count; index++) {
      // tsx by its resolved URL: a bare `--import tsx` would be looked up from the working directory.
      const child = fork(fileURLToPath(new URL("../build-worker.ts", import.meta.url)), [JSON.stringify(setup)], {
        execArgv: ["--import", import.meta.resolve("tsx")],
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      });
      workers.push({ child, home: generations[index % generations.length]!, busy: true });
      child.on("message", (message: ChildMessage) => {
        if (failed) return;
        if (message.kind === "ready") dispatch(index);
        else if (message.kind === "world") options.onEvent?.({ kind: "world", worker: index, generation: message.generation });
        else if (message.kind === "started") options.onEvent?.({ kind: "started", worker: index, pin: message.pin });
        else if (message.kind === "failed") fail(new Error(`building ${message.pin} failed: ${message.message}`));
        else {
          results.set(message.summary.pin, message.summary);
          options.onEvent?.({ kind: "built", worker: index, summary: message.summary });
          dispatch(index);
        }
      });
      child.on("error", fail);
      child.on("exit", (code, signal) => {
        if (workers[index]!.busy && !failed)
          fail(new Error(`a build worker stopped (${signal ?? `exit ${code}`}) before its pins were built`));
      });
    }
  });
}
