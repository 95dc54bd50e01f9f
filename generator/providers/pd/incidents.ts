import type { JsonObject, JsonValue, Resource } from "../../core/provider.js";
import type { Incident, IncidentAlert } from "../../world/types.js";
import { type PdContext, pdTime } from "./context.js";
import { logEntries, logEntryRef } from "./log-entries.js";
import { onCallAt } from "./oncall-data.js";
import { pdPages, type PdPagination } from "./paging.js";
import { priority } from "./services.js";

/**
 * Incidents, as of the generation's as-of: each with its service, escalation policy and team, the
 * assignment (the person on call for the team when it opened; the escalation target once escalated),
 * acknowledgement, priority and resolution of the world's incident, its alerts (the world's, their
 * bodies naming the trigger: the failing deployment, the error group that spiked, or the monitor's check
 * and the integration it came through) and notes.
 */
export const INCIDENT_DATA = "_snapverse/pd/incidents.json";

/** Who holds the incident now: the first assignee, or the escalation's target once escalated. */
export function currentAssignee(pd: PdContext, i: Incident): number {
  if (i.escalatedAt === undefined || i.escalatedAt > pd.asOf) return i.assigneeId;
  return escalationTarget(pd, i) ?? i.assigneeId;
}

/** The second rule's target when the incident escalated: a user, or whoever is on call on a schedule. */
export function escalationTarget(pd: PdContext, i: Incident): number | undefined {
  const rule = pd.policy(i.policyId).rules[1];
  if (!rule || i.escalatedAt === undefined) return undefined;
  return rule.target.kind === "user" ? rule.target.id : onCallAt(pd.schedule(rule.target.id), i.escalatedAt);
}

const seen = (pd: PdContext, at: number | undefined): at is number => at !== undefined && at <= pd.asOf;

export function statusAt(pd: PdContext, i: Incident): "triggered" | "acknowledged" | "resolved" {
  if (seen(pd, i.resolvedAt)) return "resolved";
  if (seen(pd, i.acknowledgedAt)) return "acknowledged";
  return "triggered";
}

/** The integration a monitor's incident came through (and that resolves it when the check recovers). */
export function integrationOf(pd: PdContext, i: Incident): JsonObject | undefined {
  return i.trigger.kind === "monitor" ? pd.integrationRef(pd.service(i.serviceId), i.trigger.monitor) : undefined;
}

/** What set the incident off, as its alerts' bodies and its trigger log entry name it. */
export function triggerDetails(pd: PdContext, i: Incident): JsonObject {
  const t = i.trigger;
  if (t.kind === "deployment") {
    const repo = pd.world.repos.find((r) => r.id === t.repoId)!;
    const d = repo.deployments.find((x) => x.id === t.deploymentId);
    return {
      source: "deployment",
      repository: repo.name,
      deployment_id: t.deploymentId,
      sha: t.sha,
      ref: d?.ref ?? null,
      environment: d?.environment ?? "production",
    };
  }
  if (t.kind === "monitor") return { source: "monitor", integration: t.monitor, check: t.check, query: t.query };
  const e = pd.world.operations.errors.find((x) => x.id === t.errorId)!;
  const svc = pd.service(e.serviceId);
  return {
    source: "errors",
    error_id: e.id,
    short_id: `${svc.slug.toUpperCase()}-${e.number.toString(36).toUpperCase()}`,
    type: e.type,
    value: e.value,
    culprit: e.culprit,
    release: e.firstRelease,
    environment: e.environment,
  };
}

function alertsOf(pd: PdContext, i: Incident): IncidentAlert[] {
  return i.alerts.filter((a) => a.at <= pd.asOf);
}

export function alert(pd: PdContext, i: Incident, a: IncidentAlert): JsonObject {
  const integration = integrationOf(pd, i);
  const id = pd.alertId(a.id);
  const incidentId = pd.incidentId(i.id);
  const resolved = seen(pd, a.resolvedAt) || statusAt(pd, i) === "resolved";
  return {
    id,
    type: "alert",
    summary: a.summary,
    self: `${pd.origin}/incidents/${incidentId}/alerts/${id}`,
    html_url: `${pd.web}/alerts/${id}`,
    created_at: pdTime(a.at),
    status: resolved ? "resolved" : "triggered",
    alert_key: pd.incidentKey(i.id),
    service: pd.serviceRef(pd.service(i.serviceId)),
    ...(integration ? { integration } : {}),
    first_trigger_log_entry: logEntryRef(pd, i, "trigger"),
    incident: pd.incidentRef(i),
    suppressed: false,
    severity: a.severity,
    body: { type: "alert_body", contexts: [], details: { ...triggerDetails(pd, i), monitor: a.source, summary: a.summary } },
  };
}

export function incident(pd: PdContext, i: Incident): JsonObject {
  const id = pd.incidentId(i.id);
  const status = statusAt(pd, i);
  const svc = pd.service(i.serviceId);
  const alerts = alertsOf(pd, i).map((a) => alert(pd, i, a));
  const triggered = alerts.filter((a) => a.status === "triggered").length;
  const notes = i.notes.filter((n) => n.at <= pd.asOf);
  const changed = status === "resolved" ? i.resolvedAt! : status === "acknowledged" ? i.acknowledgedAt! : i.createdAt;
  const changedBy =
    status === "resolved" && i.resolvedById !== undefined
      ? pd.userRef(i.resolvedById)
      : status === "acknowledged" && i.acknowledgedById !== undefined
        ? pd.userRef(i.acknowledgedById)
        : (integrationOf(pd, i) ?? pd.serviceRef(svc));
  const updated = Math.max(
    changed,
    ...(seen(pd, i.escalatedAt) ? [i.escalatedAt] : []),
    ...notes.map((n) => n.at),
    ...alertsOf(pd, i).map((a) => a.at),
  );
  const assignedAt = seen(pd, i.escalatedAt) ? i.escalatedAt : i.createdAt;
  return {
    id,
    type: "incident",
    summary: `[#${i.number}] ${i.title}`,
    self: `${pd.origin}/incidents/${id}`,
    html_url: `${pd.web}/incidents/${id}`,
    incident_number: i.number,
    title: i.title,
    created_at: pdTime(i.createdAt),
    updated_at: pdTime(updated),
    status,
    incident_key: pd.incidentKey(i.id),
    service: pd.serviceRef(svc),
    assignments: status === "resolved" ? [] : [{ at: pdTime(assignedAt), assignee: pd.userRef(currentAssignee(pd, i)) }],
    assigned_via: "escalation_policy",
    last_status_change_at: pdTime(changed),
    resolved_at: status === "resolved" ? pdTime(i.resolvedAt!) : null,
    first_trigger_log_entry: logEntryRef(pd, i, "trigger"),
    alert_counts: { all: alerts.length, triggered, resolved: alerts.length - triggered },
    is_mergeable: true,
    incident_type: { name: "incident_default" },
    escalation_policy: pd.policyRef(pd.policy(i.policyId)),
    teams: [pd.teamRef(i.teamId)],
    pending_actions: [],
    acknowledgements:
      status === "acknowledged" && i.acknowledgedById !== undefined
        ? [{ at: pdTime(i.acknowledgedAt!), acknowledger: pd.userRef(i.acknowledgedById) }]
        : [],
    last_status_change_by: changedBy,
    priority: priority(pd, i.priority),
    incidents_responders: [],
    responder_requests: [],
    urgency: i.urgency,
  };
}

export function note(pd: PdContext, n: Incident["notes"][number]): JsonObject {
  return {
    id: pd.noteId(n.id),
    user: pd.userRef(n.authorId),
    channel: { summary: "The PagerDuty website or APIs" },
    content: n.text,
    created_at: pdTime(n.at),
    updated_at: pdTime(n.at),
  };
}

export function* incidentResources(pd: PdContext, paging: PdPagination): Generator<Resource> {
  const all: JsonValue[] = [];
  const entries: JsonObject[] = [];
  for (const i of pd.incidents) {
    const id = pd.incidentId(i.id);
    const body = incident(pd, i);
    all.push(body);
    yield { path: `incidents/${id}`, body: { incident: body } };
    const log = logEntries(pd, i);
    entries.push(...log);
    // Newest first, as PagerDuty lists an incident's log.
    yield* pdPages(paging, `incidents/${id}/log_entries`, "log_entries", [...log].reverse());
    for (const e of log) yield { path: `log_entries/${e.id as string}`, body: { log_entry: e } };
    yield { path: `incidents/${id}/notes`, body: { notes: i.notes.filter((n) => n.at <= pd.asOf).map((n) => note(pd, n)) } };
    const alerts = alertsOf(pd, i).map((a) => alert(pd, i, a));
    yield* pdPages(paging, `incidents/${id}/alerts`, "alerts", alerts);
    for (const a of alerts) yield { path: `incidents/${id}/alerts/${a.id as string}`, body: { alert: a } };
  }
  // Every log entry of the account, newest first (ties: the later-made entry first).
  entries.reverse().sort((a, b) => (a.created_at! < b.created_at! ? 1 : a.created_at! > b.created_at! ? -1 : 0));
  yield* pdPages(paging, "log_entries", "log_entries", entries);
  // The incidents list is computed (its default window is the month before now): it reads them all here.
  yield { path: INCIDENT_DATA, body: all };
}
