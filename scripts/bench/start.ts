import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { ROOT, tracked } from "./common.js";

/** Seconds from `npm start` to its first pin answering, to every pin, on a fresh tree; and to every pin on a second start. */
export interface StartResult {
  fresh: { firstPin: number; everyPin: number };
  second: { everyPin: number };
  pins: string[];
}

function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer();
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

/**
 * One `snapverse start` on `dist` (HTTP, no live hosts, no access log), timed from its spawn: a pin
 * answers once its path-style root gives anything but a 503 (what a pin still building answers).
 */
async function timeStart(dist: string, pins: string[], say: (line: string) => void): Promise<{ firstPin: number; everyPin: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = tracked(
    spawn(
      process.execPath,
      [
        join(ROOT, "bin/snapverse.js"),
        "start",
        "--dist",
        dist,
        "--port",
        String(port),
        "--no-https",
        "--no-live",
        "--quiet",
        ...(pins.length ? ["--pin", ...pins] : []),
      ],
      { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] },
    ),
  );
  const answered = new Map<string, number>();
  const names = pins.length ? pins : await catalogPins(port);
  try {
    while (answered.size < names.length) {
      if (child.exitCode !== null) throw new Error(`start exited with ${child.exitCode}`);
      for (const name of names.filter((n) => !answered.has(n))) {
        const res = await fetch(`http://127.0.0.1:${port}/${name}/`).catch(() => undefined);
        await res?.arrayBuffer();
        if (res && res.status !== 503) {
          answered.set(name, (performance.now() - started) / 1000);
          say(`start: ${name} answers after ${answered.get(name)!.toFixed(1)} s`);
        }
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await new Promise((done) => {
      child.once("close", done);
      child.kill("SIGTERM");
    });
  }
  const times = [...answered.values()];
  return { firstPin: Math.min(...times), everyPin: Math.max(...times) };

  /** The catalog's pins that have a generator, once the server answers its catalog. */
  async function catalogPins(p: number): Promise<string[]> {
    for (;;) {
      const res = await fetch(`http://127.0.0.1:${p}/catalog/v1/snapshots`).catch(() => undefined);
      if (res?.status === 200) {
        const body = (await res.json()) as { snapshots: Array<{ pin: string; available: boolean }> };
        return body.snapshots.filter((s) => s.available).map((s) => s.pin);
      }
      if (child.exitCode !== null) throw new Error(`start exited with ${child.exitCode}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** `npm start` on a fresh tree, then again on the same tree (every pin reused). */
export async function benchStart(work: string, pins: string[], say: (line: string) => void): Promise<StartResult> {
  const dist = join(work, "start-tree");
  rmSync(dist, { recursive: true, force: true });
  say("start: on a fresh tree");
  const fresh = await timeStart(dist, pins, say);
  say("start: again on the same tree");
  const second = await timeStart(dist, pins, say);
  rmSync(dist, { recursive: true, force: true });
  return { fresh, second: { everyPin: second.everyPin }, pins };
}
