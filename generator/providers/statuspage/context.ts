import { createHash } from "node:crypto";
import { WorldContext } from "../../core/context.js";
import type { PinContext } from "../../core/provider.js";
import { DAY, HOUR, isoDay, isoMillis, startOfDay } from "../../world/clock.js";
import type { Incident, Maintenance, Service, StatusIncident, Team, World } from "../../world/types.js";

/** A component's status, worst last; `under_maintenance` sits apart (an incident outranks it). */
export type ComponentStatus = "operational" | "under_maintenance" | "degraded_performance" | "partial_outage" | "major_outage";

/** How an incident's impact shows on the components it affects. */
export const STATUS_OF_IMPACT: Record<StatusIncident["impact"], ComponentStatus> = {
  minor: "degraded_performance",
  major: "partial_outage",
  critical: "major_outage",
};

const RANK: Record<ComponentStatus, number> = {
  operational: 0,
  under_maintenance: 1,
  degraded_performance: 2,
  partial_outage: 3,
  major_outage: 4,
};

export function worst(statuses: ComponentStatus[]): ComponentStatus {
  return statuses.reduce<ComponentStatus>((a, b) => (RANK[b] > RANK[a] ? b : a), "operational");
}

export interface SpComponent {
  id: string;
  service: Service;
  groupId: string;
  /** 1-based, page-wide: each group, then its components. */
  position: number;
  status: ComponentStatus;
  createdAt: number;
  updatedAt: number;
}

export interface SpGroup {
  id: string;
  team: Team;
  position: number;
  components: SpComponent[];
  createdAt: number;
  updatedAt: number;
}

/** A realtime incident (a world incident's status-page part) or a scheduled one (a maintenance). */
export type SpIncident =
  | { kind: "realtime"; id: string; incident: Incident; part: StatusIncident; createdAt: number }
  | { kind: "scheduled"; id: string; maintenance: Maintenance; createdAt: number };

/**
 * The company's status page as Statuspage sees the world, at as-of:
 *
 * - one page (id: 12 lower-case letters and digits, keyed by the seed), created the day before the first
 *   service;
 * - one component per service (`world.operations.services`), in one component group per owning team;
 * - realtime incidents: the world incidents with a `statusPage` part created by as-of, with the updates
 *   posted by as-of; scheduled incidents: the planned maintenances announced by as-of;
 * - a component's status: the worst impact of the open realtime incidents that affect it
 *   (minor → degraded_performance, major → partial_outage, critical → major_outage), else
 *   `under_maintenance` while a maintenance of it is in progress or verifying, else operational.
 *
 * Ids are keyed by the seed and the world entity, never by position.
 */
export class SpContext extends WorldContext {
  readonly seed: string;
  readonly asOf: number;
  readonly pageId: string;
  readonly pageCreatedAt: number;
  readonly components: SpComponent[];
  readonly groups: SpGroup[];
  /** Newest first, as the incident lists answer. */
  readonly incidents: SpIncident[];
  readonly componentOfService: Map<number, SpComponent>;

  constructor(world: World, pin: PinContext) {
    super(world, pin);
    this.seed = world.generation.seed;
    this.asOf = world.asOf;
    this.pageId = this.id("page");
    const services = world.operations.services.filter((s) => s.createdAt <= this.asOf);
    this.pageCreatedAt = startOfDay(Math.min(...services.map((s) => s.createdAt), this.asOf)) - DAY + 10 * HOUR;

    const realtime: SpIncident[] = world.operations.incidents
      .filter((i): i is Incident & { statusPage: StatusIncident } => i.statusPage !== undefined && i.statusPage.createdAt <= this.asOf)
      .map((i) => ({
        kind: "realtime",
        id: this.id(`incident/${i.statusPage.id}`),
        incident: i,
        part: i.statusPage,
        createdAt: i.statusPage.createdAt,
      }));
    const scheduled: SpIncident[] = world.operations.maintenances
      .filter((m) => m.createdAt <= this.asOf)
      .map((m) => ({ kind: "scheduled", id: this.id(`maintenance/${m.id}`), maintenance: m, createdAt: m.createdAt }));
    this.incidents = [...realtime, ...scheduled].sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1));

    this.components = [];
    this.groups = [];
    this.componentOfService = new Map();
    const teams = world.teams.filter((t) => services.some((s) => s.teamId === t.id));
    let position = 0;
    for (const team of teams) {
      const groupId = this.id(`group/${team.id}`);
      const groupPosition = ++position;
      const members = services.filter((s) => s.teamId === team.id).sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
      const comps = members.map((service): SpComponent => {
        const c: SpComponent = {
          id: this.id(`component/${service.id}`),
          service,
          groupId,
          position: ++position,
          status: this.statusOf(service.id),
          createdAt: service.createdAt,
          updatedAt: this.lastChange(service),
        };
        this.componentOfService.set(service.id, c);
        return c;
      });
      this.components.push(...comps);
      const createdAt = Math.min(...comps.map((c) => c.createdAt));
      this.groups.push({
        id: groupId,
        team,
        position: groupPosition,
        components: comps,
        createdAt,
        updatedAt: Math.max(createdAt, ...comps.map((c) => c.updatedAt)),
      });
    }
  }

  /** Realtime incidents still open at as-of (not resolved by then). */
  isOpen(part: StatusIncident): boolean {
    return part.createdAt <= this.asOf && (part.resolvedAt === undefined || part.resolvedAt > this.asOf);
  }

  /** A maintenance's status at as-of: its last update posted by then. */
  maintenanceStatus(m: Maintenance): "scheduled" | "in_progress" | "verifying" | "completed" {
    return m.updates.filter((u) => u.at <= this.asOf).at(-1)?.status ?? "scheduled";
  }

  statusOf(serviceId: number): ComponentStatus {
    const hit = this.world.operations.incidents
      .filter((i) => i.statusPage && this.isOpen(i.statusPage) && i.statusPage.serviceIds.includes(serviceId))
      .map((i) => STATUS_OF_IMPACT[i.statusPage!.impact]);
    if (hit.length) return worst(hit);
    const maintained = this.world.operations.maintenances.some(
      (m) =>
        m.createdAt <= this.asOf && m.serviceIds.includes(serviceId) && ["in_progress", "verifying"].includes(this.maintenanceStatus(m)),
    );
    return maintained ? "under_maintenance" : "operational";
  }

  /** The last instant by as-of at which an incident or maintenance update touched the service. */
  private lastChange(service: Service): number {
    const times = [service.createdAt];
    for (const i of this.world.operations.incidents) {
      if (i.statusPage?.serviceIds.includes(service.id)) times.push(...i.statusPage.updates.map((u) => u.at).filter((t) => t <= this.asOf));
    }
    for (const m of this.world.operations.maintenances) {
      if (m.serviceIds.includes(service.id))
        times.push(
          ...m.updates
            .filter((u) => u.status === "in_progress" || u.status === "completed")
            .map((u) => u.at)
            .filter((t) => t <= this.asOf),
        );
    }
    return Math.max(...times);
  }

  /** The page's last change: its creation, or the latest update posted by as-of. */
  get pageUpdatedAt(): number {
    return Math.max(
      this.pageCreatedAt,
      ...this.components.map((c) => c.updatedAt),
      ...this.incidents.map((i) => this.incidentUpdatedAt(i)),
    );
  }

  incidentUpdatedAt(i: SpIncident): number {
    const updates = i.kind === "realtime" ? i.part.updates : i.maintenance.updates;
    return Math.max(i.createdAt, ...updates.map((u) => u.at).filter((t) => t <= this.asOf));
  }

  component(serviceId: number): SpComponent | undefined {
    return this.componentOfService.get(serviceId);
  }

  /** A Statuspage id: 12 lower-case letters and digits, keyed by the seed and the entity. */
  id(path: string): string {
    return base36(`${this.seed}\u0000statuspage\u0000${path}`, 12);
  }

  bytes(path: string): Buffer {
    return createHash("sha256").update(`${this.seed}\u0000statuspage\u0000${path}`).digest();
  }
}

/** Lower-case letters and digits, unbiased (bytes of 252 and over are skipped). */
export function base36(key: string, length: number): string {
  const alphabet = "0123456789abcdefghijklmnopqrstuvwxyz";
  let out = "";
  for (let round = 0; out.length < length; round++) {
    for (const byte of createHash("sha256").update(`${key}\u0000${round}`).digest()) {
      if (byte >= 252) continue;
      out += alphabet[byte % 36];
      if (out.length === length) break;
    }
  }
  return out;
}

/** Statuspage writes its times with milliseconds and a `Z` (the page's zone is UTC). */
export const time = isoMillis;
export const date = isoDay;
