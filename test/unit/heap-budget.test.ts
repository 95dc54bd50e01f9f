import { getHeapStatistics } from "node:v8";
import { describe, expect, it } from "vitest";
import { HeapBudget } from "../../generator/core/heap-budget.js";

describe("the build's heap budget", () => {
  it("collects once the heap passes its budget, and follows what the heap holds", () => {
    const floor = 48 * 1024 * 1024;
    const budget = new HeapBudget(1.5, floor);
    // Objects that live for 30 rounds, long enough to reach the old generation, then die: what a
    // build's pages and indexes do. About 30 MB is alive at any time.
    const ring: string[][] = [];
    let highest = 0;
    for (let round = 0; round < 600; round++) {
      const page: string[] = [];
      for (let i = 0; i < 2_000; i++) page.push(`${round}:${i}:${"x".repeat(500)}`);
      ring.push(page);
      if (ring.length > 30) ring.shift();
      budget.check();
      highest = Math.max(highest, getHeapStatistics().used_heap_size);
    }
    expect(ring.length).toBe(30);
    expect(budget.collections).toBeGreaterThan(0);
    // The heap never ran far past its budget: 1.5x what it held, plus one round's allocations.
    expect(highest).toBeLessThan(Math.max(floor, budget.heldAfterLastCollection * 1.5) + 16 * 1024 * 1024);
  });

  it("releases a dropped world with one collection, and with a snapshot between two past its leftover", () => {
    // What happens between the two collections, in order: a snapshot of this runner's heap would take
    // tens of seconds under the whole suite.
    const steps: string[] = [];
    const budget: HeapBudget = new HeapBudget(1.2, 1, (): void => void steps.push(`drop after ${budget.collections}`));
    budget.releaseWorld(Number.POSITIVE_INFINITY);
    expect(budget.collections).toBe(1);
    expect(steps.join("|")).toBe("");
    budget.releaseWorld(0);
    expect(budget.collections).toBe(3);
    expect(steps.join("|")).toBe("drop after 2");
    expect(budget.heldAfterLastCollection).toBeGreaterThan(0);
  });
});
