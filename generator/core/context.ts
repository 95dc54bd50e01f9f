import type { Person, Team, World } from "../world/types.js";
import type { PinContext } from "./provider.js";

/**
 * What every provider's renderer starts from: the world, the pin, lookups by id, and a memo for objects
 * embedded thousands of times (a user, a repository), built once so bodies only serialize them.
 * Each provider extends it with its own ids, URLs and naming.
 */
export class WorldContext {
  private readonly memo = new Map<string, unknown>();

  constructor(readonly world: World, readonly pin: PinContext) {}

  once<T>(key: string, make: () => T): T {
    if (!this.memo.has(key)) this.memo.set(key, make());
    return this.memo.get(key) as T;
  }

  person(id: number): Person {
    const p = this.world.people[id - 1];
    if (!p) throw new Error(`no person ${id}`);
    return p;
  }

  team(id: number): Team {
    const t = this.world.teams.find((x) => x.id === id);
    if (!t) throw new Error(`no team ${id}`);
    return t;
  }
}
