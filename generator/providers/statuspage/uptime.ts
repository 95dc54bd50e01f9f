import type { ComputeHandler, ComputeInput } from "../../core/provider.js";
import { DAY } from "../../world/clock.js";
import type { ComputedRoute } from "../../core/define-provider.js";

type Json = Record<string, unknown>;
type Reply = { status: number; headers: Record<string, string>; body: string };

const JSON_TYPE = "application/json; charset=utf-8";
const reply = (status: number, body: unknown): Reply => ({ status, headers: { "content-type": JSON_TYPE }, body: JSON.stringify(body) });
const WEIGHT: Record<string, number> = { major_outage: 1, partial_outage: 0.3 };
const RANK = ["operational", "under_maintenance", "degraded_performance", "partial_outage", "major_outage"];

async function readJson(input: ComputeInput, key: string): Promise<unknown> {
  const text = await input.read(key);
  return text === undefined ? undefined : (JSON.parse(text) as unknown);
}

/** Every incident of the page, read page by page as a client would. */
async function incidents(input: ComputeInput, pageId: string): Promise<Json[]> {
  const out: Json[] = [];
  for (let page = 1; ; page++) {
    const items = (await readJson(input, `v1/pages/${pageId}/incidents${page === 1 ? "" : `?page=${page}`}`)) as Json[] | undefined;
    if (!items) return out;
    out.push(...items);
    if (items.length < 100) return out;
  }
}

/** `YYYY`, `YYYY-MM` or `YYYY-MM-DD` as the first (or last) day it names, UTC midnight. */
function partialDate(value: string, last: boolean): number | undefined {
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(value.trim());
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), m[2] === undefined ? undefined : Number(m[2]), m[3] === undefined ? undefined : Number(m[3])];
  if (y < 1970 || (mo !== undefined && (mo < 1 || mo > 12))) return undefined;
  if (d !== undefined) {
    const ms = Date.UTC(y, mo! - 1, d);
    return new Date(ms).getUTCDate() === d ? ms : undefined;
  }
  if (mo !== undefined) return last ? Date.UTC(y, mo, 1) - DAY : Date.UTC(y, mo - 1, 1);
  return last ? Date.UTC(y + 1, 0, 1) - DAY : Date.UTC(y, 0, 1);
}

/** Seconds a component spent in each status within [from, to), from the incidents' update history. */
function outages(all: Json[], componentId: string, from: number, to: number): { seconds: Record<string, number>; related: string[] } {
  // Each incident's own timeline for the component: (instant, status) changes.
  const changes: Array<{ at: number; incident: string; status: string }> = [];
  for (const inc of all) {
    for (const u of (inc.incident_updates as Json[]) ?? []) {
      for (const a of (u.affected_components as Json[] | null) ?? []) {
        if (a.code === componentId)
          changes.push({ at: Date.parse(u.display_at as string), incident: inc.id as string, status: a.new_status as string });
      }
    }
  }
  changes.sort((a, b) => a.at - b.at || (a.incident < b.incident ? -1 : 1));
  const current = new Map<string, string>();
  const seconds: Record<string, number> = { major_outage: 0, partial_outage: 0 };
  const related = new Set<string>();
  let at = from;
  const worstNow = () => [...current.values()].reduce((w, s) => (RANK.indexOf(s) > RANK.indexOf(w) ? s : w), "operational");
  const advance = (until: number) => {
    const end = Math.min(until, to);
    if (end > at) {
      const w = worstNow();
      if (w in seconds) seconds[w]! += Math.round((end - at) / 1000);
      for (const [id, s] of current) if (s !== "operational") related.add(id);
    }
    at = Math.max(at, end);
  };
  for (const c of changes) {
    advance(Math.max(c.at, from));
    current.set(c.incident, c.status);
  }
  advance(to);
  return { seconds, related: [...related].sort() };
}

const uptime: ComputeHandler = async (input) => {
  const [, , pageId, kind, id] = input.path.split("/") as [string, string, string, string, string];
  const notFound = reply(404, { message: "The requested resource could not be found." });
  const params = new Map(input.query);
  const asOf = Date.parse(input.serving.asOf ?? "1970-01-01T00:00:00Z");
  const today = asOf - (asOf % DAY);
  let members: Json[];
  let name: string;
  if (kind === "components") {
    const c = (await readJson(input, `v1/pages/${pageId}/components/${id}`)) as Json | undefined;
    if (!c || c.group === true) return notFound;
    members = [c];
    name = c.name as string;
  } else {
    const g = (await readJson(input, `v1/pages/${pageId}/component-groups/${id}`)) as Json | undefined;
    if (!g) return notFound;
    members = await Promise.all(
      (g.components as string[]).map(async (cid) => (await readJson(input, `v1/pages/${pageId}/components/${cid}`)) as Json),
    );
    name = g.name as string;
  }
  const earliest = Math.min(...members.map((m) => Date.parse(`${m.start_date as string}T00:00:00Z`)));
  const warnings: string[] = [];
  const startParam = params.get("start");
  const endParam = params.get("end");
  let start = startParam === undefined ? Math.max(earliest, today - 89 * DAY) : partialDate(startParam, false);
  let end = endParam === undefined ? today : partialDate(endParam, true);
  if (start === undefined || end === undefined) return reply(422, { message: `Invalid ${start === undefined ? "start" : "end"} date` });
  // The range asked for is checked before it is moved into the component's life.
  const sixMonths = new Date(start);
  sixMonths.setUTCMonth(sixMonths.getUTCMonth() + 6);
  if (end >= sixMonths.getTime()) return reply(422, { message: "Date range cannot exceed six calendar months" });
  if (end > today) {
    end = today;
    warnings.push("End date was adjusted to today. See range_end field in response for end date used.");
  }
  if (start < earliest) {
    start = earliest;
    warnings.push("Start date was adjusted to the component start date. See range_start field in response for start date used.");
  }
  if (start > end) return reply(422, { message: "Start date must be before end date" });

  const all = await incidents(input, pageId);
  const to = Math.min(end + DAY, asOf);
  const span = (to - start) / 1000;
  const per = members.map((m) => ({ m, ...outages(all, m.id as string, start!, to) }));
  const pct = (s: Record<string, number>) =>
    span <= 0 ? 100 : Math.max(0, 100 * (1 - (s.major_outage! * WEIGHT.major_outage! + s.partial_outage! * WEIGHT.partial_outage!) / span));
  const round2 = (n: number) => Math.round(n * 100) / 100;
  const sum = (k: string) => per.reduce((t, p) => t + p.seconds[k]!, 0);
  const skip = params.get("skip_related_events") === "true";
  const body: Json = {
    range_start: new Date(start).toISOString().slice(0, 10),
    range_end: new Date(end).toISOString().slice(0, 10),
    uptime_percentage: round2(per.reduce((t, p) => t + pct(p.seconds), 0) / per.length),
    major_outage: sum("major_outage"),
    partial_outage: sum("partial_outage"),
    ...(warnings.length ? { warnings } : {}),
    id,
    name,
    ...(skip
      ? {}
      : {
          related_events:
            kind === "components"
              ? per[0]!.related.map((r) => ({ id: r }))
              : per.map((p) => ({ component_id: p.m.id as string, incidents: p.related.map((r) => ({ id: r })) })),
        }),
  };
  return reply(200, body);
};

/**
 * `GET /v1/pages/{page_id}/components/{id}/uptime` and `…/component-groups/{id}/uptime`: a component's
 * uptime over a range of whole days, computed from the page's served incidents (their updates'
 * `affected_components` say when each component changed status), so the answer never disagrees with
 * the incidents list. Statuspage's rule: a major outage counts in full, a partial outage at 30%,
 * degraded performance and maintenance not at all. A group's uptime is the mean of its components'.
 *
 * `start` and `end` take `YYYY`, `YYYY-MM` or `YYYY-MM-DD` (the first and last day of the year or
 * month); by default the range is the 90 days up to today (the page's zone is UTC), starting no earlier
 * than the component's `start_date`, which an earlier `start` is moved to (with a warning), as is an
 * `end` after today. A range over six calendar months, or a date that does not parse, is refused with
 * 422. `skip_related_events=true` leaves out the incidents that touched the range.
 */
export const uptimeRoutes: ComputedRoute[] = [
  { method: "GET", path: "^v1/pages/[^/]+/(components|component-groups)/[^/]+/uptime$", handler: "uptime", run: uptime },
];
