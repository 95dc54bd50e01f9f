import { lstat, readFile } from "node:fs/promises";
import { createReadStream, type Stats } from "node:fs";
import { Readable } from "node:stream";
import { FILE_ENCODERS, type Encoding } from "../answer/encoders.js";
import { LARGEST_HELD } from "../answer/limits.js";
import { holdsOrigin, spliceBytes, spliceKey, type OriginSplice } from "../answer/origin.js";

export type { Encoding } from "../answer/encoders.js";

interface Entry {
  stamp: string;
  stats: Stats;
  data: Buffer;
  /** Each encoding, compressed once on first request; the promise is shared by concurrent requests. */
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
  /** The encodings done, for answering without waiting on a promise. */
  done: Partial<Record<Encoding, Buffer>>;
  /** Bytes held for the entry: identity plus every encoding done. */
  size: number;
  /** Whether the file names its pin's canonical origin (decision 0027); looked for on the first splice. */
  holdsOrigin?: boolean;
}

/**
 * Files kept in memory up to a byte budget (least recently used out first), with their compressed
 * forms. A pin's files never change in place: a rebuild swaps in a whole new folder and with it the
 * pin's stamp, so an entry is valid for as long as the stamp it was read under, and a hit costs no
 * syscall. Files above `largest` are never held: serve-handler streams them from disk.
 */
export class FileCache {
  private readonly entries = new Map<string, Entry>();
  /** Reads under way: concurrent misses of one file share one read (a burst of clients asks the same page). */
  private readonly reading = new Map<string, Promise<Stats>>();
  private bytes = 0;

  constructor(
    private readonly budget = 256 * 1024 * 1024,
    private readonly largest = LARGEST_HELD,
  ) {}

  /** A cached file (read in on a miss), or undefined when it is too large to hold or not a file. */
  async entry(path: string, stamp: string): Promise<{ data: Buffer; stats: Stats } | undefined> {
    const hit = this.hit(path, stamp);
    if (hit) return hit;
    // A spliced copy let go is made again by splicedPath, never read from disk.
    if (path.includes("\u0000")) return undefined;
    await this.lstat(path, stamp);
    return this.entries.get(path);
  }

  /**
   * The path under which the cache holds a file as answered to a request from another origin (decision
   * 0027): the file's own when it names no canonical origin (most files: they keep their one copy and
   * its encodings), else a spliced copy made once per origin and held, with its own encodings, like any
   * file. Undefined when the file is not held (too large): the caller answers another way.
   */
  async splicedPath(path: string, stamp: string, splice: OriginSplice): Promise<string | undefined> {
    if (splice.length === 0) return path;
    const base = (await this.entry(path, stamp)) && this.hit(path, stamp);
    if (!base) return undefined;
    base.holdsOrigin ??= holdsOrigin(base.data, splice);
    if (!base.holdsOrigin) return path;
    const key = `${path}\u0000${spliceKey(splice)}`;
    if (this.hit(key, stamp)) return key;
    const data = spliceBytes(base.data, splice);
    this.forget(key);
    this.entries.set(key, { stamp, stats: base.stats, data, encoded: {}, done: {}, size: data.length, holdsOrigin: false });
    this.bytes += data.length;
    this.evict();
    return key;
  }

  /** A cached file's bytes in an encoding, compressed on first use and kept while the file is. */
  encoded(path: string, stamp: string, encoding: Encoding): Buffer | Promise<Buffer> | undefined {
    const hit = this.hit(path, stamp);
    if (!hit) return undefined;
    const ready = hit.done[encoding];
    if (ready) return ready;
    const done = hit.encoded[encoding];
    if (done) return done;
    const pending = FILE_ENCODERS[encoding](hit.data).then((out) => {
      hit.done[encoding] = out;
      // Counted once done; an entry evicted meanwhile is no longer in the tally.
      if (this.entries.get(path) === hit) {
        hit.size += out.length;
        this.bytes += out.length;
        this.evict();
      }
      return out;
    });
    hit.encoded[encoding] = pending;
    return pending;
  }

  /**
   * A file held now, without waiting or reading: its bytes and the encodings already made (the hot path,
   * HotAnswers, answers only from these).
   */
  held(path: string, stamp: string): { data: Buffer; done: Partial<Record<Encoding, Buffer>> } | undefined {
    return this.hit(path, stamp);
  }

  /** serve-handler's lstat for a file of the pin whose current stamp is `stamp`; files it may hold are read in. */
  async lstat(path: string, stamp: string): Promise<Stats> {
    const hit = this.hit(path, stamp);
    if (hit) return Object.assign(Object.create(Object.getPrototypeOf(hit.stats) as object) as Stats, hit.stats);
    const key = `${stamp}\u0000${path}`;
    let pending = this.reading.get(key);
    if (!pending) {
      pending = this.load(path, stamp).finally(() => this.reading.delete(key));
      this.reading.set(key, pending);
    }
    return pending;
  }

  private async load(path: string, stamp: string): Promise<Stats> {
    const stats = await lstat(path);
    if (stats.isFile() && stats.size <= this.largest) {
      const data = await readFile(path);
      this.forget(path);
      this.entries.set(path, { stamp, stats, data, encoded: {}, done: {}, size: data.length });
      this.bytes += data.length;
      this.evict();
    }
    return stats;
  }

  /** A whole file, through the cache: what a sliced page is cut from. */
  async read(path: string, stamp: string): Promise<Buffer> {
    await this.lstat(path, stamp);
    return this.entries.get(path)?.data ?? (await readFile(path));
  }

  /** serve-handler's createReadStream: from memory when cached, with its inclusive start/end range. */
  createReadStream(path: string, options: { start?: number; end?: number } = {}): Readable {
    const hit = this.entries.get(path);
    if (!hit) return createReadStream(path, options);
    const start = options.start ?? 0;
    const end = options.end === undefined ? hit.data.length : options.end + 1;
    return Readable.from([hit.data.subarray(start, end)]);
  }

  /** The entry if it is current, moved to the most recently used end. */
  private hit(path: string, stamp: string): Entry | undefined {
    const hit = this.entries.get(path);
    if (!hit) return undefined;
    if (hit.stamp !== stamp) {
      this.forget(path);
      return undefined;
    }
    this.entries.delete(path);
    this.entries.set(path, hit);
    return hit;
  }

  private evict(): void {
    for (const [key] of this.entries) {
      if (this.bytes <= this.budget) break;
      this.forget(key);
    }
  }

  private forget(path: string): void {
    const entry = this.entries.get(path);
    if (!entry) return;
    this.bytes -= entry.size;
    this.entries.delete(path);
  }
}
