import { createHash } from "node:crypto";
import { WorldContext } from "../../core/context.js";
import { keyedChars, keyedHex } from "../../core/keyed.js";
import type { JsonObject, PinContext } from "../../core/provider.js";
import { isoSeconds } from "../../world/clock.js";
import type { EscalationPolicy, Incident, OnCallSchedule, Person, Service, Team, World } from "../../world/types.js";

const UPPER36 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/**
 * Upper-case alphanumerics for a key: PagerDuty's ids are `P` and six such characters (users, teams,
 * services, incidents …), alerts 14, log entries 26 (`R…`).
 */
export function upper36(parts: string[], length: number): string {
  return keyedChars(parts, length, UPPER36);
}

/** Times as PagerDuty renders them for an account in UTC: to the second, with `Z`. */
export const pdTime = isoSeconds;

/** A time at a fixed offset (schedules render in their own zone): `2026-09-28T10:00:00+02:00`. */
export function zonedTime(ms: number, offsetMinutes: number): string {
  if (offsetMinutes === 0) return isoSeconds(ms);
  const local = new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

/** The monitors reach PagerDuty through Events API v2 integrations, one per monitor on each service. */
export const INTEGRATION_TYPE = "events_api_v2_inbound_integration";

/** The colors PagerDuty gives users in schedules. */
const COLORS = [
  "purple",
  "red",
  "green",
  "blue",
  "teal",
  "orange",
  "brown",
  "turquoise",
  "dark-slate-blue",
  "cayenne",
  "dark-goldenrod",
  "violet",
];

/**
 * The account as PagerDuty's REST API sees the world: one account (subdomain = the company's slug),
 * its engineers as users, its teams, the services, schedules, escalation policies and incidents of
 * `world.operations`. Ids are keyed by the generation's seed and the entity's world id, never by order.
 */
export class PdContext extends WorldContext {
  readonly seed: string;
  readonly asOf: number;
  /** `https://<pin>…`: where `self` links point (the emitter rewrites it to the public origin). */
  readonly origin: string;
  /** The web app: `html_url` links point at PagerDuty's UI, like the real ones. */
  readonly web: string;
  readonly incidents: Incident[];
  readonly owner: Person;

  constructor(world: World, pin: PinContext) {
    super(world, pin);
    this.seed = world.generation.seed;
    this.asOf = world.asOf;
    this.origin = pin.origin;
    this.web = `https://${world.company.slug}.pagerduty.com`;
    // Only what has happened by as-of is on the account.
    this.incidents = world.operations.incidents.filter((i) => i.createdAt <= world.asOf);
    this.owner = world.people.find((p) => p.admin) ?? world.people[0]!;
  }

  id(kind: string, key: string | number): string {
    return `P${upper36([this.seed, "pd", kind, String(key)], 6)}`;
  }

  userId(personId: number): string {
    return this.id("user", personId);
  }
  teamId(teamId: number): string {
    return this.id("team", teamId);
  }
  serviceId(serviceId: number): string {
    return this.id("service", serviceId);
  }
  policyId(policyId: number): string {
    return this.id("escalation_policy", policyId);
  }
  scheduleId(scheduleId: number): string {
    return this.id("schedule", scheduleId);
  }
  incidentId(incidentId: number): string {
    return this.id("incident", incidentId);
  }
  priorityId(name: string): string {
    return this.id("priority", name);
  }
  noteId(noteId: number): string {
    return this.id("note", noteId);
  }
  ruleId(policyId: number, index: number): string {
    return this.id("escalation_rule", `${policyId}/${index}`);
  }
  layerId(scheduleId: number): string {
    return this.id("schedule_layer", scheduleId);
  }
  alertId(alertId: number): string {
    return `Q${upper36([this.seed, "pd", "alert", String(alertId)], 13)}`;
  }
  logEntryId(incidentId: number, key: string): string {
    return `R${upper36([this.seed, "pd", "log_entry", String(incidentId), key], 25)}`;
  }
  incidentKey(incidentId: number): string {
    return keyedHex([this.seed, "pd", "incident_key", String(incidentId)], 32);
  }
  integrationId(serviceId: number, monitor: string): string {
    return this.id("integration", `${serviceId}/${monitor}`);
  }

  /** A reference: `{id, type, summary, self, html_url}`, as every PagerDuty object names another. */
  ref(type: string, id: string, summary: string, path: string | null, html: string | null): JsonObject {
    return {
      id,
      type,
      summary,
      self: path === null ? null : `${this.origin}/${path}`,
      html_url: html === null ? null : `${this.web}/${html}`,
    };
  }

  userRef(personId: number): JsonObject {
    return this.once(`user-ref/${personId}`, () => {
      const id = this.userId(personId);
      return this.ref("user_reference", id, this.person(personId).name, `users/${id}`, `users/${id}`);
    });
  }

  teamRef(teamId: number): JsonObject {
    return this.once(`team-ref/${teamId}`, () => {
      const id = this.teamId(teamId);
      return this.ref("team_reference", id, this.team(teamId).name, `teams/${id}`, `teams/${id}`);
    });
  }

  serviceRef(s: Service): JsonObject {
    const id = this.serviceId(s.id);
    return this.ref("service_reference", id, s.name, `services/${id}`, `service-directory/${id}`);
  }

  /**
   * A service's Events API v2 integration for one of its monitors (world/operations/operations.ts serviceMonitors):
   * what triggers and resolves the monitors' incidents, so their log entries name it as the agent.
   */
  integrationRef(s: Service, monitor: string): JsonObject {
    const id = this.integrationId(s.id, monitor);
    const path = `services/${this.serviceId(s.id)}/integrations/${id}`;
    return this.ref(`${INTEGRATION_TYPE}_reference`, id, monitor, path, path);
  }

  policyRef(p: EscalationPolicy): JsonObject {
    const id = this.policyId(p.id);
    return this.ref("escalation_policy_reference", id, p.name, `escalation_policies/${id}`, `escalation_policies/${id}`);
  }

  scheduleRef(s: OnCallSchedule): JsonObject {
    const id = this.scheduleId(s.id);
    return this.ref("schedule_reference", id, s.name, `schedules/${id}`, `schedules/${id}`);
  }

  incidentRef(i: Incident): JsonObject {
    const id = this.incidentId(i.id);
    return this.ref("incident_reference", id, `[#${i.number}] ${i.title}`, `incidents/${id}`, `incidents/${id}`);
  }

  service(id: number): Service {
    const s = this.world.operations.services.find((x) => x.id === id);
    if (!s) throw new Error(`no service ${id}`);
    return s;
  }

  policy(id: number): EscalationPolicy {
    const p = this.world.operations.policies.find((x) => x.id === id);
    if (!p) throw new Error(`no escalation policy ${id}`);
    return p;
  }

  schedule(id: number): OnCallSchedule {
    const s = this.world.operations.schedules.find((x) => x.id === id);
    if (!s) throw new Error(`no schedule ${id}`);
    return s;
  }

  /** The people PagerDuty knows: every engineer who has joined by as-of (they are on their team's rotation). */
  get users(): Person[] {
    return this.once("users", () => this.world.people.filter((p) => p.joinedAt <= this.asOf));
  }

  get teams(): Team[] {
    return this.once("teams", () => this.world.teams.filter((t) => t.createdAt <= this.asOf));
  }

  color(personId: number): string {
    const h = createHash("sha256").update(`${this.seed}\u0000pd\u0000color\u0000${personId}`).digest();
    return COLORS[h[0]! % COLORS.length]!;
  }

  avatar(email: string): string {
    return `https://secure.gravatar.com/avatar/${createHash("md5").update(email.trim().toLowerCase()).digest("hex")}.png?d=mm&r=PG`;
  }
}
