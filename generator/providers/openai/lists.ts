import type { AfterIdPaging } from "../../core/pagination/paging.js";
import { listPages } from "../../core/paginate.js";
import type { JsonObject, Pagination, Resource } from "../../core/provider.js";

/** OpenAI's cursor lists: `limit` 20 by default and 100 at most (files: 10,000 both). */
export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;
export const FILES_LIMIT = 10_000;

/**
 * OpenAI's item-id cursors, on core's `after-id` mechanism: `{object:"list", data, first_id, last_id,
 * has_more}`, the next page asked for with `after=<last_id>` (the SDK's CursorPage sends the last item's
 * id, its ConversationCursorPage the body's `last_id`: the same value). A `limit` above the maximum is
 * OpenAI's 400, not a clamp.
 */
export function oaiPagination(
  origin: string,
  limit: { default: number; max: number } = { default: DEFAULT_LIMIT, max: MAX_LIMIT },
): AfterIdPaging {
  return {
    mechanism: "after-id",
    pageParam: "after",
    sizeParam: "limit",
    defaultSize: limit.default,
    rendered: [...new Set([limit.default, limit.max])],
    max: limit.max,
    overMax: "error",
    invalidSize: "error",
    origin,
    idField: "id",
  };
}

export const filesPagination = (origin: string): AfterIdPaging => oaiPagination(origin, { default: FILES_LIMIT, max: FILES_LIMIT });

/**
 * Every page of a cursor list at the default and the maximum size, from the start of the list and along
 * the `after` chain. Any other size, any `after`, and every filter and order are computed by the query
 * engine from the pages at the maximum size (profiles.ts).
 */
export function cursorList(p: Pagination, path: string, items: JsonObject[], filters: Array<[string, string]> = []): Iterable<Resource> {
  return listPages(p, path, items, {
    filters,
    envelope: "data",
    wrap: (data, fields) => ({
      object: "list",
      data,
      first_id: fields.first_id ?? null,
      last_id: fields.last_id ?? null,
      has_more: fields.has_more ?? false,
    }),
  });
}
