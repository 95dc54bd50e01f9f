import { describe, expect, it } from "vitest";
import { loadCatalog } from "../../generator/catalog/index.js";
import { IdRegistry, stableId } from "../../generator/world/ids.js";
import { buildWorld, loadTemplates } from "../../generator/world/index.js";

/**
 * Issue 18: ids never collide at any scale. Every id the world derives from a path comes from one
 * registry (world/ids.ts), which gives each path its stableId unless an earlier path holds that number.
 */
const catalog = loadCatalog("catalog.yaml");
const render = loadTemplates("templates/repo");

/**
 * Every numeric `id` of at least 9 digits in a value (the hashed ranges; small counters are not hashed),
 * with where it was found. Git objects and byte arrays hold no ids and are not walked.
 */
function hashedIds(value: unknown, out: Map<number, string>, dupes: string[], where: () => string, seen = new Set<object>()): void {
  if (value === null || typeof value !== "object" || seen.has(value) || ArrayBuffer.isView(value)) return;
  seen.add(value);
  if (value instanceof Map || value instanceof Set) return;
  // A reference ({id} or {type, id}: an escalation rule's target) repeats its entity's id: not an entity.
  const entries = Object.entries(value);
  const reference = !Array.isArray(value) && entries.length <= 2 && "id" in value;
  for (const [k, v] of entries) {
    if (k === "objects" || k === "blobs" || (reference && k === "id")) continue;
    const here = () => `${where()}.${k}`;
    if (k === "id" && typeof v === "number" && v >= 100_000_000) {
      const other = out.get(v);
      if (other !== undefined) dupes.push(`${v}: ${other} and ${here()}`);
      else out.set(v, here());
    } else if (typeof v === "object") hashedIds(v, out, dupes, here, seen);
  }
}

describe("ids", () => {
  it("are unique across a universe ten times the default size, operations included", () => {
    const world = buildWorld(catalog.generations.get(5)!, { render, scale: 10 });
    const ids = new Map<number, string>();
    const dupes: string[] = [];
    hashedIds({ ...world, operations: world.operations }, ids, dupes, () => "world");
    expect(dupes.slice(0, 5)).toStrictEqual([]);
    // Enough of them that hashing alone would have collided (about 25 pairs at this size).
    expect(ids.size).toBeGreaterThan(150_000);
  }, 120_000);

  it("are the paths' own stableIds at the default scale (no pin's bytes moved)", () => {
    const g = catalog.generations.get(5)!;
    const world = buildWorld(g, { render });
    const pr = world.repos[0]!.pulls[0]!;
    expect(pr.id).toBe(stableId(g.seed, `repo/${world.repos[0]!.name}/pull/${pr.number}`));
  });

  it("move a later path that lands on a taken number, give one path one id, and keep a child clear of its parent", () => {
    // A range of 3 numbers makes collisions certain.
    const ids = new IdRegistry("seed");
    const got = ["a", "b", "c"].map((p) => ids.id(p, 1, 3));
    expect([...new Set(got)].sort()).toStrictEqual([1, 2, 3]);
    expect(["c", "a", "b"].map((p) => ids.id(p, 1, 3))).toStrictEqual([got[2], got[0], got[1]]);
    const child = ids.child();
    const big = child.id("d", 1, 5);
    expect(got).not.toContain(big);
    ids.seal();
    expect(ids.id("a", 1, 3)).toBe(got[0]);
    expect(() => ids.id("e", 1, 10)).toThrow(/sealed/);
    // A range with no number left is an error, not an endless search.
    expect(() => child.id("e", 1, 3)).toThrow(/no free id/);
  });
});
