import type { JsonValue, Resource } from "../../core/provider.js";
import type { Obj } from "./context.js";

/** OpenAI's cursor lists: `limit` 20 by default and 100 at most (files: 10,000 both). */
export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;
export const FILES_LIMIT = 10_000;

/** Every page size a client may ask for, 1 to 100: core cannot cut cursor pages (see cursorList). */
export const ALL_LIMITS = Array.from({ length: MAX_LIMIT }, (_, i) => i + 1);

/**
 * Every page of a cursor list, as OpenAI pages it: `{object:"list", data, first_id, last_id, has_more}`,
 * the next page asked for with `after=<last_id>` (the SDK's CursorPage sends the last item's id, its
 * ConversationCursorPage the body's `last_id`: the same value). Pages are rendered from the start of the
 * list and along the `after` chain a client walks, at every size from 1 to 100: core's pagination styles
 * are page-numbered, so the resolver cannot cut a cursor page of another size (or from another `after`)
 * out of the pre-rendered ones. The lists are short (tens of items), so every size costs little; with a
 * cursor style in core, default and maximum would do (see the README).
 */
export function* cursorList(path: string, items: Obj[], options: { filters?: Array<[string, string]>; sizes?: number[] } = {}): Generator<Resource> {
  const sizes = options.sizes ?? ALL_LIMITS;
  const filters = options.filters ?? [];
  for (const size of sizes) {
    for (let from = 0; from === 0 || from < items.length; from += size) {
      const data = items.slice(from, from + size);
      const query: Record<string, string | string[]> = {};
      for (const [k, v] of filters) query[k] = k in query ? [query[k]!, v].flat() : v;
      query.limit = String(size);
      if (from > 0) query.after = String(items[from - 1]!.id);
      yield { path, query, body: listBody(data, from + size < items.length) };
    }
  }
}

export function listBody(data: Obj[], hasMore: boolean): JsonValue {
  return {
    object: "list", data,
    first_id: data.length ? String(data[0]!.id) : null, last_id: data.length ? String(data[data.length - 1]!.id) : null,
    has_more: hasMore,
  };
}
