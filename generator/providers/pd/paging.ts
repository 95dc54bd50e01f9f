import type { OffsetPaging } from "../../core/pagination/paging.js";
import { listPages } from "../../core/paginate.js";
import type { PageAt } from "../../core/pagination/mechanism.js";
import type { JsonValue, Resource } from "../../core/provider.js";

/**
 * PagerDuty's classic pagination (developer.pagerduty.com/docs/pagination): `limit` (25 by default, at
 * most 100) and `offset`, and every page says where it is: `{<items>, limit, offset, total, more}`, where
 * `more` tells whether items follow and `total` is null unless the request says `total=true`. A request
 * whose `offset + limit` passes 10,000 is refused (400, code 2002).
 */
export const DEFAULT_LIMIT = 25;
export const MAX_LIMIT = 100;
export const MAX_WINDOW = 10_000;

export const WINDOW_MESSAGE =
  `Offset+limit exceeds maximum allowed value of ${MAX_WINDOW}. Please try to refine your search to reduce the ` +
  `returned set of records below this number, like adding a date range.`;

/** The pagination of every PagerDuty list: core's offset mechanism with PagerDuty's page fields and window. */
export type PdPagination = OffsetPaging;

export function pdPagination(origin: string): PdPagination {
  return {
    mechanism: "offset",
    pageParam: "offset",
    sizeParam: "limit",
    defaultSize: DEFAULT_LIMIT,
    rendered: [DEFAULT_LIMIT, MAX_LIMIT],
    max: MAX_LIMIT,
    overMax: "clamp",
    underMin: "clamp",
    invalidSize: "default",
    origin,
    offsetFields: { size: "limit", start: "offset", total: "total", more: "more", totalParam: "total" },
    maxWindow: { items: MAX_WINDOW, message: WINDOW_MESSAGE },
  };
}

/** Body keys after the items, in PagerDuty's order. */
export const PAGE_FIELDS = ["limit", "offset", "total", "more"];

/** `limit`, `offset`, `total` (when `total=true` was asked for) and `more` of one page. */
export function pageFields(at: Pick<PageAt, "start" | "size" | "total" | "carry">): Record<string, JsonValue> {
  const counted = at.carry.some(([k, v]) => k === "total" && v === "true");
  return { limit: at.size, offset: at.start, total: counted ? at.total : null, more: at.start + at.size < at.total };
}

/**
 * Every page of a list at 25 and 100, and the same with `total=true` (a selector: it changes the
 * body), keyed so that a request with the defaults finds the file.
 */
export function* pdPages(p: PdPagination, path: string, envelope: string, items: JsonValue[]): Generator<Resource> {
  for (const filters of [[], [["total", "true"]]] as Array<Array<[string, string]>>) {
    yield* listPages(p, path, items, {
      filters,
      envelope,
      wrap: (page, fields) => {
        const body: Record<string, JsonValue> = { [envelope]: page };
        for (const k of PAGE_FIELDS) body[k] = fields[k] ?? null;
        return body;
      },
    });
  }
}
