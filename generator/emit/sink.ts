import { closeSync, lstatSync, mkdirSync, openSync, readdirSync, readlinkSync, renameSync, rmSync, symlinkSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { randomBytes } from "node:crypto";
import { MessageChannel, Worker, receiveMessageOnPort } from "node:worker_threads";
import { BUILDS_DIR } from "../format/dist.js";
import { EmitError } from "./files.js";

/** Where the emitter's bytes go. Only emit/ writes files: tests use the in-memory sink. */
export interface Sink {
  /** `handOver`: the caller made `bytes` and will not read them again, so a sink may take their memory. */
  write(file: string, bytes: Buffer | string, handOver?: boolean): void;
  /** Writes one file from chunks made as it is written (a pin's route index), consuming every chunk in order. */
  writeChunks(file: string, chunks: Iterable<Buffer>): void;
  /** A folder for the emitter's temporary files, removed with the build (commit or abort); none keeps them in memory. */
  readonly scratch?: string;
  /** Makes everything written visible at once (an atomic folder swap on disk). */
  commit(): void;
  abort(): void;
}

export class MemorySink implements Sink {
  readonly files = new Map<string, Buffer>();
  write(file: string, bytes: Buffer | string): void {
    this.files.set(file, typeof bytes === "string" ? Buffer.from(bytes, "utf8") : bytes);
  }
  writeChunks(file: string, chunks: Iterable<Buffer>): void {
    this.files.set(file, Buffer.concat([...chunks]));
  }
  commit(): void {}
  abort(): void {
    this.files.clear();
  }
}

/**
 * Keeps nothing: the emitter hashes every byte before it reaches a sink, so a build for its hashes alone (the lock
 * check, the tests' twin build) writes no file.
 */
export const discardSink: Sink = {
  write() {},
  writeChunks(_file, chunks) {
    for (const _chunk of chunks);
  },
  commit() {},
  abort() {},
};

/**
 * Writes a pin into a folder of its own under `.pins/`, then points the pin's name at it by replacing a
 * symbolic link, so a server never sees a half-written tree nor a missing pin: `dist/<pin>` is the old
 * build until one rename makes it the new one (a rename over a link is atomic; two folder renames left
 * the pin missing between them). The old build is removed after the switch.
 *
 * A build killed at any point leaves the pin as it was. What it left (its unfinished folder, a link made
 * aside) is removed by the next build of that pin, which recognizes it by the dead process id in its name.
 *
 * The writes happen on a worker thread (writer-worker.mjs) while the emitter goes on generating: the
 * build overlaps its CPU work with the file system's. At most `maxInFlight` bytes wait to be written;
 * past that the emitter blocks (Atomics.wait), so memory stays bounded however large the pin.
 */
export class FolderSink implements Sink {
  private readonly staging: string;
  private readonly id: string;
  /** Beside the staging folder and named like it, so the leftovers of a killed build are recognized alike. */
  readonly scratch: string;
  private readonly counters = new Int32Array(new SharedArrayBuffer(8));
  private readonly errors = new MessageChannel();
  private readonly worker: Worker;
  /** Files not yet posted: one message per batch, as a message costs the emitter some microseconds. */
  private batch: Array<{ file: string; data: Buffer | Uint8Array | string; size: number }> = [];
  private batchBytes = 0;
  private transfers: ArrayBuffer[] = [];

  constructor(
    readonly target: string,
    private readonly maxInFlight = 16 * 1024 * 1024,
  ) {
    removeLeftovers(target);
    this.id = `${basename(target)}@${process.pid}-${randomBytes(6).toString("hex")}`;
    this.staging = join(dirname(target), BUILDS_DIR, this.id);
    this.scratch = `${this.staging}.scratch`;
    mkdirSync(this.staging, { recursive: true });
    this.worker = new Worker(new URL("./writer-worker.mjs", import.meta.url), {
      workerData: { root: this.staging, state: this.counters.buffer, errors: this.errors.port2 },
      transferList: [this.errors.port2],
      // The writer needs no loader hooks; an empty execArgv keeps tsx or a test runner out of it.
      execArgv: [],
    });
  }

  write(file: string, bytes: Buffer | string, handOver = false): void {
    // Bytes handed over that own their memory move to the writer thread (the emitter's bodies above 4 KiB:
    // smaller ones share Node's pool). Other bytes are copied once, and the copy moves. A provider's own
    // bytes are always copied: it may hold them. A string's length in UTF-16 units is close enough to its
    // byte size for the in-flight bound.
    this.failIfWorkerFailed();
    Atomics.add(this.counters, 0, bytes.length);
    let data: Buffer | Uint8Array | string = bytes;
    if (typeof bytes !== "string") {
      const owned =
        handOver && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && !(bytes.buffer instanceof SharedArrayBuffer);
      // Anything else is copied here, to a buffer of its exact size: a posted view would be cloned with the
      // whole block under it (a blob of a few bytes cut from a 256 KiB block, or from Node's 8 KiB pool).
      const moved = owned ? bytes : new Uint8Array(bytes);
      this.transfers.push(moved.buffer as ArrayBuffer);
      data = moved;
    }
    this.batch.push({ file, data, size: bytes.length });
    this.batchBytes += bytes.length;
    if (this.batch.length >= BATCH_FILES || this.batchBytes >= BATCH_BYTES) this.post();
    if (Atomics.load(this.counters, 0) > this.maxInFlight) {
      this.post();
      this.waitWhile((waiting) => waiting > this.maxInFlight);
    }
  }

  /**
   * Written on this thread, chunk by chunk, so the file is never whole in memory; its folder may not
   * exist yet, as the writer thread makes folders as it goes.
   */
  writeChunks(file: string, chunks: Iterable<Buffer>): void {
    this.failIfWorkerFailed();
    const full = join(this.staging, file);
    mkdirSync(dirname(full), { recursive: true });
    const fd = openSync(full, "w");
    try {
      for (const chunk of chunks) writeSync(fd, chunk);
    } finally {
      closeSync(fd);
    }
  }

  /** Sends the batch to the writer thread. */
  private post(): void {
    if (!this.batch.length) return;
    this.worker.postMessage(this.batch, this.transfers);
    this.batch = [];
    this.transfers = [];
    this.batchBytes = 0;
  }

  commit(): void {
    this.drain();
    void this.worker.terminate();
    rmSync(this.scratch, { recursive: true, force: true });
    const parent = dirname(this.target);
    let previous = linkTarget(this.target);
    // A pin built before builds were linked is a folder: moved into the store first (once per pin).
    if (previous === undefined && exists(this.target)) {
      previous = join(BUILDS_DIR, `${basename(this.target)}@legacy-${randomBytes(6).toString("hex")}`);
      renameSync(this.target, join(parent, previous));
    }
    const link = join(parent, `.${basename(this.target)}.link-${process.pid}-${randomBytes(6).toString("hex")}`);
    symlinkSync(join(BUILDS_DIR, this.id), link);
    renameSync(link, this.target);
    if (previous !== undefined) rmSync(join(parent, previous), { recursive: true, force: true });
  }

  abort(): void {
    void this.worker.terminate();
    rmSync(this.staging, { recursive: true, force: true });
    rmSync(this.scratch, { recursive: true, force: true });
  }

  /** Blocks until every queued file is on disk. */
  private drain(): void {
    this.post();
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
    // The worker posts its message before it raises the flag; a thread that died on its own posts none.
    let message = receiveMessageOnPort(this.errors.port1)?.message as string | undefined;
    for (let i = 0; message === undefined && i < 20; i++) {
      Atomics.wait(this.counters, 1, 1, 5);
      message = receiveMessageOnPort(this.errors.port1)?.message as string | undefined;
    }
    throw new EmitError(`writing the pin failed: ${message ?? "the writer thread stopped"}`);
  }
}

const BATCH_FILES = 64;
const BATCH_BYTES = 1024 * 1024;

/** Where a pin's link points (relative to its folder), or undefined when it is not a link. */
function linkTarget(target: string): string | undefined {
  try {
    return lstatSync(target).isSymbolicLink() ? readlinkSync(target) : undefined;
  } catch {
    return undefined;
  }
}

function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/** Whether a process is running: an interrupted build's leftovers are swept only once their builder is gone. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * What interrupted builds of this pin left: builds in the store that the pin does not point at, and links
 * made aside, of processes no longer running; and the staging folders of the layout before links.
 */
function removeLeftovers(target: string): void {
  const parent = dirname(target);
  const name = basename(target);
  const current = linkTarget(target);
  const store = join(parent, BUILDS_DIR);
  const dead = (entry: string, prefix: string) => {
    const pid = /^(\d+)-/.exec(entry.slice(prefix.length))?.[1];
    return entry.startsWith(prefix) && (entry.slice(prefix.length).startsWith("legacy-") || (pid !== undefined && !alive(Number(pid))));
  };
  for (const entry of list(store)) {
    if (dead(entry, `${name}@`) && join(BUILDS_DIR, entry) !== current) rmSync(join(store, entry), { recursive: true, force: true });
  }
  for (const entry of list(parent)) {
    if (dead(entry, `.${name}.link-`) || /^\.staging-[0-9a-f]{12}(-old)?$/.test(entry))
      rmSync(join(parent, entry), { recursive: true, force: true });
  }
}

function list(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}
