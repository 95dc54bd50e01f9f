// The file writer of FolderSink, on its own thread so that writing overlaps generating.
// Plain JavaScript on purpose: a worker must load without a TypeScript loader (tsx, vitest).
// Protocol: each message is a batch of { file, data, size }; the worker writes each, then subtracts its
// `size` from the shared in-flight counter and wakes the producer. A failure sets the shared error flag
// and sends its message on the error port, which the producer reads synchronously.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { parentPort, workerData } from "node:worker_threads";

const { root, state, errors } = workerData;
const counters = new Int32Array(state);
const made = new Set();

parentPort.on("message", (batch) => {
  for (const entry of batch) write(entry);
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
