import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CREDENTIALS, DOMAIN, SCALE, edgeBench } from "./harness.js";
import { raw } from "./processes.js";

/**
 * Old live builds leave the bucket (harness.ts): with `--keep-live 1`, publishing a third build deletes
 * the first, and spares the one before the serving one, which a reader may still be on. One small host:
 * the test is about the bucket's folders, not the volume (the switch under load is publish-live.test.ts).
 */
const LIVE_PREFIXES = ["statuspage"];
const bench = edgeBench({ pins: [], live: LIVE_PREFIXES, publish: true });

describe("snapverse publish, live pruning", () => {
  it("prunes the oldest live build and keeps the serving one and the one before it", async () => {
    const current = () => (JSON.parse(readFileSync(join(bench.dist, "live", "current.json"), "utf8")) as { build: string }).build;
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
    const old = current();
    liveJob("2026-11-27T02:00:00Z");
    const next = current();
    expect(next).not.toBe(old);
    expect(bench.run(bench.publishArgs("--keep-live", "1"), CREDENTIALS)).toContain(`live  serving ${next}`);
    liveJob("2026-11-28T02:00:00Z");
    const newest = current();
    const pruned = bench.run(bench.publishArgs("--keep-live", "1"), CREDENTIALS);
    expect(pruned).toContain(`live  serving ${newest}`);
    expect(pruned).toContain(`live  pruned ${old}`);
    expect(pruned).not.toContain(`live  pruned ${next}`);
    const listing = async (build: string) =>
      (
        await raw(bench.s3Port, "127.0.0.1", `/snapverse?list-type=2&prefix=${encodeURIComponent(`prod/live/${build}/`)}&max-keys=5`)
      ).body.toString();
    expect(await listing(old)).not.toContain("<Key>");
    expect(await listing(next)).toContain("<Key>");
    expect(await listing(newest)).toContain("<Key>");
  }, 120_000);
});
