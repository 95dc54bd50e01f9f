import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadCatalog } from "../../generator/catalog/index.js";
import { liveRoot, readCurrent } from "../../generator/format/live.js";
import { LiveScheduler } from "../../generator/live/schedule.js";
import { buildName, latestSlot } from "../../generator/live/settings.js";
import { providers } from "../../generator/providers/index.js";
import { activityClient, sharedFirstSegment, type Activity, type ActivityProbe } from "../support/activity.js";
import { liveHarness } from "./harness.js";

/**
 * The live promise: at every instant, the newest activity a client can see on every live host is at most
 * a day old. The catalog's schedule (a build every `regenerate_every`) and the world's activity streams
 * together keep it; this drives the real scheduler on an injected clock through whole build cycles and
 * asks each host, as that provider's clients would (test/providers/<provider>/activity.ts), at every step.
 */
const HOUR = 3_600_000;
const MINUTE = 60_000;
/** The promise is a day; the test holds the hosts to less, so that a small change cannot break it unseen. */
const MAX_AGE = 22 * HOUR;
/** A build's wall time allowed for: until it is done, the build before it keeps serving. */
const BUILD_TIME = 45 * MINUTE;
const STEP = 15 * MINUTE;

/** The cycles checked, each by a file per half: freshness-<scenario>-<half>.test.ts. */
export const SCENARIOS = {
  // The stalest stretch for work done by people: a weekend just over, before Monday's work reaches UTC.
  monday: { title: "a weekend, into Monday morning", firstSlotIso: "2026-11-23T02:00:00Z" },
  // An ordinary weekday night, after the working day in Europe and the Americas.
  midweek: { title: "a Wednesday night", firstSlotIso: "2026-11-18T20:00:00Z" },
  // Saturday afternoon: a day without work days behind it in any time zone's week.
  weekend: { title: "a Saturday afternoon", firstSlotIso: "2026-11-21T14:00:00Z" },
};

/** Each cycle is checked in this many files, each building every `HALVES`-th live host (in name order). */
export const HALVES = 2;

/**
 * One test file's check: the whole build cycle that starts at the slot `firstSlotIso`, from the moment its
 * build serves to the moment the next one does. The file builds and asks `half` of the live hosts (0 or 1:
 * every other one, in name order), so a cycle is two files and each stays within the suite's per-file time;
 * the two halves of a cycle cover every live host (freshness-halves.test.ts checks the files do).
 */
export function freshnessCycle(scenario: keyof typeof SCENARIOS, half: number, cycles = 1) {
  const { title, firstSlotIso } = SCENARIOS[scenario];
  const prefixes = liveHalf(half);
  // Three weeks and a day of history (every repository has its CI host by then: operations.ts). Every
  // stream the promise rests on is bounded per window or per slot, so a longer past changes no age
  // here, only the build time (two builds of every host per file).
  const epoch = new Date(Date.parse(firstSlotIso) - 22 * 86_400_000).toISOString().replace(".000Z", "Z");
  // Half the company: each file builds every host twice within the suite's per-file time. The bounded
  // streams do not depend on the scale; the helpers' sweeps over every slot (decision 0017) were at scale 1.
  const bench = liveHarness({ prefixes, schedule: "catalog", epoch, scale: 0.5 });
  const { settings, dist, at, job } = bench;

  describe(`live freshness: ${title}, hosts ${prefixes.join(", ")}`, () => {
    it(
      `keeps every live host's newest activity within ${MAX_AGE / HOUR} h at every instant ` +
        `of ${cycles === 1 ? "a build cycle" : `${cycles} build cycles`}`,
      { timeout: 120_000 },
      async () => {
        expect(settings.regenerateEvery + BUILD_TIME).toBeLessThan(MAX_AGE);
        const first = at(firstSlotIso);
        expect(latestSlot(settings, first)).toBe(first);

        // The injected clock: the scheduler's timers fire when it passes them, and a run takes BUILD_TIME.
        let now = first;
        const timers: Array<{ at: number; fn: () => void }> = [];
        let running: { slot: number; doneAt: number; done: () => void } | undefined;
        const scheduler = new LiveScheduler({
          settings,
          now: () => now,
          serving: () => readCurrent(dist)?.build,
          run: (slot) =>
            new Promise<void>((done) => {
              running = { slot, doneAt: now + BUILD_TIME, done };
            }),
          setTimer: (fn, ms) => {
            const t = { at: now + ms, fn };
            timers.push(t);
            return t;
          },
          clearTimer: (t) => {
            timers.splice(timers.indexOf(t as (typeof timers)[number]), 1);
          },
        });
        const advance = async (to: number) => {
          now = to;
          if (running && now >= running.doneAt) {
            job(running.slot);
            const r = running;
            running = undefined;
            r.done();
            await scheduler.idle();
          }
          for (const t of timers.filter((x) => x.at <= now)) {
            timers.splice(timers.indexOf(t), 1);
            t.fn();
          }
        };

        scheduler.start();
        await advance(first + BUILD_TIME);
        expect(readCurrent(dist)?.build).toBe(buildName(first));
        const end = first + cycles * settings.regenerateEvery + BUILD_TIME;
        const worst = new Map<string, { age: number; at: number; activity: Activity }>();
        let checked = 0;
        let cache: { build: string; found: Map<string, Activity> } | undefined;
        for (let t = first + BUILD_TIME; t <= end; t += STEP) {
          await advance(t);
          const build = readCurrent(dist)!.build;
          // The build serving is the newest slot whose run has had its BUILD_TIME: never older.
          expect(build, new Date(t).toISOString()).toBe(buildName(latestSlot(settings, t - BUILD_TIME)));
          if (cache?.build !== build) cache = { build, found: await askEveryHost(build) };
          for (const [prefix, activity] of cache.found) {
            const age = t - activity.at;
            if (age > (worst.get(prefix)?.age ?? -Infinity)) worst.set(prefix, { age, at: t, activity });
          }
          checked++;
        }
        scheduler.stop();
        expect(checked).toBeGreaterThan((cycles * settings.regenerateEvery) / STEP);
        const stale = [...worst]
          .filter(([, w]) => w.age > MAX_AGE)
          .map(
            ([p, w]) =>
              `${p}: ${(w.age / HOUR).toFixed(1)} h old at ${new Date(w.at).toISOString()} ` +
              `(${w.activity.what}, ${new Date(w.activity.at).toISOString()})`,
          );
        expect(stale).toStrictEqual([]);
        expect([...worst.keys()].sort()).toStrictEqual(prefixes);
      },
    );
  });

  /** Each host's newest activity in a build, asked over HTTP; never after the build's as-of. */
  async function askEveryHost(build: string): Promise<Map<string, Activity>> {
    const asOf = Date.parse((JSON.parse(readFileSync(join(liveRoot(dist), build, "build.json"), "utf8")) as { as_of: string }).as_of);
    const found = new Map<string, Activity>();
    for (const prefix of prefixes) {
      const serving = JSON.parse(readFileSync(join(liveRoot(dist), build, prefix, "_snapverse", "serving.json"), "utf8")) as {
        auth?: { header: string; pattern: string };
      };
      const probe = ((await import(`../providers/${prefix}/activity.ts`)) as { newestActivity: ActivityProbe }).newestActivity;
      const routes = Object.keys(
        JSON.parse(readFileSync(join(liveRoot(dist), build, prefix, "_snapverse", "routes.json"), "utf8")) as object,
      );
      const activity = await probe(activityClient(`${bench.serverOrigin()}/${prefix}`, serving.auth, sharedFirstSegment(routes)));
      expect(activity.at, `${prefix}: ${activity.what}`).toBeLessThanOrEqual(asOf);
      found.set(prefix, activity);
    }
    return found;
  }
}

/** The live hosts served, in name order, that half `half` of a cycle builds. */
export function liveHalf(half: number): string[] {
  const all = loadCatalog("catalog.yaml")
    .livePrefixes.filter((p) => providers.has(p))
    .sort();
  return all.filter((_, i) => i % HALVES === half);
}
