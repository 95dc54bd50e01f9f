import { WorldContext } from "../../core/context.js";
import { uuidFromHex } from "../../world/ids.js";
import { keyedHex } from "../../core/keyed.js";
import type { PinContext } from "../../core/provider.js";
import type { StaffMember, Team, World } from "../../world/types.js";
import { TIME_ZONES } from "../../world/vocabulary.js";

/** Where the tenant's version lives: every Graph path starts with it. */
export const V = "v1.0";

/**
 * One directory user: a person of the world (engineering, by team) or a commerce staff member (Sales or
 * Support). Both are accounts of the same Microsoft 365 tenant, with the same names and emails.
 */
export interface GraphUser {
  /** `person/<id>` or `staff/<id>`: what the user's keyed ids and streams hang from. */
  key: string;
  id: string;
  firstName: string;
  lastName: string;
  name: string;
  email: string;
  jobTitle: string;
  department: string;
  timeZone: string;
  utcOffsetMinutes: number;
  createdAt: number;
  personId?: number;
  staff?: StaffMember;
  team?: Team;
}

export interface GraphGroup {
  key: string;
  id: string;
  name: string;
  nickname: string;
  description: string;
  createdAt: number;
  team?: Team;
  members: GraphUser[];
  owners: GraphUser[];
}

/**
 * The company's Microsoft 365 tenant as Graph shows it.
 *
 * - Users are the world's people and the commerce staff, as of the build (someone who joins later is not
 *   in the directory yet); `me` is the first administrator.
 * - Managers: an engineer's manager is their team's lead; a lead's is the first administrator (who has
 *   none); Sales staff report to the Head of Sales; Support staff have no manager set.
 * - Groups: one Microsoft 365 (Unified) group per team, and the all-company group, every user a member.
 * - Ids are GUIDs keyed by the generation's seed and the entity, never by order.
 */
export class GraphContext extends WorldContext {
  readonly seed: string;
  readonly asOf: number;
  readonly tenantId: string;
  readonly users: GraphUser[];
  readonly groups: GraphGroup[];
  readonly me: GraphUser;
  private readonly byPerson = new Map<number, GraphUser>();
  private readonly managers = new Map<string, GraphUser>();

  constructor(world: World, pin: PinContext) {
    super(world, pin);
    this.seed = world.generation.seed;
    this.asOf = world.asOf;
    this.tenantId = this.guid("tenant");
    const people = world.people
      .filter((p) => p.joinedAt <= world.asOf)
      .map((p): GraphUser => {
        const team = this.team(p.teamId);
        const u: GraphUser = {
          key: `person/${p.id}`,
          id: this.guid(`user/person/${p.id}`),
          firstName: p.firstName,
          lastName: p.lastName,
          name: p.name,
          email: p.email,
          jobTitle: p.role,
          department: team.name,
          timeZone: p.timeZone,
          utcOffsetMinutes: p.utcOffsetMinutes,
          createdAt: p.joinedAt,
          personId: p.id,
          team,
        };
        this.byPerson.set(p.id, u);
        return u;
      });
    const staff = world.commerce.staff
      .filter((s) => s.joinedAt <= world.asOf)
      .map((s): GraphUser => ({
        key: `staff/${s.id}`,
        id: this.guid(`user/staff/${s.id}`),
        firstName: s.firstName,
        lastName: s.lastName,
        name: s.name,
        email: s.email,
        jobTitle: s.role,
        department: s.team,
        timeZone: s.timeZone,
        utcOffsetMinutes: offsetOf(s.timeZone),
        createdAt: s.joinedAt,
        staff: s,
      }));
    // The frozen order of every user list: display name, then id (Graph's own order is unspecified).
    this.users = [...people, ...staff].sort((a, b) => cmp(a.name, b.name) || cmp(a.id, b.id));
    const admin = world.people.find((p) => p.admin && this.byPerson.has(p.id)) ?? world.people.find((p) => this.byPerson.has(p.id));
    this.me = this.byPerson.get(admin!.id)!;

    for (const u of people) {
      const lead = this.byPerson.get(u.team!.leadId);
      const manager = lead && lead !== u ? lead : u === this.me ? undefined : this.me;
      if (manager) this.managers.set(u.id, manager);
    }
    const headOfSales = staff.find((s) => s.staff!.role === "Head of Sales");
    for (const u of staff) if (headOfSales && u !== headOfSales && u.staff!.team === "Sales") this.managers.set(u.id, headOfSales);

    const teamGroups = world.teams.map((t): GraphGroup => {
      const members = this.users.filter((u) => u.team?.id === t.id);
      const lead = this.byPerson.get(t.leadId);
      return {
        key: `team/${t.slug}`,
        id: this.guid(`group/team/${t.slug}`),
        name: t.name,
        nickname: t.slug,
        description: t.description,
        createdAt: t.createdAt,
        team: t,
        members,
        owners: lead ? [lead] : [],
      };
    });
    const company = world.company;
    const all: GraphGroup = {
      key: "all-company",
      id: this.guid("group/all-company"),
      name: `All ${company.name}`,
      nickname: `all-${company.slug}`,
      description: `Everyone at ${company.name}.`,
      createdAt: company.foundedAt,
      members: this.users,
      owners: [this.me],
    };
    this.groups = [...teamGroups, all].sort((a, b) => cmp(a.name, b.name) || cmp(a.id, b.id));
  }

  /** A stable GUID (version-4 shaped) for a path of this tenant. */
  guid(path: string): string {
    const h = keyedHex([this.seed, "graph", path], 32);
    return uuidFromHex(h);
  }

  hex(path: string, length = 64): string {
    return keyedHex([this.seed, "graph", path], length);
  }

  userOfPerson(personId: number): GraphUser | undefined {
    return this.byPerson.get(personId);
  }

  manager(u: GraphUser): GraphUser | undefined {
    return this.managers.get(u.id);
  }

  directReports(u: GraphUser): GraphUser[] {
    return this.users.filter((x) => this.managers.get(x.id) === u);
  }

  memberOf(u: GraphUser): GraphGroup[] {
    return this.groups.filter((g) => g.members.includes(u));
  }

  /** The verified domain every account's sign-in name ends with. */
  get domain(): string {
    return this.world.company.domain;
  }
}

export function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Staff carry a zone name only: its offset is the universe's for that zone (no DST in its clocks). */
function offsetOf(zone: string): number {
  const hours = TIME_ZONES.find(([name]) => name === zone)?.[1] ?? 0;
  return hours * 60;
}
