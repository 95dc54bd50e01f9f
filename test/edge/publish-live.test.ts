import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ServingProfile } from "../../generator/core/provider.js";
import { CREDENTIALS, DOMAIN, SCALE, cli, credentials, decoded, edgeBench } from "./harness.js";
import { raw } from "./processes.js";

/**
 * Live hosts on a bucket (harness.ts): a new live build published while the edge is under load switches
 * every host at once, with no failed and no mixed answer. Pruning is publish-prune.test.ts (a file each, under
 * the per-file budget).
 */
// Small hosts at this scale: the test is about the switch, not the volume (zendesk's support queue is
// drawn per 6-hour window whatever the scale, and made this file too slow).
const LIVE_PREFIXES = ["statuspage", "sentry", "slack"];
const bench = edgeBench({ pins: [], live: LIVE_PREFIXES, publish: true });

describe("snapverse publish, live hosts", () => {
  it("switches the live hosts under load with no failed and no mixed answer", async () => {
    const current = () => (JSON.parse(readFileSync(join(bench.dist, "live", "current.json"), "utf8")) as { build: string }).build;
    const old = current();
    const liveJob = (now: string) =>
      bench.run([
        "live",
        "--dist",
        bench.dist,
        "--scale",
        SCALE,
        "--now",
        now,
        "--origin",
        `https://{pin}.${DOMAIN}`,
        "--prefix",
        ...LIVE_PREFIXES,
      ]);
    liveJob("2026-11-27T02:00:00Z");
    const next = current();
    expect(next).not.toBe(old);
    // Pre-rendered answers of each host, by build: what each answer must be, whole.
    const targets = LIVE_PREFIXES.flatMap((host) => {
      const meta = (build: string, file: string) =>
        JSON.parse(readFileSync(join(bench.dist, "live", build, host, "_snapverse", file), "utf8")) as unknown;
      const [a, b] = [old, next].map((build) => meta(build, "routes.json") as Record<string, { file: string; status: number }>) as [
        Record<string, { file: string; status: number }>,
        Record<string, { file: string; status: number }>,
      ];
      const keys = Object.keys(a)
        .filter((k) => a[k]!.status === 200 && b[k]?.status === 200 && !k.includes("?") && !k.startsWith("_snapverse/"))
        .sort()
        .slice(0, 4);
      return keys.map((key) => ({
        host,
        key,
        headers: credentials(meta(old, "serving.json") as ServingProfile),
        bodies: new Map([old, next].map((build, i) => [build, readFileSync(join(bench.dist, "live", build, host, [a, b][i]![key]!.file))])),
      }));
    });
    expect(targets.length).toBeGreaterThan(8);
    const child = spawn(process.execPath, cli(...bench.publishArgs()), {
      env: { ...process.env, ...CREDENTIALS },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    let done = false;
    child.on("exit", () => (done = true));
    const seen = new Map<string, number>();
    let afterSwitch = 0;
    await Promise.all(
      Array.from({ length: 8 }, async (_, w) => {
        for (let i = w; afterSwitch < 100; i++) {
          const t = targets[i % targets.length]!;
          const res = await raw(bench.edgePort, `${t.host}.${DOMAIN}`, `/${t.key}`, { headers: t.headers });
          expect(res.status, `${t.host}/${t.key}`).toBe(200);
          const build = res.headers["x-snapverse-live-build"]!;
          expect(t.bodies.has(build), `${t.host}/${t.key}: build ${build}`).toBe(true);
          // The stored body names the host's canonical origin; the answer the one it was asked on (decision 0027).
          const asked = new RegExp(`http://${t.host}\\.${DOMAIN.replaceAll(".", "\\.")}(?::\\d+)?`, "g");
          const canonical = decoded(res).toString("utf8").replace(asked, `https://${t.host}.${DOMAIN}`);
          expect(canonical === t.bodies.get(build)!.toString("utf8"), `${t.host}/${t.key}: the body of ${build}`).toBe(true);
          seen.set(build, (seen.get(build) ?? 0) + 1);
          if (done) afterSwitch++;
        }
      }),
    );
    expect(out).toContain(`live  serving ${next}`);
    expect([...seen.keys()].sort().join(",")).toBe([old, next].sort().join(","));
    expect(seen.get(old)! + seen.get(next)!).toBeGreaterThan(200);
  }, 120_000);
});
