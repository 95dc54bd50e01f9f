import type { Incident, Maintenance, StatusIncident, World } from "../../../generator/world/types.js";
import { liveWorld } from "../../support/live-hosts.js";

export { liveWorld };

export type Any = Record<string, any>;

/**
 * What the status page should hold, read from the world model (never from the served files): the
 * realtime incidents are the world incidents with a status-page part created by as-of, the scheduled
 * ones the maintenances announced by as-of; each with what was posted by as-of.
 */
export interface Expected {
  name: string;
  createdAt: number;
  kind: "realtime" | "scheduled";
  status: string;
  serviceIds: number[];
  updates: Array<{ at: number; status: string; body: string }>;
  incident?: Incident & { statusPage: StatusIncident };
  maintenance?: Maintenance;
}

export function expectedIncidents(world: World): Expected[] {
  const asOf = world.asOf;
  const realtime = world.operations.incidents
    .filter((i): i is Incident & { statusPage: StatusIncident } => !!i.statusPage && i.statusPage.createdAt <= asOf)
    .map((i): Expected => {
      const updates = i.statusPage.updates.filter((u) => u.at <= asOf);
      return {
        name: i.statusPage.name,
        createdAt: i.statusPage.createdAt,
        kind: "realtime",
        status: updates.at(-1)?.status ?? "investigating",
        serviceIds: i.statusPage.serviceIds,
        updates,
        incident: i,
      };
    });
  const scheduled = world.operations.maintenances
    .filter((m) => m.createdAt <= asOf)
    .map((m): Expected => {
      const updates = m.updates.filter((u) => u.at <= asOf);
      return {
        name: m.name,
        createdAt: m.createdAt,
        kind: "scheduled",
        status: updates.at(-1)?.status ?? "scheduled",
        serviceIds: m.serviceIds,
        updates,
        maintenance: m,
      };
    });
  return [...realtime, ...scheduled].sort((a, b) => b.createdAt - a.createdAt);
}

/** Realtime incidents not resolved by as-of. */
export function openIncidents(world: World): Array<Incident & { statusPage: StatusIncident }> {
  return world.operations.incidents.filter(
    (i): i is Incident & { statusPage: StatusIncident } =>
      !!i.statusPage &&
      i.statusPage.createdAt <= world.asOf &&
      (i.statusPage.resolvedAt === undefined || i.statusPage.resolvedAt > world.asOf),
  );
}

const RANK = ["operational", "under_maintenance", "degraded_performance", "partial_outage", "major_outage"];
const OF_IMPACT = { minor: "degraded_performance", major: "partial_outage", critical: "major_outage" } as const;

/**
 * A service's status at as-of, as Statuspage's rules give it: the worst impact of the open incidents
 * that affect it, else under maintenance while a maintenance of it is in progress or verifying.
 */
export function expectedStatus(world: World, serviceId: number): string {
  const hits = openIncidents(world)
    .filter((i) => i.statusPage.serviceIds.includes(serviceId))
    .map((i) => OF_IMPACT[i.statusPage.impact]);
  if (hits.length) return hits.reduce<string>((a, b) => (RANK.indexOf(b) > RANK.indexOf(a) ? b : a), "operational");
  const active = world.operations.maintenances.some((m) => {
    const last = m.updates.filter((u) => u.at <= world.asOf).at(-1)?.status;
    return m.createdAt <= world.asOf && m.serviceIds.includes(serviceId) && (last === "in_progress" || last === "verifying");
  });
  return active ? "under_maintenance" : "operational";
}

export const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Seconds of major and partial outage of a service within [from, to), from the world's incidents: each
 * open from its first update to its resolution (or as-of), at its impact's status; the worst counts.
 */
export function expectedOutage(world: World, serviceId: number, from: number, to: number): { major: number; partial: number } {
  const spans = world.operations.incidents
    .filter((i) => i.statusPage && i.statusPage.createdAt <= world.asOf && i.statusPage.serviceIds.includes(serviceId))
    .map((i) => ({
      start: i.statusPage!.updates[0]!.at,
      end: Math.min(i.statusPage!.resolvedAt ?? Infinity, world.asOf),
      status: OF_IMPACT[i.statusPage!.impact],
    }));
  const cuts = [...new Set([from, to, ...spans.flatMap((s) => [s.start, s.end])])]
    .filter((t) => t >= from && t <= to)
    .sort((a, b) => a - b);
  const out = { major: 0, partial: 0 };
  for (let k = 0; k + 1 < cuts.length; k++) {
    const [a, b] = [cuts[k]!, cuts[k + 1]!];
    const now = spans.filter((s) => s.start <= a && s.end >= b && s.end > s.start).map((s) => s.status);
    const w = now.reduce<string>((x, y) => (RANK.indexOf(y) > RANK.indexOf(x) ? y : x), "operational");
    if (w === "major_outage") out.major += Math.round((b - a) / 1000);
    if (w === "partial_outage") out.partial += Math.round((b - a) / 1000);
  }
  return out;
}
