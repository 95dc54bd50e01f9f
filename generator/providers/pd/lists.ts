import type { FilterSpec, ListProfile } from "../../core/lists/profile.js";
import { PAGE_KEYS } from "./http.js";
import { sortSpec } from "./incident-list.js";
import type { PdPagination } from "./paging.js";

/**
 * The lists served from files and the query engine, with the parameters PagerDuty's description gives
 * each. Every list takes `total=true` (a selector: the pre-rendered pages with the count). Repeated
 * `…_ids[]` parameters match any of their values; `query` matches part of a name (users: or e-mail).
 * `include[]`, `time_zone` other than UTC and `is_overview=true` are refused before a list is read
 * (params.ts).
 */
const anyOf = (param: string, field: string, extra: Partial<FilterSpec> = {}): FilterSpec => ({
  param,
  field,
  op: "eq",
  type: "string",
  ...extra,
});
const query = (fields: string | string[]): FilterSpec => ({ param: "query", field: fields, op: "contains", type: "string" });
const since = (relativeTo: string): FilterSpec => ({ param: "since", field: "created_at", op: "gte", type: "time", relativeTo });
const until = (relativeTo: string): FilterSpec => ({ param: "until", field: "created_at", op: "lt", type: "time", relativeTo });

const byName = {
  param: "sort_by",
  keys: {
    name: { field: "name", type: "string" as const },
    "name:asc": { field: "name", type: "string" as const },
    "name:desc": { field: "name", type: "string" as const },
  },
  directions: { name: "asc" as const, "name:asc": "asc" as const, "name:desc": "desc" as const },
  default: { key: "name", direction: "asc" as const },
  unknown: "error" as const,
};

export function listProfiles(paging: PdPagination, asOf: string): ListProfile[] {
  const list = (path: string, envelope: string, rest: Partial<ListProfile> = {}): ListProfile => ({
    path,
    paging,
    selectors: ["total"],
    keys: PAGE_KEYS(envelope),
    ...rest,
  });
  return [
    list("^users$", "users", { filters: [query(["name", "email"]), anyOf("team_ids", "teams[].id")] }),
    list("^teams$", "teams", { filters: [query("name")] }),
    list("^teams/[A-Z0-9]+/members$", "members"),
    list("^services$", "services", { filters: [query("name"), anyOf("name", "name"), anyOf("team_ids", "teams[].id")], sort: byName }),
    list("^escalation_policies$", "escalation_policies", {
      filters: [query("name"), anyOf("user_ids", "escalation_rules[].targets[].id"), anyOf("team_ids", "teams[].id")],
      sort: byName,
    }),
    list("^schedules$", "schedules", { filters: [query("name"), anyOf("team_ids", "teams[].id")] }),
    list("^priorities$", "priorities"),
    list("^log_entries$", "log_entries", { filters: [since(asOf), until(asOf), anyOf("team_ids", "teams[].id")] }),
    list("^incidents/[A-Z0-9]+/log_entries$", "log_entries", { filters: [since(asOf), until(asOf)] }),
    list("^incidents/[A-Z0-9]+/alerts$", "alerts", {
      filters: [anyOf("statuses", "status", { accepted: ["triggered", "resolved"] }), anyOf("alert_key", "alert_key")],
      sort: sortSpec({ created_at: "time" }, "created_at"),
    }),
  ];
}
