import type { FilterSpec, ListProfile, SortSpec } from "../../core/lists/profile.js";
import type { JsonObject, ComputeHandler, JsonValue } from "../../core/provider.js";
import { PAGE_KEYS, invalid, isReply, listReply, nowOf, param, timeParam } from "./http.js";
import { INCIDENT_DATA } from "./incidents.js";
import { INCLUDES, OBJECTS_DATA, expand } from "./includes.js";
import { pdPagination } from "./paging.js";
import type { ComputedRoute } from "../../core/define-provider.js";

/**
 * `GET /incidents`, computed, because its window depends on which parameters are present: without
 * `since`/`until` it lists the incidents created in the month (30 days) before now; `until` defaults
 * to now and `since` to a month before `until`; `date_range=all` drops the window. Over the window,
 * the query engine evaluates `statuses[]`, `service_ids[]`, `team_ids[]`, `urgencies[]`, `user_ids[]`
 * (incidents assigned to them: open ones), `incident_key`, one `sort_by` (`field` or `field:asc|desc`;
 * of two comma-separated fields the first) and the classic paging. `include[]` makes the page's
 * references whole (includes.ts).
 */
const MONTH = 30 * 24 * 3600_000;

const anyOf = (param: string, field: string, extra: Partial<FilterSpec> = {}): FilterSpec => ({
  param,
  field,
  op: "eq",
  type: "string",
  ...extra,
});

function sortSpec(fields: Record<string, "time" | "number" | "string">, def: string): SortSpec {
  const keys: SortSpec["keys"] = {};
  const directions: Record<string, "asc" | "desc"> = {};
  for (const [name, type] of Object.entries(fields)) {
    for (const [suffix, dir] of [
      ["", "asc"],
      [":asc", "asc"],
      [":desc", "desc"],
    ] as const) {
      keys[`${name}${suffix}`] = { field: name, type };
      directions[`${name}${suffix}`] = dir;
    }
  }
  return { param: "sort_by", keys, directions, default: { key: def, direction: "asc" }, unknown: "error" };
}

export function incidentProfile(): ListProfile {
  return {
    path: "^incidents$",
    selectors: ["total"],
    keys: PAGE_KEYS("incidents"),
    filters: [
      anyOf("statuses", "status", { accepted: ["triggered", "acknowledged", "resolved"] }),
      anyOf("service_ids", "service.id"),
      anyOf("team_ids", "teams[].id"),
      anyOf("urgencies", "urgency", { accepted: ["high", "low"] }),
      anyOf("user_ids", "assignments[].assignee.id"),
      anyOf("incident_key", "incident_key"),
    ],
    sort: sortSpec({ incident_number: "number", created_at: "time", resolved_at: "time", urgency: "string" }, "created_at"),
  };
}

/** `statuses[]` and `sort_by` as PagerDuty spells them, the way alerts share them. */
export { sortSpec };

const incidents: ComputeHandler = async (input) => {
  const text = await input.read(INCIDENT_DATA);
  if (text === undefined) return invalid("No incident data");
  let items = JSON.parse(text) as Array<{ created_at: string } & Record<string, JsonValue>>;
  const range = param(input, "date_range");
  if (range !== undefined && range !== "all") return invalid("Date range must be 'all'");
  if (range !== "all") {
    const since = timeParam(input, "since");
    if (isReply(since)) return since;
    const until = timeParam(input, "until");
    if (isReply(until)) return until;
    const to = until ?? nowOf(input);
    const from = since ?? to - MONTH;
    if (to < from) return invalid("Until must be after since");
    items = items.filter((i) => Date.parse(i.created_at) >= from && Date.parse(i.created_at) < to);
  }
  const include = new Set(input.query.filter(([k]) => k === "include[]" || k === "include").map(([, v]) => v));
  const unknown = [...include].find((v) => !INCLUDES.includes(v));
  if (unknown !== undefined) return invalid(`Include must be one of: ${INCLUDES.join(", ")}`);
  // PagerDuty takes up to two sort fields, comma-separated; the engine orders by the first.
  const query = input.query.map(([k, v]): [string, string] =>
    k === "sort_by" || k === "sort_by[]" ? ["sort_by", v.split(",")[0]!.trim()] : [k, v],
  );
  const origin = input.serving.pagination?.origin ?? "";
  const reply = listReply({ ...input, query }, "incidents", incidentProfile(), pdPagination(origin), "incidents", items, [
    "since",
    "until",
    "date_range",
  ]);
  if (reply.status !== 200 || include.size === 0) return reply;
  const objects = JSON.parse((await input.read(OBJECTS_DATA)) ?? "{}") as Record<string, JsonObject>;
  const page = JSON.parse(reply.body) as { incidents: JsonObject[] } & JsonObject;
  return { ...reply, body: JSON.stringify({ ...page, incidents: page.incidents.map((i) => expand(i, include, objects)) }) };
};

export const incidentListRoutes: ComputedRoute[] = ["GET", "HEAD"].map((method) => ({
  method,
  path: "^incidents$",
  handler: "incidents",
  run: incidents,
}));
