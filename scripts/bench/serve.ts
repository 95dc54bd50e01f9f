/**
 * The serving half of `npm run bench`: the companion server against nginx and against a plain
 * serve-handler server, on the same resources of a built tree, under the same load from wrk (64 keep-alive
 * connections), one after the other on this machine (the companion server and nginx taking turns, three
 * rounds each, reported by their medians); and the companion server's startup.
 *
 * The load generator is wrk, written in C: autocannon, whose HTTP parser is JavaScript, spent more per
 * response than the servers it measured (on 2 cores it took a core and a quarter, and the providers' long
 * header lists cost it most), so it measured itself.
 *
 * nginx and serve-handler get each resource by its file path (`/<pin>/repos/o/r/pulls@page=2.json`),
 * the cheapest a static server can do; the companion server gets the provider URL
 * (`/<pin>/repos/o/r/pulls?page=2`) and resolves it, with the provider's headers. Each uses both cores
 * (nginx: a worker per core; the companion server: its default workers; serve-handler: one process, as
 * it is usually run).
 */
import { execFile, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { createServer } from "node:net";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { ROOT, tracked } from "./common.js";
import { listProfile } from "../../generator/core/lists/engine.js";
import type { ServingProfile } from "../../generator/core/provider.js";
import { DEBIAN_NJS_MODULE } from "../../generator/nginx/conf.js";

export interface ServeResult {
  side: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

const NGINX = "/usr/sbin/nginx";
const NJS = DEBIAN_NJS_MODULE;
export const CONNECTIONS = 64;

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${url} did not come up`);
}

const WRK = "/usr/bin/wrk";
const WRK_SCRIPT = join(ROOT, "scripts/bench/wrk-rotate.lua");
let lists = 0;

/** wrk at CONNECTIONS connections, a thread per core, asking `paths` in turn for `seconds`. */
function load(side: string, port: number, paths: string[], seconds: number, headers: Record<string, string> = {}): Promise<ServeResult> {
  const list = join(listDir, `urls-${++lists}.txt`);
  writeFileSync(list, `${paths.join("\n")}\n`);
  const args = [
    "-t",
    String(availableParallelism()),
    "-c",
    String(CONNECTIONS),
    "-d",
    `${seconds}s`,
    "-s",
    WRK_SCRIPT,
    ...Object.entries(headers).flatMap(([k, v]) => ["-H", `${k}: ${v}`]),
    `http://127.0.0.1:${port}`,
  ];
  return new Promise((resolve, reject) => {
    tracked(
      execFile(WRK, args, { env: { ...process.env, WRK_LIST: list } }, (error, stdout) => {
        if (error) return reject(new Error(`wrk: ${error.message}`));
        const line = stdout.trim().split("\n").pop() ?? "";
        try {
          const r = JSON.parse(line) as {
            requests: number;
            duration_us: number;
            p50_us: number;
            p99_us: number;
            errors: number;
            non2xx: number;
          };
          resolve({
            side,
            requestsPerSecond: r.requests / (r.duration_us / 1e6),
            p50: r.p50_us / 1000,
            p99: r.p99_us / 1000,
            errors: r.errors,
            non2xx: r.non2xx,
          });
        } catch {
          reject(new Error(`wrk printed no result; its output was:\n${stdout}`));
        }
      }),
    );
  });
}

/** The companion server as installed (`bin/snapverse.js serve`, its default workers) on `port`. */
function companion(dist: string, port: number): ChildProcess {
  return tracked(
    spawn(
      process.execPath,
      [join(ROOT, "bin/snapverse.js"), "serve", "--dist", dist, "--port", String(port), "--no-https", "--quiet", "--any-origin"],
      { cwd: ROOT, stdio: "ignore" },
    ),
  );
}

/** A side's rounds as one row: the median of each measure on its own, the errors of all of them. */
function medianOf(rounds: ServeResult[]): ServeResult {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return {
    side: rounds[0]!.side,
    requestsPerSecond: median(rounds.map((r) => r.requestsPerSecond)),
    p50: median(rounds.map((r) => r.p50)),
    p99: median(rounds.map((r) => r.p99)),
    errors: rounds.reduce((n, r) => n + r.errors, 0),
    non2xx: rounds.reduce((n, r) => n + r.non2xx, 0),
  };
}

/** Where load() writes its URL lists: the bench's work folder. */
let listDir = ROOT;

/** About `perPin` resources of every pin in the tree: their provider URLs and their file paths. */
export function sample(dist: string, perPin: number): { urls: string[]; files: string[] } {
  const catalog = JSON.parse(readFileSync(join(dist, "_catalog.json"), "utf8")) as { pins: Array<{ name: string }> };
  const urls: string[] = [];
  const files: string[] = [];
  for (const { name } of catalog.pins) {
    const index = join(dist, name, "_snapverse", "routes.json");
    if (!existsSync(index)) continue;
    const routes = JSON.parse(readFileSync(index, "utf8")) as Record<string, { file: string; status: number }>;
    const keys = Object.keys(routes)
      .filter((k) => routes[k]!.status === 200)
      .sort();
    const step = Math.max(1, Math.floor(keys.length / perPin));
    for (const k of keys.filter((_, i) => i % step === 0).slice(0, perPin)) {
      urls.push(`/${name}/${k}`);
      files.push(`/${name}/${routes[k]!.file.split("/").map(encodeURIComponent).join("/")}`);
    }
  }
  return { urls, files };
}

/**
 * Computed variants of the pins' lists: a page size that is not pre-rendered and, where the list sorts,
 * the reverse of its default order, so the query engine answers each one.
 */
export function computedSample(dist: string, perPin: number): string[] {
  const catalog = JSON.parse(readFileSync(join(dist, "_catalog.json"), "utf8")) as { pins: Array<{ name: string }> };
  return catalog.pins.flatMap(({ name: pin }) => {
    const listsFile = join(dist, pin, "_snapverse", "lists.json");
    if (!existsSync(listsFile)) return [];
    const lists = Object.keys(JSON.parse(readFileSync(listsFile, "utf8")) as Record<string, unknown>).sort();
    const serving = JSON.parse(readFileSync(join(dist, pin, "_snapverse", "serving.json"), "utf8")) as ServingProfile;
    const step = Math.max(1, Math.floor(lists.length / perPin));
    return lists
      .filter((_, i) => i % step === 0)
      .slice(0, perPin)
      .flatMap((key) => {
        const found = listProfile(serving, key.split("?")[0]!);
        if (!found) return [];
        const url = new URL(`http://x/${pin}/${key}`);
        url.searchParams.set(found.paging.sizeParam, String(found.paging.rendered.includes(7) ? 6 : 7));
        const sort = found.profile.sort;
        if (sort) {
          const reverse = sort.default.direction === "asc" ? "desc" : "asc";
          if (sort.minusPrefix) url.searchParams.set(sort.param, `${reverse === "desc" ? "-" : ""}${sort.default.key}`);
          else {
            url.searchParams.set(sort.param, sort.default.key);
            if (sort.directionParam) url.searchParams.set(sort.directionParam, reverse);
          }
        }
        return [`${url.pathname}${url.search}`];
      });
  });
}

function nginxConfig(prefix: string, dist: string, port: number): string {
  return [
    // The tree sits in a private temp folder: as root, the workers must run as root to read it.
    ...(process.getuid?.() === 0 ? ["user root;"] : []),
    "daemon off;",
    "worker_processes auto;",
    `pid ${join(prefix, "nginx.pid")};`,
    `error_log ${join(prefix, "logs/error.log")};`,
    "events { worker_connections 1024; }",
    "http {",
    "  access_log off;",
    "  default_type application/json;",
    "  etag on;",
    "  sendfile on;",
    "  tcp_nopush on;",
    `  client_body_temp_path ${prefix}/body; proxy_temp_path ${prefix}/proxy; ` +
      `fastcgi_temp_path ${prefix}/fcgi; uwsgi_temp_path ${prefix}/uwsgi; ` +
      `scgi_temp_path ${prefix}/scgi;`,
    `  server { listen 127.0.0.1:${port}; root ${dist}; }`,
    "}",
  ].join("\n");
}

/**
 * A plain serve-handler server over the same tree: the static-file floor in Node. It is written to the
 * temp folder, so it imports serve-handler by this project's resolved path.
 */
const PLAIN_SERVE_HANDLER =
  `
import { createServer } from "node:http";
import handler from ${JSON.stringify(pathToFileURL(createRequire(import.meta.url).resolve("serve-handler")).href)};
const [dist, port] = process.argv.slice(2);
createServer((req, res) => handler(req, res, { public: dist, directoryListing: false, ` +
  `cleanUrls: false, symlinks: true })).listen(Number(port), "127.0.0.1");
`;

/** How many times the companion server and nginx each take their turn (see benchServing). */
export const ROUNDS = 3;

export interface ServingBench {
  /** One row per side; the companion server's and nginx's are the medians of their rounds. */
  results: ServeResult[];
  /** Every round of the companion server (identity) and of nginx, in the order they ran. */
  rounds: { companion: ServeResult[]; nginx: ServeResult[] };
  startupMs: number[];
  skipped?: string;
}

export async function benchServing(dist: string, work: string, seconds: number): Promise<ServingBench> {
  const startupMs = await startup(dist);
  // nginx and wrk are Debian packages npm cannot provide: the project's script installs them when it can
  // (root or sudo).
  if (!existsSync(NGINX) || !existsSync(NJS) || !existsSync(WRK))
    spawnSync("bash", [join(ROOT, "scripts/install-system-deps.sh"), "nginx", "njs", "wrk"], { stdio: ["ignore", "inherit", "inherit"] });
  if (!existsSync(WRK)) throw new Error(`${WRK} is missing and could not be installed (as root: apt-get install -y wrk)`);
  listDir = work;
  const { urls, files } = sample(dist, 14);
  const computed = computedSample(dist, 14);
  const results: ServeResult[] = [];
  const children: ChildProcess[] = [];
  const stop = () => {
    for (const child of children.splice(0)) child.kill("SIGTERM");
    return new Promise((r) => setTimeout(r, 500));
  };
  try {
    // The companion server, with its default workers.
    const ours = await freePort();
    children.push(companion(dist, ours));
    await waitFor(`http://127.0.0.1:${ours}${urls[0]}`);
    // Only what answers 200 without credentials (some providers want a token): every side gets the same list.
    const ok = await Promise.all(urls.map(async (url) => (await fetch(`http://127.0.0.1:${ours}${url}`)).status === 200));
    urls.splice(0, urls.length, ...urls.filter((_, i) => ok[i]));
    files.splice(0, files.length, ...files.filter((_, i) => ok[i]));
    const answered = await Promise.all(computed.map(async (url) => (await fetch(`http://127.0.0.1:${ours}${url}`)).status === 200));
    computed.splice(0, computed.length, ...computed.filter((_, i) => answered[i]));
    await load("warm-up", ours, urls, 2);
    await load("warm-up", ours, urls, 2, { "accept-encoding": "gzip, deflate, br" });

    // The two sides the goals compare take turns, ROUNDS times each, and each is reported by its medians:
    // wrk shares the 2 cores with the server it loads, and one run of each moved their ratio by a quarter
    // and the p99 by a millisecond from one bench to the next. nginx waits idle while the companion runs,
    // and stops with the others.
    let theirs: number | undefined;
    if (existsSync(NGINX)) {
      theirs = await freePort();
      const prefix = join(work, "nginx");
      mkdirSync(join(prefix, "logs"), { recursive: true });
      writeFileSync(join(prefix, "nginx.conf"), nginxConfig(prefix, dist, theirs));
      children.push(tracked(spawn(NGINX, ["-p", prefix, "-c", join(prefix, "nginx.conf")], { stdio: "ignore" })));
      await waitFor(`http://127.0.0.1:${theirs}${files[0]}`);
      await load("warm-up", theirs, files, 2);
    }
    const paired: ServingBench["rounds"] = { companion: [], nginx: [] };
    for (let round = 0; round < ROUNDS; round++) {
      paired.companion.push(await load("companion server", ours, urls, seconds));
      if (theirs !== undefined) paired.nginx.push(await load("nginx", theirs, files, seconds));
    }
    results.push(medianOf(paired.companion));
    results.push(await load("companion server, gzip/br accepted", ours, urls, seconds, { "accept-encoding": "gzip, deflate, br" }));
    await load("warm-up", ours, computed, 2);
    results.push(await load("companion server, computed variants", ours, computed, seconds));

    // nginx + njs in front of the companion server (`snapverse nginx`): the same provider URLs, which
    // its route table answers from disk; the companion server stays up for what it proxies.
    if (existsSync(NGINX) && existsSync(NJS)) {
      const front = await freePort();
      const out = join(work, "snapverse-nginx");
      const written = spawnSync(
        process.execPath,
        [
          join(ROOT, "bin/snapverse.js"),
          "nginx",
          "--dist",
          dist,
          "--out",
          out,
          "--listen",
          `127.0.0.1:${front}`,
          "--upstream",
          `127.0.0.1:${ours}`,
          ...(process.getuid?.() === 0 ? ["--user", "root"] : []),
        ],
        { cwd: ROOT, encoding: "utf8" },
      );
      if (written.status !== 0) throw new Error(`snapverse nginx: ${written.stderr}`);
      children.push(tracked(spawn(NGINX, ["-p", out, "-c", join(out, "nginx.conf"), "-g", "daemon off;"], { stdio: "ignore" })));
      await waitFor(`http://127.0.0.1:${front}${urls[0]}`);
      await load("warm-up", front, urls, 2);
      results.push(await load("nginx + njs (snapverse nginx)", front, urls, seconds));
    }
    await stop();

    // A plain serve-handler server on the file paths.
    const plain = await freePort();
    const script = join(work, "plain-serve-handler.mjs");
    writeFileSync(script, PLAIN_SERVE_HANDLER);
    children.push(tracked(spawn(process.execPath, [script, dist, String(plain)], { cwd: ROOT, stdio: "ignore" })));
    await waitFor(`http://127.0.0.1:${plain}${files[0]}`);
    await load("warm-up", plain, files, 2);
    results.push(await load("serve-handler (plain)", plain, files, seconds));
    await stop();

    if (paired.nginx.length) results.push(medianOf(paired.nginx));
    return {
      results,
      rounds: paired,
      startupMs,
      ...(existsSync(NGINX)
        ? {}
        : { skipped: `nginx: skipped, ${NGINX} is missing and could not be installed (as root: apt-get install -y nginx)` }),
    };
  } finally {
    await stop();
  }
}

/** From spawning `snapverse serve` to its first 200, five times (the bin as installed, two workers). */
async function startup(dist: string): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < 5; i++) {
    const port = await freePort();
    const started = process.hrtime.bigint();
    const child = companion(dist, port);
    let exited = false;
    child.once("exit", () => (exited = true));
    try {
      for (;;) {
        if (exited) throw new Error(`snapverse serve --dist ${dist} exited before answering`);
        if (Number(process.hrtime.bigint() - started) / 1e6 > 30_000) throw new Error("snapverse serve did not answer within 30 s");
        try {
          if ((await fetch(`http://127.0.0.1:${port}/catalog/v1/snapshots`)).status === 200) break;
        } catch {
          await new Promise((r) => setTimeout(r, 5));
        }
      }
      out.push(Number(process.hrtime.bigint() - started) / 1e6);
    } finally {
      if (!exited) {
        child.kill("SIGTERM");
        await new Promise((r) => child.once("exit", r));
      }
    }
  }
  return out;
}
