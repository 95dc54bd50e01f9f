import { lstat, readFile } from "node:fs/promises";
import { createReadStream, type Stats } from "node:fs";
import { Readable } from "node:stream";

/**
 * The files serve-handler streams, kept in memory up to a byte budget (least recently used out first).
 * A pin's files never change in place: a rebuild swaps in a whole new folder and with it the pin's
 * stamp, so an entry is valid for as long as the stamp it was read under, and a hit costs no syscall.
 *
 * It plugs into serve-handler's `lstat` and `createReadStream` hooks: serve-handler still decides
 * headers, ranges and status; only the bytes come from memory instead of an open/read/close each time.
 */
export class FileCache {
  private readonly entries = new Map<string, { stamp: string; stats: Stats; data: Buffer }>();
  private bytes = 0;

  constructor(private readonly budget = 256 * 1024 * 1024, private readonly largest = 1024 * 1024) {}

  /** serve-handler's lstat for a file of the pin whose current stamp is `stamp`; small files are read in. */
  async lstat(path: string, stamp: string): Promise<Stats> {
    const hit = this.entries.get(path);
    if (hit && hit.stamp === stamp) {
      this.entries.delete(path);
      this.entries.set(path, hit);
      return Object.assign(Object.create(Object.getPrototypeOf(hit.stats) as object) as Stats, hit.stats);
    }
    if (hit) this.forget(path);
    const stats = await lstat(path);
    if (stats.isFile() && stats.size <= this.largest) {
      const data = await readFile(path);
      this.entries.set(path, { stamp, stats, data });
      this.bytes += data.length;
      for (const [key] of this.entries) {
        if (this.bytes <= this.budget) break;
        this.forget(key);
      }
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

  private forget(path: string): void {
    const entry = this.entries.get(path);
    if (!entry) return;
    this.bytes -= entry.data.length;
    this.entries.delete(path);
  }
}
