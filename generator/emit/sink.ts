import { mkdirSync, renameSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { randomBytes } from "node:crypto";

/** Where the emitter's bytes go. Only emit/ writes files: tests use the in-memory sink. */
export interface Sink {
  write(file: string, bytes: Buffer): void;
  /** Makes everything written visible at once (an atomic folder swap on disk). */
  commit(): void;
  abort(): void;
}

export class MemorySink implements Sink {
  readonly files = new Map<string, Buffer>();
  write(file: string, bytes: Buffer): void {
    this.files.set(file, bytes);
  }
  commit(): void {}
  abort(): void {
    this.files.clear();
  }
}

/**
 * Writes a pin into a hidden staging folder beside its final place, then swaps it in with renames, so a
 * server never sees a half-written tree: before the swap it serves the old pin, after it the new one.
 */
export class FolderSink implements Sink {
  private readonly staging: string;
  private readonly made = new Set<string>();

  constructor(readonly target: string) {
    this.staging = join(dirname(target), `.staging-${randomBytes(6).toString("hex")}`);
    mkdirSync(this.staging, { recursive: true });
  }

  write(file: string, bytes: Buffer): void {
    const full = join(this.staging, file);
    const dir = dirname(full);
    if (!this.made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      this.made.add(dir);
    }
    writeFileSync(full, bytes);
  }

  commit(): void {
    const old = `${this.staging}-old`;
    if (existsSync(this.target)) renameSync(this.target, old);
    renameSync(this.staging, this.target);
    rmSync(old, { recursive: true, force: true });
  }

  abort(): void {
    rmSync(this.staging, { recursive: true, force: true });
  }
}
