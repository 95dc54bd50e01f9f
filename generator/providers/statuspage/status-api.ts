import type { JsonObject, JsonValue, Resource } from "../../core/provider.js";
import { type SpContext, type SpIncident, time } from "./context.js";
import { groupStatus } from "./components.js";
import { type IncidentFacts, facts, views } from "./incidents.js";
import { statusDomain } from "./page.js";

/**
 * The public Status API v2 (https://<page domain>/api/v2/…, what status widgets and `statuspage.js` read),
 * on the same host beside the v1 API: its paths (`/api/v2/…`) never meet v1's (`/v1/…`). Every answer
 * names the page; components are the v1 components; incidents and scheduled maintenances are the v1
 * incidents in the Status API's own shape; the lists hold at most the 50 most recent, unpaged.
 */
const RECENT = 50;

export function pageRef(sp: SpContext): JsonObject {
  return {
    id: sp.pageId,
    name: sp.world.company.name,
    url: `https://${statusDomain(sp)}`,
    time_zone: "Etc/UTC",
    updated_at: time(sp.pageUpdatedAt),
  };
}

function component(sp: SpContext, c: SpContext["components"][number]): JsonObject {
  return {
    id: c.id,
    name: c.service.name,
    status: c.status,
    created_at: time(c.createdAt),
    updated_at: time(c.updatedAt),
    position: c.position,
    description: c.service.description,
    showcase: true,
    start_date: time(c.createdAt).slice(0, 10),
    group_id: c.groupId,
    page_id: sp.pageId,
    group: false,
    only_show_if_degraded: false,
  };
}

function group(sp: SpContext, g: SpContext["groups"][number]): JsonObject {
  return {
    id: g.id,
    name: g.team.name,
    status: groupStatus(g),
    created_at: time(g.createdAt),
    updated_at: time(g.updatedAt),
    position: g.position,
    description: null,
    showcase: false,
    start_date: null,
    group_id: null,
    page_id: sp.pageId,
    group: true,
    only_show_if_degraded: false,
    components: g.components.map((c) => c.id),
  };
}

export function components(sp: SpContext): JsonValue[] {
  return sp.groups.flatMap((g) => [group(sp, g), ...g.components.map((c) => component(sp, c))]);
}

function incident(sp: SpContext, i: SpIncident): JsonObject {
  const f: IncidentFacts = facts(sp, i);
  const updates = f.updates.map((u): JsonObject => ({
    id: u.id,
    status: u.status,
    body: u.body,
    incident_id: f.id,
    created_at: time(u.at),
    updated_at: time(u.at),
    display_at: time(u.at),
    ...(u.affected
      ? {
          affected_components: u.affected.map((a) => ({
            code: sp.component(a.serviceId)?.id ?? "",
            name: sp.component(a.serviceId)?.service.name ?? "",
            old_status: a.old,
            new_status: a.now,
          })),
        }
      : {}),
    deliver_notifications: true,
    custom_tweet: null,
    tweet_id: null,
  }));
  const comps = f.serviceIds.flatMap((s) => {
    const c = sp.component(s);
    return c ? [component(sp, c)] : [];
  });
  return {
    id: f.id,
    name: f.name,
    status: f.status,
    created_at: time(f.createdAt),
    updated_at: time(f.updatedAt),
    monitoring_at: f.monitoringAt === undefined ? null : time(f.monitoringAt),
    resolved_at: f.resolvedAt === undefined ? null : time(f.resolvedAt),
    impact: f.impact,
    shortlink: f.shortlink,
    started_at: time(f.createdAt),
    page_id: sp.pageId,
    incident_updates: updates,
    components: comps,
    ...(f.scheduledFor === undefined ? {} : { scheduled_for: time(f.scheduledFor), scheduled_until: time(f.scheduledUntil!) }),
  };
}

/**
 * The page's status indicator: the worst impact of the unresolved incidents (none, minor, major,
 * critical), or `maintenance` while one is in progress; described as the status page shows it.
 */
export function pageStatus(sp: SpContext): { indicator: string; description: string } {
  const v = views(sp);
  const impacts = v.unresolved.map((i) => (i.kind === "realtime" ? i.part.impact : "none"));
  const rank = ["none", "minor", "major", "critical"];
  const indicator = impacts.reduce((a, b) => (rank.indexOf(b) > rank.indexOf(a) ? b : a), "none");
  if (indicator !== "none")
    return {
      indicator,
      description: { minor: "Minor Service Outage", major: "Partial System Outage", critical: "Major System Outage" }[indicator]!,
    };
  if (v.active_maintenance.length) return { indicator: "maintenance", description: "Service Under Maintenance" };
  return { indicator: "none", description: "All Systems Operational" };
}

export function* statusApiResources(sp: SpContext): Generator<Resource> {
  const page = pageRef(sp);
  const v = views(sp);
  const realtime = sp.incidents.filter((i) => i.kind === "realtime");
  const maintenances = v.scheduled;
  const open = [...v.upcoming, ...v.active_maintenance].sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1));
  const list = (items: SpIncident[]) => items.slice(0, RECENT).map((i) => incident(sp, i));
  const status = pageStatus(sp);
  yield {
    path: "api/v2/summary.json",
    body: { page, components: components(sp), incidents: list(v.unresolved), scheduled_maintenances: list(open), status },
  };
  yield { path: "api/v2/status.json", body: { page, status } };
  yield { path: "api/v2/components.json", body: { page, components: components(sp) } };
  yield { path: "api/v2/incidents.json", body: { page, incidents: list(realtime) } };
  yield { path: "api/v2/incidents/unresolved.json", body: { page, incidents: list(v.unresolved) } };
  yield { path: "api/v2/scheduled-maintenances.json", body: { page, scheduled_maintenances: list(maintenances) } };
  yield { path: "api/v2/scheduled-maintenances/upcoming.json", body: { page, scheduled_maintenances: list(v.upcoming) } };
  yield { path: "api/v2/scheduled-maintenances/active.json", body: { page, scheduled_maintenances: list(v.active_maintenance) } };
}
