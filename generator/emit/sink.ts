import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { randomBytes } from "node:crypto";
import { MessageChannel, Worker, receiveMessageOnPort } from "node:worker_threads";
import { EmitError } from "./files.js";

/** Where the emitter's bytes go. Only emit/ writes files: tests use the in-memory sink. */
export interface Sink {
  write(file: string, bytes: Buffer | string): void;
  /** Makes everything written visible at once (an atomic folder swap on disk). */
  commit(): void;
  abort(): void;
}

export class MemorySink implements Sink {
  readonly files = new Map<string, Buffer>();
  write(file: string, bytes: Buffer | string): void {
    this.files.set(file, typeof bytes === "string" ? Buffer.from(bytes, "utf8") : bytes);
  }
  commit(): void {}
  abort(): void {
    this.files.clear();
  }
}

/**
 * Writes a pin into a hidden staging folder beside its final place, then swaps it in with renames, so a
 * server never sees a half-written tree: before the swap it serves the old pin, after it the new one.
 *
 * The writes happen on a worker thread (writer-worker.mjs) while the emitter goes on generating: the
 * build overlaps its CPU work with the file system's. At most `maxInFlight` bytes wait to be written;
 * past that the emitter blocks (Atomics.wait), so memory stays bounded however large the pin.
 */
export class FolderSink implements Sink {
  private readonly staging: string;
  private readonly counters = new Int32Array(new SharedArrayBuffer(8));
  private readonly errors = new MessageChannel();
  private readonly worker: Worker;

  constructor(readonly target: string, private readonly maxInFlight = 64 * 1024 * 1024) {
    this.staging = join(dirname(target), `.staging-${randomBytes(6).toString("hex")}`);
    mkdirSync(this.staging, { recursive: true });
    this.worker = new Worker(new URL("./writer-worker.mjs", import.meta.url), {
      workerData: { root: this.staging, state: this.counters.buffer, errors: this.errors.port2 },
      transferList: [this.errors.port2],
      // The writer needs no loader hooks; an empty execArgv keeps tsx or a test runner out of it.
      execArgv: [],
    });
  }

  write(file: string, bytes: Buffer | string): void {
    // Text goes over as a string: the writer thread does the UTF-8 encoding, not the generating one.
    // Its length in UTF-16 units is close enough to its byte size for the in-flight bound.
    this.failIfWorkerFailed();
    Atomics.add(this.counters, 0, bytes.length);
    this.worker.postMessage({ file, data: bytes, size: bytes.length });
    this.waitWhile((waiting) => waiting > this.maxInFlight);
  }

  commit(): void {
    this.drain();
    void this.worker.terminate();
    const old = `${this.staging}-old`;
    if (existsSync(this.target)) renameSync(this.target, old);
    renameSync(this.staging, this.target);
    rmSync(old, { recursive: true, force: true });
  }

  abort(): void {
    void this.worker.terminate();
    rmSync(this.staging, { recursive: true, force: true });
  }

  /** Blocks until every queued file is on disk. */
  private drain(): void {
    this.waitWhile((waiting) => waiting > 0);
    this.failIfWorkerFailed();
  }

  /** Blocks while the in-flight byte count satisfies `busy`; a writer that makes no progress for a minute is an error. */
  private waitWhile(busy: (waiting: number) => boolean): void {
    let last = Atomics.load(this.counters, 0);
    let idleMs = 0;
    while (busy(last)) {
      Atomics.wait(this.counters, 0, last, 1_000);
      this.failIfWorkerFailed();
      const now = Atomics.load(this.counters, 0);
      idleMs = now === last ? idleMs + 1_000 : 0;
      if (idleMs >= 60_000) throw new EmitError("writing the pin failed: the writer thread made no progress for a minute");
      last = now;
    }
  }

  private failIfWorkerFailed(): void {
    if (Atomics.load(this.counters, 1) === 0) return;
    const message = receiveMessageOnPort(this.errors.port1)?.message as string | undefined;
    throw new EmitError(`writing the pin failed: ${message ?? "the writer thread stopped"}`);
  }
}
