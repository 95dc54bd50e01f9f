import { closeSync, mkdirSync, openSync, readSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";
import type { RouteRecord } from "../format/dist.js";

/**
 * A pin's routes, held as one line of text each and spilled to sorted run files once they pass
 * `runBytes`, then read back merged in key order: the emitter's memory stays bounded however many routes
 * a pin has (an external merge sort). Without a scratch folder every line stays in memory.
 *
 * A line holds what the meta files need, already serialized, tab-separated (JSON escapes every tab and
 * newline inside its strings, so neither appears raw in a field):
 *
 *   JSON(key) \t status \t JSON(headers) \t sha256 \t JSON(file) \t JSON(list) or nothing
 */
export class RouteTable {
  private lines: Array<{ key: string; line: string }> = [];
  private lineBytes = 0;
  readonly runs: string[] = [];
  /** Keys that are array indices ("7"): an object's own properties list them first, in numeric order. */
  private readonly indexKeys: Array<{ key: string; line: string }> = [];
  size = 0;

  constructor(
    private readonly scratch: string | undefined,
    private readonly runBytes = 8 * 1024 * 1024,
  ) {}

  add(key: string, route: Omit<RouteRecord, "bytes">): void {
    const keyJson = JSON.stringify(key);
    // Joined, not a template literal: a join makes one flat string, where concatenation keeps every piece
    // alive in a tree of string nodes (twice the memory). The key is held flat for the same reason.
    const line = [
      keyJson,
      String(route.status),
      JSON.stringify(route.headers),
      route.sha256,
      JSON.stringify(route.file),
      route.list ? JSON.stringify(route.list) : "",
    ].join("\t");
    key = flatString(key, keyJson);
    this.lines.push({ key, line });
    if (isArrayIndex(key)) this.indexKeys.push({ key, line });
    this.size++;
    // A line is mostly ASCII: its length is close to its bytes, and to its memory as a one-byte string.
    this.lineBytes += line.length + key.length;
    if (this.scratch !== undefined && this.lineBytes >= this.runBytes) this.spill();
  }

  /** Every route in key order (code-unit order, as `Array.prototype.sort` orders strings). */
  *sorted(): Generator<SortedRoute> {
    this.lines.sort(byKey);
    if (!this.runs.length) {
      for (const { key, line } of this.lines) yield parse(key, line);
      return;
    }
    const heads: Array<{ next: () => { key: string; line: string } | undefined; current: { key: string; line: string } | undefined }> = [];
    const memory = this.lines[Symbol.iterator]();
    heads.push({ next: () => memory.next().value, current: undefined });
    const readers = this.runs.map((run) => new LineReader(run));
    try {
      for (const reader of readers) {
        heads.push({
          next: () => {
            const line = reader.next();
            return line === undefined ? undefined : { key: JSON.parse(line.slice(0, line.indexOf("\t"))) as string, line };
          },
          current: undefined,
        });
      }
      for (const head of heads) head.current = head.next();
      // A handful of runs: picking the least head by a scan costs less than keeping a heap.
      for (;;) {
        let least: (typeof heads)[number] | undefined;
        for (const head of heads) if (head.current && (!least || head.current.key < least.current!.key)) least = head;
        if (!least) return;
        const { key, line } = least.current!;
        least.current = least.next();
        yield parse(key, line);
      }
    } finally {
      for (const reader of readers) reader.close();
    }
  }

  /** The routes whose keys are array indices, in numeric order: where `JSON.stringify` of an object puts them. */
  arrayIndexRoutes(): SortedRoute[] {
    return [...this.indexKeys].sort((a, b) => Number(a.key) - Number(b.key)).map(({ key, line }) => parse(key, line));
  }

  /** Removes the run files. */
  dispose(): void {
    this.lines = [];
    if (this.scratch !== undefined && this.runs.length) rmSync(this.scratch, { recursive: true, force: true });
  }

  private spill(): void {
    this.lines.sort(byKey);
    if (!this.runs.length) mkdirSync(this.scratch!, { recursive: true });
    const run = join(this.scratch!, `routes-${this.runs.length}`);
    const fd = openSync(run, "w");
    try {
      let chunk: string[] = [];
      let chunkLength = 0;
      for (const { line } of this.lines) {
        chunk.push(line);
        chunkLength += line.length;
        if (chunkLength >= 1024 * 1024) {
          writeSync(fd, `${chunk.join("\n")}\n`);
          chunk = [];
          chunkLength = 0;
        }
      }
      if (chunk.length) writeSync(fd, `${chunk.join("\n")}\n`);
    } finally {
      closeSync(fd);
    }
    this.runs.push(run);
    this.lines = [];
    this.lineBytes = 0;
  }
}

/** One route as the meta files write it: the key, and the fields of its line still serialized. */
export interface SortedRoute {
  key: string;
  keyJson: string;
  status: string;
  headersJson: string;
  sha256: string;
  fileJson: string;
  listJson: string;
}

/** Whether a key is one that an object puts first, in numeric order (an array index, as ECMAScript has it). */
export function isArrayIndex(key: string): boolean {
  return ARRAY_INDEX.test(key) && Number(key) < 2 ** 32 - 1;
}

/**
 * `s` as one flat string: a key or file name made by concatenation (or sliced from a longer string)
 * holds its pieces, or the whole string it was cut from, for as long as it lives. `json` is
 * `JSON.stringify(s)`, when the caller has it.
 */
export function flatString(s: string, json = JSON.stringify(s)): string {
  return JSON.parse(json) as string;
}

const ARRAY_INDEX = /^(0|[1-9][0-9]*)$/;

const byKey = (a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

function parse(key: string, line: string): SortedRoute {
  const [keyJson, status, headersJson, sha256, fileJson, listJson] = line.split("\t") as [string, string, string, string, string, string];
  return { key, keyJson, status, headersJson, sha256, fileJson, listJson };
}

/**
 * The lines of a file, read synchronously in 64 KiB blocks (no line holds a raw newline). The merge
 * holds a reader per run, tens of them for a large pin, each with its block and that block's lines
 * decoded: 1 MiB blocks made the merge the build's peak (about 140 MB more at --scale 10).
 */
class LineReader {
  private readonly fd: number;
  private readonly block = Buffer.allocUnsafe(64 * 1024);
  private pending: string[] = [];
  private at = 0;
  private rest = Buffer.alloc(0);
  private done = false;

  constructor(path: string) {
    this.fd = openSync(path, "r");
  }

  next(): string | undefined {
    while (this.at >= this.pending.length) {
      if (this.done) return undefined;
      this.fill();
    }
    return this.pending[this.at++];
  }

  private fill(): void {
    const read = readSync(this.fd, this.block, 0, this.block.length, null);
    if (read === 0) {
      this.done = true;
      this.pending = this.rest.length ? [this.rest.toString("utf8")] : [];
      this.at = 0;
      return;
    }
    const data = this.rest.length ? Buffer.concat([this.rest, this.block.subarray(0, read)]) : this.block.subarray(0, read);
    const last = data.lastIndexOf(0x0a);
    // Cut at the last newline, so that a multibyte character is never split between two blocks.
    this.pending = last === -1 ? [] : data.toString("utf8", 0, last).split("\n");
    this.rest = Buffer.from(data.subarray(last + 1));
    this.at = 0;
  }

  close(): void {
    closeSync(this.fd);
  }
}
