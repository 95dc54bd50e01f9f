import { describe, expect, it } from "vitest";
import { loadCatalog } from "../../generator/catalog/index.js";
import { IdRegistry, stableId } from "../../generator/world/ids.js";
import { buildWorld, loadTemplates } from "../../generator/world/index.js";

/**
 * Issue 18: ids never collide at any scale. Every id the world derives from a path comes from one
 * registry (world/ids.ts), which gives each path its stableId unless an earlier path holds that number.
 * That no id collides in a universe ten times the default size is test/scale/ids.test.ts: it builds that
 * universe (about 25 s), too slow for `npm run test:quick`.
 */
const catalog = loadCatalog("catalog.yaml");
const render = loadTemplates("templates/repo");

describe("ids", () => {
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
