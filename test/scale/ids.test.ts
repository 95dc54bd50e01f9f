import { describe, expect, it } from "vitest";
import { loadCatalog } from "../../generator/catalog/index.js";
import { buildWorld, loadTemplates } from "../../generator/world/index.js";

/**
 * Issue 18 at scale: no two entities share an id in a universe ten times the default size, where hashing
 * alone would collide. Its own folder, outside test/unit: building that universe takes about 25 s, which
 * `npm run test:quick` (under 30 s) cannot afford; `npm test` runs it.
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

describe("ids at ten times the default scale", () => {
  it("are unique across a universe ten times the default size, operations included", () => {
    const world = buildWorld(catalog.generations.get(5)!, { render, scale: 10 });
    const ids = new Map<number, string>();
    const dupes: string[] = [];
    hashedIds({ ...world, operations: world.operations }, ids, dupes, () => "world");
    expect(dupes.slice(0, 5)).toStrictEqual([]);
    // Enough of them that hashing alone would have collided (about 25 pairs at this size).
    expect(ids.size).toBeGreaterThan(150_000);
  }, 180_000);
});
