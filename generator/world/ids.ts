import { hash } from "node:crypto";

/**
 * A stable numeric id for an entity path. Providers expose big integer ids (GitHub's are 9-10 digits);
 * deriving them from the path, not from a counter, means adding entities never renumbers others.
 */
export function stableId(seed: string, path: string, min = 100_000_000, span = 1_900_000_000): number {
  return hashed(seed, path, min, span).id;
}

/** A path's id, and a 48-bit fingerprint of the path that tells whose an id is without keeping the path. */
function hashed(seed: string, path: string, min: number, span: number): { id: number; owner: number } {
  const digest = hash("sha256", `${seed}\u0000id\u0000${path}`, "buffer");
  return { id: min + (digest.readUInt32BE(0) % span), owner: digest.readUIntBE(4, 6) };
}

/**
 * The ids of one universe, unique by construction within each range: an entity's id is its path's
 * stableId, unless an entity met earlier holds that number, in which case the path is hashed again with a
 * probe count until a free number comes. The same path always gets the same id: each number is kept with
 * its owner's fingerprint, not its path, so the registry costs a few bytes an id. At the default scale no
 * two paths share a number, so every id is its path's stableId; at ten times the scale some two dozen
 * would, and each later one moves.
 *
 * A child registry (operations, a provider's own entities) treats every id of its parent as taken and
 * keeps its own beside them, so what a provider adds never renumbers the world, whatever was built first.
 */
export class IdRegistry {
  private readonly taken = new Map<string, Map<number, number>>();
  private sealed = false;

  constructor(
    readonly seed: string,
    private readonly parent?: IdRegistry,
  ) {}

  /** No new ids from here on (the world once built): a provider that needs its own takes a child. */
  seal(): void {
    this.sealed = true;
  }

  id(path: string, min = 100_000_000, span = 1_900_000_000): number {
    const range = `${min}+${span}`;
    let taken = this.taken.get(range);
    if (!taken) this.taken.set(range, (taken = new Map()));
    for (let probe = 0; ; probe++) {
      // A range this full is a misuse (ids are drawn from ranges millions of times larger than their count).
      if (probe === 10_000) throw new Error(`no free id for '${path}' in ${range} after ${probe} tries`);
      const { id, owner } = hashed(this.seed, probe === 0 ? path : `${path}\u0000probe\u0000${probe}`, min, span);
      const holder = taken.get(id) ?? this.parent?.holder(range, id);
      if (holder === owner) return id;
      if (holder !== undefined) continue;
      if (this.sealed) throw new Error(`no new id for '${path}': this registry is sealed, take a child() for ids of your own`);
      taken.set(id, owner);
      return id;
    }
  }

  /**
   * A provider's own formula id (a value with a meaning of its own, like a push id taken from its
   * commit's SHA), made unique the registry's way: `preferred` when no other owner holds it, else the
   * path's probes within `min`..`min + span`. At the default scale no formula meets another, so every
   * value stays its formula's; the registry is what keeps a larger universe free of collisions.
   */
  claim(path: string, preferred: number, min: number, span: number): number {
    const range = `claim:${min}+${span}`;
    let taken = this.taken.get(range);
    if (!taken) this.taken.set(range, (taken = new Map()));
    const { owner } = hashed(this.seed, path, min, span);
    const holder = taken.get(preferred) ?? this.parent?.holder(range, preferred);
    if (holder === owner) return preferred;
    if (holder === undefined) {
      if (this.sealed) throw new Error(`no new id for '${path}': this registry is sealed, take a child() for ids of your own`);
      taken.set(preferred, owner);
      return preferred;
    }
    for (let probe = 1; probe < 10_000; probe++) {
      const { id } = hashed(this.seed, `${path}\u0000probe\u0000${probe}`, min, span);
      const h = taken.get(id) ?? this.parent?.holder(range, id);
      if (h === owner) return id;
      if (h !== undefined) continue;
      taken.set(id, owner);
      return id;
    }
    throw new Error(`no free id for '${path}' in ${range}`);
  }

  child(): IdRegistry {
    return new IdRegistry(this.seed, this);
  }

  private holder(range: string, id: number): number | undefined {
    return this.taken.get(range)?.get(id) ?? this.parent?.holder(range, id);
  }
}

/** Lower-case, hyphenated. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * A UUID in version 4's layout from (at least) 32 hex digits of a keyed hash: the version digit is 4, and
 * the variant digit is 8, 9, a or b by the hash, or the one given (some providers' ids always show `a`).
 * Keyed, not random: the same key gives the same id on every build.
 */
export function uuidFromHex(hex: string, variant?: string): string {
  const v = variant ?? "89ab"[Number.parseInt(hex[16]!, 16) % 4]!;
  return hexAsUuid(`${hex.slice(0, 12)}4${hex.slice(13, 16)}${v}${hex.slice(17, 32)}`);
}

/** 32 hex digits (or more) as a UUID's 8-4-4-4-12 groups, as they are: no version or variant digit set. */
export function hexAsUuid(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
