import type { FilterSpec, ListProfile, SortSpec } from "../../core/lists/profile.js";
import type { JsonValue, Resource } from "../../core/provider.js";
import { CURSOR_ALIASES, cursorPagination, exportPagination, timePagination, zdPages, type ZdPagination } from "./paging.js";

/**
 * Zendesk's list endpoints as the query engine reads them (decision 0008). Ordinary lists page by
 * cursor (`page[size]`, `page[after]`, `meta`/`links`) or, when a page number is asked for, by offset
 * (`page`, `per_page`, `next_page`/`previous_page`/`count`); `sort=[-]key` orders them. The incremental
 * exports page by their own cursor or by time, and `start_time` (epoch seconds) filters tickets by their
 * `generated_timestamp`.
 */
const CURSOR_KEYS = (envelope: string) => [envelope, "next_page", "previous_page", "count", "meta", "links"];
const EXPORT_KEYS = (envelope: string) => [envelope, "after_url", "after_cursor", "before_url", "before_cursor", "end_of_stream"];
const TIME_KEYS = (envelope: string) => [envelope, "next_page", "count", "end_of_stream", "end_time", "after_cursor"];

const time = (field: string) => ({ field, type: "time" as const });

function sortBy(keys: SortSpec["keys"], defaultKey = "id"): SortSpec {
  return { param: "sort", minusPrefix: true, keys, default: { key: defaultKey, direction: "asc" }, unknown: "ignore" };
}

const TICKET_SORT = sortBy({
  id: { field: "id", type: "number" },
  created_at: time("created_at"),
  updated_at: time("updated_at"),
  status: { field: "status", type: "string" },
});
const NAMED_SORT = sortBy({
  id: { field: "id", type: "number" },
  name: { field: "name", type: "string" },
  created_at: time("created_at"),
  updated_at: time("updated_at"),
});
const ID_SORT = sortBy({ id: { field: "id", type: "number" }, created_at: time("created_at"), updated_at: time("updated_at") });

/** `start_time` in epoch seconds, over the exports' `generated_timestamp`. */
const START_TIME: FilterSpec = { param: "start_time", field: "generated_timestamp", op: "gte", type: "number" };

const IDS: FilterSpec = { param: "ids", field: "id", op: "eq", type: "number", split: "," };

const ROLE: FilterSpec = { param: "role", field: "role", op: "eq", type: "string", accepted: ["end-user", "agent", "admin"] };

const SCORE: FilterSpec = {
  param: "score",
  field: "score",
  op: "eq",
  type: "string",
  values: {
    good: "good",
    bad: "bad",
    received: ["good", "bad"],
    good_with_comment: "good",
    bad_with_comment: "bad",
    good_without_comment: "good",
    bad_without_comment: "bad",
  },
};

/** The paging of each export, shared by the profiles and the pre-rendered pages. */
export function exportPagings(origin: string) {
  return {
    ticketsCursor: exportPagination(origin, "generated_timestamp"),
    usersCursor: exportPagination(origin),
    ticketsTime: timePagination(origin, "generated_timestamp", true),
    usersTime: timePagination(origin, "updated_at"),
    organizationsTime: timePagination(origin, "updated_at"),
    ticketEventsTime: timePagination(origin, "timestamp", true),
  };
}

export function listProfiles(origin: string): ListProfile[] {
  const cursor = cursorPagination(origin);
  const x = exportPagings(origin);
  const list = (path: string, envelope: string, extra: Partial<ListProfile> = {}): ListProfile => ({
    path,
    paging: cursor,
    paramAliases: CURSOR_ALIASES,
    keys: CURSOR_KEYS(envelope),
    ...extra,
  });
  return [
    list("^api/v2/tickets\\.json$", "tickets", { sort: TICKET_SORT }),
    // `show_many?ids=1,2,3`: the records of those ids, in the list's order.
    list("^api/v2/tickets/show_many\\.json$", "tickets", { filters: [IDS] }),
    list("^api/v2/users/show_many\\.json$", "users", { filters: [IDS] }),
    list("^api/v2/organizations/show_many\\.json$", "organizations", { filters: [IDS] }),
    list("^api/v2/(organizations|users)/\\d+/tickets(/requested|/assigned)?\\.json$", "tickets", { sort: TICKET_SORT }),
    list("^api/v2/tickets/\\d+/comments\\.json$", "comments", { sort: sortBy({ created_at: time("created_at") }, "created_at") }),
    list("^api/v2/users\\.json$", "users", { filters: [ROLE], sort: NAMED_SORT }),
    list("^api/v2/(organizations|groups)/\\d+/users\\.json$", "users", { filters: [ROLE], sort: NAMED_SORT }),
    list("^api/v2/organizations\\.json$", "organizations", { sort: NAMED_SORT }),
    // `users/search?query=` matches a name or an email (a part of either); `organizations/search?name=` a whole name.
    list("^api/v2/users/search\\.json$", "users", {
      filters: [{ param: "query", field: ["name", "email"], op: "contains", type: "string" }, ROLE],
    }),
    list("^api/v2/organizations/search\\.json$", "organizations", {
      filters: [{ param: "name", field: "name", op: "eq", type: "string", ignoreCase: true }],
    }),
    list("^api/v2/groups\\.json$", "groups", { sort: NAMED_SORT }),
    list("^api/v2/ticket_fields\\.json$", "ticket_fields"),
    list("^api/v2/satisfaction_ratings\\.json$", "satisfaction_ratings", { filters: [SCORE], sort: ID_SORT }),
    list("^api/v2/ticket_metrics\\.json$", "ticket_metrics", { sort: ID_SORT }),
    list("^api/v2/tickets/\\d+/audits\\.json$", "audits"),
    list("^api/v2/group_memberships\\.json$", "group_memberships", { sort: ID_SORT }),
    list("^api/v2/organization_memberships\\.json$", "organization_memberships", { sort: ID_SORT }),
    list("^api/v2/brands\\.json$", "brands"),
    list("^api/v2/ticket_forms\\.json$", "ticket_forms"),
    list("^api/v2/tags\\.json$", "tags"),
    { path: "^api/v2/incremental/tickets/cursor\\.json$", paging: x.ticketsCursor, keys: EXPORT_KEYS("tickets"), filters: [START_TIME] },
    { path: "^api/v2/incremental/users/cursor\\.json$", paging: x.usersCursor, keys: EXPORT_KEYS("users") },
    { path: "^api/v2/incremental/tickets\\.json$", paging: x.ticketsTime, keys: TIME_KEYS("tickets"), filters: [START_TIME] },
    { path: "^api/v2/incremental/users\\.json$", paging: x.usersTime, keys: TIME_KEYS("users") },
    { path: "^api/v2/incremental/organizations\\.json$", paging: x.organizationsTime, keys: TIME_KEYS("organizations") },
    {
      path: "^api/v2/incremental/ticket_events\\.json$",
      paging: x.ticketEventsTime,
      keys: TIME_KEYS("ticket_events"),
      filters: [{ ...START_TIME, field: "timestamp" }],
    },
  ];
}

/** The pages of a list, each body in its profile's key order. */
export function pagesOf(p: ZdPagination, path: string, envelope: string, items: JsonValue[]): Iterable<Resource> {
  const keys = p.zendesk === "cursor" ? CURSOR_KEYS(envelope) : p.zendesk === "export" ? EXPORT_KEYS(envelope) : TIME_KEYS(envelope);
  return zdPages(
    p,
    path,
    items,
    (pageItems, fields) => {
      const body: Record<string, JsonValue> = {};
      for (const key of keys) {
        const value = key === envelope ? pageItems : fields[key];
        if (value !== undefined) body[key] = value;
      }
      return body;
    },
    envelope,
  );
}
