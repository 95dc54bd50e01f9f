import { spawn } from "node:child_process";
import { request } from "node:http";
import { once } from "node:events";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCatalog } from "../../generator/catalog/index.js";
import { writeCatalogIndex } from "../../generator/emit/catalog-index.js";
import { FolderSink, type Sink } from "../../generator/emit/sink.js";
import { LiveJobError, runLiveJob } from "../../generator/live/job.js";
import { builds, liveRoot, readCurrent } from "../../generator/live/layout.js";
import { LiveScheduler } from "../../generator/live/schedule.js";
import { liveGeneration } from "../../generator/live/settings.js";
import { providers, unavailable } from "../../generator/providers/index.js";
import { createSnapServer } from "../../generator/serve/server.js";
import { buildWorld, loadTemplates } from "../../generator/world/index.js";

/**
 * Live mode end to end on a short epoch (six weeks of history, so each nightly build takes seconds):
 * a fake clock crossing four midnights, a job killed mid-write, requests racing a switch, and a disk
 * that fails. Only the gh host is built here; the others answer their 503 until a build includes them.
 */
const work = mkdtempSync(join(tmpdir(), "snapverse-live-"));
const catalogFile = join(work, "catalog.yaml");
writeFileSync(catalogFile, readFileSync("catalog.yaml", "utf8").replace(/epoch: \S+/, "epoch: 2026-10-10T00:00:00Z").replace(/keep: \d+/, "keep: 3"));
const catalog = loadCatalog(catalogFile);
const settings = catalog.live!;
const dist = join(work, "dist");
const DAY = 86_400_000;
const at = (iso: string) => Date.parse(iso);
const origin = { current: "" };

function job(now: number, extra: { sinkFor?: (dir: string) => Sink } = {}) {
  return runLiveJob({ catalog, providers, templatesDir: "templates", dist, now, prefixes: ["gh"], origin: (p) => `${origin.current}/${p}`, ...extra });
}

function childJob(nowIso: string) {
  return spawn(process.execPath, ["--import", "tsx", "generator/cli.ts", "--catalog", catalogFile, "live", "--dist", dist, "--now", nowIso, "--prefix", "gh", "--origin", `${origin.current}/{pin}`], { stdio: ["ignore", "pipe", "pipe"] });
}

type Routes = Record<string, { file: string; etag: string; list?: unknown }>;
const routesOf = (build: string): Routes => JSON.parse(readFileSync(join(liveRoot(dist), build, "gh", "_snapverse", "routes.json"), "utf8")) as Routes;

let server: ReturnType<typeof createSnapServer>;
beforeAll(async () => {
  writeCatalogIndex(catalog, dist, { generators: [...providers.keys()], unavailable });
  server = createSnapServer({ dist });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  origin.current = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  rmSync(work, { recursive: true, force: true });
});

/**
 * One request on a fresh connection: the in-process jobs block this process for seconds, and a pooled
 * keep-alive socket can be closed by the server's idle timer just as the client reuses it.
 */
function get(path: string): Promise<{ status: number; build: string | null; text: string; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    request(`${origin.current}${path}`, { agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, build: (res.headers["x-snapverse-live-build"] as string | undefined) ?? null, text: Buffer.concat(chunks).toString("utf8"), headers: res.headers }));
      res.on("error", reject);
    }).on("error", reject).end();
  });
}

/** The newest activity a client can see on the gh host: the newest workflow run of any repository. */
async function newestActivity(): Promise<number> {
  const org = Object.keys(routesOf(readCurrent(dist)!.build)).find((k) => /^orgs\/[^/]+$/.test(k))!.split("/")[1]!;
  const repos = JSON.parse((await get(`/gh/orgs/${org}/repos?per_page=100`)).text) as Array<{ name: string }>;
  expect(repos.length).toBeGreaterThan(5);
  let newest = 0;
  for (const repo of repos) {
    const runs = JSON.parse((await get(`/gh/repos/${org}/${repo.name}/actions/runs?per_page=1`)).text) as { workflow_runs: Array<{ created_at: string }> };
    for (const run of runs.workflow_runs) newest = Math.max(newest, Date.parse(run.created_at));
  }
  return newest;
}

describe("live mode", () => {
  it("answers every live prefix: a clean 503 in the provider's own shape before any build", async () => {
    for (const prefix of catalog.livePrefixes) {
      const res = await get(`/${prefix}/anything`);
      expect(res.status, prefix).toBe(503);
      const message = providers.has(prefix)
        ? `The live host '${prefix}' has no live build yet: run 'snapverse live' (or wait for the nightly run).`
        : `The live host '${prefix}' is not available yet: its provider has no generator.`;
      expect(res.text, prefix).toBe(JSON.stringify(unavailable[prefix]!.body).replace("{message}", message.replace(/'/g, "'")));
    }
    const slack = JSON.parse((await get("/slack/api/auth.test")).text) as { ok: boolean; error: string; warning: string };
    expect(`${slack.ok} ${slack.error} ${slack.warning}`).toBe("false service_unavailable The live host 'slack' is not available yet: its provider has no generator.");
  });

  it("regenerates at each nightly slot across four midnights: fresh within a day, continuous, never a pin's data", { timeout: 300_000 }, async () => {
    let now = at("2026-11-20T01:00:00Z");
    const timers: Array<() => void> = [];
    const scheduler = new LiveScheduler({
      settings, now: () => now, serving: () => readCurrent(dist)?.build,
      run: async (slot) => void job(slot),
      setTimer: (fn) => timers.push(fn), clearTimer: () => {},
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
      const drift = JSON.parse(readFileSync(join(liveRoot(dist), seen.at(-1)!, "drift.json"), "utf8")) as { previous: string; providers: { gh: { new: number; changed: number; removed: number; entities: { removed: string[] } } } };
      expect(drift.previous).toBe(seen.at(-2));
      const entities = Object.keys(before).filter((k) => !before[k]!.list);
      const removed = entities.filter((k) => !after[k]);
      // Only refs go away (a merged pull request's branch is deleted, as on GitHub); no entity does.
      expect(removed.filter((k) => !/\/(branches|commits|git\/refs?\/heads|git\/trees)\/[a-z][\w.-]*\/[\w./-]+(\?.*)?$/.test(k))).toStrictEqual([]);
      expect(drift.providers.gh.entities.removed).toStrictEqual(removed.sort());
      expect(drift.providers.gh.new).toBeGreaterThan(0);
      expect(drift.providers.gh.new).toBe(Object.keys(after).filter((k) => !after[k]!.list && !before[k]).length);
      // Git objects never change; a pull request keeps its id, number, author, title and creation time.
      for (const key of entities) {
        if (/\/git\/(commits|blobs)\/[0-9a-f]{40}$/.test(key)) expect(after[key]?.etag, key).toBe(before[key]!.etag);
        if (/\/pulls\/\d+$/.test(key)) {
          const read = (build: string, r: Routes) => JSON.parse(readFileSync(join(liveRoot(dist), build, "gh", r[key]!.file), "utf8")) as { id: number; number: number; title: string; created_at: string; user: { login: string } };
          const [a, b] = [read(seen.at(-2)!, before), read(seen.at(-1)!, after)];
          expect(`${b.id} ${b.number} ${b.title} ${b.created_at} ${b.user.login}`).toBe(`${a.id} ${a.number} ${a.title} ${a.created_at} ${a.user.login}`);
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
    const liveKeys = new Set(buildWorld(liveGeneration(settings, at("2026-11-22T02:00:00Z")), { render: loadTemplates("templates/repo") }).workItems.map((i) => i.key));
    expect([...liveKeys].every((k) => /^[A-Z]+-9\d{3}$/.test(k))).toBe(true);
    for (const g of [1, 5]) {
      const world = buildWorld(catalog.generations.get(g)!, { render: loadTemplates("templates/repo") });
      const shas = world.repos.flatMap((r) => [...r.objects.commits.keys()]);
      expect(shas.filter((s) => live.has(s))).toStrictEqual([]);
      expect(world.workItems.filter((i) => liveKeys.has(i.key)).map((i) => i.key)).toStrictEqual([]);
    }
  });

  it("keeps serving the old build when a run is killed mid-write, and the next run cleans up and succeeds", async () => {
    const before = readCurrent(dist)!.build;
    const child = childJob("2026-11-23T03:00:00Z");
    const building = join(liveRoot(dist), ".building-2026-11-23T0200Z");
    for (let i = 0; i < 400 && !(existsSync(building) && readdirSync(building).length > 0); i++) await new Promise((r) => setTimeout(r, 25));
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

  it("answers every request during a switch from one whole build, old or new, never a mix", { timeout: 300_000 }, async () => {
    const old = readCurrent(dist)!.build;
    const routes = routesOf(old);
    const org = Object.keys(routes).find((k) => /^orgs\/[^/]+$/.test(k))!.split("/")[1]!;
    const paths = ["user", `orgs/${org}/repos`, `orgs/${org}/members`, ...Object.keys(routes).filter((k) => /\/actions\/runs$/.test(k)).slice(0, 3)];
    const child = childJob("2026-11-24T03:00:00Z");
    let done = false;
    child.on("exit", () => (done = true));
    const answers: Array<{ path: string; status: number; build: string | null; text: string }> = [];
    let afterExit = 0;
    await Promise.all(Array.from({ length: 4 }, async (_, w) => {
      for (let i = 0; afterExit < 40; i++) {
        const path = paths[(i + w) % paths.length]!;
        answers.push({ path, ...(await get(`/gh/${path}`)) });
        if (done) afterExit++;
        await new Promise((r) => setTimeout(r, 20));
      }
    }));
    expect(readCurrent(dist)!.build).toBe("2026-11-24T0200Z");
    const builds = new Set(answers.map((a) => a.build));
    expect([...builds].sort()).toStrictEqual([old, "2026-11-24T0200Z"]);
    // Each build's route index read once (it is large), not once per answer.
    const indexes = new Map([...builds].map((b) => [b, routesOf(b!)]));
    for (const a of answers) {
      expect(a.status, a.path).toBe(200);
      const file = indexes.get(a.build)![a.path]!.file;
      if (readFileSync(join(liveRoot(dist), a.build!, "gh", file), "utf8") !== a.text) expect.fail(`${a.path} from ${a.build} is not that build's bytes`);
    }
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
      settings, now: () => now, serving: () => readCurrent(dist)?.build,
      run: async (slot) => {
        if (fail) throw new Error("the build machine ran out of memory");
        job(slot);
      },
      setTimer: (fn) => timers.push(fn), clearTimer: () => {},
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
