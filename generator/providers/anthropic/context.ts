import { createHash } from "node:crypto";
import { uuidFromHex } from "../../world/ids.js";
import { WorldContext } from "../../core/context.js";
import type { PinContext } from "../../core/provider.js";
import { DAY, HOUR, MINUTE, isoSeconds, startOfDay, workHoursUtc } from "../../world/clock.js";
import type { AiSeat, ModelUsage, Person, Team, World } from "../../world/types.js";

/** Anthropic's ids spell their random part in base 58 (no 0, O, I or l): `wrkspc_01JwQvzr7rXLA5AGx3HKfFUJ`. */
const B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/** A stable base-58 string of `length` characters for a key. */
export function base58(key: string, length: number): string {
  let out = "";
  for (let round = 0; out.length < length; round++) {
    for (const byte of createHash("sha256").update(`${key}\u0000${round}`).digest()) {
      if (byte >= 232) continue;
      out += B58[byte % 58];
      if (out.length === length) break;
    }
  }
  return out;
}

/** `prefix_01` and 22 base-58 characters, as every Anthropic object id is written. */
export function objectId(prefix: string, key: string): string {
  return `${prefix}_01${base58(key, 22)}`;
}

/** `req_011C` and 20 characters: the `request-id` header and an error body's `request_id`. */
export function requestId(key: string): string {
  return `req_011C${base58(`request/${key}`, 20)}`;
}

/** RFC 3339 with a `Z`, to the second, as the Admin API writes its times. */
export const rfc3339 = isoSeconds;

/** A workspace: one per team, and the "Claude Code" workspace the Console makes on the first Claude Code login. */
export interface AnthWorkspace {
  id: string;
  name: string;
  team?: Team;
  createdAt: number;
  displayColor: string;
}

export interface AnthUser {
  person: Person;
  seat: AiSeat;
  id: string;
  role: "admin" | "developer";
  addedAt: number;
}

export interface AnthMember {
  user: AnthUser;
  workspace: AnthWorkspace;
  role: "workspace_admin" | "workspace_developer";
}

export interface AnthKey {
  id: string;
  name: string;
  hint: string;
  user: AnthUser;
  workspace: AnthWorkspace;
  createdAt: number;
}

export interface AnthInvite {
  id: string;
  email: string;
  role: "admin" | "developer";
  status: "accepted" | "expired" | "pending";
  invitedAt: number;
  expiresAt: number;
  acceptedAt: number | undefined;
}

/** Invites to the Console expire after 21 days. */
const INVITE_LIFETIME = 21 * DAY;

/**
 * The organization as Anthropic's Admin API sees the world.
 *
 * - The organization is the company; its members are exactly the holders of a Claude seat
 *   (`world.ai.seats`, tool `claude`), each invited at `invitedAt` and a member from `since`. The seat's
 *   admin is an organization `admin`, everyone else a `developer`.
 * - Workspaces: one per team with a member, created the day before the team's first member joined (and
 *   before the team's first usage), and the "Claude Code" workspace, created when the first member
 *   logged in to Claude Code.
 * - Members: each user is a member of their team's workspace (the team lead as `workspace_admin`), and
 *   every Claude Code user of the Claude Code workspace.
 * - API keys: one per member in their team's workspace (`<handle>-dev`), created within hours of joining,
 *   which carries their API usage; and one per Claude Code user in the Claude Code workspace
 *   (`claude_code_key_<handle>_<4>`, as a Console login names it), created before their first session.
 * - Production: the workspace and API key (`<company>-app-production`) the product calls the API with
 *   (`world.ai.claudeProduction`), made by the user who set it up shortly before its first request; they
 *   are its workspace's admin.
 * - Invites: one accepted invite per member, and two still pending for engineers without a seat.
 * - Ids are derived from the generation's seed and the entity, never from order.
 */
export class AnthContext extends WorldContext {
  readonly seed: string;
  readonly asOf: number;
  readonly orgId: string;
  readonly orgName: string;
  readonly users: AnthUser[];
  readonly workspaces: AnthWorkspace[];
  readonly claudeCode: AnthWorkspace | undefined;
  readonly members: AnthMember[];
  readonly keys: AnthKey[];
  readonly invites: AnthInvite[];
  readonly usageByPerson: Map<number, ModelUsage[]>;
  /** The product's production workspace and key, when the world has production use. */
  readonly production: { workspace: AnthWorkspace; key: AnthKey } | undefined;

  constructor(world: World, pin: PinContext) {
    super(world, pin);
    this.seed = world.generation.seed;
    this.asOf = world.asOf;
    this.orgId = this.uuid("organization");
    this.orgName = world.company.name;
    this.usageByPerson = new Map();
    for (const row of world.ai.usage.filter((u) => u.tool === "claude")) {
      if (!this.usageByPerson.has(row.personId)) this.usageByPerson.set(row.personId, []);
      this.usageByPerson.get(row.personId)!.push(row);
    }

    const seats = world.ai.seats.filter((s) => s.tool === "claude" && s.since <= world.asOf);
    this.users = seats
      .map((seat): AnthUser => {
        const person = this.person(seat.personId);
        return {
          person,
          seat,
          id: objectId("user", `${this.seed}/user/${person.id}`),
          role: seat.role === "admin" ? "admin" : "developer",
          addedAt: seat.since,
        };
      })
      .sort((a, b) => a.addedAt - b.addedAt || (a.id < b.id ? -1 : 1));
    const teamWorkspaces: AnthWorkspace[] = [];
    for (const team of world.teams) {
      const first = this.users.find((u) => u.person.teamId === team.id);
      if (!first) continue;
      const firstUse = Math.min(...world.ai.usage.filter((u) => u.tool === "claude" && u.teamId === team.id).map((u) => u.day), this.asOf);
      const h = this.bytes(`workspace/${team.slug}`);
      const wanted = startOfDay(first.addedAt) - DAY + (9 + (h[0]! % 8)) * HOUR + (h[1]! % 60) * MINUTE;
      const createdAt = Math.min(wanted, firstUse - HOUR, first.addedAt - HOUR);
      teamWorkspaces.push({
        id: objectId("wrkspc", `${this.seed}/workspace/${team.slug}`),
        name: team.name,
        team,
        createdAt,
        displayColor: this.color(team.slug),
      });
    }
    const coders = this.users.filter((u) => this.firstCodeDay(u.person.id) !== undefined);
    const firstCoder = [...coders].sort(
      (a, b) => this.firstCodeDay(a.person.id)! - this.firstCodeDay(b.person.id)! || a.person.id - b.person.id,
    )[0];
    this.claudeCode = firstCoder && {
      id: objectId("wrkspc", `${this.seed}/workspace/claude-code`),
      name: "Claude Code",
      createdAt: this.codeKeyCreatedAt(firstCoder),
      displayColor: "#d97757",
    };
    const prod = world.ai.claudeProduction;
    const owner = prod && this.user(prod.ownerId);
    let production: AnthWorkspace | undefined;
    if (prod && owner) {
      // The key an hour or three before the first request, the workspace minutes before the key.
      const h = this.bytes("production");
      const keyAt = Math.max(owner.addedAt + 2 * MINUTE, prod.launchedAt - (1 + (h[0]! % 3)) * HOUR - (h[1]! % 60) * MINUTE);
      const createdAt = Math.max(owner.addedAt + MINUTE, keyAt - (5 + (h[2]! % 40)) * MINUTE);
      production = {
        id: objectId("wrkspc", `${this.seed}/workspace/production`),
        name: "Production",
        createdAt,
        displayColor: this.color("production"),
      };
      this.production = {
        workspace: production,
        key: this.key("production-key", `${world.company.slug}-app-production`, owner, production, keyAt),
      };
    }
    this.workspaces = [...teamWorkspaces, ...(this.claudeCode ? [this.claudeCode] : []), ...(production ? [production] : [])].sort(
      (a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1),
    );

    this.members = [];
    for (const ws of teamWorkspaces) {
      for (const user of this.users.filter((u) => u.person.teamId === ws.team!.id)) {
        this.members.push({ user, workspace: ws, role: user.person.id === ws.team!.leadId ? "workspace_admin" : "workspace_developer" });
      }
    }
    if (this.claudeCode) for (const user of coders) this.members.push({ user, workspace: this.claudeCode, role: "workspace_developer" });
    if (this.production)
      this.members.push({ user: this.production.key.user, workspace: this.production.workspace, role: "workspace_admin" });

    this.keys = [];
    for (const user of this.users) {
      const ws = teamWorkspaces.find((w) => w.team!.id === user.person.teamId)!;
      const h = this.bytes(`key/${user.person.id}`);
      const firstApi = this.usageByPerson.get(user.person.id)?.find((u) => u.product === "api")?.day;
      const beforeUse = firstApi === undefined ? Infinity : firstApi + this.workHours(user.person, firstApi)[0]! * HOUR - 30 * MINUTE;
      const createdAt = Math.min(user.addedAt + (1 + (h[0]! % 5)) * HOUR + (h[1]! % 60) * MINUTE, beforeUse, this.asOf);
      this.keys.push(this.key(`key/${user.person.id}`, `${user.person.handles.github}-dev`, user, ws, Math.max(createdAt, user.addedAt)));
    }
    if (this.claudeCode) {
      for (const user of coders) {
        const name =
          `claude_code_key_${user.person.handles.github.replace(/-/g, "_")}` +
          `_${base58(`${this.seed}/code-key/${user.person.id}/suffix`, 4).toLowerCase()}`;
        this.keys.push(this.key(`code-key/${user.person.id}`, name, user, this.claudeCode, this.codeKeyCreatedAt(user)));
      }
    }
    if (this.production) this.keys.push(this.production.key);
    this.keys.sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));

    const accepted = this.users.map((u): AnthInvite => ({
      id: objectId("invite", `${this.seed}/invite/${u.person.email}`),
      email: u.person.email,
      role: u.role,
      status: "accepted",
      invitedAt: Math.min(u.seat.invitedAt, u.addedAt),
      expiresAt: Math.min(u.seat.invitedAt, u.addedAt) + INVITE_LIFETIME,
      acceptedAt: u.addedAt,
    }));
    this.invites = [...accepted, ...this.pendingInvites()].sort((a, b) => a.invitedAt - b.invitedAt || (a.id < b.id ? -1 : 1));
  }

  /** Two engineers without a seat, invited in the last days before as-of and not yet joined. */
  private pendingInvites(): AnthInvite[] {
    const members = new Set(this.users.map((u) => u.person.id));
    const candidates = this.world.people.filter((p) => !members.has(p.id) && p.joinedAt < this.asOf - 7 * DAY);
    const ranked = candidates
      .map((p) => ({ p, h: this.hex(`pending-invite/${p.id}`) }))
      .sort((a, b) => (a.h < b.h ? -1 : a.h > b.h ? 1 : 0))
      .slice(0, 2);
    return ranked.map(({ p }, i) => {
      const h = this.bytes(`pending-invite/${p.id}/at`);
      const invitedAt = startOfDay(this.asOf) - (1 + i * 3 + (h[0]! % 3)) * DAY + (9 + (h[1]! % 8)) * HOUR + (h[2]! % 60) * MINUTE;
      return {
        id: objectId("invite", `${this.seed}/invite/${p.email}`),
        email: p.email,
        role: "developer",
        status: "pending",
        invitedAt,
        expiresAt: invitedAt + INVITE_LIFETIME,
        acceptedAt: undefined,
      };
    });
  }

  private key(path: string, name: string, user: AnthUser, workspace: AnthWorkspace, createdAt: number): AnthKey {
    const tail = base58(`${this.seed}/${path}/tail`, 4);
    const head = base58(`${this.seed}/${path}/head`, 3);
    return { id: objectId("apikey", `${this.seed}/${path}`), name, hint: `sk-ant-api03-${head}...${tail}AA`, user, workspace, createdAt };
  }

  /** The first day a person used Claude Code, if they did. */
  firstCodeDay(personId: number): number | undefined {
    return this.usageByPerson.get(personId)?.find((u) => u.product === "agent")?.day;
  }

  /** A Claude Code login makes its key shortly before the first session of that day (the person's morning, UTC). */
  private codeKeyCreatedAt(user: AnthUser): number {
    const day = this.firstCodeDay(user.person.id)!;
    const h = this.bytes(`code-key/${user.person.id}`);
    const morning = day + ((((9 * 60 - user.person.utcOffsetMinutes) % 1440) + 1440) % 1440) * MINUTE;
    return Math.max(user.addedAt + MINUTE, Math.min(morning + (h[0]! % 50) * MINUTE, day + DAY - HOUR));
  }

  private color(key: string): string {
    const palette = ["#6a5acd", "#2e8b57", "#d2691e", "#4682b4", "#b8860b", "#8b008b", "#20b2aa", "#cd5c5c"];
    return palette[this.bytes(`color/${key}`)[0]! % palette.length]!;
  }

  bytes(path: string): Buffer {
    return createHash("sha256").update(`${this.seed}\u0000anthropic\u0000${path}`).digest();
  }

  hex(path: string): string {
    return this.bytes(path).toString("hex");
  }

  /** A stable version-4-shaped UUID (the organization id). */
  uuid(path: string): string {
    const h = this.hex(path);
    return uuidFromHex(h);
  }

  user(personId: number): AnthUser | undefined {
    return this.users.find((u) => u.person.id === personId);
  }

  teamWorkspace(teamId: number): AnthWorkspace | undefined {
    return this.workspaces.find((w) => w.team?.id === teamId);
  }

  /** The key a usage row was made with: the team workspace's for the API, the Claude Code workspace's for Claude Code. */
  keyOf(row: ModelUsage): AnthKey | undefined {
    const ws = row.product === "agent" ? this.claudeCode : this.teamWorkspace(row.teamId);
    return this.keys.find((k) => k.user.person.id === row.personId && k.workspace === ws);
  }

  /**
   * The UTC hours of a day in which a person works: 9:00 to 18:00 local, folded into the UTC day; all of
   * them on the as-of day too (usage-data.ts freezes only those already over, with their final shares).
   */
  workHours(p: Person, day: number): number[] {
    return workHoursUtc(p.utcOffsetMinutes, day, Number.POSITIVE_INFINITY);
  }
}
