/**
 * The serving half of `npm run bench`: the companion server (resolver + serve-handler) against nginx
 * serving the same files, side by side on this machine, under the same load from autocannon.
 *
 * nginx gets each resource by its file path (`/<pin>/repos/o/r/pulls/@page=2.json`), which is the
 * cheapest a static server can do; the companion server gets the provider URL (`/<pin>/repos/o/r/pulls?page=2`)
 * and resolves it. Both run one process (nginx: one worker) so the comparison is per core.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import autocannon from "autocannon";
import { ROOT } from "./common.js";
import { listProfile } from "../../generator/core/lists/engine.js";
import type { ServingProfile } from "../../generator/core/provider.js";

export interface ServeResult {
  side: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
}

const NGINX = "/usr/sbin/nginx";

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${url} did not come up`);
}

function load(name: string, port: number, paths: string[], seconds: number): Promise<ServeResult> {
  return new Promise((resolve, reject) => {
    autocannon({
      url: `http://127.0.0.1:${port}`, connections: 16, duration: seconds,
      requests: paths.map((path) => ({ method: "GET", path })),
    }, (error, result) => {
      if (error) return reject(error);
      resolve({ side: name, requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx });
    });
  });
}

/** Samples about `count` resources of a pin: their provider URLs and their file paths. */
function sample(dist: string, pin: string, count: number): { urls: string[]; files: string[] } {
  const routes = JSON.parse(readFileSync(join(dist, pin, "_snapverse", "routes.json"), "utf8")) as Record<string, { file: string }>;
  const keys = Object.keys(routes).sort();
  const step = Math.max(1, Math.floor(keys.length / count));
  const picked = keys.filter((_, i) => i % step === 0).slice(0, count);
  return {
    urls: picked.map((k) => `/${pin}/${k}`),
    files: picked.map((k) => `/${pin}/${routes[k]!.file.split("/").map(encodeURIComponent).join("/")}`),
  };
}

/**
 * Computed variants of the same pin's lists: a page size that is not pre-rendered and, where the list
 * sorts, the reverse of its default order, so the query engine answers each one.
 */
function computedSample(dist: string, pin: string, count: number): string[] {
  const lists = Object.keys(JSON.parse(readFileSync(join(dist, pin, "_snapverse", "lists.json"), "utf8")) as Record<string, unknown>).sort();
  const serving = JSON.parse(readFileSync(join(dist, pin, "_snapverse", "serving.json"), "utf8")) as ServingProfile;
  const step = Math.max(1, Math.floor(lists.length / count));
  return lists.filter((_, i) => i % step === 0).slice(0, count).flatMap((key) => {
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
}

export async function benchServing(dist: string, pin: string, work: string, seconds = 8): Promise<ServeResult[] | string> {
  // nginx is a Debian package npm cannot provide: the project's script installs it when it can (root or sudo).
  if (!existsSync(NGINX)) spawnSync("bash", [join(ROOT, "scripts/install-system-deps.sh"), "nginx"], { stdio: ["ignore", "inherit", "inherit"] });
  if (!existsSync(NGINX)) return `serving: skipped, ${NGINX} is missing and could not be installed (as root: apt-get install -y nginx)`;
  const { urls, files } = sample(dist, pin, 200);
  const computed = computedSample(dist, pin, 200);
  const children: ChildProcess[] = [];
  try {
    const ours = await freePort();
    children.push(spawn(process.execPath, ["--import", "tsx", join(ROOT, "generator/cli.ts"), "serve", "--dist", dist, "--port", String(ours), "--no-https", "--quiet"], { cwd: ROOT, stdio: "ignore" }));
    const theirs = await freePort();
    const prefix = join(work, "nginx");
    mkdirSync(join(prefix, "logs"), { recursive: true });
    writeFileSync(join(prefix, "nginx.conf"), [
      // The tree sits in a private temp folder: as root, the worker must run as root to read it.
      ...(process.getuid?.() === 0 ? ["user root;"] : []),
      "daemon off;", "worker_processes 1;", `pid ${join(prefix, "nginx.pid")};`, `error_log ${join(prefix, "logs/error.log")};`,
      "events { worker_connections 1024; }",
      "http {", "  access_log off;", "  default_type application/json;", "  etag on;",
      `  client_body_temp_path ${prefix}/body; proxy_temp_path ${prefix}/proxy; fastcgi_temp_path ${prefix}/fcgi; uwsgi_temp_path ${prefix}/uwsgi; scgi_temp_path ${prefix}/scgi;`,
      `  server { listen 127.0.0.1:${theirs}; root ${dist}; }`, "}",
    ].join("\n"));
    children.push(spawn(NGINX, ["-p", prefix, "-c", join(prefix, "nginx.conf")], { stdio: "ignore" }));
    await waitFor(`http://127.0.0.1:${ours}${urls[0]}`);
    await waitFor(`http://127.0.0.1:${theirs}${files[0]}`);
    // A short warm-up for each, then the measured runs one after the other.
    await load("warm-up", ours, urls, 2);
    await load("warm-up", theirs, files, 2);
    const server = await load("companion server", ours, urls, seconds);
    const nginx = await load("nginx", theirs, files, seconds);
    await load("warm-up", ours, computed, 2);
    const engine = await load("companion server, computed variants", ours, computed, seconds);
    return [server, nginx, engine];
  } finally {
    for (const child of children) child.kill("SIGTERM");
  }
}
