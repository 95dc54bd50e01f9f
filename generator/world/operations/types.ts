/** The operations domain's part of the world. */
export interface OperationsPart {
  /**
   * Services, on-call, errors, incidents, the status page and hosted CI: built on first read (an accessor),
   * since only the live hosts read them and the pins' builds need not pay. Their ids come from a child
   * registry, so when they are built changes no other id.
   */
  get operations(): Operations;
}

/**
 * How the company runs what it ships: services, on-call, errors, incidents, its status page and the CI
 * hosts some repositories build on. Keyed streams of their own (`ops/…`); see operations.ts.
 */
export interface Operations {
  /** One service per repository, owned by the repository's team, oldest first. */
  services: Service[];
  /** One weekly on-call rotation per team, over its members. */
  schedules: OnCallSchedule[];
  /** One per team: its schedule first, then its lead. */
  policies: EscalationPolicy[];
  /** Error groups (Sentry issues), by first seen. */
  errors: ErrorGroup[];
  /** Incidents (PagerDuty), by creation; `number` counts them across the company. */
  incidents: Incident[];
  /** Planned maintenance the status page announces, by start; the last may still be ahead of as-of. */
  maintenances: Maintenance[];
  /** Repositories that also build on a hosted CI other than GitHub Actions, from a day on. */
  ciHosting: CiHosting[];
}

export interface Service {
  id: number;
  /** The repository's name: `payments-api`. */
  slug: string;
  name: string;
  description: string;
  repoId: number;
  teamId: number;
  policyId: number;
  createdAt: number;
}

export interface OnCallShift {
  personId: number;
  start: number;
  /** Exclusive. */
  end: number;
}

export interface OnCallSchedule {
  id: number;
  teamId: number;
  name: string;
  /** The lead's zone: hand-offs are Mondays at 10:00 there. */
  timeZone: string;
  utcOffsetMinutes: number;
  /** The rotation's order (team members). */
  rotation: number[];
  /** The start of the rotation's first shift. */
  rotationStart: number;
  /** Weekly shifts from before the world's start to four weeks after as-of, back to back. */
  shifts: OnCallShift[];
}

export interface EscalationRule {
  /** Minutes before the incident escalates to the next rule. */
  delayMinutes: number;
  target: { kind: "schedule"; id: number } | { kind: "user"; id: number };
}

export interface EscalationPolicy {
  id: number;
  teamId: number;
  name: string;
  rules: EscalationRule[];
  /** How many times the rules repeat before the incident stays with the last target. */
  loops: number;
  createdAt: number;
}

export interface ErrorEvent {
  /** 32 lower-case hex digits, Sentry's event id. */
  id: string;
  at: number;
  environment: "staging" | "production";
  /** The commit SHA deployed when it happened (a Sentry release version). */
  release: string;
  /** A hashed end-user id; the same user can hit an error more than once. */
  userId: string;
  serverName: string;
  /** The request path or job that failed. */
  transaction: string;
}

export interface ErrorGroup {
  id: number;
  /** Per service, from 1: Sentry's short id is `<SLUG>-<base-36 number>`. */
  number: number;
  serviceId: number;
  repoId: number;
  /** The exception type and message. */
  type: string;
  value: string;
  /** `<file path> in <function>`: a file of the repository's language. */
  culprit: string;
  file: string;
  fn: string;
  line: number;
  level: "fatal" | "error" | "warning";
  /** The deployment whose commit introduced it, and that commit. */
  introducedBy: number;
  firstRelease: string;
  environment: "staging" | "production";
  /** The later deployment of the same environment that fixed it; unset while it still happens. */
  fixedBy?: number;
  fixedRelease?: string;
  resolvedAt?: number;
  /** Ignored errors are known and left alone (still happening, not alerted). */
  status: "resolved" | "unresolved" | "ignored";
  /** It spiked: many events in its first hour, which opened an incident. */
  spike: boolean;
  firstSeen: number;
  lastSeen: number;
  events: ErrorEvent[];
}

export type IncidentTrigger =
  | { kind: "deployment"; repoId: number; deploymentId: number; sha: string }
  | { kind: "errors"; errorId: number }
  /** A monitoring check (operations.ts MONITOR_CHECKS) that fired: the low-urgency noise of every account. */
  | { kind: "monitor"; monitor: "Datadog" | "Cronitor"; check: string; query: string };

export interface IncidentAlert {
  id: number;
  at: number;
  summary: string;
  severity: "critical" | "error" | "warning";
  /** The monitoring source that raised it. */
  source: string;
  resolvedAt?: number | undefined;
}

export interface IncidentNote {
  id: number;
  at: number;
  authorId: number;
  text: string;
}

export interface StatusUpdate {
  id: number;
  at: number;
  status: "investigating" | "identified" | "monitoring" | "resolved";
  body: string;
}

/** The customer-facing side of an incident, on the status page. */
export interface StatusIncident {
  id: number;
  name: string;
  impact: "minor" | "major" | "critical";
  /** Affected services (status page components). */
  serviceIds: number[];
  createdAt: number;
  resolvedAt?: number;
  updates: StatusUpdate[];
}

export interface Incident {
  id: number;
  /** Company-wide, from 1 in creation order (PagerDuty's incident_number). */
  number: number;
  title: string;
  serviceId: number;
  teamId: number;
  policyId: number;
  urgency: "high" | "low";
  priority: "P1" | "P2" | "P3" | "P4";
  trigger: IncidentTrigger;
  createdAt: number;
  /** The person on call for the team when it opened (first assignee). */
  assigneeId: number;
  /** Set when nobody acknowledged within the first rule's delay: the lead was paged at this instant. */
  escalatedAt?: number | undefined;
  acknowledgedAt?: number | undefined;
  acknowledgedById?: number | undefined;
  resolvedAt?: number | undefined;
  /** Unset on a resolved incident when the monitor that raised it resolved it (its check recovered). */
  resolvedById?: number | undefined;
  /** At as-of. */
  status: "triggered" | "acknowledged" | "resolved";
  alerts: IncidentAlert[];
  notes: IncidentNote[];
  /** Posted to the status page when customers felt it. */
  statusPage?: StatusIncident;
  /** The postmortem: the work items the fix cites, and when it was written. */
  postmortem?: { at: number; authorId: number; workItemKeys: string[] };
}

export interface Maintenance {
  id: number;
  name: string;
  serviceIds: number[];
  scheduledFor: number;
  scheduledUntil: number;
  createdAt: number;
  /** Updates posted up to as-of: scheduled, in_progress, verifying, completed. */
  updates: Array<{ id: number; at: number; status: "scheduled" | "in_progress" | "verifying" | "completed"; body: string }>;
}

export interface CiHosting {
  repoId: number;
  host: "circleci" | "buildkite";
  /** Pushes from this instant on also build there (the repository's runs with createdAt >= since). */
  since: number;
}
