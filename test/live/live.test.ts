import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { builds, liveRoot, readCurrent } from "../../generator/format/live.js";
import { LiveScheduler } from "../../generator/live/schedule.js";
import { liveGeneration } from "../../generator/live/settings.js";
import { providers, unavailable } from "../../generator/providers/index.js";
import { buildWorld, loadTemplates } from "../../generator/world/index.js";
import { liveHarness, type Routes } from "./harness.js";

/** Live mode: the 503s before a build, and four nightly regenerations (live-switch.test.ts races a switch). */
const { catalog, settings, dist, DAY, at, job, routesOf, get, newestActivity } = liveHarness();

describe("live mode", () => {
  it("answers every live prefix: a clean 503 in the provider's own shape before any build", async () => {
    for (const prefix of catalog.livePrefixes) {
      const res = await get(`/${prefix}/anything`);
      expect(res.status, prefix).toBe(503);
      const message = providers.has(prefix)
        ? `The live host '${prefix}' has no live build yet: run 'snapverse live' (or wait: 'snapverse start' and 'serve --live' build it in the background, then on their schedule).`
        : `The live host '${prefix}' is not available yet: its provider has no generator.`;
      expect(res.text, prefix).toBe(JSON.stringify(unavailable[prefix]!.body).replace("{message}", message.replace(/'/g, "'")));
    }
    const slack = JSON.parse((await get("/slack/api/auth.test")).text) as { ok: boolean; error: string; warning: string };
    expect(`${slack.ok} ${slack.error} ${slack.warning}`).toBe(
      providers.has("slack")
        ? "false service_unavailable The live host 'slack' has no live build yet: run 'snapverse live' (or wait: 'snapverse start' and 'serve --live' build it in the background, then on their schedule)."
        : "false service_unavailable The live host 'slack' is not available yet: its provider has no generator.",
    );
  });

  it(
    "regenerates at each nightly slot across four midnights: fresh within a day, continuous, never a pin's data",
    { timeout: 300_000 },
    async () => {
      let now = at("2026-11-20T01:00:00Z");
      const timers: Array<() => void> = [];
      const scheduler = new LiveScheduler({
        settings,
        now: () => now,
        serving: () => readCurrent(dist)?.build,
        run: async (slot) => void job(slot),
        setTimer: (fn) => timers.push(fn),
        clearTimer: () => {},
      });
      // Started before the night's slot, the server builds the slot before it: it never serves nothing.
      scheduler.start();
      await scheduler.idle();
      expect(readCurrent(dist)?.build).toBe("2026-11-19T0200Z");
      const seen = ["2026-11-19T0200Z"];
      for (let day = 0; day < 3; day++) {
        // Just before the next slot is the stalest moment: still within a day.
        now = at("2026-11-19T02:00:00Z") + (day + 1) * DAY - 1_000;
        expect((await get("/gh/user")).build).toBe(seen.at(-1));
        expect(now - (await newestActivity())).toBeLessThanOrEqual(DAY);
        now += 1_000;
        timers.shift()!();
        await scheduler.idle();
        const build = readCurrent(dist)!.build;
        expect(build).not.toBe(seen.at(-1));
        seen.push(build);
        expect(now - (await newestActivity())).toBeLessThanOrEqual(DAY);
        expect((await get("/gh/user")).headers["x-github-api-version-selected"]).toBe("2026-03-10");
        // Continuity with the night before (still on disk: the build before is never pruned).
        const before = routesOf(seen.at(-2)!);
        const after = routesOf(seen.at(-1)!);
        const drift = JSON.parse(readFileSync(join(liveRoot(dist), seen.at(-1)!, "drift.json"), "utf8")) as {
          previous: string;
          providers: { gh: { new: number; changed: number; removed: number; entities: { removed: string[] } } };
        };
        expect(drift.previous).toBe(seen.at(-2));
        const entities = Object.keys(before).filter((k) => !before[k]!.list);
        const removed = entities.filter((k) => !after[k]);
        // Only refs go away (a merged pull request's branch is deleted, as on GitHub); no entity does.
        // A pull request's chatter comments draw from a stream of their own (world/code/history.ts), so no
        // comment changes or vanishes the night its pull request is approved: no comment route is excepted.
        expect(
          removed.filter((k) => !/\/(branches|commits|git\/refs?\/heads|git\/trees)\/[a-z][\w.-]*\/[\w./-]+(\?.*)?$/.test(k)),
        ).toStrictEqual([]);
        expect(drift.providers.gh.entities.removed).toStrictEqual(removed.sort());
        expect(drift.providers.gh.new).toBeGreaterThan(0);
        expect(drift.providers.gh.new).toBe(Object.keys(after).filter((k) => !after[k]!.list && !before[k]).length);
        // Git objects never change; a pull request keeps its id, number, author, title and creation time.
        for (const key of entities) {
          if (/\/git\/(commits|blobs)\/[0-9a-f]{40}$/.test(key)) expect(after[key]?.etag, key).toBe(before[key]!.etag);
          if (/\/pulls\/\d+$/.test(key)) {
            const read = (build: string, r: Routes) =>
              JSON.parse(readFileSync(join(liveRoot(dist), build, "gh", r[key]!.file), "utf8")) as {
                id: number;
                number: number;
                title: string;
                created_at: string;
                user: { login: string };
              };
            const [a, b] = [read(seen.at(-2)!, before), read(seen.at(-1)!, after)];
            expect(`${b.id} ${b.number} ${b.title} ${b.created_at} ${b.user.login}`).toBe(
              `${a.id} ${a.number} ${a.title} ${a.created_at} ${a.user.login}`,
            );
          }
        }
      }
      scheduler.stop();
      expect(seen).toStrictEqual(["2026-11-19T0200Z", "2026-11-20T0200Z", "2026-11-21T0200Z", "2026-11-22T0200Z"]);
      expect(scheduler.history.every((h) => h.ok)).toBe(true);

      // Three builds are kept: the oldest went.
      expect(builds(dist)).toStrictEqual(seen.slice(1));

      // Live data never equal a pin's: no shared commit SHA, no shared work item key.
      const live = new Set(Object.keys(routesOf(seen.at(-1)!)).flatMap((k) => /\/git\/commits\/([0-9a-f]{40})$/.exec(k)?.[1] ?? []));
      expect(live.size).toBeGreaterThan(50);
      const liveKeys = new Set(
        buildWorld(liveGeneration(settings, at("2026-11-22T02:00:00Z")), { render: loadTemplates("templates/repo") }).workItems.map(
          (i) => i.key,
        ),
      );
      expect([...liveKeys].every((k) => /^[A-Z]+-9\d{3}$/.test(k))).toBe(true);
      for (const g of [1, 5]) {
        const world = buildWorld(catalog.generations.get(g)!, { render: loadTemplates("templates/repo") });
        const shas = world.repos.flatMap((r) => [...r.objects.commits.keys()]);
        expect(shas.filter((s) => live.has(s))).toStrictEqual([]);
        expect(world.workItems.filter((i) => liveKeys.has(i.key)).map((i) => i.key)).toStrictEqual([]);
      }
    },
  );
});
