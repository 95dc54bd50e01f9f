import cluster, { type Worker } from "node:cluster";
import { availableParallelism } from "node:os";
import { createServer } from "node:net";

/**
 * The companion server on every core: `serve` forks one worker per core, which share the listening
 * sockets (the primary hands each new connection to the next worker). The workers are stateless: every
 * one reads the same dist/ and sees a swap or a live switch by itself. The primary only supervises and,
 * with `--live`, runs the scheduled live job.
 */
/**
 * One worker per core. Measured on 2 cores under wrk (a load generator in C) on the bench's URLs, two
 * workers answered 46,000 requests/s and one 27,000-35,000: a worker answering from memory spends most of
 * its time in the kernel's socket writes, which the second core doubles. (Under autocannon, whose parser is
 * JavaScript, the load generator took a core of its own and one worker looked better.)
 */
export const defaultWorkers = (): number => Math.max(1, availableParallelism());

/** Whether this process is a forked serving worker. */
export const isServingWorker = (): boolean => cluster.isWorker;

/** Whether a port can be listened on; the primary asks before forking, so a busy port is said once. */
export function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });
}

export interface Supervision {
  /** Stops every worker (they finish open requests) and resolves when all have exited. */
  stop(): Promise<void>;
}

/**
 * Forks `count` workers running this same command. `onListening` is called once, when the first worker
 * listens; a worker that dies before any listened is fatal (`onFatal` with its code), one that dies later
 * is replaced, so a crash never takes the service down.
 */
export function superviseWorkers(
  count: number,
  hooks: { onListening: () => void; onFatal: (code: number) => void; log: (line: string) => void },
): Supervision {
  let listening = false;
  let stopping = false;
  const fork = (): Worker => {
    const worker = cluster.fork();
    worker.once("listening", () => {
      if (!listening) hooks.onListening();
      listening = true;
    });
    worker.once("exit", (code, signal) => {
      if (stopping) return;
      if (!listening) return hooks.onFatal(code || 1);
      hooks.log(`worker ${worker.process.pid} exited (${signal ?? `code ${code}`}): starting another`);
      fork();
    });
    return worker;
  };
  for (let i = 0; i < count; i++) fork();
  return {
    stop: () => {
      stopping = true;
      const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
      return Promise.all(
        workers.map(
          (w) =>
            new Promise<void>((resolve) => {
              if (w.isDead()) return resolve();
              w.once("exit", () => resolve());
              w.process.kill("SIGTERM");
            }),
        ),
      ).then(() => undefined);
    },
  };
}
