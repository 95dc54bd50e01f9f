import { spawn } from "node:child_process";
import { request } from "node:http";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { loadCatalog } from "../../generator/catalog/index.js";
import { writeCatalogIndex } from "../../generator/emit/catalog-index.js";
import type { Sink } from "../../generator/emit/sink.js";
import { runLiveJob } from "../../generator/live/job.js";
import { liveRoot, readCurrent } from "../../generator/format/live.js";
import { computeHandlers, providers, unavailable } from "../../generator/providers/index.js";
import { createSnapServer } from "../../generator/serve/server.js";

/** A live build's route index: each key's file and entity tag. */
export type Routes = Record<string, { file: string; etag: string; list?: unknown }>;

/**
 * A live-mode test bench, one per test file (files may share a worker, so nothing here is module state):
 * a catalog on a short epoch (six weeks of history, so each nightly build takes seconds), a dist/ of its
 * own served on a free port, and the job in process or as a child. Only the gh host is built unless
 * `prefixes` says otherwise; the others answer their 503 until a build includes them.
 */
export function liveHarness(options: { prefixes?: string[]; schedule?: "catalog" | "nightly"; epoch?: string; scale?: number } = {}) {
  const prefixes = options.prefixes ?? ["gh"];
  const work = mkdtempSync(join(tmpdir(), "snapverse-live-"));
  const catalogFile = join(work, "catalog.yaml");
  // The switch and failure tests reason in nights; the freshness test runs the catalog's own schedule.
  const schedule = (text: string) => (options.schedule === "catalog" ? text : text.replace(/\n\s*regenerate_every: \S+/, ""));
  writeFileSync(
    catalogFile,
    schedule(
      readFileSync("catalog.yaml", "utf8")
        .replace(/epoch: \S+/, `epoch: ${options.epoch ?? "2026-10-10T00:00:00Z"}`)
        .replace(/keep: \d+/, "keep: 3"),
    ),
  );
  const catalog = loadCatalog(catalogFile);
  const settings = catalog.live!;
  const dist = join(work, "dist");
  const DAY = 86_400_000;
  const at = (iso: string) => Date.parse(iso);
  const origin = { current: "" };

  function job(now: number, extra: { sinkFor?: (dir: string) => Sink } = {}) {
    return runLiveJob({
      catalog,
      providers,
      templatesDir: "templates",
      dist,
      now,
      prefixes,
      scale: options.scale ?? 1,
      origin: (p) => `${origin.current}/${p}`,
      ...extra,
    });
  }

  function childJob(nowIso: string) {
    return spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "generator/cli.ts",
        "--catalog",
        catalogFile,
        "live",
        "--dist",
        dist,
        "--now",
        nowIso,
        "--prefix",
        "gh",
        "--origin",
        `${origin.current}/{pin}`,
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
  }

  const routesOf = (build: string): Routes =>
    JSON.parse(readFileSync(join(liveRoot(dist), build, "gh", "_snapverse", "routes.json"), "utf8")) as Routes;

  let server: ReturnType<typeof createSnapServer>;
  beforeAll(async () => {
    writeCatalogIndex(catalog, dist, { generators: [...providers.keys()], unavailable });
    server = createSnapServer({ dist, compute: computeHandlers });
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
  function get(
    path: string,
  ): Promise<{ status: number; build: string | null; text: string; headers: Record<string, string | string[] | undefined> }> {
    return new Promise((resolve, reject) => {
      request(`${origin.current}${path}`, { agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode!,
            build: (res.headers["x-snapverse-live-build"] as string | undefined) ?? null,
            text: Buffer.concat(chunks).toString("utf8"),
            headers: res.headers,
          }),
        );
        res.on("error", reject);
      })
        .on("error", reject)
        .end();
    });
  }

  /** The newest activity a client can see on the gh host: the newest workflow run of any repository. */
  async function newestActivity(): Promise<number> {
    const org = Object.keys(routesOf(readCurrent(dist)!.build))
      .find((k) => /^orgs\/[^/]+$/.test(k))!
      .split("/")[1]!;
    const repos = JSON.parse((await get(`/gh/orgs/${org}/repos?per_page=100`)).text) as Array<{ name: string }>;
    expect(repos.length).toBeGreaterThan(5);
    let newest = 0;
    for (const repo of repos) {
      const runs = JSON.parse((await get(`/gh/repos/${org}/${repo.name}/actions/runs?per_page=1`)).text) as {
        workflow_runs: Array<{ created_at: string }>;
      };
      for (const run of runs.workflow_runs) newest = Math.max(newest, Date.parse(run.created_at));
    }
    return newest;
  }

  return {
    catalog,
    catalogFile,
    settings,
    dist,
    DAY,
    at,
    job,
    childJob,
    routesOf,
    get,
    newestActivity,
    serverOrigin: () => origin.current,
  };
}
