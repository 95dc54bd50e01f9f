import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import seedrandom from "seedrandom";
import { afterAll, describe, expect, it } from "vitest";

/**
 * Issue 18: a build killed with kill -9 at any point, over and over, never leaves a pin missing or
 * half-written, and the next build removes what the killed ones left. Each pin in dist/ is a link
 * to a whole build, replaced by one rename (emit/sink.ts).
 */
const PIN = "devin-v1";
const out = mkdtempSync(join(tmpdir(), "snapverse-crash-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

function build(): ReturnType<typeof spawn> {
  // --force: every build does the whole work (an unchanged pin would otherwise be reused, decision 0028).
  return spawn(process.execPath, ["--import", "tsx", "generator/cli.ts", "build", "--force", "--pin", PIN, "--out", out], {
    stdio: "ignore",
  });
}

/** Every file the pin's route index names is there, with the routes' own index beside it. */
function whole(): string | undefined {
  const dir = join(out, PIN);
  const routes = JSON.parse(readFileSync(join(dir, "_snapverse", "routes.json"), "utf8")) as Record<string, { file: string }>;
  const missing = Object.values(routes).find((r) => !existsSync(join(dir, r.file)));
  return missing?.file;
}

describe("a build killed at random points", () => {
  it("never leaves the pin missing or partial, and the next build cleans up after it", { timeout: 240_000 }, async () => {
    // A first whole build, timed: the kills are spread over that time.
    const started = process.hrtime.bigint();
    const first = build();
    const [code] = await once(first, "exit");
    expect(code).toBe(0);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    expect(whole()).toBeUndefined();

    // A watcher reads the pin's index and one of its files as fast as it can while builds are killed.
    let watching = true;
    let reads = 0;
    const gaps: string[] = [];
    const watcher = (async () => {
      while (watching) {
        try {
          const routes = JSON.parse(await readFile(join(out, PIN, "_snapverse", "routes.json"), "utf8")) as Record<
            string,
            { file: string }
          >;
          const first = Object.values(routes)[0]!;
          await readFile(join(out, PIN, first.file));
          reads++;
        } catch (error) {
          gaps.push(String(error));
        }
      }
    })();

    const random = seedrandom("crash-safety");
    const kills = 10;
    for (let i = 0; i < kills; i++) {
      const child = build();
      // Listened for from the start: a build that ends before its kill (the first, timed one ran on a
      // cold cache) has already sent its exit, and waiting for it after the kill would wait forever.
      const exited = once(child, "exit");
      // From early (world generation) to the very end (the link switch, the catalog), past the first run's length.
      const at = Math.round(ms * (0.15 + 0.95 * random()));
      await new Promise((r) => setTimeout(r, at));
      child.kill("SIGKILL");
      await exited;
      expect(whole(), `after a kill at ${at} ms`).toBeUndefined();
    }
    watching = false;
    await watcher;
    expect(gaps.slice(0, 3)).toStrictEqual([]);
    expect(reads).toBeGreaterThan(100);

    // The kills left unfinished builds and links made aside (or nothing, if one finished); a whole build removes them.
    const last = build();
    expect((await once(last, "exit"))[0]).toBe(0);
    expect(whole()).toBeUndefined();
    expect(readdirSync(out).sort()).toStrictEqual([".pins", "_catalog.json", "_edge", "catalog", PIN]);
    expect(readdirSync(join(out, "_edge")).sort()).toStrictEqual(["worker.js", "wrangler.toml"]);
    expect(
      readdirSync(join(out, ".pins"))
        .map((n) => n.split("@")[0])
        .sort(),
      // Beside the builds, the pin's input record (decision 0028), written by the build that finished.
    ).toStrictEqual(["catalog", PIN, `${PIN}.inputs.json`]);
  });
});
