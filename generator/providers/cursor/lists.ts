import type { PageFieldsPaging } from "../../core/pagination/paging.js";
import type { FilterSpec, ListProfile } from "../../core/lists/profile.js";
import { listPages } from "../../core/paginate.js";
import type { JsonObject, Resource } from "../../core/provider.js";
import { isoMillis } from "../../world/clock.js";
import type { CursorContext } from "./context.js";

/**
 * The AI Code Tracking API's JSON lists, `GET /analytics/ai-code/commits` and `/changes`, as the query
 * engine serves them (decision 0008). The build writes each whole frozen list (every record, newest
 * first) as pages of `{items, totalCount, page, pageSize}`; every request is answered from those items by
 * the engine: the date window, the user and the page.
 *
 * Cursor pages by `page` (from 1) and `pageSize` (default 100, at most 1000) and reports the page in the
 * body, with no links: a client asks for page + 1 while `page * pageSize < totalCount` (page-fields).
 *
 * The relative dates Cursor takes (`now`, `<n>d`: now minus n days) and its default window (the last 7
 * days when `startDate` is absent) depend only on "now", which for a host rebuilt every 6 hours is the build's
 * as-of instant: the filters count them back from it (core's `relativeTo`), and a date alone as
 * `endDate` covers its whole day (`wholeDay`).
 */
export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;

export function aiCodePagination(origin: string): PageFieldsPaging {
  return {
    mechanism: "page-fields",
    pageParam: "page",
    sizeParam: "pageSize",
    defaultSize: DEFAULT_PAGE_SIZE,
    rendered: [DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE],
    max: MAX_PAGE_SIZE,
    overMax: "error",
    invalidSize: "error",
    origin,
    pageFields: { page: "page", size: "pageSize", total: "totalCount" },
  };
}

const LISTS = [
  { path: "analytics/ai-code/commits", key: "commits", time: "commitTs" },
  { path: "analytics/ai-code/changes", key: "changes", time: "createdAt" },
] as const;

type Items = { commits: JsonObject[]; changes: JsonObject[] };

/** Every page of both lists, at the default and the largest page size. */
export function* aiCodePages(origin: string, ai: Items): Generator<Resource> {
  for (const list of LISTS) {
    yield* listPages(aiCodePagination(origin), list.path, ai[list.key], {
      envelope: "items",
      wrap: (items, f) => ({ items, totalCount: f.totalCount!, page: f.page!, pageSize: f.pageSize! }),
    });
  }
}

/**
 * The two list profiles. `startDate` is a lower bound and `endDate` an upper bound on the record's time
 * (`commitTs`, `createdAt`); `user` picks one member by email, encoded id or numeric id.
 */
export function aiCodeListProfiles(c: CursorContext): ListProfile[] {
  const asOf = c.world.asOf;
  const now = isoMillis(asOf);
  // The user filter: an email or encoded id as written in the records, a numeric id for its encoded id.
  const members = c.members;
  const user: FilterSpec = {
    param: "user",
    field: ["userEmail", "userId"],
    op: "eq",
    type: "string",
    accepted: members.flatMap((m) => [m.person.email, m.id, String(m.userId)]),
    values: Object.fromEntries(members.map((m) => [String(m.userId), m.id])),
  };
  return LISTS.map((list): ListProfile => ({
    path: `^${list.path.replace(/\//g, "\\/")}$`,
    paging: aiCodePagination(c.pin.origin),
    filters: [
      { param: "startDate", field: list.time, op: "gte", type: "time", default: "7d", relativeTo: now },
      { param: "endDate", field: list.time, op: "lte", type: "time", relativeTo: now, wholeDay: true },
      user,
    ],
    keys: ["items", "totalCount", "page", "pageSize"],
  }));
}
