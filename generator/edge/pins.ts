import type { ListSource } from "../core/lists/engine.js";
import type { ServingProfile } from "../core/provider.js";
import { LISTS_FILE, META_DIR, ROUTES_FILE, SERVING_FILE, type CatalogIndex, type ListRecord } from "../format/dist.js";
import type { LiveCurrent } from "../format/live.js";
import { CATALOG_KEY, LIVE_POINTER, liveFolder, pinPointerKey, routeObject, type PinPointer } from "../format/bucket.js";
import { ListSources } from "../answer/list-answer.js";
import { pinData, type PinData } from "../answer/pin-data.js";
import type { ObjectReader } from "./objects.js";

/**
 * The pins of a published tree, as the resolver reads them (PinData), loaded from the bucket. A build
 * folder never changes once its pointer names it, so its index is kept for the isolate's life; the
 * pointers (which folder a pin or the live hosts serve now) are looked at again after `ttlMs`.
 */
export class EdgePins {
  private readonly folders = new Map<string, Promise<PinData | undefined>>();
  private readonly pointers = new Map<string, { at: number; value: Promise<unknown> }>();
  private readonly known = new Map<string, unknown>();
  private readonly byFile = new WeakMap<PinData, Map<string, string>>();
  private readonly lists = new ListSources();

  constructor(
    private readonly reader: ObjectReader,
    private readonly now: () => number = Date.now,
    private readonly ttlMs = 10_000,
  ) {}

  catalog(): Promise<CatalogIndex | undefined> {
    return this.pointer<CatalogIndex>(CATALOG_KEY);
  }

  /** A pin, the catalog site or a live host by label, as the bucket serves it now. */
  async pin(label: string): Promise<PinData | undefined> {
    if (!/^[a-z0-9-]+$/.test(label)) return undefined;
    const catalog = await this.catalog();
    if (!catalog) return undefined;
    if (label === "catalog" || catalog.pins.some((p) => p.name === label)) {
      const pointer = await this.pointer<PinPointer>(pinPointerKey(label));
      return pointer ? this.folder(label, pointer.folder) : undefined;
    }
    if (!catalog.livePrefixes.includes(label)) return undefined;
    const current = await this.pointer<LiveCurrent>(LIVE_POINTER);
    if (!current?.prefixes.includes(label)) return undefined;
    return this.folder(label, liveFolder(current.build, label), { build: current.build, asOf: current.as_of });
  }

  /** The live build serving now and one of its own files (early-answers.ts liveStatusFile), for the live status. */
  async liveFile(name: string): Promise<{ current: LiveCurrent; text: string | undefined } | undefined> {
    const current = await this.pointer<LiveCurrent>(LIVE_POINTER);
    if (!current) return undefined;
    const bytes = await this.reader.get(`live/${current.build}/${name}`);
    return { current, text: bytes && new TextDecoder().decode(bytes) };
  }

  /** A file of a pin's build: the object of a route that serves it (every such route's object holds its bytes). */
  async file(pin: PinData, file: string): Promise<Buffer> {
    let keys = this.byFile.get(pin);
    if (!keys) {
      keys = new Map();
      for (const [key, route] of pin.routes) if (!keys.has(route.file)) keys.set(route.file, key);
      this.byFile.set(pin, keys);
    }
    const key = keys.get(file);
    const bytes = key === undefined ? undefined : await this.reader.get(`${pin.dir}/${routeObject(key)}`);
    if (!bytes) throw new Error(`${pin.dir}: the object of ${file} is missing from the bucket`);
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  list(pin: PinData, record: ListRecord): Promise<ListSource> {
    return this.lists.get(pin, record, async (file) => (await this.file(pin, file)).toString("utf8"));
  }

  private folder(label: string, folder: string, live?: PinData["live"]): Promise<PinData | undefined> {
    const id = `${label}\u0000${folder}`;
    let loading = this.folders.get(id);
    if (!loading) {
      loading = this.loadFolder(label, folder, live);
      this.folders.set(id, loading);
      // A failed read is tried again by the next request.
      loading.then(
        (pin) => pin ?? this.folders.delete(id),
        () => this.folders.delete(id),
      );
    }
    return loading;
  }

  private async loadFolder(label: string, folder: string, live?: PinData["live"]): Promise<PinData | undefined> {
    const [routes, serving, lists] = await Promise.all(
      [ROUTES_FILE, SERVING_FILE, LISTS_FILE].map((f) => this.json(`${folder}/${META_DIR}/${f}`)),
    );
    if (!routes || !serving) return undefined;
    return pinData({
      name: label,
      dir: folder,
      stamp: folder,
      ...(live ? { live } : {}),
      routes: routes as Parameters<typeof pinData>[0]["routes"],
      serving: serving as ServingProfile,
      lists: () => (lists ?? {}) as Record<string, ListRecord>,
    });
  }

  /**
   * A pointer or the catalog index, read again after the TTL. When the read fails (the store is busy or
   * being written), the value last read stands: a bucket's hiccup never turns a served pin into an error.
   */
  private pointer<T>(key: string): Promise<T | undefined> {
    const hit = this.pointers.get(key);
    const now = this.now();
    if (hit && now - hit.at < this.ttlMs) return hit.value as Promise<T | undefined>;
    const value = this.json(key).then(
      (read) => {
        this.known.set(key, read);
        return read;
      },
      (error: unknown) => {
        if (this.known.has(key)) return this.known.get(key);
        this.pointers.delete(key);
        throw error;
      },
    ) as Promise<T | undefined>;
    this.pointers.set(key, { at: now, value });
    return value;
  }

  private async json(key: string): Promise<unknown> {
    const bytes = await this.reader.get(key);
    return bytes && (JSON.parse(new TextDecoder().decode(bytes)) as unknown);
  }
}
