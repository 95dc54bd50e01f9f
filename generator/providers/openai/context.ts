import { keyedBase62, keyedHex } from "../../core/keyed.js";
import { WorldContext } from "../../core/context.js";
import type { PinContext } from "../../core/provider.js";
import { DAY, HOUR, MINUTE, parseInstant, startOfDay, workHoursUtc } from "../../world/clock.js";
import { rngFactory, type Rng } from "../../world/rng.js";
import type { ModelUsage, Person, Team, World } from "../../world/types.js";

/** Unix seconds, as every OpenAI timestamp is written. */
export function sec(ms: number): number {
  return Math.floor(ms / 1000);
}

/** A project of the organization: one per team, and the Default project every organization starts with. */
export interface OaiProject {
  id: string;
  name: string;
  team?: Team;
  createdAt: number;
}

/** An organization member: the admin (owner) and everyone who uses the API (reader). */
export interface OaiUser {
  person: Person;
  id: string;
  role: "owner" | "reader";
  addedAt: number;
  /** The accepted invite that brought them in (the admin created the organization). */
  invite?: OaiInvite;
}

export interface OaiProjectMember {
  user: OaiUser;
  role: "owner" | "member";
  addedAt: number;
}

/** A user's API key, in their team's project. */
export interface OaiKey {
  id: string;
  name: string;
  redacted: string;
  user: OaiUser;
  project: OaiProject;
  createdAt: number;
  lastUsedAt: number | undefined;
}

export interface OaiAdminKey {
  id: string;
  name: string;
  redacted: string;
  owner: OaiUser;
  createdAt: number;
  lastUsedAt: number;
}

export interface OaiInvite {
  id: string;
  email: string;
  role: "owner" | "reader";
  status: "accepted" | "expired" | "pending";
  createdAt: number;
  expiresAt: number;
  acceptedAt: number | undefined;
  project: OaiProject;
  person: Person;
}

/**
 * What every OpenAI renderer needs: the organization as OpenAI's admin API sees the world.
 *
 * - The organization is the company (`openai-organization: <slug>`), created some weeks before the
 *   universe's first day by the admin person, its owner.
 * - Projects: a Default project, and one project per team, created by the admin.
 * - Users: the admin and every person who uses the API (`world.ai.openai`), each invited by the admin
 *   before their first day of usage; each is a member of their team's project (team leads as owners)
 *   and holds one API key there, last used on their last day of usage.
 * - Ids are derived from the generation's seed and the entity (`user-…`, `proj_…`, `key_…`), so they
 *   never depend on order or on other providers.
 */
export class OaiContext extends WorldContext {
  readonly seed: string;
  readonly rng: (path: string) => Rng;
  readonly asOf: number;
  readonly orgId: string;
  /** The `openai-organization` header: the organization's name. */
  readonly orgName: string;
  readonly files: boolean;
  readonly admin: Person;
  readonly orgCreatedAt: number;
  readonly usageByPerson: Map<number, ModelUsage[]>;
  readonly defaultProject: OaiProject;
  readonly projects: OaiProject[];
  readonly users: OaiUser[];
  readonly members: Map<OaiProject, OaiProjectMember[]>;
  readonly keys: OaiKey[];
  readonly adminKeys: OaiAdminKey[];
  readonly invites: OaiInvite[];

  constructor(world: World, pin: PinContext) {
    super(world, pin);
    this.seed = world.generation.seed;
    this.rng = rngFactory(this.seed);
    this.asOf = world.asOf;
    this.files = pin.pin.files;
    this.orgId = `org-${this.b62("org", 24)}`;
    this.orgName = world.company.slug;
    this.admin = world.people.find((p) => p.admin) ?? world.people[0]!;
    this.usageByPerson = new Map();
    for (const row of world.ai.usage.filter((u) => u.tool === "openai")) {
      if (!this.usageByPerson.has(row.personId)) this.usageByPerson.set(row.personId, []);
      this.usageByPerson.get(row.personId)!.push(row);
    }
    const firstUsage = Math.min(
      parseInstant(world.generation.start),
      ...world.ai.usage.filter((u) => u.tool === "openai").map((u) => u.day),
    );
    this.orgCreatedAt = startOfDay(firstUsage) - 75 * DAY + 14 * HOUR + this.rng("openai/org").int(0, 59) * MINUTE;

    this.defaultProject = { id: this.projectIdOf("default"), name: "Default project", createdAt: this.orgCreatedAt };
    const teamProjects = world.teams.map((team, i): OaiProject => {
      const r = this.rng(`openai/project/${team.slug}`);
      const firstOfTeam = Math.min(
        ...world.ai.usage.filter((u) => u.tool === "openai" && u.teamId === team.id).map((u) => u.day),
        this.asOf,
      );
      const wanted = this.orgCreatedAt + (i + 1) * DAY + r.int(1, 8) * HOUR + r.int(0, 59) * MINUTE;
      return { id: this.projectIdOf(`team/${team.slug}`), name: team.name, team, createdAt: Math.min(wanted, firstOfTeam - 2 * DAY) };
    });
    this.projects = [this.defaultProject, ...teamProjects].sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));

    const adminUser: OaiUser = { person: this.admin, id: this.userIdOf(this.admin), role: "owner", addedAt: this.orgCreatedAt };
    const invited = [...this.usageByPerson.keys()]
      .sort((a, b) => a - b)
      .map((id) => this.person(id))
      .filter((p) => p.id !== this.admin.id);
    const others = invited.map((p): OaiUser => {
      const r = this.rng(`openai/user/${p.id}`);
      const project = this.teamProject(p.teamId);
      const first = this.usageByPerson.get(p.id)![0]!.day;
      const lower = Math.max(p.joinedAt, project.createdAt + HOUR);
      const addedAt = Math.min(lower + r.int(2, 72) * HOUR + r.int(0, 59) * MINUTE, first - HOUR);
      const createdAt = addedAt - r.int(1, 40) * HOUR - r.int(0, 59) * MINUTE;
      const invite: OaiInvite = {
        id: this.inviteIdOf(p.email),
        email: p.email,
        role: "reader",
        status: "accepted",
        createdAt,
        expiresAt: createdAt + 7 * DAY,
        acceptedAt: addedAt,
        project,
        person: p,
      };
      return { person: p, id: this.userIdOf(p), role: "reader", addedAt, invite };
    });
    this.users = [adminUser, ...others].sort((a, b) => a.addedAt - b.addedAt || (a.id < b.id ? -1 : 1));

    this.members = new Map();
    for (const project of this.projects) {
      const list: OaiProjectMember[] = [{ user: adminUser, role: "owner", addedAt: project.createdAt }];
      if (project.team) {
        const team = project.team;
        for (const user of this.users) {
          if (user.person.teamId !== team.id || user.person.id === this.admin.id) continue;
          list.push({
            user,
            role: user.person.id === team.leadId ? "owner" : "member",
            addedAt: user.addedAt + (2 + (user.person.id % 7)) * MINUTE,
          });
        }
      }
      this.members.set(
        project,
        list.sort((a, b) => a.addedAt - b.addedAt || (a.user.id < b.user.id ? -1 : 1)),
      );
    }

    this.keys = this.users
      .filter((u) => this.usageByPerson.has(u.person.id))
      .map((user): OaiKey => {
        const p = user.person;
        const rows = this.usageByPerson.get(p.id)!;
        const project = this.teamProject(p.teamId);
        const r = this.rng(`openai/key/${p.id}`);
        const joinedProject = this.members.get(project)!.find((m) => m.user === user)!.addedAt;
        const createdAt = Math.min(joinedProject + r.int(5, 240) * MINUTE, rows[0]!.day - 30 * MINUTE);
        const last = rows[rows.length - 1]!.day;
        const lastUsedAt = Math.min(last + Math.max(...this.workHours(p, last)) * HOUR + r.int(0, 59) * MINUTE, this.asOf);
        const id = `key_${this.b62(`key/${p.id}`, 16)}`;
        return {
          id,
          name: `${p.handles.github}-dev`,
          redacted: `sk-proj-...${this.b62(`key/${p.id}/tail`, 4)}`,
          user,
          project,
          createdAt,
          lastUsedAt,
        };
      })
      .sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));

    const rk = this.rng("openai/admin-keys");
    const sync = this.orgCreatedAt + 30 * DAY + rk.int(9, 17) * HOUR;
    const dashboard = sync + rk.int(20, 60) * DAY + rk.int(1, 6) * HOUR;
    this.adminKeys = [
      {
        id: `key_${this.b62("admin-key/usage-sync", 16)}`,
        name: "usage-sync",
        redacted: `sk-admin...${this.b62("admin-key/usage-sync/tail", 4)}`,
        owner: adminUser,
        createdAt: sync,
        lastUsedAt: this.asOf - rk.int(10, 170) * MINUTE,
      },
      {
        id: `key_${this.b62("admin-key/finance", 16)}`,
        name: "finance-dashboard",
        redacted: `sk-admin...${this.b62("admin-key/finance/tail", 4)}`,
        owner: adminUser,
        createdAt: dashboard,
        lastUsedAt: startOfDay(this.asOf) - rk.int(1, 5) * DAY + rk.int(8, 11) * HOUR,
      },
    ];

    this.invites = [...others.map((u) => u.invite!), ...this.openInvites()].sort(
      (a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1),
    );
  }

  /**
   * A few invites still open at as-of, and one that lapsed: teammates who do not use the API yet,
   * invited by the admin to their team's project in the last days, and one invited weeks ago.
   */
  private openInvites(): OaiInvite[] {
    const candidates = this.world.people.filter((p) => !this.usageByPerson.has(p.id) && p.id !== this.admin.id);
    const r = this.rng("openai/invites/open");
    const chosen = r.sample(candidates, 4).sort((a, b) => a.id - b.id);
    return chosen.map((p, i) => {
      const expired = i === chosen.length - 1;
      const createdAt = expired
        ? startOfDay(this.asOf) - r.int(18, 30) * DAY + r.int(8, 17) * HOUR
        : startOfDay(this.asOf) - r.int(0, 5) * DAY - r.int(1, 8) * HOUR;
      return {
        id: this.inviteIdOf(p.email),
        email: p.email,
        role: "reader",
        status: expired ? "expired" : "pending",
        createdAt,
        expiresAt: createdAt + 7 * DAY,
        acceptedAt: undefined,
        project: this.teamProject(p.teamId),
        person: p,
      };
    });
  }

  /** A stable base-62 string for an entity path (OpenAI's ids are base-62 after their prefix). */
  b62(path: string, length: number): string {
    return keyedBase62([this.seed, "openai", path], length);
  }

  hex(path: string, length: number): string {
    return keyedHex([this.seed, "openai", path], length);
  }

  userIdOf(p: Person): string {
    return `user-${this.b62(`user/${p.id}`, 24)}`;
  }

  projectIdOf(name: string): string {
    return `proj_${this.b62(`project/${name}`, 24)}`;
  }

  inviteIdOf(email: string): string {
    return `invite-${this.b62(`invite/${email}`, 24)}`;
  }

  teamProject(teamId: number): OaiProject {
    return this.projects.find((p) => p.team?.id === teamId)!;
  }

  user(personId: number): OaiUser | undefined {
    return this.users.find((u) => u.person.id === personId);
  }

  key(personId: number): OaiKey | undefined {
    return this.keys.find((k) => k.user.person.id === personId);
  }

  /**
   * The UTC hours of a day in which a person calls the API: their working day, 9:00 to 18:00 local,
   * folded into the UTC day the usage is counted on, and on the as-of day only the hours before as-of.
   */
  workHours(p: Person, day: number): number[] {
    return workHoursUtc(p.utcOffsetMinutes, day, this.asOf);
  }
}
