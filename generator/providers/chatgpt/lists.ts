import type { AfterIdPaging } from "../../core/pagination/paging.js";
import { listPages } from "../../core/paginate.js";
import type { JsonValue, Pagination, Resource } from "../../core/provider.js";

/**
 * Page sizes as the published description gives them (`limit`): conversations 500 by default and at
 * most 500; users 200 by default; GPTs, projects and their configurations 20 by default. It names no
 * maximum for the others: 200 here (what the users' default suggests), and a larger `limit` is clamped,
 * as the description warns that a page "may return fewer than the provided limit". Shared-user lists
 * take no `limit` in the description; they page at the users' size.
 */
export interface Sizes {
  default: number;
  max: number;
  /** Sizes pre-rendered as files; every other size is computed by the query engine. */
  rendered: number[];
}

export const CONVERSATIONS: Sizes = { default: 500, max: 500, rendered: [500, 100] };
export const USERS: Sizes = { default: 200, max: 200, rendered: [200] };
export const OBJECTS: Sizes = { default: 20, max: 200, rendered: [20, 200] };

/**
 * Item-id cursors on core's `after-id` mechanism: the next page is asked for with `after=<last_id>`
 * (the id of the last item of the page), while `has_more` is true. A `limit` that is no number is a
 * 400; `after` with an id the list does not hold starts past its end (an empty page).
 */
export function cgPagination(origin: string, sizes: Sizes): AfterIdPaging {
  return {
    mechanism: "after-id",
    pageParam: "after",
    sizeParam: "limit",
    defaultSize: sizes.default,
    rendered: sizes.rendered,
    max: sizes.max,
    overMax: "clamp",
    invalidSize: "error",
    origin,
    idField: "id",
  };
}

/** The body keys of a list, in the description's order (`GenericList`): no `first_id`. */
export const LIST_KEYS = ["object", "last_id", "has_more", "data"];

/** A complete list embedded in an object (a conversation's messages, a GPT's configuration or tools). */
export function embeddedList(
  items: JsonValue[],
  idOf: (item: JsonValue) => string | null = (i) => String((i as { id: string }).id),
): JsonValue {
  const last = items.at(-1);
  return { object: "list", last_id: last === undefined ? null : idOf(last), has_more: false, data: items };
}

/** Every page of a list at its pre-rendered sizes, `{object:"list", last_id, has_more, data}`. */
export function cursorList(p: Pagination, path: string, items: JsonValue[], filters: Array<[string, string]> = []): Iterable<Resource> {
  return listPages(p, path, items, {
    filters,
    envelope: "data",
    wrap: (data, fields) => ({ object: "list", last_id: fields.last_id ?? null, has_more: fields.has_more ?? false, data }),
  });
}
