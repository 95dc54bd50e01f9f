import type { JsonObject, ComputeHandler, JsonValue, Resource } from "../../core/provider.js";
import type { OnCallSchedule } from "../../world/types.js";
import { type PdContext, zonedTime } from "./context.js";
import { invalid, isReply, jsonReply, missing, param, timeParam } from "./http.js";
import { pdPages, type PdPagination } from "./paging.js";
import type { ComputedRoute } from "../../core/define-provider.js";

/**
 * On-call schedules: one weekly rotation per team (one layer, hand-offs Mondays 10:00 in the lead's
 * zone), its shifts the world's. `GET /schedules/{id}` is computed: with `since`/`until` (either
 * defaults to two weeks from the other) its `schedule_layers[0]`, `final_schedule` and
 * `overrides_subschedule` render the shifts in the window, cut at its bounds unless `overflow=true`;
 * without them they render nothing, as PagerDuty does. Times are in the schedule's zone.
 */
export const SCHEDULE_DATA = "_snapverse/pd/schedules.json";

const WEEK_SECONDS = 7 * 24 * 3600;
const TWO_WEEKS = 14 * 24 * 3600_000;

function policiesOf(pd: PdContext, s: OnCallSchedule) {
  return pd.world.operations.policies.filter((p) => p.rules.some((r) => r.target.kind === "schedule" && r.target.id === s.id));
}

export function scheduleSummary(pd: PdContext, s: OnCallSchedule): JsonObject {
  const id = pd.scheduleId(s.id);
  return {
    id,
    type: "schedule",
    summary: s.name,
    self: `${pd.origin}/schedules/${id}`,
    html_url: `${pd.web}/schedules/${id}`,
    name: s.name,
    time_zone: s.timeZone,
    description: `Weekly on-call rotation of ${pd.team(s.teamId).name}`,
    users: s.rotation.map((pid) => pd.userRef(pid)),
    escalation_policies: policiesOf(pd, s).map((p) => pd.policyRef(p)),
    teams: [pd.teamRef(s.teamId)],
  };
}

/** What the computed schedule reads: its summary, its zone's offset, its layer and its shifts. */
interface ScheduleData {
  summary: JsonObject;
  offsetMinutes: number;
  layer: JsonObject;
  shifts: Array<{ user: JsonObject; start: number; end: number }>;
}

function scheduleData(pd: PdContext, s: OnCallSchedule): ScheduleData {
  const off = s.utcOffsetMinutes;
  return {
    summary: scheduleSummary(pd, s),
    offsetMinutes: off,
    layer: {
      name: "Layer 1",
      id: pd.layerId(s.id),
      start: zonedTime(s.rotationStart, off),
      rotation_virtual_start: zonedTime(s.rotationStart, off),
      rotation_turn_length_seconds: WEEK_SECONDS,
      users: s.rotation.map((pid): JsonValue => ({ user: pd.userRef(pid) })),
      restrictions: [],
    },
    shifts: s.shifts.map((sh) => ({ user: pd.userRef(sh.personId), start: sh.start, end: sh.end })),
  };
}

const byName = <T extends { name: string }>(a: T, b: T) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

export function* scheduleResources(pd: PdContext, paging: PdPagination): Generator<Resource> {
  const schedules = [...pd.world.operations.schedules].sort(byName);
  yield* pdPages(
    paging,
    "schedules",
    "schedules",
    schedules.map((s) => scheduleSummary(pd, s)),
  );
  const data: Record<string, JsonValue> = {};
  for (const s of schedules) data[pd.scheduleId(s.id)] = scheduleData(pd, s) as unknown as JsonValue;
  yield { path: SCHEDULE_DATA, body: data };
}

/** The entries of the window (cut at its bounds unless `overflow`), and how much of it they cover. */
function render(d: ScheduleData, since: number, until: number, overflow: boolean): { entries: JsonValue[]; coverage: number } {
  let covered = 0;
  const entries: JsonValue[] = [];
  for (const sh of d.shifts) {
    if (sh.end <= since || sh.start >= until) continue;
    const start = overflow ? sh.start : Math.max(sh.start, since);
    const end = overflow ? sh.end : Math.min(sh.end, until);
    covered += Math.min(sh.end, until) - Math.max(sh.start, since);
    entries.push({ start: zonedTime(start, d.offsetMinutes), end: zonedTime(end, d.offsetMinutes), user: sh.user });
  }
  const coverage = until > since ? Math.round((covered / (until - since)) * 10_000) / 100 : 0;
  return { entries, coverage };
}

/** The window a request asks for; undefined when it names none. */
function windowOf(input: Parameters<ComputeHandler>[0]): { since: number; until: number } | undefined | ReturnType<typeof invalid> {
  const since = timeParam(input, "since");
  const until = timeParam(input, "until");
  if (isReply(since)) return since;
  if (isReply(until)) return until;
  if (since === undefined && until === undefined) return undefined;
  const from = since ?? until! - TWO_WEEKS;
  const to = until ?? since! + TWO_WEEKS;
  if (to < from) return invalid("Until must be after since");
  return { since: from, until: to };
}

async function readData(input: Parameters<ComputeHandler>[0]): Promise<Record<string, ScheduleData> | undefined> {
  const text = await input.read(SCHEDULE_DATA);
  return text === undefined ? undefined : (JSON.parse(text) as Record<string, ScheduleData>);
}

const scheduleDetail: ComputeHandler = async (input) => {
  const id = input.path.split("/")[1] ?? "";
  const all = await readData(input);
  const d = all?.[id];
  if (!d) return missing();
  const w = windowOf(input);
  if (isReply(w)) return w;
  const overflow = param(input, "overflow") === "true";
  const r = w ? render(d, w.since, w.until, overflow) : { entries: [], coverage: 0 };
  const schedule: JsonObject = {
    ...d.summary,
    schedule_layers: [{ ...d.layer, rendered_schedule_entries: r.entries, rendered_coverage_percentage: w ? r.coverage : null }],
    overrides_subschedule: { name: "Overrides", rendered_schedule_entries: [], rendered_coverage_percentage: w ? 0 : null },
    final_schedule: { name: "Final Schedule", rendered_schedule_entries: r.entries, rendered_coverage_percentage: w ? r.coverage : null },
  };
  return jsonReply({ schedule });
};

export const scheduleRoutes: ComputedRoute[] = ["GET", "HEAD"].flatMap((method) => [
  { method, path: "^schedules/[A-Z0-9]{7}$", handler: "schedule", run: scheduleDetail },
]);
