import { createHash } from "node:crypto";
import type { ListView, Mechanism, PageAt, PageMarkers } from "../../core/pagination/mechanism.js";
import { listPages } from "../../core/paginate.js";
import { parseTime } from "../../core/lists/values.js";
import type { Continuation } from "../../core/pagination/paging.js";
import type { ContributedPaging, JsonValue, Resource } from "../../core/provider.js";

/**
 * Zendesk's pagination (developer.zendesk.com/api-reference/introduction/pagination/), written to core's
 * `Mechanism` interface so that it can move to core unchanged (README: the core change this folder asks for).
 *
 * - **Cursor lists** (`zendesk: "cursor"`): `page[size]` (100 by default, at most 100) and
 *   `page[after]`/`page[before]`; every page says `meta: {has_more, after_cursor, before_cursor}` and
 *   `links: {prev, next}` (absolute URLs, null where there is nothing to fetch). A request that names a
 *   page number instead (`page=2`, `per_page=`, read as the same parameters) gets Zendesk's offset
 *   markers: `next_page`, `previous_page` and `count`.
 * - **Cursor exports** (`zendesk: "export"`, `incremental/<type>/cursor.json`): `cursor` and `per_page`
 *   (1000 by default and at most); a page says `after_url`, `after_cursor`, `before_url`,
 *   `before_cursor` and `end_of_stream`. A page with nothing on it names no cursor.
 * - **Time-based exports** (`zendesk: "time"`, `incremental/<type>.json?start_time=`): 1000 per page,
 *   `next_page` (the same export from the page's `end_time` on the last page, from the next item's time
 *   before it), `count`, `end_of_stream`, `end_time`.
 *
 * Cursors are opaque (base64url of after or before, a position or a time, and a check), so a mistyped
 * one is refused with Zendesk's 400.
 *
 * This folder contributes the mechanism (`zendesk/pages`, Provider.mechanisms), which the provider
 * registry registers with core. `continuation.field` names where a page's next cursor is, for walkers.
 */
export type ZendeskStyle = "cursor" | "export" | "time";
/**
 * `byTime`: the list is ordered by `idField`, epoch seconds unique per item, which `start_time` filters;
 * its cursors then name a time rather than a position, so a cursor sent without the `start_time` it came
 * from (tap-zendesk sends `cursor` alone) still starts at the right item.
 */
export interface ZdPagination extends ContributedPaging {
  mechanism: "zendesk/pages";
  zendesk: ZendeskStyle;
  byTime?: boolean;
  /** Where a page's next cursor is, said as continuation-token says it: for walkers, not read here. */
  continuation: Continuation;
}

export const CURSOR_DEFAULT = 100;
export const CURSOR_MAX = 100;
export const EXPORT_SIZE = 1000;

export function cursorPagination(origin: string): ZdPagination {
  return {
    mechanism: "zendesk/pages",
    pageParam: "page[after]",
    sizeParam: "page[size]",
    defaultSize: CURSOR_DEFAULT,
    rendered: [CURSOR_DEFAULT],
    max: CURSOR_MAX,
    overMax: "clamp",
    underMin: "clamp",
    invalidSize: "default",
    origin,
    continuation: { field: "meta.after_cursor", token: "opaque" },
    zendesk: "cursor",
  };
}

/** Cursor exports page by `cursor`; with `timeField` their cursors name times of that field. */
export function exportPagination(origin: string, timeField?: string): ZdPagination {
  return {
    mechanism: "zendesk/pages",
    pageParam: "cursor",
    sizeParam: "per_page",
    defaultSize: EXPORT_SIZE,
    rendered: [EXPORT_SIZE],
    max: EXPORT_SIZE,
    overMax: "clamp",
    underMin: "clamp",
    invalidSize: "default",
    origin,
    continuation: { field: "after_cursor", token: "opaque" },
    zendesk: "export",
    ...(timeField ? { idField: timeField, byTime: true } : {}),
  };
}

/**
 * Time-based exports: `idField` is the item's time (`end_time` is the page's last); `byTime` when
 * `start_time` filters it, and the next page is then the export from the next item's time.
 */
export function timePagination(origin: string, idField: string, byTime = false): ZdPagination {
  return {
    mechanism: "zendesk/pages",
    pageParam: "cursor",
    sizeParam: "per_page",
    defaultSize: EXPORT_SIZE,
    rendered: [EXPORT_SIZE],
    max: EXPORT_SIZE,
    overMax: "clamp",
    underMin: "clamp",
    invalidSize: "default",
    origin,
    continuation: { field: "after_cursor", token: "opaque" },
    zendesk: "time",
    idField,
    ...(byTime ? { byTime: true } : {}),
  };
}

/** Parameter spellings read as the cursor ones: an offset request (`page`, `per_page`) and `page[before]`. */
export const CURSOR_ALIASES: Record<string, string> = { page: "page[after]", per_page: "page[size]", "page[before]": "page[after]" };

/**
 * A cursor: `a<index>` starts at an item, `b<index>` ends before one; `t<time>` starts at the first item
 * of that time or later, `u<time>` ends before it. Sealed, so that another string is no cursor.
 */
type Kind = "a" | "b" | "t" | "u";

export function seal(kind: Kind, n: number): string {
  const check = createHash("sha256").update(`zendesk-cursor:${kind}${n}`).digest("hex").slice(0, 6);
  return Buffer.from(`${kind}${n}.${check}`).toString("base64url");
}

function open(token: string): { kind: Kind; n: number } | undefined {
  const m = /^([abtu])(\d{1,12})\.[0-9a-f]{6}$/.exec(Buffer.from(token, "base64url").toString("utf8"));
  if (!m || seal(m[1] as Kind, Number(m[2])) !== token) return undefined;
  return { kind: m[1] as Kind, n: Number(m[2]) };
}

/** The time of the item at `index` (a number field, or an ISO time), past the end one second after the last. */
function timeAt(view: ListView, index: number): number {
  if (index < view.total) return epochSeconds(view.idAt(index)) ?? 0;
  return view.total ? (epochSeconds(view.idAt(view.total - 1)) ?? 0) + 1 : 0;
}

/** The index of the first item at `time` or later. */
function indexAtTime(view: ListView, time: number): number {
  let i = 0;
  while (i < view.total && timeAt(view, i) < time) i++;
  return i;
}

/** The cursor that starts at `index`, and the one that ends before it. */
function afterToken(p: ZdPagination, view: ListView | undefined, index: number): string {
  return p.byTime && view ? seal("t", timeAt(view, index)) : seal("a", index);
}

function beforeToken(p: ZdPagination, view: ListView | undefined, index: number): string {
  return p.byTime && view ? seal("u", timeAt(view, index)) : seal("b", index);
}

/** A cursor list asked for by page number (`page=2`) answers with Zendesk's offset markers. */
const byNumber = (p: ZdPagination, value: string | undefined) => p.zendesk === "cursor" && value !== undefined && /^\d+$/.test(value);

export const zendeskMechanism: Mechanism<ZdPagination> = {
  headerNames: () => [],
  start(p, value, size, list) {
    const offset = byNumber(p, value);
    if (value === undefined || value === "") return 0;
    if (offset) return (Math.max(1, Number(value)) - 1) * size;
    const at = open(value);
    const index = !at ? undefined : at.kind === "t" || at.kind === "u" ? indexAtTime(list, at.n) : at.n;
    if (!at || index === undefined || index > list.total)
      return { problem: `${p.pageParam === "cursor" ? "cursor" : "page[after]"} is invalid` };
    return at.kind === "a" || at.kind === "t" ? index : Math.max(0, index - size);
  },
  pageValue(p, start, _size, list) {
    return start === 0 ? undefined : afterToken(p, list, start);
  },
  markers(p, at) {
    if (p.zendesk === "time") return timeMarkers(p, at, at.list);
    if (p.zendesk === "export") return exportMarkers(p, at, at.list);
    return byNumber(p, at.requested) ? offsetMarkers(p, at) : cursorMarkers(p, at);
  },
};

function link(p: ZdPagination, at: PageAt, params: Array<[string, string]>): string {
  const query = new URLSearchParams([...at.carry, ...params]);
  return `${p.origin}/${at.path}?${query.toString()}`;
}

function onPage(at: PageAt): number {
  return Math.max(0, Math.min(at.size, at.total - at.start));
}

function cursorMarkers(p: ZdPagination, at: PageAt): PageMarkers {
  const n = onPage(at);
  const hasMore = at.start + n < at.total;
  const after = n ? afterToken(p, undefined, at.start + n) : null;
  const before = n ? beforeToken(p, undefined, at.start) : null;
  const size: Array<[string, string]> = [["page[size]", String(at.size)]];
  return {
    headers: {},
    fields: {
      // The first page also carries the offset markers: Zendesk answers a request without `page[size]`
      // by offset, one with it by cursor, and this host cannot tell the two apart (README).
      ...(at.start === 0 ? offsetMarkers(p, at).fields : { next_page: undefined, previous_page: undefined, count: undefined }),
      links: {
        prev: before && at.start > 0 ? link(p, at, [["page[before]", before], ...size]) : null,
        next: after && hasMore ? link(p, at, [["page[after]", after], ...size]) : null,
      },
      meta: { has_more: hasMore, after_cursor: after, before_cursor: before },
    },
  };
}

/** Offset pages (`page=2&per_page=50`): `next_page`/`previous_page` URLs or null, and the list's `count`. */
function offsetMarkers(p: ZdPagination, at: PageAt): PageMarkers {
  const page = Math.floor(at.start / at.size) + 1;
  const last = Math.max(1, Math.ceil(at.total / at.size));
  const url = (n: number) =>
    link(p, at, [["page", String(n)], ...(at.size !== p.defaultSize ? [["per_page", String(at.size)] as [string, string]] : [])]);
  return {
    headers: {},
    fields: {
      meta: undefined,
      links: undefined,
      next_page: page < last ? url(page + 1) : null,
      previous_page: page > 1 ? url(Math.min(page - 1, last)) : null,
      count: at.total,
    },
  };
}

function exportMarkers(p: ZdPagination, at: PageAt, view: ListView | undefined): PageMarkers {
  const n = onPage(at);
  const after = n ? afterToken(p, view, at.start + n) : null;
  const before = n ? beforeToken(p, view, at.start) : null;
  const size: Array<[string, string]> = at.size !== p.defaultSize ? [["per_page", String(at.size)]] : [];
  return {
    headers: {},
    fields: {
      after_url: after ? link(p, at, [...size, ["cursor", after]]) : null,
      after_cursor: after,
      before_url: before && at.start > 0 ? link(p, at, [...size, ["cursor", before]]) : null,
      before_cursor: before,
      end_of_stream: at.start + n >= at.total,
    },
  };
}

/**
 * Time-based pages: `end_time` is the newest item's time on the page (the export's start when the page
 * is empty), `next_page` the same export from it. The next page starts at an index, so an item is never
 * served twice even when two share a second (Zendesk may repeat such items; a client dedups by id).
 */
function timeMarkers(p: ZdPagination, at: PageAt, view: ListView | undefined): PageMarkers {
  const n = onPage(at);
  const endOfStream = at.start + n >= at.total;
  const startTime = Number(at.carry.find(([k]) => k === "start_time")?.[1] ?? 0);
  const endTime = n && view ? timeAt(view, at.start + n - 1) : Number.isFinite(startTime) ? Math.floor(startTime) : 0;
  const carry = at.carry.filter(([k]) => k !== "start_time");
  const after = endOfStream ? undefined : afterToken(p, view, at.start + n);
  // Past the end: the export from the newest time, to poll later. Before it: from the next item's time
  // when start_time selects by it, else by cursor (an export start_time does not filter).
  const from: Array<[string, string]> =
    endOfStream || !view
      ? [["start_time", String(endTime)]]
      : p.byTime
        ? [["start_time", String(timeAt(view, at.start + n))]]
        : [
            ["start_time", String(endTime)],
            ["cursor", after!],
          ];
  if (at.size !== p.defaultSize) from.push([p.sizeParam, String(at.size)]);
  const next = link(p, { ...at, carry }, from);
  return { headers: {}, fields: { next_page: next, count: n, end_of_stream: endOfStream, end_time: endTime, after_cursor: after } };
}

/** An item's time as epoch seconds: a number already, or an ISO time. */
function epochSeconds(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const ms = parseTime(value);
  return ms === undefined ? undefined : Math.floor(ms / 1000);
}

/** Every page of a list at the pre-rendered size, with the same markers the engine writes. */
export function* zdPages(
  p: ZdPagination,
  path: string,
  items: JsonValue[],
  wrap: (items: JsonValue[], fields: Record<string, JsonValue | undefined>) => JsonValue,
  envelope: string,
): Generator<Resource> {
  yield* listPages(p, path, items, { envelope, wrap });
}
