import type { JsonObject, JsonValue } from "../../core/provider.js";
import { HOUR } from "../../world/clock.js";
import { STATUS_OF_IMPACT, type ComponentStatus, type SpContext, type SpIncident, base36, time } from "./context.js";
import { componentBody } from "./components.js";

/** One update as both APIs carry it, before shaping. */
interface Update {
  id: string;
  at: number;
  status: string;
  body: string;
  affected: Array<{ serviceId: number; old: ComponentStatus; now: ComponentStatus }> | null;
}

/** The facts of an incident at as-of that both the v1 API and the Status API write. */
export interface IncidentFacts {
  id: string;
  name: string;
  status: string;
  impact: string;
  createdAt: number;
  updatedAt: number;
  monitoringAt: number | undefined;
  resolvedAt: number | undefined;
  scheduledFor: number | undefined;
  scheduledUntil: number | undefined;
  serviceIds: number[];
  /** Newest first, posted by as-of. */
  updates: Update[];
  shortlink: string;
  postmortem: { at: number; body: string } | undefined;
}

/**
 * An incident's facts at as-of. Realtime incidents carry the world's updates (investigating …
 * resolved): the first marks the affected components with the impact's status, the resolving one sets
 * them back to operational. Scheduled ones (maintenances) go scheduled → in_progress (components under
 * maintenance) → verifying → completed (operational again). Only what was posted by as-of is shown.
 */
export function facts(sp: SpContext, i: SpIncident): IncidentFacts {
  const asOf = sp.asOf;
  const shortlink = `https://stspg.io/${base36(`${sp.seed}\u0000statuspage\u0000shortlink/${i.id}`, 9)}`;
  if (i.kind === "realtime") {
    const p = i.part;
    const hit = STATUS_OF_IMPACT[p.impact];
    // In the order they were posted (the world lists them so; a stable sort keeps equal instants as listed).
    const posted = p.updates.filter((u) => u.at <= asOf).sort((a, b) => a.at - b.at);
    const updates = posted.map((u, n): Update => ({
      id: sp.id(`incident-update/${u.id}`),
      at: u.at,
      status: u.status,
      body: u.body,
      affected:
        n === 0
          ? p.serviceIds.map((s) => ({ serviceId: s, old: "operational", now: u.status === "resolved" ? "operational" : hit }))
          : u.status === "resolved"
            ? p.serviceIds.map((s) => ({ serviceId: s, old: hit, now: "operational" }))
            : null,
    }));
    const resolved = p.resolvedAt !== undefined && p.resolvedAt <= asOf ? p.resolvedAt : undefined;
    const pm = i.incident.postmortem;
    return {
      id: i.id,
      name: p.name,
      status: posted.at(-1)?.status ?? "investigating",
      impact: p.impact,
      createdAt: p.createdAt,
      updatedAt: sp.incidentUpdatedAt(i),
      monitoringAt: posted.find((u) => u.status === "monitoring")?.at,
      resolvedAt: resolved,
      scheduledFor: undefined,
      scheduledUntil: undefined,
      serviceIds: p.serviceIds,
      updates: updates.reverse(),
      shortlink,
      postmortem: pm && pm.at <= asOf ? { at: pm.at, body: postmortemText(i, pm.workItemKeys) } : undefined,
    };
  }
  const m = i.maintenance;
  const posted = m.updates.filter((u) => u.at <= asOf).sort((a, b) => a.at - b.at);
  const updates = posted.map((u): Update => ({
    id: sp.id(`maintenance-update/${u.id}`),
    at: u.at,
    status: u.status,
    body: u.body,
    affected:
      u.status === "in_progress"
        ? m.serviceIds.map((s) => ({ serviceId: s, old: "operational", now: "under_maintenance" }))
        : u.status === "completed"
          ? m.serviceIds.map((s) => ({ serviceId: s, old: "under_maintenance", now: "operational" }))
          : null,
  }));
  return {
    id: i.id,
    name: m.name,
    status: sp.maintenanceStatus(m),
    impact: "maintenance",
    createdAt: m.createdAt,
    updatedAt: sp.incidentUpdatedAt(i),
    monitoringAt: undefined,
    resolvedAt: posted.find((u) => u.status === "completed")?.at,
    scheduledFor: m.scheduledFor,
    scheduledUntil: m.scheduledUntil,
    serviceIds: m.serviceIds,
    updates: updates.reverse(),
    shortlink,
    postmortem: undefined,
  };
}

/** The postmortem a team publishes: what happened, and the work items that fix it for good. */
function postmortemText(i: Extract<SpIncident, { kind: "realtime" }>, keys: string[]): string {
  return (
    `##### Issue\n${i.incident.title}.\n\n##### Resolution\nThe change was rolled back and ` +
    `the service recovered. Follow-up work: ${keys.join(", ")}.`
  );
}

const at = (ms: number | undefined): string | null => (ms === undefined ? null : time(ms));

function affectedOf(sp: SpContext, u: Update): JsonValue {
  return (
    u.affected &&
    u.affected.map((a) => ({
      code: sp.component(a.serviceId)?.id ?? "",
      name: sp.component(a.serviceId)?.service.name ?? "",
      old_status: a.old,
      new_status: a.now,
    }))
  );
}

/** An update (v1 `IncidentUpdate`), in the published description's key order. */
export function updateBody(sp: SpContext, f: IncidentFacts, u: Update): JsonObject {
  return {
    id: u.id,
    incident_id: f.id,
    affected_components: affectedOf(sp, u),
    body: u.body,
    created_at: time(u.at),
    custom_tweet: null,
    deliver_notifications: true,
    display_at: time(u.at),
    status: u.status,
    tweet_id: null,
    twitter_updated_at: null,
    updated_at: time(u.at),
    wants_twitter_update: false,
  };
}

/** The components of an incident, as they stand at as-of. */
function componentsOf(sp: SpContext, f: IncidentFacts): JsonValue[] {
  return f.serviceIds.flatMap((s) => {
    const c = sp.component(s);
    return c ? [componentBody(sp, c)] : [];
  });
}

/** An incident (v1 `Incident`), in the published description's key order, with `started_at` as the API adds it. */
export function incidentBody(sp: SpContext, i: SpIncident): JsonObject {
  const f = facts(sp, i);
  const scheduled = i.kind === "scheduled";
  return {
    id: f.id,
    components: componentsOf(sp, f),
    created_at: time(f.createdAt),
    impact: f.impact,
    impact_override: null,
    incident_updates: f.updates.map((u) => updateBody(sp, f, u)),
    metadata: {},
    monitoring_at: at(f.monitoringAt),
    name: f.name,
    page_id: sp.pageId,
    postmortem_body: f.postmortem?.body ?? null,
    postmortem_body_last_updated_at: at(f.postmortem?.at),
    postmortem_ignored: !scheduled && f.postmortem === undefined && f.resolvedAt !== undefined,
    postmortem_notified_subscribers: f.postmortem !== undefined,
    postmortem_notified_twitter: false,
    postmortem_published_at: at(f.postmortem?.at),
    resolved_at: at(f.resolvedAt),
    scheduled_auto_completed: scheduled,
    scheduled_auto_in_progress: scheduled,
    scheduled_for: at(f.scheduledFor),
    auto_transition_deliver_notifications_at_end: scheduled,
    auto_transition_deliver_notifications_at_start: scheduled,
    auto_transition_to_maintenance_state: scheduled,
    auto_transition_to_operational_state: scheduled,
    scheduled_remind_prior: scheduled,
    // Subscribers are reminded an hour before a maintenance starts.
    scheduled_reminded_at:
      scheduled && f.scheduledFor !== undefined && f.scheduledFor - HOUR <= sp.asOf ? time(f.scheduledFor - HOUR) : null,
    scheduled_until: at(f.scheduledUntil),
    shortlink: f.shortlink,
    started_at: time(f.createdAt),
    status: f.status,
    updated_at: time(f.updatedAt),
    reminder_intervals: null,
  };
}

/** The postmortem of an incident (v1 `Postmortem`), once published. */
export function postmortemBody(sp: SpContext, i: SpIncident): JsonObject | undefined {
  const f = facts(sp, i);
  if (!f.postmortem) return undefined;
  return {
    preview_key: base36(`${sp.seed}\u0000statuspage\u0000postmortem/${i.id}`, 32),
    body: f.postmortem.body,
    body_updated_at: time(f.postmortem.at),
    body_draft: f.postmortem.body,
    body_draft_updated_at: time(f.postmortem.at),
    published_at: time(f.postmortem.at),
    notify_subscribers: true,
    notify_twitter: false,
    custom_tweet: null,
    created_at: time(f.postmortem.at),
    updated_at: time(f.postmortem.at),
  };
}

/** The incident views of v1: realtime ones still open; maintenances by their state at as-of. */
export function views(sp: SpContext): Record<"unresolved" | "upcoming" | "scheduled" | "active_maintenance", SpIncident[]> {
  const realtime = sp.incidents.filter((i) => i.kind === "realtime");
  const scheduled = sp.incidents.filter((i): i is Extract<SpIncident, { kind: "scheduled" }> => i.kind === "scheduled");
  return {
    unresolved: realtime.filter((i) => i.kind === "realtime" && sp.isOpen(i.part)),
    upcoming: scheduled.filter((i) => sp.maintenanceStatus(i.maintenance) === "scheduled"),
    scheduled,
    active_maintenance: scheduled.filter((i) => ["in_progress", "verifying"].includes(sp.maintenanceStatus(i.maintenance))),
  };
}
