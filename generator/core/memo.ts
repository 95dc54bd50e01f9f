/**
 * A memo that starts again when it holds `max` entries: the caches a long-lived server keeps per query
 * text or per resource (parsed GraphQL documents, bodies read for a computed answer) stay bounded, and
 * frozen data means a forgotten entry is simply made again, with the same value.
 */
export class BoundedMemo<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly max: number) {}

  get(key: K, make: () => V): V {
    if (this.entries.has(key)) return this.entries.get(key)!;
    const value = make();
    if (this.entries.size >= this.max) this.entries.clear();
    this.entries.set(key, value);
    return value;
  }
}
