import type { JsonObject, ComputeHandler, JsonValue, Resource } from "../../core/provider.js";
import type { Incident } from "../../world/types.js";
import { type PdContext, pdTime } from "./context.js";
import { invalid, isReply, jsonReply } from "./http.js";
import { escalationTarget, incident, statusAt } from "./incidents.js";
import { PRIORITIES } from "./services.js";
import type { ComputedRoute } from "../../core/define-provider.js";

/**
 * `POST /analytics/raw/incidents` (a read: its query is the body): one row of metrics per incident,
 * derived from the world's incident: seconds to first acknowledgement, to resolve, who was assigned,
 * who acknowledged, escalations, and interruptions by the notified person's local hour (business hours
 * 08–18 on weekdays, sleep hours 22–08, otherwise off hours). Filters `created_at_start`,
 * `created_at_end`, `updated_after`, `urgency`, `major` (P1 or P2), `team_ids`, `service_ids`,
 * `priority_ids`, `priority_names`, `incident_type_ids`; `order_by` created_at, seconds_to_resolve or
 * updated_at, `order` (desc by default); `limit` 1–1000 (20 by default) and the cursors `first`/`last`
 * sent back as `starting_after`/`ending_before`. The core engine's after-id mechanism writes other field
 * names (`first_id`, `has_more`), so this one list pages here.
 */
export const ANALYTICS_DATA = "_snapverse/pd/analytics-incidents.json";

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 1000;

function localHour(at: number, offsetMinutes: number): { hour: number; weekday: number } {
  const local = new Date(at + offsetMinutes * 60_000);
  return { hour: local.getUTCHours(), weekday: local.getUTCDay() };
}

/**
 * The row's fields the description types as non-null are left out when there is no value (an incident
 * nobody acknowledged, one the monitor resolved, one still open), as elsewhere on this host; the one it
 * types as nullable stays null.
 */
const NULLABLE = new Set(["user_defined_effort_seconds"]);

function row(pd: PdContext, i: Incident, updatedAt: string): JsonObject {
  const out = fields(pd, i, updatedAt);
  for (const [k, v] of Object.entries(out)) if (v === null && !NULLABLE.has(k)) delete out[k];
  return out;
}

function fields(pd: PdContext, i: Incident, updatedAt: string): JsonObject {
  const svc = pd.service(i.serviceId);
  const policy = pd.policy(i.policyId);
  const team = pd.team(i.teamId);
  const status = statusAt(pd, i);
  const acked = i.acknowledgedAt !== undefined && i.acknowledgedAt <= pd.asOf && i.acknowledgedById !== undefined;
  const resolved = status === "resolved";
  const escalated = i.escalatedAt !== undefined && i.escalatedAt <= pd.asOf ? escalationTarget(pd, i) : undefined;
  const assigned = [i.assigneeId, ...(escalated !== undefined && escalated !== i.assigneeId ? [escalated] : [])];
  const notified = [{ who: i.assigneeId, at: i.createdAt }, ...(escalated !== undefined ? [{ who: escalated, at: i.escalatedAt! }] : [])];
  let business = 0,
    off = 0,
    sleep = 0;
  for (const n of notified) {
    const { hour, weekday } = localHour(n.at, pd.person(n.who).utcOffsetMinutes);
    if (hour >= 22 || hour < 8) sleep++;
    else if (weekday >= 1 && weekday <= 5 && hour < 18) business++;
    else off++;
  }
  const engaged = [...new Set([...(acked ? [i.acknowledgedById!] : []), ...i.notes.filter((n) => n.at <= pd.asOf).map((n) => n.authorId)])];
  const ackSeconds = acked ? Math.round((i.acknowledgedAt! - i.createdAt) / 1000) : null;
  const priorityIndex = PRIORITIES.findIndex(([n]) => n === i.priority);
  return {
    acknowledged_user_ids: acked ? [pd.userId(i.acknowledgedById!)] : [],
    acknowledged_user_names: acked ? [pd.person(i.acknowledgedById!).name] : [],
    acknowledgement_count: acked ? 1 : 0,
    active_user_count: engaged.length,
    assigned_user_ids: assigned.map((p) => pd.userId(p)),
    assigned_user_names: assigned.map((p) => pd.person(p).name),
    assignment_count: assigned.length,
    auto_resolved: resolved && i.resolvedById === undefined,
    business_hour_interruptions: business,
    created_at: pdTime(i.createdAt),
    updated_at: updatedAt,
    description: `[#${i.number}] ${i.title}`,
    engaged_seconds: resolved && acked ? Math.round((i.resolvedAt! - i.acknowledgedAt!) / 1000) : 0,
    engaged_user_count: engaged.length,
    escalation_count: escalated !== undefined ? 1 : 0,
    escalation_policy_id: pd.policyId(policy.id),
    escalation_policy_name: policy.name,
    id: pd.incidentId(i.id),
    incident_number: i.number,
    incident_type_id: pd.id("incident_type", "base"),
    incident_type_name: "Base Incident",
    joined_user_ids: [],
    joined_user_names: [],
    major: i.priority === "P1" || i.priority === "P2",
    manual_escalation_count: 0,
    off_hour_interruptions: off,
    priority_id: pd.priorityId(i.priority),
    priority_name: i.priority,
    priority_order: PRIORITIES.length - priorityIndex,
    reassignment_count: 0,
    resolved_at: resolved ? pdTime(i.resolvedAt!) : null,
    resolved_by_user_id: resolved && i.resolvedById !== undefined ? pd.userId(i.resolvedById) : null,
    resolved_by_user_name: resolved && i.resolvedById !== undefined ? pd.person(i.resolvedById).name : null,
    seconds_to_engage: ackSeconds,
    seconds_to_first_ack: ackSeconds,
    seconds_to_mobilize: ackSeconds,
    seconds_to_resolve: resolved ? Math.round((i.resolvedAt! - i.createdAt) / 1000) : null,
    service_id: pd.serviceId(svc.id),
    service_name: svc.name,
    sleep_hour_interruptions: sleep,
    snoozed_seconds: 0,
    status,
    team_id: pd.teamId(team.id),
    team_name: team.name,
    timeout_escalation_count: escalated !== undefined ? 1 : 0,
    total_interruptions: business + off + sleep,
    total_notifications: notified.length,
    urgency: i.urgency,
    user_defined_effort_seconds: null,
  };
}

export function* analyticsResources(pd: PdContext): Generator<Resource> {
  yield { path: ANALYTICS_DATA, body: pd.incidents.map((i) => row(pd, i, incident(pd, i).updated_at as string)) };
}

type Row = Record<string, JsonValue>;
type Body = {
  filters?: Record<string, unknown>;
  limit?: unknown;
  order?: unknown;
  order_by?: unknown;
  starting_after?: unknown;
  ending_before?: unknown;
  time_zone?: unknown;
};

const cursorOf = (r: Row) => Buffer.from(`incident:${r.id as string}`).toString("base64url");

function readBody(input: Parameters<ComputeHandler>[0]): Body | ReturnType<typeof invalid> {
  const text = input.body?.toString("utf8") ?? "";
  if (text.trim() === "") return {};
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Body)
      : invalid("The request body must be a JSON object");
  } catch {
    return invalid("The request body is not valid JSON");
  }
}

function timeFilter(v: unknown, name: string): number | undefined | ReturnType<typeof invalid> {
  if (v === undefined || v === null) return undefined;
  const t = typeof v === "string" ? Date.parse(v) : Number.NaN;
  return Number.isNaN(t) ? invalid(`filters.${name} must be a valid date-time`) : t;
}

const rawIncidents: ComputeHandler = async (input) => {
  const body = readBody(input);
  if (isReply(body)) return body;
  const f = body.filters ?? {};
  const limit = body.limit === undefined ? DEFAULT_LIMIT : body.limit;
  if (typeof limit !== "number" || !Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
    return invalid(`limit must be an integer from 1 to ${MAX_LIMIT}`);
  const order = body.order ?? "desc";
  if (order !== "asc" && order !== "desc") return invalid("order must be asc or desc");
  const orderBy = body.order_by ?? "created_at";
  if (orderBy !== "created_at" && orderBy !== "seconds_to_resolve" && orderBy !== "updated_at")
    return invalid("order_by must be created_at, seconds_to_resolve or updated_at");
  const start = timeFilter(f.created_at_start, "created_at_start");
  const end = timeFilter(f.created_at_end, "created_at_end");
  const after = timeFilter(f.updated_after, "updated_after");
  for (const t of [start, end, after]) if (isReply(t)) return t;
  const list = (name: string): string[] | undefined => (Array.isArray(f[name]) ? (f[name] as unknown[]).map(String) : undefined);
  const text = await input.read(ANALYTICS_DATA);
  let rows = JSON.parse(text ?? "[]") as Row[];
  rows = rows.filter((r) => {
    const created = Date.parse(r.created_at as string);
    return (
      (start === undefined || created >= (start as number)) &&
      (end === undefined || created < (end as number)) &&
      (after === undefined || Date.parse(r.updated_at as string) > (after as number)) &&
      (f.urgency === undefined || r.urgency === f.urgency) &&
      (f.major === undefined || r.major === f.major) &&
      [
        ["team_ids", "team_id"],
        ["service_ids", "service_id"],
        ["priority_ids", "priority_id"],
        ["priority_names", "priority_name"],
        ["incident_type_ids", "incident_type_id"],
      ].every(([p, field]) => {
        const want = list(p!);
        return !want || want.includes(r[field!] as string);
      })
    );
  });
  const key = (r: Row): number =>
    orderBy === "seconds_to_resolve" ? ((r.seconds_to_resolve as number | null) ?? -1) : Date.parse(r[orderBy] as string);
  const sign = order === "asc" ? 1 : -1;
  rows = rows
    .map((r, i) => ({ r, i }))
    .sort((a, b) => (key(a.r) - key(b.r)) * sign || (a.i - b.i) * sign)
    .map((x) => x.r);
  let from = 0;
  let to = rows.length;
  if (typeof body.starting_after === "string") {
    const at = rows.findIndex((r) => cursorOf(r) === body.starting_after);
    if (at < 0) return invalid("starting_after is not a valid cursor");
    from = at + 1;
  } else if (typeof body.ending_before === "string") {
    const at = rows.findIndex((r) => cursorOf(r) === body.ending_before);
    if (at < 0) return invalid("ending_before is not a valid cursor");
    to = at;
    from = Math.max(0, to - limit);
  }
  const page = rows.slice(from, Math.min(to, from + limit));
  const more = typeof body.ending_before === "string" ? from > 0 : from + limit < to;
  return jsonReply({
    first: page.length ? cursorOf(page[0]!) : null,
    last: page.length ? cursorOf(page.at(-1)!) : null,
    limit,
    more,
    order,
    order_by: orderBy,
    filters: f as JsonValue,
    time_zone: typeof body.time_zone === "string" ? body.time_zone : "Etc/UTC",
    data: page as JsonValue,
  });
};

export const analyticsRoutes: ComputedRoute[] = [
  { method: "POST", path: "^analytics/raw/incidents$", handler: "analytics-raw-incidents", run: rawIncidents },
];
