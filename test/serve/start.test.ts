import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readlinkSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * `snapverse start` (npm start) as a user meets it, on one small pin: the server answers the catalog
 * while the pin is still building, the pin answers its provider's 503 with a Retry-After until its build
 * is in place, then its own answer; a second start reuses the pin's tree (same build, same inode) and
 * answers it at once; a build whose inputs changed (here: the scale) builds it again.
 */
const BIN = resolve("bin/snapverse.js");
const PIN = "devin-v1";
const work = mkdtempSync(join(tmpdir(), "snapverse-start-"));
const dist = join(work, "dist");
const running = new Set<ChildProcess>();

afterAll(async () => {
  await Promise.all([...running].map(stop));
  rmSync(work, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer();
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

/** `start` on one pin, HTTP only, one serving process, without the live hosts; its stderr collected. */
async function start(): Promise<{ child: ChildProcess; base: string; log: () => string }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [BIN, "start", "--dist", dist, "--pin", PIN, "--port", String(port), "--no-https", "--no-live", "--quiet", "--workers", "1"],
    { cwd: work, stdio: ["ignore", "ignore", "pipe"] },
  );
  running.add(child);
  let stderr = "";
  child.stderr!.setEncoding("utf8").on("data", (d: string) => (stderr += d));
  return { child, base: `http://127.0.0.1:${port}`, log: () => stderr };
}

function stop(child: ChildProcess): Promise<void> {
  running.delete(child);
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once("exit", () => done());
    child.kill("SIGTERM");
  });
}

/** Polls until `ok` holds of the answer (a refused connection is no answer yet). */
async function until(url: string, ok: (res: Response) => boolean, ms = 150_000): Promise<Response> {
  const deadline = Date.now() + ms;
  for (;;) {
    const res = await fetch(url, { headers: { authorization: "Bearer any" } }).catch(() => undefined);
    if (res && ok(res)) return res;
    await res?.arrayBuffer();
    if (Date.now() > deadline) throw new Error(`${url} never answered as expected (last: ${res?.status ?? "no connection"})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The ETag the build recorded for a route of the pin in `dist`. */
function recordedEtag(key: string): string {
  const routes = JSON.parse(readFileSync(join(dist, PIN, "_snapverse/routes.json"), "utf8")) as Record<string, { etag: string }>;
  return routes[key]!.etag;
}

describe("snapverse start", () => {
  it("answers the catalog at once, a pin still building with its provider's 503 and Retry-After, then the pin", async () => {
    const run = await start();
    try {
      const catalog = await until(`${run.base}/catalog/v1/snapshots`, (r) => r.status === 200);
      expect(((await catalog.json()) as { snapshots?: unknown[] }).snapshots?.length).toBeGreaterThan(0);
      // The catalog answers before the build workers have even made the world: the pin is not in place yet.
      const early = await fetch(`${run.base}/${PIN}/v1/sessions`, { headers: { authorization: "Bearer any" } });
      const body = await early.text();
      expect(early.status, body).toBe(503);
      expect(early.headers.get("retry-after")).toBe("5");
      expect(body).toMatch(new RegExp(`The pin '${PIN}' is being built`));
      const built = await until(`${run.base}/${PIN}/v1/sessions`, (r) => r.status !== 503);
      expect(built.status).toBe(200);
      expect(built.headers.get("etag")).toContain(recordedEtag("v1/sessions"));
      expect(((await built.json()) as { sessions?: unknown[] }).sessions?.length).toBeGreaterThan(0);
      await until(`${run.base}/catalog/v1/snapshots`, () => /start: every pin is in place/.test(run.log()), 60_000);
      expect(run.log()).toMatch(new RegExp(`build ${PIN}: no earlier build`));
    } finally {
      await stop(run.child);
    }
  }, 240_000);

  it("reuses the pin on a second start (same build, same files), and builds it again when an input changes", async () => {
    const link = readlinkSync(join(dist, PIN));
    const routes = join(dist, PIN, "_snapverse/routes.json");
    const inode = statSync(routes).ino;
    const run = await start();
    try {
      await until(`${run.base}/catalog/v1/snapshots`, (r) => r.status === 200);
      // In place from the first answer on: nothing is being built.
      const first = await fetch(`${run.base}/${PIN}/v1/sessions`, { headers: { authorization: "Bearer any" } });
      expect(first.status, await first.text()).toBe(200);
      await until(`${run.base}/catalog/v1/snapshots`, () => /start: every pin is in place/.test(run.log()), 60_000);
      expect(run.log()).toMatch(new RegExp(`reuse ${PIN}: inputs unchanged`));
      expect(run.log()).not.toMatch(/world generation/);
    } finally {
      await stop(run.child);
    }
    expect(readlinkSync(join(dist, PIN))).toBe(link);
    expect(statSync(routes).ino).toBe(inode);

    // The scale is an input: the pin is built again, into a new build the link moves to.
    const rebuilt = spawnSync(process.execPath, [BIN, "build", "--pin", PIN, "--out", dist, "--scale", "1.01"], {
      cwd: work,
      encoding: "utf8",
    });
    expect(rebuilt.status, rebuilt.stderr).toBe(0);
    expect(rebuilt.stderr).toMatch(new RegExp(`build ${PIN}: its inputs changed`));
    expect(readlinkSync(join(dist, PIN))).not.toBe(link);
    // The build it replaced is gone once the link moved.
    expect(existsSync(join(dist, link))).toBe(false);
  }, 240_000);
});
