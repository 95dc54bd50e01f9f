import { describe, expect, it } from "vitest";
import { loadCatalog } from "../../../generator/catalog/index.js";
import { GhContext } from "../../../generator/providers/gh/context.js";
import { buildWorld, loadTemplates } from "../../../generator/world/index.js";

/** Issue 18: GitHub's formula ids (push ids from SHAs) never collide, at ten times the default scale. */
describe("GitHub push ids", () => {
  const catalog = loadCatalog("catalog.yaml");
  const pin = catalog.pins.find((p) => p.name === "gh-2026-03-g5")!;

  it("are unique across every push of a universe ten times the default size, whatever the order asked", () => {
    const world = buildWorld(catalog.generations.get(5)!, { render: loadTemplates("templates/repo"), scale: 10 });
    const pushes = world.repos.flatMap((r) => [
      ...r.mainCommits.map((c) => [r, r.defaultBranch, c.sha] as const),
      ...r.pulls.flatMap((pr) => pr.commits.map((c) => [r, pr.headBranch, c.sha] as const)),
    ]);
    const formula = pushes.map(([, , sha]) => 20_000_000_000 + (Number.parseInt(sha.slice(0, 8), 16) % 1_000_000_000));
    // The formula alone collides at this size (one commit on two branches, or 32-bit prefixes that agree).
    expect(new Set(formula).size).toBeLessThan(pushes.length);
    const gh = new GhContext(world, { pin, catalog, origin: "http://localhost:1" });
    const ids = pushes.map(([r, ref, sha]) => gh.pushId(r, ref, sha));
    expect(new Set(ids).size).toBe(pushes.length);
    // Another context of the same world, asked in reverse, gives every push the same id.
    const again = new GhContext(world, { pin, catalog, origin: "http://localhost:2" });
    const reversed = [...pushes]
      .reverse()
      .map(([r, ref, sha]) => again.pushId(r, ref, sha))
      .reverse();
    expect(reversed.join(",")).toBe(ids.join(","));
    // Where the formula met no other push, the id is the formula's (so no pin's bytes moved).
    const counts = new Map<number, number>();
    for (const f of formula) counts.set(f, (counts.get(f) ?? 0) + 1);
    expect(ids.filter((id, i) => counts.get(formula[i]!) === 1 && id !== formula[i]).length).toBe(0);
  }, 180_000);
});
