import seedrandom from "seedrandom";

/**
 * A random stream keyed by an entity path, e.g. `rng(seed, "repo/payments-api/pull/12")`.
 * Every entity draws from its own stream, so adding an entity kind, a field or a provider never shifts
 * any other value: the only shared input is the generation's seed.
 */
export class Rng {
  private readonly next: () => number;

  constructor(seed: string, path: string) {
    this.next = seedrandom(`${seed}\u0000${path}`);
  }

  /** A float in [0, 1). */
  float(): number {
    return this.next();
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("pick from an empty list");
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks by weight; weights need not sum to 1. */
  weighted<T>(choices: ReadonlyArray<readonly [T, number]>): T {
    const total = choices.reduce((sum, [, w]) => sum + w, 0);
    let roll = this.next() * total;
    for (const [value, w] of choices) {
      roll -= w;
      if (roll < 0) return value;
    }
    return (choices[choices.length - 1] as readonly [T, number])[0];
  }

  /** A Fisher-Yates shuffled copy. */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }

  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle(items).slice(0, Math.max(0, Math.min(count, items.length)));
  }

  hex(length: number): string {
    let out = "";
    while (out.length < length) out += Math.floor(this.next() * 16).toString(16);
    return out;
  }
}

/** The per-generation factory: `world.rng("team/PAY/day/2026-04-02")`. */
export function rngFactory(seed: string): (path: string) => Rng {
  return (path) => new Rng(seed, path);
}
