import { DAY, HOUR, MINUTE, isoDay, isoSeconds, startOfDay, weekday } from "../clock.js";
import type { WorldInput } from "../input.js";
import { LAYOUTS } from "../code/languages.js";
import type { Rng } from "../rng.js";
import type {
  CiHosting,
  ErrorEvent,
  ErrorGroup,
  EscalationPolicy,
  Incident,
  IncidentAlert,
  IncidentNote,
  Maintenance,
  OnCallSchedule,
  Operations,
  Service,
  StatusIncident,
  StatusUpdate,
} from "./types.js";
import type { Repo } from "../code/types.js";
import type { Deployment } from "../delivery/types.js";
import type { Team } from "../org/types.js";
import { ERROR_KINDS, ERROR_TRANSACTIONS, INCIDENT_NOTES, MAINTENANCE_WORKS } from "../vocabulary.js";

/** What the operations builder reads of the world. */
type OpsContext = Pick<WorldInput, "seed" | "ids" | "rng" | "start" | "asOf" | "people" | "teams" | "repos">;

/**
 * How the company runs what it ships, from what it shipped: every service is a repository, every error
 * starts after a deployment and stops after a later one, every incident is a failing deployment, an
 * error spike or a monitor's check (the low-urgency noise), paged to whoever was on call. Keyed streams
 * of their own (`ops/…`): no earlier stream moves.
 */
export function buildOperations(c: OpsContext): Operations {
  const schedules = c.teams.map((t) => schedule(c, t));
  const policies = c.teams.map((t) =>
    policy(
      c,
      t,
      schedules.find((s) => s.teamId === t.id)!,
    ),
  );
  const services = c.repos.map((repo): Service => ({
    id: c.ids.id(`ops/service/${repo.name}`),
    slug: repo.name,
    name: repo.name,
    description: repo.description,
    repoId: repo.id,
    teamId: repo.teamId,
    policyId: policies.find((p) => p.teamId === repo.teamId)!.id,
    createdAt: repo.createdAt,
  }));
  const errors = c.repos.flatMap((repo) =>
    repoErrors(
      c,
      repo,
      services.find((s) => s.repoId === repo.id)!,
    ),
  );
  errors.sort((a, b) => a.firstSeen - b.firstSeen || a.id - b.id);
  for (const service of services)
    errors
      .filter((e) => e.serviceId === service.id)
      .forEach((e, i) => {
        e.number = i + 1;
      });
  const incidents = buildIncidents(c, services, schedules, errors);
  return { services, schedules, policies, errors, incidents, maintenances: buildMaintenances(c, services), ciHosting: buildCiHosting(c) };
}

/** The person on call in `schedule` at instant `at`, if the schedule covers it. */
export function onCallAt(schedule: OnCallSchedule, at: number): number | undefined {
  return schedule.shifts.find((s) => s.start <= at && at < s.end)?.personId;
}

/** Weekly shifts, handed off on Mondays at 10:00 in the lead's zone, from two weeks before the world's start. */
function schedule(c: OpsContext, team: Team): OnCallSchedule {
  const lead = c.people[team.leadId - 1]!;
  const r = c.rng(`ops/schedule/${team.key}`);
  const first = startOfDay(c.start - 14 * DAY);
  const monday = first - ((weekday(first) + 6) % 7) * DAY;
  const rotationStart = monday + 10 * HOUR - lead.utcOffsetMinutes * MINUTE;
  const rotation = r.shuffle(team.memberIds);
  const shifts = [];
  for (let k = 0, at = rotationStart; at < c.asOf + 28 * DAY; k++, at += 7 * DAY) {
    shifts.push({ personId: rotation[k % rotation.length]!, start: at, end: at + 7 * DAY });
  }
  return {
    id: c.ids.id(`ops/schedule/${team.key}`),
    teamId: team.id,
    name: `${team.name} primary on-call`,
    timeZone: lead.timeZone,
    utcOffsetMinutes: lead.utcOffsetMinutes,
    rotation,
    rotationStart,
    shifts,
  };
}

/** The team's schedule for half an hour, then its lead; twice round before it stays with the lead. */
function policy(c: OpsContext, team: Team, s: OnCallSchedule): EscalationPolicy {
  return {
    id: c.ids.id(`ops/policy/${team.key}`),
    teamId: team.id,
    name: `${team.name} escalation`,
    rules: [
      { delayMinutes: 30, target: { kind: "schedule", id: s.id } },
      { delayMinutes: 30, target: { kind: "user", id: team.leadId } },
    ],
    loops: 2,
    createdAt: team.createdAt,
  };
}

const finished = (d: Deployment) => d.statuses.find((s) => s.state !== "in_progress");

/** Errors a deployment's commit introduced, each fixed (or not yet) by a later deployment of its environment. */
function repoErrors(c: OpsContext, repo: Repo, service: Service): ErrorGroup[] {
  const out: ErrorGroup[] = [];
  const ok = repo.deployments.filter((d) => finished(d)?.state === "success");
  for (const d of ok) {
    const r = c.rng(`ops/errors/${repo.name}/${d.environment}/${d.sha}`);
    const count = r.chance(d.environment === "production" ? 0.4 : 0.25) ? (r.chance(0.2) ? 2 : 1) : 0;
    for (let k = 0; k < count; k++) {
      const e = errorGroup(
        c,
        repo,
        service,
        d,
        ok.filter((x) => x.environment === d.environment),
        k,
      );
      if (e) out.push(e);
    }
  }
  return out;
}

function errorGroup(c: OpsContext, repo: Repo, service: Service, d: Deployment, sameEnv: Deployment[], k: number): ErrorGroup | undefined {
  const key = `ops/errors/${repo.name}/${d.environment}/${d.sha}/${k}`;
  const r = c.rng(key);
  const firstSeen = finished(d)!.createdAt + r.int(1, 90) * MINUTE + r.int(0, 59) * 1000;
  if (firstSeen > c.asOf) return undefined;
  const [type, value] = r.pick(ERROR_KINDS[repo.language]);
  const commit = repo.mainCommits.find((m) => m.sha === d.sha);
  const layout = LAYOUTS[repo.language];
  const files = (commit?.files ?? []).filter(
    (f) => f.status !== "removed" && f.path.startsWith(layout.moduleDir === "." ? "" : layout.moduleDir) && !f.path.includes("test"),
  );
  const file = files.length ? r.pick(files).path : layout.entryPath;
  const fn = r.pick(["handle", "process", "call", "apply", "load", "fetch", "render", "settle", "sync"]);
  const spike = r.chance(d.environment === "production" ? 0.45 : 0.15);
  const level = spike
    ? r.pick(["error", "fatal"] as const)
    : r.weighted([
        ["error", 0.7],
        ["warning", 0.25],
        ["fatal", 0.05],
      ] as const);
  const rate = spike ? 0.2 + r.float() * 0.5 : 0.05 + r.float() * 0.35;
  const ignorable = level === "warning" && r.chance(0.3);
  // The first later deployment of the environment fixes it, or (30%) the one after, and so on. Its own
  // stream: deployments that later nights add never move another draw.
  const f = c.rng(`${key}/fix`);
  const fix = sameEnv.filter((x) => finished(x)!.createdAt > firstSeen + 20 * MINUTE).find(() => f.chance(0.7));
  const fixedAt = fix ? finished(fix)!.createdAt : undefined;
  const resolvedAt = fixedAt !== undefined ? fixedAt + f.int(1, 30) * MINUTE : undefined;
  const fixed = resolvedAt !== undefined && resolvedAt <= c.asOf;
  const status = fixed ? "resolved" : ignorable ? "ignored" : "unresolved";
  const lastBound = Math.max(firstSeen, fixed ? fixedAt! - MINUTE : c.asOf);
  const users = Array.from({ length: r.int(2, 40) }, () => r.hex(12));
  // Every drawn event draws the same values, kept or not (the stream stays put); only kept ones look up their release.
  const event = (e: Rng, at: number, keep = true): ErrorEvent | undefined => {
    const drawn = { id: e.hex(32), userId: e.pick(users), server: e.int(1, 3), transaction: e.pick(ERROR_TRANSACTIONS) };
    if (!keep) return undefined;
    return {
      id: drawn.id,
      at,
      environment: d.environment,
      release: releaseAt(sameEnv, at) ?? d.sha,
      userId: drawn.userId,
      serverName: `${repo.name}-${d.environment === "production" ? "prod" : "stg"}-${drawn.server}`,
      transaction: drawn.transaction,
    };
  };
  const events = [event(c.rng(`${key}/first`), firstSeen)!];
  // Each UTC day draws its own events, hour by hour, whatever the as-of: a later night only appends.
  for (let day = startOfDay(firstSeen); day <= lastBound; day += DAY) {
    const e = c.rng(`${key}/day/${isoDay(day)}`);
    for (let h = 0; h < 24; h++) {
      const hour = day + h * HOUR;
      const n = spike && hour > firstSeen - HOUR && hour < firstSeen + HOUR ? e.int(15, 40) : e.chance(rate) ? 1 : 0;
      for (let i = 0; i < n; i++) {
        const at = hour + e.int(0, HOUR / 1000 - 1) * 1000;
        const ev = event(e, at, at > firstSeen && at <= lastBound);
        if (ev) events.push(ev);
      }
    }
  }
  events.sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1));
  return {
    id: c.ids.id(key, 1_000_000_000, 3_000_000_000),
    number: 0,
    serviceId: service.id,
    repoId: repo.id,
    type,
    value,
    culprit: `${file} in ${fn}`,
    file,
    fn,
    line: r.int(12, 240),
    level,
    introducedBy: d.id,
    firstRelease: d.sha,
    environment: d.environment,
    ...(fix && fixed ? { fixedBy: fix.id, fixedRelease: fix.sha, resolvedAt } : {}),
    status,
    spike,
    firstSeen,
    lastSeen: events.at(-1)!.at,
    events,
  };
}

/** The SHA running in an environment at an instant: the last deployment that finished well before it. */
function releaseAt(sameEnv: Deployment[], at: number): string | undefined {
  for (let i = sameEnv.length - 1; i >= 0; i--) if (finished(sameEnv[i]!)!.createdAt <= at) return sameEnv[i]!.sha;
  return undefined;
}

/** Failing deployments page the owning team, and so do error spikes (only production's are urgent) and monitors. */
function buildIncidents(c: OpsContext, services: Service[], schedules: OnCallSchedule[], errors: ErrorGroup[]): Incident[] {
  const out: Incident[] = [];
  for (const repo of c.repos) {
    const service = services.find((s) => s.repoId === repo.id)!;
    for (const d of repo.deployments) {
      const failed = d.statuses.find((s) => s.state === "failure");
      if (!failed) continue;
      const r = c.rng(`ops/incident/deploy/${repo.name}/${d.environment}/${d.sha}`);
      const prod = d.environment === "production";
      out.push(
        incident(c, r, `deploy/${repo.name}/${d.environment}/${d.sha}`, {
          service,
          repo,
          schedules,
          createdAt: failed.createdAt + r.int(30, 120) * 1000,
          urgency: prod ? "high" : "low",
          priority: prod ? "P2" : "P3",
          trigger: { kind: "deployment", repoId: repo.id, deploymentId: d.id, sha: d.sha },
          title: `Deploy of ${repo.name} ${d.sha.slice(0, 7)} to ${d.environment} failed health checks`,
          source: "deploy-health-check",
          fixSha: nextGood(repo, d)?.sha,
          fromSha: d.sha,
          lastResolve: undefined,
        }),
      );
    }
  }
  for (const e of errors.filter((x) => x.spike)) {
    const repo = c.repos.find((x) => x.id === e.repoId)!;
    const service = services.find((s) => s.id === e.serviceId)!;
    const r = c.rng(`ops/incident/errors/${e.id}`);
    const createdAt = e.firstSeen + r.int(2, 8) * MINUTE;
    if (createdAt > c.asOf) continue;
    const prod = e.environment === "production";
    out.push(
      incident(c, r, `errors/${e.id}`, {
        service,
        repo,
        schedules,
        createdAt,
        urgency: prod ? "high" : "low",
        priority: !prod ? "P3" : e.level === "fatal" ? "P1" : "P2",
        trigger: { kind: "errors", errorId: e.id },
        title: `High error rate on ${repo.name}: ${e.type}`,
        source: "error-tracking",
        fixSha: e.fixedRelease,
        fromSha: e.firstRelease,
        lastResolve: e.resolvedAt,
      }),
    );
  }
  out.push(...monitorIncidents(c, services, schedules));
  out.sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
  out.forEach((x, i) => {
    x.number = i + 1;
  });
  return out.filter((x) => x.createdAt <= c.asOf);
}

/**
 * The checks the company's monitors run, wired to PagerDuty as low-urgency incidents: the noise every
 * account has besides real outages. Datadog watches the HTTP services (synthetic tests, p95 latency, 5xx
 * rate, TLS certificates) and every server (disk, memory); the asynchronous ones also report consumer
 * lag, and their scheduled runs check in with Cronitor. Client applications run no servers: no checks.
 * `weight` is how often a check fires against the others (a certificate nears its expiry a few times a
 * year); `recovers` the chance the monitor resolves the incident itself when the check recovers, within
 * `minutes`; otherwise the person on call fixes it by hand and says how in `note`.
 */
interface MonitorCheck {
  key: string;
  on: "http" | "async" | "server";
  monitor: "Datadog" | "Cronitor";
  title: (slug: string, host: string, r: Rng) => string;
  query: (slug: string) => string;
  severity: IncidentAlert["severity"];
  priority: "P3" | "P4";
  weight: number;
  recovers: number;
  minutes: [number, number];
  note: string;
}

const MONITOR_CHECKS: MonitorCheck[] = [
  {
    key: "synthetic",
    on: "http",
    monitor: "Datadog",
    severity: "error",
    priority: "P3",
    weight: 3,
    recovers: 0.9,
    minutes: [3, 20],
    title: (s, _h, r) => `[Synthetics] ${s} GET /healthz failing from ${r.pick(["aws:us-east-1", "aws:eu-west-1", "aws:ap-southeast-1"])}`,
    query: (s) => `synthetics.test_runs{test_name:${s} health check,status:failed}`,
    note: "Upstream DNS blip on {service}; the test passes again.",
  },
  {
    key: "latency",
    on: "http",
    monitor: "Datadog",
    severity: "warning",
    priority: "P4",
    weight: 3,
    recovers: 0.85,
    minutes: [5, 40],
    title: (s) => `${s}: p95 latency above 800ms`,
    query: (s) => `percentile(last_10m):p95:trace.http.request{env:production,service:${s}} > 0.8`,
    note: "Slow queries from a batch export on {service}; added the missing index.",
  },
  {
    key: "errors",
    on: "http",
    monitor: "Datadog",
    severity: "error",
    priority: "P3",
    weight: 2,
    recovers: 0.75,
    minutes: [4, 30],
    title: (s) => `${s}: 5xx rate above 2% for 5 minutes`,
    query: (s) =>
      `sum(last_5m):trace.http.request.errors{env:production,service:${s}}.as_count() / ` +
      `trace.http.request.hits{env:production,service:${s}}.as_count() > 0.02`,
    note: "A bad replica of {service} was returning 502s; cycled it.",
  },
  {
    key: "certificate",
    on: "http",
    monitor: "Datadog",
    severity: "warning",
    priority: "P4",
    weight: 0.2,
    recovers: 0,
    minutes: [0, 0],
    title: (s, _h, r) => `TLS certificate of ${s} expires in ${r.int(9, 14)} days`,
    query: (s) => `avg(last_1h):min:tls.days_left{service:${s}} < 14`,
    note: "Renewed the certificate of {service} by hand; the automatic renewal had failed its DNS challenge.",
  },
  {
    key: "disk",
    on: "server",
    monitor: "Datadog",
    severity: "warning",
    priority: "P4",
    weight: 1,
    recovers: 0.25,
    minutes: [20, 90],
    title: (_s, h) => `Disk usage above 85% on ${h}`,
    query: (s) => `avg(last_15m):avg:system.disk.in_use{env:production,service:${s}} by {host} > 0.85`,
    note: "Cleared old logs on {host} and fixed its log rotation; disk is back under 60%.",
  },
  {
    key: "memory",
    on: "server",
    monitor: "Datadog",
    severity: "warning",
    priority: "P4",
    weight: 1,
    recovers: 0.6,
    minutes: [10, 60],
    title: (_s, h) => `Memory usage above 90% on ${h}`,
    query: (s) => `avg(last_10m):avg:system.mem.pct_usable{env:production,service:${s}} by {host} < 0.1`,
    note: "Restarted {service} on {host}; memory is back to normal, leak ticket filed.",
  },
  {
    key: "lag",
    on: "async",
    monitor: "Datadog",
    severity: "warning",
    priority: "P4",
    weight: 3,
    recovers: 0.85,
    minutes: [10, 60],
    title: (s) => `${s}: consumer lag above 10,000 messages`,
    query: (s) => `avg(last_15m):max:kafka.consumer_lag{consumer_group:${s}} > 10000`,
    note: "Scaled out the {service} consumers; the lag is draining.",
  },
  {
    key: "check-in",
    on: "async",
    monitor: "Cronitor",
    severity: "error",
    priority: "P4",
    weight: 2,
    recovers: 0.7,
    minutes: [10, 90],
    title: (s) => `${s}-hourly missed its check-in`,
    query: (s) => `${s}-hourly: no check-in within the 10 minute grace period`,
    note: "Re-ran the {service} hourly job by hand; it completed.",
  },
];

/** What runs a service, by its name's last word: asynchronous work, a client application, or HTTP. */
export function serviceKind(s: Service): "http" | "async" | "client" {
  const last = s.slug.split("-").pop() ?? "";
  if (["worker", "pipeline", "sync", "indexer", "notifier", "tools", "bot"].includes(last)) return "async";
  return last === "app" ? "client" : "http";
}

function checksOf(s: Service): MonitorCheck[] {
  const kind = serviceKind(s);
  return kind === "client" ? [] : MONITOR_CHECKS.filter((k) => k.on === kind || k.on === "server");
}

/** The monitors wired to a service's PagerDuty integrations: Datadog for every server, Cronitor for scheduled jobs. */
export function serviceMonitors(s: Service): Array<MonitorCheck["monitor"]> {
  return [...new Set(checksOf(s).map((k) => k.monitor))];
}

/** Six hours: the monitoring noise has at least one incident in every such UTC window. */
const MONITOR_WINDOW = 6 * HOUR;
/** Each service's chance of one more in a window (about 0.3 more a window for a dozen services). */
const MONITOR_EXTRA = 0.025;

/**
 * Low-urgency incidents from the monitors, whatever was deployed: at least one in every six-hour UTC
 * window from the world's start (a checked service drawn, an instant inside the window), and now and then
 * more, one stream per window (`ops/monitor/<window>`), so a later as-of only appends. Most resolve
 * themselves within minutes when the check recovers (the monitor resolves the incident: no resolver);
 * the rest the person on call acknowledges and fixes by hand before the service's four-hour auto-resolve.
 * They never escalate (low urgency), reach the status page or get a postmortem.
 */
function monitorIncidents(c: OpsContext, services: Service[], schedules: OnCallSchedule[]): Incident[] {
  const out: Incident[] = [];
  for (let window = startOfDay(c.start); window <= c.asOf; window += MONITOR_WINDOW) {
    const checked = services.filter((s) => s.createdAt <= window && checksOf(s).length > 0);
    if (!checked.length) continue;
    const key = `monitor/${isoSeconds(window)}`;
    const r = c.rng(`ops/${key}`);
    const count = 1 + checked.filter(() => r.chance(MONITOR_EXTRA)).length;
    for (let k = 0; k < count; k++) {
      const createdAt = window + r.int(0, MONITOR_WINDOW / 1000 - 1) * 1000;
      const service = r.pick(checked);
      const check = r.weighted(checksOf(service).map((x) => [x, x.weight] as const));
      out.push(monitorIncident(c, c.rng(`ops/${key}/${k}`), `${key}/${k}`, { service, check, createdAt, schedules }));
    }
  }
  return out;
}

function monitorIncident(
  c: OpsContext,
  r: Rng,
  key: string,
  s: { service: Service; check: MonitorCheck; createdAt: number; schedules: OnCallSchedule[] },
): Incident {
  const { service, check, createdAt } = s;
  const team = c.teams.find((t) => t.id === service.teamId)!;
  const assigneeId =
    onCallAt(
      s.schedules.find((x) => x.teamId === team.id)!,
      createdAt,
    ) ?? team.leadId;
  const idOf = (what: string) => c.ids.id(`ops/incident/${key}/${what}`);
  const host = `${service.slug}-prod-${r.int(1, 3)}`;
  const title = check.title(service.slug, host, r);
  // Every draw is made whatever the as-of (the stream stays put); only what happened by then is kept.
  const recovers = r.chance(check.recovers);
  const recoverAt = createdAt + r.int(check.minutes[0], check.minutes[1]) * MINUTE + r.int(0, 59) * 1000;
  const ackAt = recovers
    ? createdAt + r.int(1, 15) * MINUTE + r.int(0, 59) * 1000
    : createdAt + r.int(3, 40) * MINUTE + r.int(0, 59) * 1000;
  // Before the monitor recovers, the person on call looks now and then; otherwise they always do.
  const acked = recovers ? r.chance(0.4) && ackAt < recoverAt : true;
  const fixedAt = ackAt + r.int(15, 150) * MINUTE;
  const resolveAt = recovers ? recoverAt : fixedAt;
  const noteAt = r.chance(0.7) ? ackAt + Math.floor((fixedAt - ackAt) / 2) : undefined;
  const at = (t: number | undefined): t is number => t !== undefined && t <= c.asOf;
  const notes: IncidentNote[] =
    !recovers && at(noteAt)
      ? [
          {
            id: idOf("note/1"),
            at: noteAt,
            authorId: assigneeId,
            text: check.note.replace("{service}", service.slug).replace("{host}", host),
          },
        ]
      : [];
  const acknowledgedAt = acked && at(ackAt) ? ackAt : undefined;
  const resolved = at(resolveAt);
  return {
    id: idOf("self"),
    number: 0,
    title,
    serviceId: service.id,
    teamId: team.id,
    policyId: service.policyId,
    urgency: "low",
    priority: check.priority,
    trigger: { kind: "monitor", monitor: check.monitor, check: check.key, query: check.query(service.slug) },
    createdAt,
    assigneeId,
    ...(acknowledgedAt !== undefined ? { acknowledgedAt, acknowledgedById: assigneeId } : {}),
    ...(resolved ? { resolvedAt: resolveAt, ...(recovers ? {} : { resolvedById: assigneeId }) } : {}),
    status: resolved ? "resolved" : acknowledgedAt !== undefined ? "acknowledged" : "triggered",
    alerts: [
      {
        id: idOf("alert/1"),
        at: createdAt,
        summary: title,
        severity: check.severity,
        source: check.monitor.toLowerCase(),
        ...(resolved ? { resolvedAt: resolveAt } : {}),
      },
    ],
    notes,
  };
}

function nextGood(repo: Repo, d: Deployment): Deployment | undefined {
  return repo.deployments.find((x) => x.environment === d.environment && x.createdAt > d.createdAt && finished(x)?.state === "success");
}

interface IncidentSeed {
  service: Service;
  repo: Repo;
  schedules: OnCallSchedule[];
  createdAt: number;
  urgency: Incident["urgency"];
  priority: Incident["priority"];
  trigger: Incident["trigger"];
  title: string;
  source: string;
  /** The commits after `fromSha` up to `fixSha` on main fixed it: their keys are the postmortem's. */
  fromSha: string;
  fixSha: string | undefined;
  /** The error's own resolution: the incident is resolved no later. */
  lastResolve: number | undefined;
}

function incident(c: OpsContext, r: Rng, key: string, s: IncidentSeed): Incident {
  const team = c.teams.find((t) => t.id === s.service.teamId)!;
  const sched = s.schedules.find((x) => x.teamId === team.id)!;
  const assigneeId = onCallAt(sched, s.createdAt) ?? team.leadId;
  const idOf = (what: string) => c.ids.id(`ops/incident/${key}/${what}`);
  // Most pages are acknowledged within the first rule's half hour; the rest escalate to the lead.
  const quick = r.chance(0.85);
  const escalatedAt = quick ? undefined : s.createdAt + 30 * MINUTE;
  const ackAt = quick ? s.createdAt + r.int(1, 25) * MINUTE + r.int(0, 59) * 1000 : escalatedAt! + r.int(1, 10) * MINUTE;
  const ackBy = quick ? assigneeId : team.leadId;
  let resolveAt = ackAt + r.int(20, 300) * MINUTE;
  if (s.lastResolve !== undefined && s.lastResolve > ackAt) resolveAt = Math.min(resolveAt, s.lastResolve);
  const at = (t: number) => t <= c.asOf;
  const alerts: IncidentAlert[] = [
    {
      id: idOf("alert/1"),
      at: s.createdAt,
      summary: s.title,
      severity: s.urgency === "high" ? "critical" : "error",
      source: s.source,
      ...(at(resolveAt) ? { resolvedAt: resolveAt } : {}),
    },
  ];
  if (r.chance(0.6)) {
    const t = s.createdAt + r.int(1, 6) * MINUTE;
    alerts.push({
      id: idOf("alert/2"),
      at: t,
      summary: `${s.service.slug}: p95 latency above 2s`,
      severity: "warning",
      source: "latency-monitor",
      ...(at(resolveAt) ? { resolvedAt: resolveAt } : {}),
    });
  }
  const helpers = team.memberIds.filter((m) => m !== ackBy);
  const notes: IncidentNote[] = [];
  const noteCount = r.int(1, 3);
  for (let n = 0; n < noteCount; n++) {
    const t = ackAt + Math.floor(((resolveAt - ackAt) * (n + 1)) / (noteCount + 1));
    const authorId = n === 0 ? ackBy : r.pick([ackBy, ...helpers]);
    notes.push({ id: idOf(`note/${n + 1}`), at: t, authorId, text: r.pick(INCIDENT_NOTES).replace("{service}", s.service.slug) });
  }
  const status: Incident["status"] = at(resolveAt) ? "resolved" : at(ackAt) ? "acknowledged" : "triggered";
  const out: Incident = {
    id: idOf("self"),
    number: 0,
    title: s.title,
    serviceId: s.service.id,
    teamId: team.id,
    policyId: s.service.policyId,
    urgency: s.urgency,
    priority: s.priority,
    trigger: s.trigger,
    createdAt: s.createdAt,
    assigneeId,
    ...(escalatedAt !== undefined && at(escalatedAt) ? { escalatedAt } : {}),
    ...(at(ackAt) ? { acknowledgedAt: ackAt, acknowledgedById: ackBy } : {}),
    ...(at(resolveAt) ? { resolvedAt: resolveAt, resolvedById: ackBy } : {}),
    status,
    alerts: alerts.filter((a) => at(a.at)),
    notes: notes.filter((n) => at(n.at)),
  };
  if (s.urgency === "high" && (s.priority === "P1" || r.chance(0.6))) out.statusPage = statusIncident(c, r, idOf, s, ackAt, resolveAt);
  const keys = fixKeys(s.repo, s.fromSha, s.fixSha);
  // Written in the days after both the resolution and the fix reached main.
  const fixedAt = s.repo.mainCommits.find((m) => m.sha === s.fixSha)?.committedAt ?? 0;
  const pmAt = Math.max(resolveAt, fixedAt) + r.int(1, 3) * DAY;
  if (s.urgency === "high" && keys.length && at(pmAt)) out.postmortem = { at: pmAt, authorId: ackBy, workItemKeys: keys };
  return out;
}

/** The work item keys cited by main's commits after `from` up to and including `to`. */
function fixKeys(repo: Repo, from: string, to: string | undefined): string[] {
  if (!to) return [];
  const i = repo.mainCommits.findIndex((m) => m.sha === from);
  const j = repo.mainCommits.findIndex((m) => m.sha === to);
  if (i < 0 || j <= i) return [];
  return [...new Set(repo.mainCommits.slice(i + 1, j + 1).flatMap((m) => m.keys))].sort();
}

function statusIncident(
  c: OpsContext,
  r: Rng,
  idOf: (w: string) => number,
  s: IncidentSeed,
  ackAt: number,
  resolveAt: number,
): StatusIncident {
  const createdAt = s.createdAt + r.int(5, 15) * MINUTE;
  const impact = s.priority === "P1" ? "critical" : r.chance(0.5) ? "major" : "minor";
  const name = impact === "minor" ? `Degraded performance of ${s.service.slug}` : `${s.service.slug} is unavailable for some customers`;
  // Each step after the one before, whatever the acknowledgement and resolution times.
  const identified = Math.max(createdAt + MINUTE, ackAt + r.int(5, 20) * MINUTE);
  const monitoring = Math.max(identified + MINUTE, resolveAt - r.int(5, 15) * MINUTE);
  const closed = Math.max(monitoring + MINUTE, resolveAt + r.int(5, 15) * MINUTE);
  const steps: Array<[StatusUpdate["status"], number, string]> = [
    ["investigating", createdAt, `We are investigating errors affecting ${s.service.slug}.`],
    ["identified", identified, "The issue has been identified and a fix is being implemented."],
    ["monitoring", monitoring, "A fix has been implemented and we are monitoring the results."],
    ["resolved", closed, "This incident has been resolved."],
  ];
  const updates = steps
    .map(([status, at, body], k) => ({ id: idOf(`status/update/${k + 1}`), at, status, body }))
    .filter((u) => u.at <= c.asOf);
  const resolved = updates.find((u) => u.status === "resolved");
  return {
    id: idOf("status"),
    name,
    impact,
    serviceIds: [s.service.id],
    createdAt,
    ...(resolved ? { resolvedAt: resolved.at } : {}),
    updates,
  };
}

/** Maintenance on the first and third Saturday of each month, 22:00–00:00 UTC, announced two weeks ahead. */
function buildMaintenances(c: OpsContext, services: Service[]): Maintenance[] {
  const out: Maintenance[] = [];
  for (let day = startOfDay(c.start); day <= c.asOf + 15 * DAY; day += DAY) {
    const dom = new Date(day).getUTCDate();
    if (weekday(day) !== 6 || !(dom <= 7 || (dom >= 15 && dom <= 21))) continue;
    const createdAt = day - 14 * DAY + 10 * HOUR;
    if (createdAt > c.asOf) continue;
    const r = c.rng(`ops/maintenance/${isoDay(day)}`);
    const [work, what] = r.pick(MAINTENANCE_WORKS);
    const targets = r.sample(services, r.int(1, 2)).sort((a, b) => a.id - b.id);
    const from = day + 22 * HOUR;
    const until = from + 2 * HOUR;
    const idOf = (w: string) => c.ids.id(`ops/maintenance/${isoDay(day)}/${w}`);
    const steps: Array<[Maintenance["updates"][number]["status"], number, string]> = [
      ["scheduled", createdAt, `${what} is scheduled for ${targets.map((t) => t.slug).join(" and ")}. Short interruptions are possible.`],
      ["in_progress", from, "Scheduled maintenance is currently in progress."],
      ["verifying", until - 15 * MINUTE, "Maintenance is complete; we are verifying the results."],
      ["completed", until, "The scheduled maintenance has been completed."],
    ];
    out.push({
      id: idOf("self"),
      name: work,
      serviceIds: targets.map((t) => t.id),
      scheduledFor: from,
      scheduledUntil: until,
      createdAt,
      updates: steps.map(([status, at, body], k) => ({ id: idOf(`update/${k + 1}`), at, status, body })).filter((u) => u.at <= c.asOf),
    });
  }
  return out;
}

/**
 * A third of the repositories also build on CircleCI and a third on Buildkite, while the company moves
 * off GitHub Actions: each from a day in the world's first three weeks.
 */
function buildCiHosting(c: OpsContext): CiHosting[] {
  const hosts = ["circleci", undefined, "buildkite"] as const;
  return c.repos.flatMap((repo) => {
    const host = hosts[(repo.id - 1) % 3];
    if (!host) return [];
    const r = c.rng(`ops/ci/${repo.name}`);
    return [{ repoId: repo.id, host, since: startOfDay(c.start) + r.int(0, 20) * DAY + r.int(8, 18) * HOUR }];
  });
}
