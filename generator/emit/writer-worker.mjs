// The file writer of FolderSink, on its own thread so that writing overlaps generating.
// Plain JavaScript on purpose: a worker must load without a TypeScript loader (tsx, vitest).
// Protocol: each message is a batch of { file, data, size }; the worker writes each, then subtracts its
// `size` from the shared in-flight counter and wakes the producer. A failure sets the shared error flag
// and sends its message on the error port, which the producer reads synchronously.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { parentPort, workerData } from "node:worker_threads";

const { root, state, errors } = workerData;
const counters = new Int32Array(state);
const made = new Set();

// The bytes this thread is given are freed only when its own collector finds them unreachable, and this
// thread makes almost no garbage of its own, so its collector seldom runs: at --scale 10, pages of 26 MB
// each piled up here by the hundred MB before one did. After every RELEASE_BYTES written, a young
// collection (about a millisecond on this small heap) frees the bytes of the batches done. The collector
// is exposed to a fresh context only, as the build's heap budget does (core/heap-budget.ts).
const RELEASE_BYTES = 32 * 1024 * 1024;
setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc");
let sinceRelease = 0;

parentPort.on("message", (batch) => {
  for (const entry of batch) {
    write(entry);
    sinceRelease += entry.size;
  }
  batch.length = 0;
  if (sinceRelease >= RELEASE_BYTES) {
    sinceRelease = 0;
    collect({ type: "minor" });
  }
});

function write({ file, data, size }) {
  try {
    if (Atomics.load(counters, 1) === 0) {
      const full = join(root, file);
      const dir = dirname(full);
      if (!made.has(dir)) {
        mkdirSync(dir, { recursive: true });
        made.add(dir);
      }
      writeFileSync(full, data);
    }
  } catch (error) {
    // The message first, then the flag: the producer reads the message as soon as it sees the flag.
    errors.postMessage(`${file}: ${error instanceof Error ? error.message : String(error)}`);
    Atomics.store(counters, 1, 1);
  } finally {
    Atomics.sub(counters, 0, size);
    Atomics.notify(counters, 0);
  }
}
