import type { JsonObject, JsonValue, Resource } from "../../core/provider.js";
import { serviceMonitors } from "../../world/operations/operations.js";
import type { EscalationPolicy, Service } from "../../world/types.js";
import { INTEGRATION_TYPE, type PdContext, pdTime } from "./context.js";
import { pdPages, type PdPagination } from "./paging.js";

/**
 * Services (one per repository, owned by its team, on the team's escalation policy, with an Events API v2
 * integration for each monitor that watches it), escalation policies (the team's schedule first, then its
 * lead, as `schedule_reference`/`user_reference` targets) and the account's priorities (PagerDuty's
 * default P1–P5; the world's incidents use P1–P4).
 */
export function serviceStatus(pd: PdContext, s: Service): string {
  const open = pd.incidents.filter((i) => i.serviceId === s.id && i.status !== "resolved");
  return open.some((i) => i.status === "triggered") ? "critical" : open.length ? "warning" : "active";
}

export function service(pd: PdContext, s: Service): JsonObject {
  const id = pd.serviceId(s.id);
  const last = pd.incidents.filter((i) => i.serviceId === s.id).at(-1);
  return {
    id,
    type: "service",
    summary: s.name,
    self: `${pd.origin}/services/${id}`,
    html_url: `${pd.web}/service-directory/${id}`,
    name: s.name,
    description: s.description,
    auto_resolve_timeout: 14400,
    acknowledgement_timeout: 1800,
    created_at: pdTime(s.createdAt),
    status: serviceStatus(pd, s),
    // The description types these as an object and a time (no null): left out when there is none.
    ...(last ? { last_incident_timestamp: pdTime(last.createdAt) } : {}),
    escalation_policy: pd.policyRef(pd.policy(s.policyId)),
    response_play: null,
    teams: [pd.teamRef(s.teamId)],
    integrations: serviceMonitors(s).map((m) => pd.integrationRef(s, m)),
    incident_urgency_rule: { type: "constant", urgency: "high" },
    scheduled_actions: [],
    addons: [],
    alert_creation: "create_alerts_and_incidents",
    alert_grouping_parameters: { type: null },
    auto_pause_notifications_parameters: { enabled: false },
  };
}

/** A monitor's integration on the service (`GET /services/{id}/integrations/{id}`), made with the service. */
export function integration(pd: PdContext, s: Service, monitor: string): JsonObject {
  return {
    ...pd.integrationRef(s, monitor),
    type: INTEGRATION_TYPE,
    name: monitor,
    service: pd.serviceRef(s),
    created_at: pdTime(s.createdAt),
  };
}

export function policy(pd: PdContext, p: EscalationPolicy): JsonObject {
  const id = pd.policyId(p.id);
  const services = pd.world.operations.services.filter((s) => s.policyId === p.id && s.createdAt <= pd.asOf);
  return {
    id,
    type: "escalation_policy",
    summary: p.name,
    self: `${pd.origin}/escalation_policies/${id}`,
    html_url: `${pd.web}/escalation_policies/${id}`,
    name: p.name,
    escalation_rules: p.rules.map((r, i): JsonValue => ({
      id: pd.ruleId(p.id, i),
      escalation_delay_in_minutes: r.delayMinutes,
      targets: [r.target.kind === "schedule" ? pd.scheduleRef(pd.schedule(r.target.id)) : pd.userRef(r.target.id)],
    })),
    services: services.map((s) => pd.serviceRef(s)),
    num_loops: p.loops,
    teams: [pd.teamRef(p.teamId)],
    description: "",
    on_call_handoff_notifications: "if_has_services",
  };
}

/** PagerDuty's default priorities, highest first, with its own descriptions. */
export const PRIORITIES: Array<[string, string]> = [
  ["P1", "Critical issue that warrants public notification and liaison with executive teams"],
  ["P2", "Critical system issue actively impacting many customers' ability to use the product"],
  ["P3", "Stability or minor customer-impacting issues that require immediate attention from service owners"],
  ["P4", "Minor issues requiring action, but not affecting customer ability to use the product"],
  ["P5", "Cosmetic issues or bugs, not affecting customer ability to use the product"],
];

export function priority(pd: PdContext, name: string): JsonObject {
  const [, description] = PRIORITIES.find(([n]) => n === name)!;
  const id = pd.priorityId(name);
  return { id, type: "priority", summary: name, self: `${pd.origin}/priorities/${id}`, html_url: null, name, description };
}

const byName = <T extends { name: string }>(a: T, b: T) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

export function* serviceResources(pd: PdContext, paging: PdPagination): Generator<Resource> {
  const services = pd.world.operations.services.filter((s) => s.createdAt <= pd.asOf).sort(byName);
  yield* pdPages(
    paging,
    "services",
    "services",
    services.map((s) => service(pd, s)),
  );
  for (const s of services) {
    yield { path: `services/${pd.serviceId(s.id)}`, body: { service: service(pd, s) } };
    for (const m of serviceMonitors(s))
      yield {
        path: `services/${pd.serviceId(s.id)}/integrations/${pd.integrationId(s.id, m)}`,
        body: { integration: integration(pd, s, m) },
      };
  }
  const policies = [...pd.world.operations.policies].sort(byName);
  yield* pdPages(
    paging,
    "escalation_policies",
    "escalation_policies",
    policies.map((p) => policy(pd, p)),
  );
  for (const p of policies) yield { path: `escalation_policies/${pd.policyId(p.id)}`, body: { escalation_policy: policy(pd, p) } };
  yield* pdPages(
    paging,
    "priorities",
    "priorities",
    PRIORITIES.map(([n]) => priority(pd, n)),
  );
  // Every reference's `self` is served. The published description has no operation for one priority;
  // this answers it in the shape of every other single resource (`{"priority": {...}}`), so a client
  // following `self` gets the object the list holds.
  for (const [n] of PRIORITIES) yield { path: `priorities/${pd.priorityId(n)}`, body: { priority: priority(pd, n) } };
}
