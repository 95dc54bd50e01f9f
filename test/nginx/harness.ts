import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freePort } from "../serve/http.js";
import type { ServingProfile } from "../../generator/core/provider.js";
import { DOMAIN, SCALE, cli, compare, credentials, sample, type Sampled } from "../edge/harness.js";
import { start, type Started } from "../edge/processes.js";

/**
 * Self-hosting with nginx (decision 0018), as an operator runs it: a built tree, `snapverse serve` on it,
 * `snapverse nginx` writing the configuration, and Debian's nginx with njs (installed by the project's
 * scripts/install-system-deps.sh, from the global setup) started on it. Each file makes its own bench, at
 * the edge tests' scale. `edgePort` is nginx's, so the edge tests' sample() and compare() take the bench.
 */
export interface NginxBench {
  work: string;
  dist: string;
  pins: string[];
  live: string[];
  localPort: number;
  edgePort: number;
  run(args: string[]): string;
  /** The access log's lines so far: the last field but one is "-" for an answer nginx gave from disk. */
  accessLog(): string[];
  exportOutput: string;
}

export function nginxBench(setup: { pins: string[]; live: string[] }): NginxBench {
  const work = mkdtempSync(join(tmpdir(), "snapverse-nginx-"));
  const dist = join(work, "dist");
  const out = join(work, "nginx");
  const processes: Started[] = [];
  const run = (args: string[]) => {
    const done = spawnSync(process.execPath, cli(...args), { encoding: "utf8" });
    if (done.status !== 0)
      throw new Error(`snapverse ${args[0]} exited with ${done.status}: ${`${done.stdout}${done.stderr}`.slice(-1500)}`);
    return `${done.stdout}${done.stderr}`;
  };
  const bench: NginxBench = {
    work,
    dist,
    localPort: 0,
    edgePort: 0,
    pins: setup.pins,
    live: setup.live,
    exportOutput: "",
    run,
    accessLog: () => readFileSync(join(out, "access.log"), "utf8").split("\n").filter(Boolean),
  };
  beforeAll(async () => {
    // The global setup ran scripts/install-system-deps.sh nginx njs.
    const failure = inject("nginxInstallFailure");
    if (failure) throw new Error(failure);
    run(["build", "--out", dist, "--scale", SCALE, "--pin", ...setup.pins]);
    if (setup.live.length) run(["live", "--dist", dist, "--scale", SCALE, "--now", "2026-11-26T02:00:00Z", "--prefix", ...setup.live]);
    bench.localPort = await freePort();
    processes.push(
      await start(
        cli("serve", "--dist", dist, "--port", String(bench.localPort), "--no-https", "--quiet", "--any-origin", "--workers", "1"),
        bench.localPort,
      ),
    );
    bench.edgePort = await freePort();
    bench.exportOutput = run([
      "nginx",
      "--dist",
      dist,
      "--out",
      out,
      "--listen",
      `127.0.0.1:${bench.edgePort}`,
      "--upstream",
      `127.0.0.1:${bench.localPort}`,
      ...(process.getuid?.() === 0 ? ["--user", "root"] : []),
    ]);
    processes.push(await start(["-p", out, "-c", "nginx.conf", "-g", "daemon off;"], bench.edgePort, {}, "/usr/sbin/nginx"));
  }, 300_000);
  afterAll(async () => {
    for (const p of processes.reverse()) await p.stop();
    rmSync(work, { recursive: true, force: true });
  });
  return bench;
}

/**
 * A parity file: the edge tests' sample (every twentieth route, permuted and padded queries, computed
 * pages, HEAD, unknown paths, writes, every encoding, 304s) sent to `snapverse serve` and to nginx in
 * front of it, held to the same answers; and most canonical reads answered by nginx from disk.
 */
export function nginxParity(group: { pins: string[]; live: string[] }, extra: () => Sampled[] = () => []): NginxBench {
  const bench = nginxBench(group);
  const providers = [...group.pins.map((p) => p.replace(/-.*/, "")), ...group.live];
  describe(`nginx + njs answers as the local server: ${providers.join(", ")}`, () => {
    it("answers every sampled request alike, and the canonical reads from disk", async () => {
      const requests = [...sample(bench), ...extra()];
      const before = bench.accessLog().length;
      const seen = await compare(bench, requests);
      for (const p of providers) expect(seen.providers.has(p), p).toBe(true);
      for (const status of [200, 304, 404]) expect(seen.statuses.has(status), `a ${status} among the answers`).toBe(true);
      const lines = bench.accessLog().slice(before);
      const fromDisk = lines.filter((l) => l.split(" ").at(-2) === "-").length;
      // Each pin's canonical routes (a third of the sample and more) come from disk; the rest is proxied.
      expect(fromDisk, bench.exportOutput).toBeGreaterThan(requests.length / 4);
      expect(lines.length - fromDisk).toBeGreaterThan(0);
      for (const p of group.pins) expect(bench.exportOutput).toMatch(new RegExp(`nginx ${p}: [1-9]\\d* of \\d+ routes from disk`));
    }, 120_000);

    it("answers every route of every pin alike, from disk where the table has it", async () => {
      const requests = group.pins.flatMap((pin) => everyRoute(bench, pin));
      const before = bench.accessLog().length;
      const seen = await compare(bench, requests);
      expect(seen.compared).toBe(requests.length);
      const fromDisk = bench
        .accessLog()
        .slice(before)
        .filter((l) => l.split(" ").at(-2) === "-").length;
      // What the table leaves out is what only the resolver reads right: keys with encoded paths, internal indexes.
      expect(fromDisk, `${fromDisk} of ${requests.length} routes from disk`).toBeGreaterThan(requests.length * 0.9);
      // Every route of four pins, twice each: a guard against a hang, not a speed goal (that is npm run bench).
    }, 300_000);
  });
  return bench;
}

/** A GET of every route of a pin as built now, with a credential its provider accepts. */
export function everyRoute(bench: NginxBench, pin: string): Sampled[] {
  const dir = join(bench.dist, pin, "_snapverse");
  const auth = credentials(JSON.parse(readFileSync(join(dir, "serving.json"), "utf8")) as ServingProfile);
  const keys = Object.keys(JSON.parse(readFileSync(join(dir, "routes.json"), "utf8")) as object).sort();
  // A key is sent as it is stored, but for what a request line cannot carry raw (a space in a ref name).
  return keys.map((key) => ({
    provider: pin,
    host: `${pin}.snap.${DOMAIN}`,
    path: `/${key.replace(/[^\x21-\x7e]/gu, encodeURIComponent)}`,
    init: { headers: auth },
  }));
}

export { DOMAIN };
