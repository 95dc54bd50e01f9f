import type { ListProfile } from "../../core/lists/profile.js";
import type { ComputeInput, JsonObject, ComputeHandler, JsonValue, Resource } from "../../core/provider.js";
import type { OnCallSchedule } from "../../world/types.js";
import { type PdContext, pdTime } from "./context.js";
import { PAGE_KEYS, invalid, isReply, listReply, nowOf, param, timeParam } from "./http.js";
import { OBJECTS_DATA } from "./includes.js";
import { pdPagination } from "./paging.js";
import { SCHEDULE_DATA } from "./schedules.js";
import type { ComputedRoute } from "../../core/define-provider.js";

/**
 * `GET /oncalls`, computed: every escalation level of every policy (by the policy's name, then level)
 * with whoever is on call in the window. A schedule target gives one entry per shift that overlaps
 * `since`..`until` (both default to now, so by default: who is on call now), with the shift's own
 * start and end; a user target is on call permanently (`start`/`end` null, no schedule).
 * `earliest=true` keeps each user's earliest entry per policy and level. `user_ids[]`,
 * `escalation_policy_ids[]` and `schedule_ids[]` filter, and the page is the query engine's. `include[]`
 * (`users`, `escalation_policies`, `schedules`) makes the page's `user`, `escalation_policy` and
 * `schedule` whole, as PagerDuty side-loads them (another value is 400).
 */
export const ONCALL_DATA = "_snapverse/pd/oncalls.json";

/** Who is on call on a schedule at an instant (the world's shifts are back to back). */
export function onCallAt(s: OnCallSchedule, at: number): number | undefined {
  return s.shifts.find((sh) => sh.start <= at && at < sh.end)?.personId;
}

interface Level {
  escalation_policy: JsonObject;
  escalation_level: number;
  schedule: JsonObject | null;
  user: JsonObject | null;
  shifts: Array<{ user: JsonObject; start: number; end: number }>;
}

export function* oncallResources(pd: PdContext): Generator<Resource> {
  const levels: Level[] = [];
  const policies = [...pd.world.operations.policies].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const p of policies) {
    for (const [i, rule] of p.rules.entries()) {
      const level = { escalation_policy: pd.policyRef(p), escalation_level: i + 1 };
      if (rule.target.kind === "user") levels.push({ ...level, schedule: null, user: pd.userRef(rule.target.id), shifts: [] });
      else {
        const s = pd.schedule(rule.target.id);
        levels.push({
          ...level,
          schedule: pd.scheduleRef(s),
          user: null,
          shifts: s.shifts.map((sh) => ({ user: pd.userRef(sh.personId), start: sh.start, end: sh.end })),
        });
      }
    }
  }
  yield { path: ONCALL_DATA, body: levels as unknown as JsonValue };
}

const anyOf = (param: string, field: string) => ({ param, field, op: "eq" as const, type: "string" as const });

export function oncallProfile(): ListProfile {
  return {
    path: "^oncalls$",
    selectors: ["total"],
    keys: PAGE_KEYS("oncalls"),
    filters: [anyOf("user_ids", "user.id"), anyOf("escalation_policy_ids", "escalation_policy.id"), anyOf("schedule_ids", "schedule.id")],
  };
}

const oncalls: ComputeHandler = async (input) => {
  const text = await input.read(ONCALL_DATA);
  if (text === undefined) return invalid("No on-call data");
  const now = nowOf(input);
  const since = timeParam(input, "since");
  if (isReply(since)) return since;
  const until = timeParam(input, "until");
  if (isReply(until)) return until;
  const from = since ?? now;
  const to = until ?? now;
  if (to < from) return invalid("Until must be after since");
  const earliest = param(input, "earliest") === "true";
  const items: JsonValue[] = [];
  for (const level of JSON.parse(text) as Level[]) {
    const head = { escalation_policy: level.escalation_policy, escalation_level: level.escalation_level };
    if (level.user) {
      items.push({ ...head, schedule: null, user: level.user, start: null, end: null });
      continue;
    }
    const first = new Set<string>();
    for (const sh of level.shifts) {
      if (!(sh.start <= to && sh.end > from)) continue;
      if (earliest && first.has(sh.user.id as string)) continue;
      first.add(sh.user.id as string);
      items.push({ ...head, schedule: level.schedule, user: sh.user, start: pdTime(sh.start), end: pdTime(sh.end) });
    }
  }
  const include = new Set(input.query.filter(([k]) => k === "include[]" || k === "include").map(([, v]) => v));
  if ([...include].some((v) => !ONCALL_INCLUDES.includes(v))) return invalid(`Include must be one of: ${ONCALL_INCLUDES.join(", ")}`);
  const origin = input.serving.pagination?.origin ?? "";
  const reply = listReply(input, "oncalls", oncallProfile(), pdPagination(origin), "oncalls", items, [
    "since",
    "until",
    "earliest",
    "include",
  ]);
  if (reply.status !== 200 || include.size === 0) return reply;
  return { ...reply, body: JSON.stringify(await sideLoad(input, JSON.parse(reply.body) as { oncalls: JsonObject[] }, include)) };
};

const ONCALL_INCLUDES = ["escalation_policies", "schedules", "users"];

/** A page's references made whole: users and policies from the object map, schedules from their summaries. */
async function sideLoad(input: ComputeInput, page: { oncalls: JsonObject[] }, include: Set<string>): Promise<JsonObject> {
  const objects = JSON.parse((await input.read(OBJECTS_DATA)) ?? "{}") as Record<string, JsonObject>;
  const schedules = JSON.parse((await input.read(SCHEDULE_DATA)) ?? "{}") as Record<string, { summary: JsonObject }>;
  const whole = (ref: JsonValue, from: (id: string) => JsonObject | undefined): JsonValue => {
    const id = ref && typeof ref === "object" && !Array.isArray(ref) ? (ref.id as string) : undefined;
    return (id !== undefined && from(id)) || ref;
  };
  const oncalls = page.oncalls.map((o) => ({
    ...o,
    ...(include.has("escalation_policies") ? { escalation_policy: whole(o.escalation_policy!, (id) => objects[id]) } : {}),
    ...(include.has("schedules") ? { schedule: whole(o.schedule!, (id) => schedules[id]?.summary) } : {}),
    ...(include.has("users") ? { user: whole(o.user!, (id) => objects[id]) } : {}),
  }));
  return { ...page, oncalls };
}

export const oncallRoutes: ComputedRoute[] = ["GET", "HEAD"].map((method) => ({
  method,
  path: "^oncalls$",
  handler: "oncalls",
  run: oncalls,
}));
