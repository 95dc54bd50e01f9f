import { createHash } from "node:crypto";
import { WorldContext } from "../../core/context.js";
import type { PinContext } from "../../core/provider.js";
import { DAY, startOfDay } from "../../world/clock.js";
import type { AiSeat, CursorDay, Person, World } from "../../world/types.js";

/** A member of the Cursor team: a person with a Cursor seat, and the ids Cursor names them by. */
export interface Member {
  person: Person;
  seat: AiSeat;
  /** The encoded user id (`user_PDSPmvukpYgZEDXsoNirw3CFhy`): members, spend, AI code tracking. */
  id: string;
  /** The numeric user id: daily usage rows and the usage-events `userId` filter. */
  userId: number;
  /** Cursor's roles: `owner` for the team's admins, `member` for the rest. */
  role: "owner" | "member";
}

const B62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

export function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

/** Base62 characters drawn from a digest without modulo bias (bytes from 248 up are skipped). */
export function base62(seed: string, length: number): string {
  let out = "";
  for (let round = 0; out.length < length; round++) {
    for (const byte of digest(`${seed}/${round}`)) {
      if (byte >= 248) continue;
      out += B62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/**
 * What every Cursor renderer needs: the team's members (the people with a Cursor seat, oldest seat
 * first), their ids, each member's days of use, and the team's billing cycle.
 */
export class CursorContext extends WorldContext {
  readonly members: Member[];
  private readonly byPerson: Map<number, Member>;
  private readonly days: Map<string, CursorDay>;
  /** The start of the billing cycle that holds the as-of instant (UTC midnight), as `/teams/spend` names it. */
  readonly cycleStart: number;

  constructor(world: World, pin: PinContext) {
    super(world, pin);
    const seed = world.generation.seed;
    const taken = new Set<number>();
    this.members = world.ai.seats
      .filter((s) => s.tool === "cursor")
      .map((seat) => {
        const person = this.person(seat.personId);
        const h = digest(`${seed}\u0000cursor/user/${person.id}`);
        // Eight digits, unique within the team (a collision moves on to the next free number).
        let userId = 10_000_000 + (h.readUInt32BE(0) % 89_999_999);
        while (taken.has(userId)) userId = userId === 99_999_999 ? 10_000_000 : userId + 1;
        taken.add(userId);
        return {
          person,
          seat,
          id: `user_${base62(`${seed}\u0000cursor/user-id/${person.id}`, 28)}`,
          userId,
          role: seat.role === "admin" ? ("owner" as const) : ("member" as const),
        };
      });
    this.byPerson = new Map(this.members.map((m) => [m.person.id, m]));
    this.days = new Map(world.ai.cursor.map((d) => [`${d.personId}/${d.day}`, d]));
    this.cycleStart = billingCycleStart(
      this.members.map((m) => m.seat.invitedAt),
      world.asOf,
    );
  }

  member(personId: number): Member | undefined {
    return this.byPerson.get(personId);
  }

  /** The person's Cursor activity on the UTC day holding `at`, if they used Cursor that day. */
  dayOf(personId: number, at: number): CursorDay | undefined {
    return this.days.get(`${personId}/${startOfDay(at)}`);
  }
}

/**
 * Cursor bills a team monthly from the day it subscribed: the cycle renews on that day of the month
 * (the month's last day when it is shorter). The team subscribed when its first seat was given.
 */
export function billingCycleStart(seatTimes: number[], asOf: number): number {
  if (seatTimes.length === 0) return startOfDay(asOf);
  const anchor = new Date(Math.min(...seatTimes)).getUTCDate();
  const now = new Date(asOf);
  const at = (year: number, month: number) => {
    const length = new Date(Date.UTC(year, month + 1, 1) - DAY).getUTCDate();
    return Date.UTC(year, month, Math.min(anchor, length));
  };
  const here = at(now.getUTCFullYear(), now.getUTCMonth());
  return here <= asOf ? here : at(now.getUTCFullYear(), now.getUTCMonth() - 1);
}
