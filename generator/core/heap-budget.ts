import { getHeapSnapshot, getHeapStatistics, setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/**
 * Keeps a long build's heap near what it holds. V8 lets an old generation grow to several times its
 * live size before it collects it in full; a build holds a few hundred MB (the world, one pin's
 * indexes) and makes gigabytes of short-lived objects, so its heap ran to two or three times what it
 * held (a 1.9 GB peak for 0.6 GB live at --scale 5).
 *
 * `check()`, called every few hundred resources, collects in full once the heap passes `factor` times
 * what it held after the last collection (and at least `floor` bytes). The budget follows the live
 * size, so a larger universe is collected as often, never refused (a fixed --max-old-space-size would
 * end a large build in an out-of-memory crash).
 */
export class HeapBudget {
  private readonly collect: () => void;
  private budget: number;
  collections = 0;
  /** Bytes the heap held after the last collection this budget made. */
  heldAfterLastCollection = 0;

  /**
   * `dropCompiledHolds` is what releaseWorld does past its leftover: a heap snapshot, taken and thrown
   * away. Its time grows with the heap (tens of seconds in a test runner's worker), so a test gives its own.
   */
  constructor(
    private readonly factor = 1.2,
    private readonly floor = 256 * 1024 * 1024,
    private readonly dropCompiledHolds: () => void = () => void getHeapSnapshot().destroy(),
  ) {
    // The collector is exposed to a fresh context only: nothing else in the process sees a global gc().
    setFlagsFromString("--expose-gc");
    this.collect = runInNewContext("gc") as () => void;
    this.budget = floor;
  }

  check(): void {
    if (getHeapStatistics().used_heap_size < this.budget) return;
    this.collectNow();
  }

  /**
   * Drops what a finished world left, before the next one is made (the build calls it at a switch of
   * generation). A full collection is not enough: the optimizing compiler's code keeps some of the dead
   * world's objects reachable (with --no-opt they go), 125 MB of it at --scale 10, for as long as that
   * code lives, which was all of the next generation's pins. Taking a heap snapshot drops them (V8 lets
   * such code go for it), so one is taken and thrown away, under a second at --scale 10. Below `leftover`
   * bytes held after the collection it is not worth its time: 20-40 MB are left at --scale 1 to 3.
   */
  releaseWorld(leftover = 96 * 1024 * 1024): void {
    this.collectNow();
    if (this.heldAfterLastCollection < leftover) return;
    this.dropCompiledHolds();
    this.collectNow();
  }

  /**
   * Collects in full now. Also when the build drops a world (releaseWorld): the next world is made without
   * a check (a world has no progress calls), and the old one, unreachable but not yet collected, was still
   * in the heap beside it (a peak of 1,057 MiB at --scale 10, against 939 at every other pin).
   */
  collectNow(): void {
    this.collect();
    this.collections++;
    this.heldAfterLastCollection = getHeapStatistics().used_heap_size;
    this.budget = Math.max(this.floor, this.heldAfterLastCollection * this.factor);
  }
}
