import { createHash } from "node:crypto";
import { uuidFromHex } from "../../world/ids.js";
import { keyedBase62, keyedHex } from "../../core/keyed.js";
import { WorldContext } from "../../core/context.js";
import type { PinContext } from "../../core/provider.js";
import type { AiSeat, ChatGptConversation, ChatGptGpt, ChatGptProject, Person, World } from "../../world/types.js";

/** A workspace user: a person holding a ChatGPT Enterprise seat. */
export interface CgUser {
  person: Person;
  seat: AiSeat;
  /** `user-` and 24 base-62 characters, as ChatGPT's auth user ids. */
  id: string;
  role: "account-owner" | "account-admin" | "standard-user";
  status: "active" | "inactive";
}

/**
 * What every renderer needs: the ChatGPT Enterprise workspace as the Compliance API sees the world.
 *
 * - The workspace is the company's: its id is a UUID derived from the company slug, so it is the same
 *   in every build (`/v1/compliance/workspaces/{workspace_id}/…`).
 * - Its users are the people with a `chatgpt` seat (`world.ai.seats`): the seat's admin is the
 *   account owner (a later admin seat would be an account admin), everyone else a standard user;
 *   `created_at` is when the seat started. Every seat of the world is current, so every user is active.
 * - Conversations, GPTs and projects are `world.ai.chatgpt`'s, with the world's ids (conversation and
 *   message UUIDs, `g-…` GPT ids, `g-p-…` project ids).
 */
export class CgContext extends WorldContext {
  readonly seed: string;
  readonly workspaceId: string;
  /** `v1/compliance/workspaces/<id>`: the prefix of every resource path. */
  readonly base: string;
  /** Workspace users in ascending order of `user_id`, as the Compliance API lists them. */
  readonly users: CgUser[];
  private readonly byPerson: Map<number, CgUser>;
  readonly conversations: ChatGptConversation[];
  readonly gpts: ChatGptGpt[];
  readonly projects: ChatGptProject[];

  constructor(world: World, pin: PinContext) {
    super(world, pin);
    this.seed = world.generation.seed;
    this.workspaceId = workspaceIdOf(world.company.slug);
    this.base = `v1/compliance/workspaces/${this.workspaceId}`;
    const seats = world.ai.seats.filter((s) => s.tool === "chatgpt" && s.since <= world.asOf);
    const firstAdmin = seats.find((s) => s.role === "admin");
    this.users = seats
      .map((seat): CgUser => ({
        person: this.person(seat.personId),
        seat,
        id: `user-${this.b62(`user/${seat.personId}`, 24)}`,
        role: seat.role === "admin" ? (seat === firstAdmin ? "account-owner" : "account-admin") : "standard-user",
        status: "active",
      }))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    this.byPerson = new Map(this.users.map((u) => [u.person.id, u]));
    const { conversations, gpts, projects } = world.ai.chatgpt;
    this.conversations = conversations;
    this.gpts = gpts;
    this.projects = projects;
  }

  /** The workspace user of a person (every conversation, GPT and project owner holds a seat). */
  user(personId: number): CgUser {
    const u = this.byPerson.get(personId);
    if (!u) throw new Error(`person ${personId} holds no ChatGPT seat`);
    return u;
  }

  /** A stable base-62 string for an entity path. */
  b62(path: string, length: number): string {
    return keyedBase62([this.seed, "chatgpt-compliance", path], length);
  }

  /** A stable lower-case hex string for an entity path. */
  hex(path: string, length: number): string {
    return keyedHex([this.seed, "chatgpt-compliance", path], length);
  }
}

/** The workspace id: a version-4-shaped UUID from the company slug (stable across live builds). */
export function workspaceIdOf(slug: string): string {
  const h = createHash("sha256").update(`chatgpt-workspace\u0000${slug}`).digest("hex");
  return uuidFromHex(h);
}

/**
 * A Compliance API timestamp: Unix seconds as a number with microseconds (`1692158096.299021` in
 * OpenAI's examples). The world's instants are milliseconds, mostly whole seconds; the microseconds
 * below them come from `salt` (the entity the instant belongs to), so two builds agree and every
 * timestamp of one conversation shares its fraction (a conversation's `created_at` is its first
 * message's, its `last_active_at` its last one's).
 */
export function stamp(ms: number, salt: string): number {
  const micros = createHash("sha256").update(`stamp\u0000${salt}`).digest().readUInt32BE(0) % 1000;
  return (ms * 1000 + micros) / 1_000_000;
}
