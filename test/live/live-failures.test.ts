import { once } from "node:events";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { FolderSink, type Sink } from "../../generator/emit/sink.js";
import { LiveJobError } from "../../generator/live/job.js";
import { liveRoot, readCurrent } from "../../generator/format/live.js";
import { LiveScheduler } from "../../generator/live/schedule.js";
import { liveHarness } from "./harness.js";

/**
 * Live mode when things go wrong, on a bench of its own that starts from one nightly build: a job killed
 * mid-write, a disk that fails or loses a write, and a scheduled run that fails.
 */
const { settings, dist, at, job, childJob, get } = liveHarness();

beforeAll(() => {
  expect(job(at("2026-11-22T03:00:00Z")).kind).toBe("switched");
}, 120_000);

describe("live mode, when things go wrong", () => {
  it("keeps serving the old build when a run is killed mid-write, and the next run cleans up and succeeds", async () => {
    const before = readCurrent(dist)!.build;
    const child = childJob("2026-11-23T03:00:00Z");
    const building = join(liveRoot(dist), ".building-2026-11-23T0200Z");
    for (let i = 0; i < 400 && !(existsSync(building) && readdirSync(building).length > 0); i++)
      await new Promise((r) => setTimeout(r, 25));
    expect(existsSync(building)).toBe(true);
    child.kill("SIGKILL");
    await once(child, "exit");
    expect(readCurrent(dist)!.build).toBe(before);
    const during = await get("/gh/user");
    expect(`${during.status} ${during.build}`).toBe(`200 ${before}`);
    const result = job(at("2026-11-23T03:00:00Z"));
    expect(result.kind).toBe("switched");
    if (result.kind === "switched") expect(result.cleaned).toContain(".building-2026-11-23T0200Z");
    expect(readdirSync(liveRoot(dist)).filter((n) => n.startsWith("."))).toStrictEqual([]);
    expect((await get("/gh/user")).build).toBe("2026-11-23T0200Z");
  });

  it("switches nothing when the disk fails mid-build or a write is lost", async () => {
    const serving = readCurrent(dist)!;
    let writes = 0;
    const diskFull = (dir: string): Sink => {
      const inner = new FolderSink(dir);
      return {
        write: (file, bytes) => {
          if (++writes > 500) throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
          inner.write(file, bytes);
        },
        writeChunks: (file, chunks) => inner.writeChunks(file, chunks),
        commit: () => inner.commit(),
        abort: () => inner.abort(),
      };
    };
    expect(() => job(at("2026-11-25T03:00:00Z"), { sinkFor: diskFull })).toThrow(LiveJobError);
    try {
      job(at("2026-11-25T03:00:00Z"), { sinkFor: diskFull });
    } catch (error) {
      expect((error as Error).message).toContain(`keep serving ${serving.build}`);
      expect((error as Error).message).toContain("ENOSPC");
    }
    // A write that vanishes without an error is caught by verification.
    let dropped = "";
    const lossy = (dir: string): Sink => {
      const inner = new FolderSink(dir);
      return {
        write: (file, bytes) => (!dropped && file.includes("/pulls/") ? void (dropped = file) : inner.write(file, bytes)),
        writeChunks: (file, chunks) => inner.writeChunks(file, chunks),
        commit: () => inner.commit(),
        abort: () => inner.abort(),
      };
    };
    expect(() => job(at("2026-11-25T03:00:00Z"), { sinkFor: lossy })).toThrow(/failed verification[\s\S]*is missing/);
    expect(JSON.stringify(readCurrent(dist))).toBe(JSON.stringify(serving));
    expect(readdirSync(liveRoot(dist)).filter((n) => n.startsWith("."))).toStrictEqual([]);
    expect((await get("/gh/user")).build).toBe(serving.build);
    // The status endpoint and the drift report of the build serving.
    const status = JSON.parse((await get("/catalog/v1/live")).text) as { current: string; hosts: string[] };
    expect(`${status.current} ${status.hosts.join(",")}`).toBe(`${serving.build} gh`);
    const drift = JSON.parse((await get("/catalog/v1/live/drift")).text) as { build: string; providers: Record<string, unknown> };
    expect(`${drift.build} ${Object.keys(drift.providers).join(",")}`).toBe(`${serving.build} gh`);
  });

  it("reports a failed scheduled run, keeps the build before, and runs again at the next slot", async () => {
    let now = at("2026-11-26T02:00:30Z");
    const timers: Array<() => void> = [];
    let fail = true;
    const scheduler = new LiveScheduler({
      settings,
      now: () => now,
      serving: () => readCurrent(dist)?.build,
      run: async (slot) => {
        if (fail) throw new Error("the build machine ran out of memory");
        job(slot);
      },
      setTimer: (fn) => timers.push(fn),
      clearTimer: () => {},
    });
    const before = readCurrent(dist)!.build;
    scheduler.start();
    await scheduler.idle();
    expect(scheduler.history.map((h) => `${h.slot} ${h.ok}`)).toStrictEqual(["2026-11-26T02:00:00Z false"]);
    expect(readCurrent(dist)!.build).toBe(before);
    expect(timers.length).toBe(1);
    fail = false;
    now = at("2026-11-27T02:00:05Z");
    timers.shift()!();
    await scheduler.idle();
    expect(readCurrent(dist)!.build).toBe("2026-11-27T0200Z");
    scheduler.stop();
  });
});
