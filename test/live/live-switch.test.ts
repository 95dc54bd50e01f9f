import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { liveRoot, readCurrent } from "../../generator/format/live.js";
import { liveHarness } from "./harness.js";

/**
 * Requests racing a live switch, on a bench of its own (so each live file stays under the per-file
 * budget) that starts from one nightly build.
 */
const { dist, at, job, childJob, routesOf, get, catalog, serverOrigin } = liveHarness();

beforeAll(() => {
  expect(job(at("2026-11-23T03:00:00Z")).kind).toBe("switched");
}, 120_000);

describe("live mode, during a switch", () => {
  it("answers every request during a switch from one whole build, old or new, never a mix", { timeout: 300_000 }, async () => {
    const old = readCurrent(dist)!.build;
    const routes = routesOf(old);
    const org = Object.keys(routes)
      .find((k) => /^orgs\/[^/]+$/.test(k))!
      .split("/")[1]!;
    const paths = [
      "user",
      `orgs/${org}/repos`,
      `orgs/${org}/members`,
      ...Object.keys(routes)
        .filter((k) => /\/actions\/runs$/.test(k))
        .slice(0, 3),
    ];
    const child = childJob("2026-11-24T03:00:00Z");
    let done = false;
    child.on("exit", () => (done = true));
    const answers: Array<{ path: string; status: number; build: string | null; text: string }> = [];
    let afterExit = 0;
    await Promise.all(
      Array.from({ length: 4 }, async (_, w) => {
        for (let i = 0; afterExit < 40; i++) {
          const path = paths[(i + w) % paths.length]!;
          answers.push({ path, ...(await get(`/gh/${path}`)) });
          if (done) afterExit++;
          await new Promise((r) => setTimeout(r, 20));
        }
      }),
    );
    expect(readCurrent(dist)!.build).toBe("2026-11-24T0200Z");
    const builds = new Set(answers.map((a) => a.build));
    expect([...builds].sort()).toStrictEqual([old, "2026-11-24T0200Z"]);
    // Each build's route index read once (it is large), not once per answer.
    const indexes = new Map([...builds].map((b) => [b, routesOf(b!)]));
    for (const a of answers) {
      expect(a.status, a.path).toBe(200);
      const file = indexes.get(a.build)![a.path]!.file;
      // The file names the host's canonical origin; the answer the one it was asked on (decision 0027).
      const stored = readFileSync(join(liveRoot(dist), a.build!, "gh", file), "utf8");
      if (stored.replaceAll(`https://gh.${catalog.serviceDomain}`, `${serverOrigin()}/gh`) !== a.text)
        expect.fail(`${a.path} from ${a.build} is not that build's bytes`);
    }
  });
});
