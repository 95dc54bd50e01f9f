import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCatalog } from "../../generator/catalog/index.js";
import type { ServingProfile } from "../../generator/core/provider.js";
import { freePort } from "../serve/http.js";
import { raw, start, type RawAnswer, type Started } from "./processes.js";

/**
 * Issue 17's production path on this machine, with the project's own commands: a tree built for the
 * public origin, published to s3rver (npm) by `snapverse publish`, served by the edge Worker
 * (dist/_edge/, as `snapverse build` bundles it) in Miniflare (npm, workerd), next to `snapverse serve`
 * on the same tree. Each test file makes its own bench (a file stays under the per-file budget), at scale
 * 0.02 so that a tree of several providers publishes in seconds.
 */
export const DOMAIN = loadCatalog("catalog.yaml").serviceDomain;
export const NOW = "2026-11-26T02:00:00Z";
export const SCALE = "0.02";
export const CREDENTIALS = { AWS_ACCESS_KEY_ID: "S3RVER", AWS_SECRET_ACCESS_KEY: "S3RVER", AWS_REGION: "us-east-1", NODE_NO_WARNINGS: "1" };

export interface Group {
  pins: string[];
  live: string[];
}

/** Groups that a parity file picks by hand, for what it adds to the common checks (clones, GraphQL, RPC). */
const CHOSEN = {
  scmA: { pins: ["gh-2026-03", "bb-v2"], live: [] },
  scmB: { pins: ["gl-v4-g5", "ado-7-1"], live: [] },
  hubspot: { pins: ["hubspot-v3"], live: [] },
  liveA: { pins: [], live: ["slack", "sentry", "circleci", "zendesk", "anthropic", "cursor"] },
} satisfies Record<string, Group>;

/**
 * Every other provider of the catalog falls to one of two groups, so a new provider is at the edge without
 * an edit here: one with pins by its lowest-generation pin (the smallest tree) in `pins`, a live host only
 * in `liveB`, both in catalog order.
 */
function theRest(): { pins: Group; liveB: Group } {
  const catalog = loadCatalog("catalog.yaml");
  const chosen = Object.values(CHOSEN) as Group[];
  const covered = new Set([
    ...chosen.flatMap((g) => g.pins.map((name) => catalog.pins.find((p) => p.name === name)!.provider)),
    ...chosen.flatMap((g) => g.live),
  ]);
  const rest = catalog.livePrefixes.filter((prefix) => !covered.has(prefix));
  const lowest = (prefix: string) =>
    catalog.pins.filter((p) => p.provider === prefix).reduce((a, b) => (b.generation < a.generation ? b : a)).name;
  const withPins = rest.filter((prefix) => catalog.pins.some((p) => p.provider === prefix));
  return {
    pins: { pins: withPins.map(lowest), live: [] },
    liveB: { pins: [], live: rest.filter((prefix) => !withPins.includes(prefix)) },
  };
}

/** The providers each parity file covers: together, every provider of the catalog (parity-pins checks). */
export const GROUPS: Record<keyof typeof CHOSEN | "pins" | "liveB", Group> = { ...CHOSEN, ...theRest() };

export const cli = (...args: string[]) => ["--import", "tsx", "generator/cli.ts", ...args];

export interface Bench {
  work: string;
  dist: string;
  s3Port: number;
  localPort: number;
  edgePort: number;
  pins: string[];
  live: string[];
  run(args: string[], env?: Record<string, string>): string;
  publishArgs(...extra: string[]): string[];
  worker(bindings: Record<string, string>, r2?: boolean): Promise<Miniflare>;
}

/**
 * Builds the pins and live hosts (a tree with no pin gets the smallest, for its catalog and Worker),
 * starts s3rver and `snapverse serve`, and, with `publish`, publishes the tree and starts the Worker on it.
 */
export function edgeBench(setup: { pins: string[]; live: string[]; publish: boolean }): Bench {
  const work = mkdtempSync(join(tmpdir(), "snapverse-edge-"));
  const dist = join(work, "dist");
  const processes: Started[] = [];
  const workers: Miniflare[] = [];
  const pins = setup.pins.length ? setup.pins : ["devin-v1"];
  const bench: Bench = {
    work,
    dist,
    s3Port: 0,
    localPort: 0,
    edgePort: 0,
    pins,
    live: setup.live,
    run(args, env = {}) {
      const out = spawnSync(process.execPath, cli(...args), { encoding: "utf8", env: { ...process.env, ...env } });
      const text = `${out.stdout}${out.stderr}`;
      if (out.status !== 0)
        throw Object.assign(new Error(`snapverse ${args[0]} exited with ${out.status}: ${text.slice(-1500)}`), { stderr: text });
      return text;
    },
    publishArgs: (...extra) => [
      "publish",
      "--to",
      "s3://snapverse/prod",
      "--endpoint",
      `http://127.0.0.1:${bench.s3Port}`,
      "--dist",
      dist,
      "--concurrency",
      "24",
      ...extra,
    ],
    async worker(bindings, r2 = false) {
      const mf = new Miniflare({
        modules: true,
        modulesRoot: join(dist, "_edge"),
        scriptPath: join(dist, "_edge", "worker.js"),
        compatibilityDate: "2025-09-01",
        compatibilityFlags: ["nodejs_compat"],
        bindings,
        ...(r2 ? { r2Buckets: ["BUCKET"] } : {}),
        port: await freePort(),
        host: "127.0.0.1",
      });
      workers.push(mf);
      return mf;
    },
  };
  beforeAll(async () => {
    bench.run(["build", "--out", dist, "--scale", SCALE, "--origin", `https://{pin}.snap.${DOMAIN}`, "--pin", ...pins]);
    if (setup.live.length)
      bench.run(["live", "--dist", dist, "--scale", SCALE, "--now", NOW, "--origin", `https://{pin}.${DOMAIN}`, "--prefix", ...setup.live]);
    bench.s3Port = await freePort();
    // s3rver pages its listings with DES tokens, which OpenSSL 3 keeps in its legacy provider.
    processes.push(
      await start(
        [
          "--openssl-legacy-provider",
          "node_modules/s3rver/bin/s3rver.js",
          "--directory",
          join(work, "s3"),
          "--port",
          String(bench.s3Port),
          "--address",
          "127.0.0.1",
          "--configure-bucket",
          "snapverse",
          "--silent",
        ],
        bench.s3Port,
      ),
    );
    bench.localPort = await freePort();
    processes.push(
      await start(
        cli("serve", "--dist", dist, "--port", String(bench.localPort), "--no-https", "--quiet", "--any-origin", "--workers", "1"),
        bench.localPort,
      ),
    );
    if (setup.publish) {
      bench.run(bench.publishArgs(), CREDENTIALS);
      // Pointers are looked at on every request here (a deployment keeps them 10 s).
      const edge = await bench.worker({ ORIGIN: `http://127.0.0.1:${bench.s3Port}/snapverse/prod`, POINTER_TTL_SECONDS: "0" });
      bench.edgePort = Number(new URL(String(await edge.ready)).port);
    }
    // Building, publishing and starting a whole bench takes minutes on a loaded 2-core machine: a limit
    // that catches a hang, not a speed goal (speed is npm run bench's).
  }, 600_000);
  afterAll(async () => {
    for (const mf of workers) await mf.dispose();
    for (const p of processes) await p.stop();
    rmSync(work, { recursive: true, force: true });
  });
  return bench;
}

export interface Sampled {
  provider: string;
  host: string;
  path: string;
  init: { method?: string; headers?: Record<string, string>; body?: string };
}

/**
 * The requests a parity file sends to both servers, for each host of its bench: every twentieth route,
 * permuted and padded queries, page sizes that were not pre-rendered, a HEAD, an unknown path and a write.
 * Each request asks for another encoding in turn.
 */
export function sample(bench: Pick<Bench, "pins" | "live" | "dist">): Sampled[] {
  const out: Sampled[] = [];
  const current = bench.live.length
    ? (JSON.parse(readFileSync(join(bench.dist, "live", "current.json"), "utf8")) as { build: string }).build
    : "";
  const hosts = [
    ...bench.pins.map((p) => ({ provider: p.replace(/-.*/, ""), host: `${p}.snap.${DOMAIN}`, dir: join(bench.dist, p) })),
    ...bench.live.map((p) => ({ provider: p, host: `${p}.${DOMAIN}`, dir: join(bench.dist, "live", current, p) })),
  ];
  const encodings = [undefined, "gzip", "br", "gzip, deflate, br", "identity"];
  let turn = 0;
  for (const h of hosts) {
    const meta = (file: string) => JSON.parse(readFileSync(join(h.dir, "_snapverse", file), "utf8")) as unknown;
    const routes = meta("routes.json") as Record<string, { status: number }>;
    const serving = meta("serving.json") as ServingProfile & { pagination?: { sizeParam?: string } };
    const lists = meta("lists.json") as Record<string, unknown>;
    const auth = credentials(serving);
    const add = (path: string, init: Sampled["init"] = {}) => {
      const accept = encodings[turn++ % encodings.length];
      out.push({
        provider: h.provider,
        host: h.host,
        path: `/${path}`,
        init: { ...init, headers: { ...auth, ...(accept ? { "accept-encoding": accept } : {}), ...(init.headers ?? {}) } },
      });
    };
    const keys = Object.keys(routes)
      .filter((k) => !k.startsWith("_snapverse/"))
      .sort();
    const step = Math.max(1, Math.floor(keys.length / 20));
    for (let i = 0; i < keys.length; i += step) add(keys[i]!);
    for (const k of keys.filter((k) => (k.split("?")[1] ?? "").includes("&")).slice(0, 3)) {
      const [path, query] = k.split("?") as [string, string];
      add(`${path}?${query.split("&").reverse().join("&")}`);
      add(`${path}?${query}&snapverse_ignored=1`);
    }
    const size = serving.pagination?.sizeParam;
    for (const k of Object.keys(lists).sort().slice(0, 4)) if (size) add(`${k}${k.includes("?") ? "&" : "?"}${size}=3`);
    add(keys[0]!, { method: "HEAD" });
    add("snapverse/no/such/path");
    add(keys[0]!, { method: "DELETE" });
  }
  return out;
}

/**
 * Sends each request to the local server and to the edge, and holds them to the same answer (see
 * same()); a 200 with an entity tag is asked again with If-None-Match now and then. Returns what it saw.
 */
export async function compare(
  bench: Pick<Bench, "localPort" | "edgePort">,
  requests: Sampled[],
): Promise<{ compared: number; providers: Set<string>; statuses: Set<number>; encoded: number }> {
  const seen = { compared: 0, providers: new Set<string>(), statuses: new Set<number>(), encoded: 0 };
  for (const r of requests) {
    const here = await raw(bench.localPort, r.host, r.path, r.init);
    const there = await raw(bench.edgePort, r.host, r.path, r.init);
    same(here, there, `${r.init.method ?? "GET"} ${r.host}${r.path} ${JSON.stringify(r.init.headers ?? {})}`);
    seen.compared++;
    seen.providers.add(r.provider);
    seen.statuses.add(here.status);
    if (here.headers["content-encoding"]) seen.encoded++;
    if (here.status === 200 && here.headers.etag && (r.init.method ?? "GET") === "GET" && seen.compared % 3 === 0) {
      const init = { ...r.init, headers: { ...(r.init.headers ?? {}), "if-none-match": here.headers.etag } };
      const [a, b] = [await raw(bench.localPort, r.host, r.path, init), await raw(bench.edgePort, r.host, r.path, init)];
      expect(a.status).toBe(304);
      same(a, b, `304 ${r.host}${r.path}`);
      seen.statuses.add(304);
    }
  }
  return seen;
}

/** The connection's own headers, and the date: not the answer's. */
const HOP = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

/**
 * The edge's answer against the local server's. The platform negotiates the encoding at the edge (the
 * Worker answers identity, the runtime compresses for the client, as Cloudflare does), so an encoded
 * answer on either side is compared decoded, without Content-Encoding and Content-Length; everything
 * else byte for byte: the status, the body and every header the local server sends.
 */
export function same(here: RawAnswer, there: RawAnswer, what: string): void {
  expect(there.status, what).toBe(here.status);
  const encoded = here.headers["content-encoding"] !== undefined || there.headers["content-encoding"] !== undefined;
  const framing = new Set([...HOP, ...(encoded ? ["content-encoding", "content-length"] : [])]);
  const differing = Object.entries(here.headers)
    .filter(([k, v]) => !framing.has(k) && there.headers[k] !== v)
    .map(([k, v]) => `${k}: ${v} | edge: ${there.headers[k]}`);
  expect(differing.join("\n"), what).toBe("");
  const a = decoded(here);
  const b = decoded(there);
  expect(b.equals(a), `${what}: body (${a.length} bytes here, ${b.length} at the edge)`).toBe(true);
}

export function decoded(answer: RawAnswer): Buffer {
  const encoding = answer.headers["content-encoding"];
  if (!encoding || answer.body.length === 0) return answer.body;
  return encoding === "br" ? brotliDecompressSync(answer.body) : encoding === "gzip" ? gunzipSync(answer.body) : inflateSync(answer.body);
}

/** A credential the provider's auth rule accepts (ServingProfile.auth), sent as its clients send it. */
export function credentials(serving: ServingProfile): Record<string, string> {
  const auth = serving.auth;
  if (!auth) return {};
  for (const candidate of [
    "Bearer snapverse-test",
    "Basic dTpw",
    "bearer ghp_test",
    "lin_api_test",
    "Bearer sk-test",
    "Bearer xoxb-test",
    "Token token=test",
    "Bearer apk_user_test",
    "Key test",
  ]) {
    if (new RegExp(auth.pattern).test(candidate)) return { [auth.header]: candidate };
  }
  return {};
}

/**
 * A parity file: a bench of the group, published, and one test that sends the sample (and `extra`) to
 * the local server and the edge and holds them to the same answers. Returns the bench for more tests.
 */
export function parity(group: { pins: string[]; live: string[] }, options: { extra?: () => Sampled[]; statuses?: number[] } = {}): Bench {
  const bench = edgeBench({ ...group, publish: true });
  const providers = [...group.pins.map((p) => p.replace(/-.*/, "")), ...group.live];
  describe(`the edge answers as the local server: ${providers.join(", ")}`, () => {
    it("answers every sampled request alike: canonical, permuted and padded queries, computed pages, errors, HEAD and 304", async () => {
      // A tree of live hosts only holds one small pin for its catalog: it is not what is compared here.
      const requests = [
        ...sample(bench).filter((r) => group.pins.length > 0 || group.live.includes(r.provider)),
        ...(options.extra?.() ?? []),
      ];
      const seen = await compare(bench, requests);
      for (const r of requests.filter((q) => q.init.method === "POST"))
        expect((await raw(bench.localPort, r.host, r.path, r.init)).status, `${r.host}${r.path}`).toBe(200);
      for (const p of providers) expect(seen.providers.has(p), p).toBe(true);
      expect(seen.compared).toBeGreaterThan(20 * providers.length);
      for (const status of options.statuses ?? [200, 304, 404])
        expect(seen.statuses.has(status), `a ${status} among the answers`).toBe(true);
    }, 120_000);
  });
  return bench;
}

/**
 * `git clone` of every GitLab project of the gl-v4-g5 pin from a server on `port` (the edge or nginx),
 * path style: `fsck --strict` is clean and `git log` is the API's commit list. `work` holds the clones.
 */
export async function cloneEveryGitLabProject(port: number, work: string): Promise<void> {
  const host = `gl-v4-g5.snap.${DOMAIN}`;
  const get = async (path: string) =>
    JSON.parse((await raw(port, host, path, { headers: { "private-token": "glpat-test" } })).body.toString()) as unknown;
  const projects = (await get("/api/v4/projects?per_page=100")) as Array<{ id: number; http_url_to_repo: string }>;
  expect(projects.length).toBeGreaterThan(0);
  for (const project of projects) {
    // The clone URL names the host the tree was built for (public or path style); here the server is
    // reached path style on its port.
    const url = `http://127.0.0.1:${port}/gl-v4-g5/${new URL(project.http_url_to_repo).pathname.replace(/^\/(gl-v4-g5\/)?/, "")}`;
    const dir = join(work, `clone-${project.id}`);
    const git = (...args: string[]) =>
      spawnSync("git", args, { cwd: dir, encoding: "utf8", env: { ...process.env, GIT_TERMINAL_PROMPT: "0" } });
    expect(spawnSync("git", ["clone", "--quiet", url, dir], { encoding: "utf8" }).status, url).toBe(0);
    expect(git("fsck", "--strict").status).toBe(0);
    const commits = (await get(`/api/v4/projects/${project.id}/repository/commits?per_page=100`)) as Array<{ id: string }>;
    expect(git("log", "--format=%H", "-n", String(commits.length)).stdout.trim().split("\n").join(",")).toBe(
      commits.map((c) => c.id).join(","),
    );
  }
}
