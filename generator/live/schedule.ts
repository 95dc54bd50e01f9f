import type { LiveSettings } from "../catalog/types.js";
import { isoSeconds } from "../world/clock.js";
import { buildName, latestSlot, nextSlot } from "./settings.js";

export interface SchedulerOptions {
  settings: LiveSettings;
  /** The clock; injected so tests can cross midnight in milliseconds. */
  now: () => number;
  /** The build serving now, if any. */
  serving: () => string | undefined;
  /** Runs the live job for a slot (the server spawns `snapverse live --now <slot>`); rejects on failure. */
  run: (slot: number) => Promise<void>;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  log?: (message: string) => void;
}

/**
 * The server's scheduled regeneration (every regenerate_every from regenerate_at). On start it builds the latest slot
 * if that is not what is serving
 * (a server started at noon serves today's universe, not nothing); then it sleeps until the next slot.
 * One run at a time; a failed run is reported and the build before keeps serving until the next slot.
 */
export class LiveScheduler {
  private timer: unknown;
  private running: Promise<void> | undefined;
  private stopped = false;
  readonly history: Array<{ slot: string; ok: boolean; error?: string }> = [];

  constructor(private readonly o: SchedulerOptions) {}

  start(): void {
    const slot = latestSlot(this.o.settings, this.o.now());
    if (this.o.serving() !== buildName(slot)) void this.runSlot(slot);
    this.arm();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== undefined) (this.o.clearTimer ?? clearTimeout)(this.timer as NodeJS.Timeout);
  }

  /** Resolves when the run in progress (if any) ends. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private arm(): void {
    if (this.stopped) return;
    const now = this.o.now();
    const at = nextSlot(this.o.settings, now);
    // Timers drift and sleep through suspends: wake at the slot, then re-check the clock.
    this.timer = (this.o.setTimer ?? setTimeout)(
      () => {
        const slot = latestSlot(this.o.settings, this.o.now());
        if (this.o.serving() !== buildName(slot)) void this.runSlot(slot);
        this.arm();
      },
      Math.max(1_000, at - now),
    );
  }

  private async runSlot(slot: number): Promise<void> {
    if (this.running) return;
    const label = isoSeconds(slot);
    this.o.log?.(`live: regenerating as of ${label}`);
    this.running = this.o
      .run(slot)
      .then(
        () => {
          this.history.push({ slot: label, ok: true });
          this.o.log?.(`live: now serving ${buildName(slot)}`);
        },
        (error: unknown) => {
          this.history.push({ slot: label, ok: false, error: String((error as Error).message ?? error) });
          this.o.log?.(`live: the run as of ${label} failed; the build before keeps serving: ${String((error as Error).message ?? error)}`);
        },
      )
      .finally(() => {
        this.running = undefined;
      });
    await this.running;
  }
}
