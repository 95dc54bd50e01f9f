import type { Person, Team, World } from "../world/types.js";
import type { PinContext } from "./provider.js";

/**
 * New keys per generation of the memo in `WorldContext.once`. SNAPVERSE_MEMO sets it for a test: the
 * twin build runs with 1, so nearly every memoized value is made again (test/setup/global.ts).
 */
const MEMO_GENERATION = Math.max(1, Math.floor(Number(process.env.SNAPVERSE_MEMO)) || 4096);

/**
 * What every provider's renderer starts from: the world, the pin, lookups by id, and a memo for objects
 * embedded thousands of times (a user, a repository), built once so bodies only serialize them.
 * Each provider extends it with its own ids, URLs and naming.
 */
export class WorldContext {
  // Two generations: a value used since the young one started is in it; the old one is what the young
  // one was before. Entries used again are carried into the young generation, the rest go with the old.
  private young = new Map<string, unknown>();
  private old = new Map<string, unknown>();

  constructor(
    readonly world: World,
    readonly pin: PinContext,
  ) {}

  /**
   * The value `make` gives for `key`, made once while it is in use. The memo is bounded: a pin renders
   * entity after entity (a repository's commits, then the next repository's), so a value not used for
   * the last MEMO_GENERATION new keys is let go, and made again if it is asked for later. A memo kept
   * for the pin's life grew with the universe (at --scale 10 the gh pin held 140 MB of commit, pull
   * and issue objects by its end). So `make` must be a pure function of the world and the key.
   */
  once<T>(key: string, make: () => T): T {
    if (this.young.has(key)) return this.young.get(key) as T;
    const value = this.old.has(key) ? (this.old.get(key) as T) : make();
    if (this.young.size >= MEMO_GENERATION) {
      this.old = this.young;
      this.young = new Map();
    }
    this.young.set(key, value);
    return value;
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
