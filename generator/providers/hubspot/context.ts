import type { IdRegistry } from "../../world/ids.js";
import { uuidFromHex } from "../../world/ids.js";
import { createHash } from "node:crypto";
import { WorldContext } from "../../core/context.js";
import type { PinContext } from "../../core/provider.js";
import { isoMillis } from "../../world/clock.js";
import type { Person, StaffMember, World } from "../../world/types.js";
import { buildRecords, type Records } from "./records.js";

/**
 * What every HubSpot renderer needs: the pin's origin, HubSpot's ids for the world's people (owners are
 * the sales and support staff, with user ids of their own; the company's admin is the portal's super
 * admin user but owns no records), and the CRM records built once from `world.commerce`.
 */
export class HsContext extends WorldContext {
  readonly api: string;
  readonly records: Records;
  readonly admin: Person;
  readonly teams: Array<{ id: string; name: StaffMember["team"] }>;

  constructor(world: World, pin: PinContext) {
    super(world, pin);
    this.api = pin.origin;
    this.admin = world.people.find((p) => p.admin) ?? world.people[0]!;
    this.teams = (["Sales", "Support"] as const).map((name) => ({ id: String(this.id(`team/${name}`, 1_000_000, 8_000_000)), name }));
    this.records = buildRecords(this);
  }

  /** A stable number for a HubSpot-only entity (users, teams, files), keyed by the generation's seed. */
  id(path: string, min: number, span: number): number {
    return hsId(this.world, path, min, span);
  }

  /** The HubSpot user behind an owner (a staff member), or the admin's portal user. */
  userId(staffId: number | "admin"): number {
    return this.id(staffId === "admin" ? `user/person/${this.admin.id}` : `user/staff/${staffId}`, 10_000_000, 80_000_000);
  }

  staff(id: number): StaffMember {
    const s = this.world.commerce.staff.find((x) => x.id === id);
    if (!s) throw new Error(`no staff member ${id}`);
    return s;
  }

  /** The portal (HubSpot account) id the legacy v1/v2 APIs put in every record (`portalId`, `portal-id`). */
  get portalId(): number {
    return this.id("portal", 20_000_000, 30_000_000);
  }

  /** When the portal was set up: before any record in it. */
  get portalCreated(): number {
    return Math.min(this.world.company.foundedAt, ...this.world.commerce.companies.map((c) => c.createdAt));
  }

  iso(ms: number): string {
    return isoMillis(ms);
  }
}

/** HubSpot's own ids, per universe: a child of the world's registry, so none is a world id (world/ids.ts). */
const registries = new WeakMap<World, IdRegistry>();

/** A stable number for a HubSpot-only entity, from the generation's seed and a path, unique in its range. */
export function hsId(world: World, path: string, min: number, span: number): number {
  let ids = registries.get(world);
  if (!ids) registries.set(world, (ids = world.ids.child()));
  return ids.id(`hubspot/${path}`, min, span);
}

export function uuidOf(text: string): string {
  const h = createHash("sha256").update(text).digest("hex");
  return uuidFromHex(h);
}
