import { runList, type ListSource } from "../core/lists/engine.js";
import type { JsonValue } from "../core/provider.js";
import type { ListRecord } from "../format/dist.js";
import type { PinData } from "./pin-data.js";
import { problemAnswer, type Answer } from "./resolve.js";

type ListAnswer = Extract<Answer, { kind: "list" }>;

/**
 * Frozen list items, parsed once per pin build: a computed page costs a filter, a sort and one
 * serialization, not a read and parse of every page file. Least recently used lists go first.
 */
export class ListSources {
  private readonly entries = new Map<string, ListSource>();

  constructor(private readonly capacity = 256) {}

  /** The list's items and template, reading its page files with `read` when they are not held. */
  async get(pin: PinData, record: ListRecord, read: (file: string) => Promise<string>): Promise<ListSource> {
    const id = `${pin.dir}\u0000${pin.stamp}\u0000${record.first}`;
    const hit = this.entries.get(id);
    if (hit) {
      this.entries.delete(id);
      this.entries.set(id, hit);
      return hit;
    }
    const pages = await Promise.all(record.files.map(async (f) => JSON.parse(await read(f)) as JsonValue));
    const source = sourceOf(pin, record, pages);
    this.entries.set(id, source);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return source;
  }
}

/** The items of a list's pages joined in order, with the first page as the template. */
export function sourceOf(pin: PinData, record: ListRecord, pages: JsonValue[]): ListSource {
  const items: JsonValue[] = [];
  for (const page of pages) {
    const list = record.envelope ? (page as Record<string, JsonValue>)[record.envelope] : page;
    if (Array.isArray(list)) items.push(...list);
  }
  return {
    items,
    template: pages[0] ?? [],
    ...(record.envelope ? { envelope: record.envelope } : {}),
    headers: pin.routes.get(record.first)?.headers ?? {},
  };
}

const JSON_TYPE = "application/json; charset=utf-8";

/** A computed list page as a complete answer: status, headers and body, or the provider's 400. */
export function listAnswer(
  pin: PinData,
  answer: ListAnswer,
  source: ListSource,
): { status: number; headers: Record<string, string>; body: string } {
  const out = runList(answer.request, source);
  if ("message" in out) {
    const { status, headers, body } = problemAnswer(pin.serving, answer.headers, out);
    return { status, headers, body };
  }
  return {
    status: 200,
    // The first page's type, else the pin's (GitLab's bare `application/json` in its profile headers), as its files are sent.
    headers: {
      ...answer.headers,
      ...out.headers,
      "content-type": source.headers["content-type"] ?? answer.headers["content-type"] ?? JSON_TYPE,
    },
    body: out.body,
  };
}
