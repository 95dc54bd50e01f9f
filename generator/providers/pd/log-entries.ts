import type { Incident } from "../../world/types.js";
import type { JsonObject } from "../../core/provider.js";
import { type PdContext, pdTime } from "./context.js";
import { escalationTarget, integrationOf, triggerDetails } from "./incidents.js";

/**
 * An incident's log, derived from the world's incident in time order: `trigger` (through the API, by
 * the service's integration), `assign` to the person on call and `notify` them by e-mail, `escalate`
 * (and notify) when nobody acknowledged within the first rule's delay, `acknowledge`, one `annotate`
 * per note, and `resolve`. A monitor's incident is triggered by its Events API integration (the agent),
 * and resolved by it too when the check recovered ("Resolved through the API."). Only what happened by
 * as-of is logged. Keys name each entry, so its id is stable whatever else the incident gains.
 */
/** The services' acknowledgement timeout, which PagerDuty copies into each acknowledgement. */
export const ACK_TIMEOUT_SECONDS = 1800;

type Kind = "trigger" | "assign" | "notify" | "escalate" | "acknowledge" | "annotate" | "resolve";

const SUMMARY: Record<Kind, string> = {
  trigger: "Triggered through the API.",
  assign: "Assigned to {who}.",
  notify: "Notified {who} by email.",
  escalate: "Escalated to {who}.",
  acknowledge: "Acknowledged by {who}.",
  annotate: "Note added",
  resolve: "Resolved by {who}.",
};

export function logEntryRef(pd: PdContext, i: Incident, key: string): JsonObject {
  const id = pd.logEntryId(i.id, key);
  const incidentId = pd.incidentId(i.id);
  const kind = key.split("/")[0] as Kind;
  return {
    id,
    type: `${kind}_log_entry_reference`,
    summary: SUMMARY[kind].replace(/ (by|to) \{who\}/, ""),
    self: `${pd.origin}/log_entries/${id}`,
    html_url: `${pd.web}/incidents/${incidentId}/log_entries/${id}`,
  };
}

export function logEntries(pd: PdContext, i: Incident): JsonObject[] {
  const svc = pd.service(i.serviceId);
  const incidentId = pd.incidentId(i.id);
  const out: JsonObject[] = [];
  const add = (key: string, at: number, agent: JsonObject, channel: JsonObject, extra: JsonObject = {}, who?: number, summary?: string) => {
    if (at > pd.asOf) return;
    const kind = key.split("/")[0] as Kind;
    const id = pd.logEntryId(i.id, key);
    out.push({
      id,
      type: `${kind}_log_entry`,
      summary:
        summary ??
        (who === undefined ? SUMMARY[kind].replace(/ (by|to) \{who\}/, "") : SUMMARY[kind].replace("{who}", pd.person(who).name)),
      self: `${pd.origin}/log_entries/${id}`,
      html_url: `${pd.web}/incidents/${incidentId}/log_entries/${id}`,
      created_at: pdTime(at),
      agent,
      channel,
      service: pd.serviceRef(svc),
      incident: pd.incidentRef(i),
      teams: [pd.teamRef(i.teamId)],
      contexts: [],
      ...extra,
    });
  };
  const notify = (key: string, at: number, personId: number) => {
    const p = pd.person(personId);
    add(
      key,
      at,
      pd.userRef(personId),
      { type: "notification", notification: { type: "email_notification", status: "success", address: p.email } },
      { user: pd.userRef(personId) },
      personId,
    );
  };
  const service = pd.serviceRef(svc);
  const integration = integrationOf(pd, i);
  add(
    "trigger",
    i.createdAt,
    integration ?? service,
    { type: "api", summary: i.title, details: triggerDetails(pd, i) },
    { event_details: { description: i.title } },
  );
  add("assign", i.createdAt, service, { type: "auto" }, { assignees: [pd.userRef(i.assigneeId)] }, i.assigneeId);
  notify("notify/first", i.createdAt + 5_000, i.assigneeId);
  const target = escalationTarget(pd, i);
  if (i.escalatedAt !== undefined && target !== undefined) {
    add("escalate", i.escalatedAt, service, { type: "timeout" }, { assignees: [pd.userRef(target)] }, target);
    notify("notify/escalated", i.escalatedAt + 5_000, target);
  }
  if (i.acknowledgedAt !== undefined && i.acknowledgedById !== undefined) {
    add(
      "acknowledge",
      i.acknowledgedAt,
      pd.userRef(i.acknowledgedById),
      { type: "mobile" },
      { acknowledgement_timeout: ACK_TIMEOUT_SECONDS },
      i.acknowledgedById,
    );
  }
  for (const n of i.notes) add(`annotate/${n.id}`, n.at, pd.userRef(n.authorId), { type: "note", summary: n.text }, { note: n.text });
  if (i.resolvedAt !== undefined) {
    const by = i.resolvedById;
    if (by === undefined && integration)
      add("resolve", i.resolvedAt, integration, { type: "api" }, {}, undefined, "Resolved through the API.");
    else add("resolve", i.resolvedAt, by === undefined ? service : pd.userRef(by), { type: by === undefined ? "auto" : "website" }, {}, by);
  }
  return out.sort((a, b) => (a.created_at! < b.created_at! ? -1 : a.created_at! > b.created_at! ? 1 : 0));
}
