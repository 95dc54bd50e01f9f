import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
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
 * Issue 17: the production path, end to end, with the project's own commands. A tree is built for the
 * public origin (at scale 0.1, so that every provider fits in a test: one pin of each pinned provider,
 * and the live hosts of the rest), published to s3rver, and served by the edge Worker (dist/_edge/, as
 * `snapverse build` bundles it) in Miniflare, reading the bucket over S3's HTTP API and through an R2
 * binding. Every sampled request must get from the edge what `snapverse serve` answers from the same
 * tree: status, body bytes and every header the local server sends (but the connection's own; see same()
 * for encodings).
 */
const DOMAIN = loadCatalog("catalog.yaml").serviceDomain;
const PINS = ["gh-2026-03", "gl-v4-g5", "bb-v2", "ado-7-1", "jira-v3", "linear-2026-08", "hubspot-v3", "openai-2020-10", "devin-v1"];
const LIVE = ["slack", "sentry", "circleci", "zendesk", "anthropic", "cursor", "chatgpt", "graph", "pd", "sf", "buildkite", "statuspage"];
const NOW = "2026-11-26T02:00:00Z";
const CREDENTIALS = { AWS_ACCESS_KEY_ID: "S3RVER", AWS_SECRET_ACCESS_KEY: "S3RVER", AWS_REGION: "us-east-1", NODE_NO_WARNINGS: "1" };
/** The connection's own headers, and the date: not the answer's. */
const HOP = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

const work = mkdtempSync(join(tmpdir(), "snapverse-edge-"));
const dist = join(work, "dist");
const cli = (...args: string[]) => ["--import", "tsx", "generator/cli.ts", ...args];
let s3: Started;
let local: Started;
let s3Port: number;
let localPort: number;
let edge: Miniflare;
let edgePort: number;

/** A CLI command to its end; its output (the log is on stderr). Throws with the output when it fails. */
function run(args: string[], env: Record<string, string> = {}): string {
  const out = spawnSync(process.execPath, cli(...args), { encoding: "utf8", env: { ...process.env, ...env } });
  if (out.status !== 0) throw Object.assign(new Error(`snapverse ${args[0]} exited with ${out.status}: ${`${out.stdout}${out.stderr}`.slice(-1500)}`), { stderr: `${out.stdout}${out.stderr}` });
  return `${out.stdout}${out.stderr}`;
}

function publishArgs(...extra: string[]): string[] {
  return ["publish", "--to", "s3://snapverse/prod", "--endpoint", `http://127.0.0.1:${s3Port}`, "--dist", dist, "--concurrency", "24", ...extra];
}

async function worker(bindings: Record<string, string>, r2 = false): Promise<Miniflare> {
  return new Miniflare({
    modules: true, modulesRoot: join(dist, "_edge"), scriptPath: join(dist, "_edge", "worker.js"),
    compatibilityDate: "2025-09-01", compatibilityFlags: ["nodejs_compat"], bindings, ...(r2 ? { r2Buckets: ["BUCKET"] } : {}),
    port: await freePort(), host: "127.0.0.1",
  });
}

beforeAll(async () => {
  run(["build", "--out", dist, "--scale", "0.1", "--origin", `https://{pin}.snap.${DOMAIN}`, "--pin", ...PINS]);
  run(["live", "--dist", dist, "--scale", "0.1", "--now", NOW, "--origin", `https://{pin}.${DOMAIN}`, "--prefix", ...LIVE]);
  s3Port = await freePort();
  // s3rver pages its listings with DES tokens, which OpenSSL 3 keeps in its legacy provider.
  s3 = await start(["--openssl-legacy-provider", "node_modules/s3rver/bin/s3rver.js", "--directory", join(work, "s3"), "--port", String(s3Port), "--address", "127.0.0.1", "--configure-bucket", "snapverse", "--silent"], s3Port);
  localPort = await freePort();
  local = await start(cli("serve", "--dist", dist, "--port", String(localPort), "--no-https", "--quiet", "--any-origin", "--workers", "1"), localPort);
}, 600_000);

afterAll(async () => {
  await edge?.dispose();
  await local?.stop();
  await s3?.stop();
  rmSync(work, { recursive: true, force: true });
});

describe("publish to a bucket, serve it at the edge", () => {
  it("refuses a tree built for this machine, and a bucket URL it cannot read", () => {
    const localDist = join(work, "local");
    run(["build", "--out", localDist, "--scale", "0.1", "--pin", "devin-v1"]);
    const refuse = (args: string[]) => {
      try {
        run(args, CREDENTIALS);
        return "";
      } catch (error) {
        return String((error as { stderr?: string }).stderr);
      }
    };
    expect(refuse(["publish", "--to", "s3://snapverse/x", "--endpoint", `http://127.0.0.1:${s3Port}`, "--dist", localDist])).toContain("its links point at this machine");
    expect(refuse(["publish", "--to", "https://bucket", "--dist", dist])).toContain("expected s3://<bucket>[/<prefix>]");
  });

  it("never shows a half-published pin: killed halfway, the bucket serves what it served before, and the rerun completes", async () => {
    // First the catalog and two small pins.
    const first = run(publishArgs("--pin", "catalog", "openai-2020-10", "devin-v1"), CREDENTIALS);
    expect(first).toMatch(/published 3 \(skipped 0\)/);
    // Pointers are looked at on every request here (a deployment keeps them 10 s).
    edge = await worker({ ORIGIN: `http://127.0.0.1:${s3Port}/snapverse/prod`, POINTER_TTL_SECONDS: "0" });
    edgePort = Number(new URL(String(await edge.ready)).port);
    const before = await raw(edgePort, `openai-2020-10.snap.${DOMAIN}`, "/v1/models", { headers: { authorization: "Bearer sk-test" } });
    expect(before.status).toBe(200);
    // Then everything, killed with SIGKILL once a few thousand objects are in.
    const child = spawn(process.execPath, cli(...publishArgs()), { env: { ...process.env, ...CREDENTIALS }, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    for (let i = 0; i < 2_400 && !/: [3-9]\d{3}\/\d+ objects/.test(out) && child.exitCode === null; i++) await new Promise((r) => setTimeout(r, 25));
    expect(child.exitCode, `publish ended before it could be killed: ${out.slice(-500)}`).toBe(null);
    child.kill("SIGKILL");
    await once(child, "exit");
    // What was served still is, byte for byte; what was being published is not visible at all.
    const after = await raw(edgePort, `openai-2020-10.snap.${DOMAIN}`, "/v1/models", { headers: { authorization: "Bearer sk-test" } });
    expect(after.status).toBe(200);
    expect(after.body.equals(before.body)).toBe(true);
    // Each pin is either wholly served (its pointer was written, last) or not at all.
    let halfway = 0;
    for (const pin of PINS.filter((p) => !["openai-2020-10", "devin-v1"].includes(p))) {
      const pointer = await raw(s3Port, "127.0.0.1", `/snapverse/prod/pins/${pin}.json`);
      const res = await raw(edgePort, `${pin}.snap.${DOMAIN}`, "/", {});
      if (pointer.status === 404) {
        halfway++;
        expect(res.status, pin).toBe(503);
      } else {
        expect(res.status, pin).not.toBe(503);
      }
    }
    expect(halfway).toBeGreaterThan(0);
    // The rerun sends only what is missing, and completes.
    const rerun = run(publishArgs(), CREDENTIALS);
    expect(rerun).toMatch(/published \d+ \(skipped 3\)/);
    const present = Number(/(\d+) already there/.exec(rerun)?.[1]);
    expect(present).toBeGreaterThan(1_000);
    // A third run has nothing to do.
    expect(run(publishArgs(), CREDENTIALS)).toMatch(/published 0 \(skipped 11\) to s3:\/\/snapverse\/prod: 0 uploaded, 0 copied, 0 already there/);
  }, 600_000);

  it("answers every sampled request as the local server does: every provider, canonical and permuted queries, computed variants, errors, HEAD and 304", async () => {
    const requests = sample();
    let compared = 0;
    const providers = new Set<string>();
    const statuses = new Set<number>();
    let encoded = 0;
    for (const r of requests) {
      const here = await raw(localPort, r.host, r.path, r.init);
      const there = await raw(edgePort, r.host, r.path, r.init);
      same(here, there, `${r.init.method ?? "GET"} ${r.host}${r.path} ${JSON.stringify(r.init.headers ?? {})}`);
      if (r.init.method === "POST") expect(here.status, `${r.host}${r.path}`).toBe(200);
      compared++;
      statuses.add(here.status);
      if (here.headers["content-encoding"]) encoded++;
      providers.add(r.provider);
      // A 304 for what was just answered, when it had an entity tag.
      if (here.status === 200 && here.headers.etag && (r.init.method ?? "GET") === "GET" && compared % 3 === 0) {
        const init = { ...r.init, headers: { ...(r.init.headers ?? {}), "if-none-match": here.headers.etag } };
        const [a, b] = [await raw(localPort, r.host, r.path, init), await raw(edgePort, r.host, r.path, init)];
        expect(a.status).toBe(304);
        same(a, b, `304 ${r.host}${r.path}`);
        statuses.add(a.status);
      }
    }
    expect([...providers].sort().join(",")).toBe([...new Set(["catalog", ...PINS.map((p) => p.replace(/-.*/, "")), ...LIVE])].sort().join(","));
    expect(compared).toBeGreaterThan(400);
    expect(encoded).toBeGreaterThan(100);
    for (const status of [200, 304, 400, 404, 503]) expect(statuses.has(status), `a ${status} among the answers`).toBe(true);
  }, 600_000);

  it("clones a repository from the bucket through the edge: fsck is clean and git log is the API's commit list", async () => {
    const host = `gl-v4-g5.snap.${DOMAIN}`;
    const projects = JSON.parse((await raw(edgePort, host, "/api/v4/projects?per_page=100", { headers: { "private-token": "glpat-test" } })).body.toString()) as Array<{ id: number; http_url_to_repo: string }>;
    expect(projects.length).toBeGreaterThan(0);
    for (const project of projects) {
      // The clone URL names the public host; here the edge is reached path style on its port.
      const url = project.http_url_to_repo.replace(`https://${host}`, `http://127.0.0.1:${edgePort}/gl-v4-g5`);
      const dir = join(work, `clone-${project.id}`);
      const git = (...args: string[]) => spawnSync("git", args, { cwd: dir, encoding: "utf8", env: { ...process.env, GIT_TERMINAL_PROMPT: "0" } });
      expect(spawnSync("git", ["clone", "--quiet", url, dir], { encoding: "utf8" }).status, url).toBe(0);
      expect(git("fsck", "--strict").status).toBe(0);
      const commits = JSON.parse((await raw(edgePort, host, `/api/v4/projects/${project.id}/repository/commits?per_page=100`, { headers: { "private-token": "glpat-test" } })).body.toString()) as Array<{ id: string }>;
      expect(git("log", "--format=%H", "-n", String(commits.length)).stdout.trim().split("\n").join(",")).toBe(commits.map((c) => c.id).join(","));
    }
  }, 300_000);

  it("reads the same tree through an R2 binding", async () => {
    // The bucket's objects of one pin, its pointer and the catalog, copied into the Worker's R2 bucket.
    const r2 = await worker({ PREFIX: "prod", POINTER_TTL_SECONDS: "0" }, true);
    try {
      const bucket = (await r2.getR2Bucket("BUCKET")) as unknown as { put(key: string, value: Uint8Array): Promise<unknown> };
      const pointer = JSON.parse((await raw(s3Port, "127.0.0.1", "/snapverse/prod/pins/devin-v1.json")).body.toString()) as { folder: string };
      const routes = JSON.parse((await raw(s3Port, "127.0.0.1", `/snapverse/prod/${pointer.folder}/_snapverse/routes.json`)).body.toString()) as Record<string, unknown>;
      const keys = ["_catalog.json", "pins/devin-v1.json", ...["routes", "serving", "lists", "manifest"].map((f) => `${pointer.folder}/_snapverse/${f}.json`),
        ...Object.keys(routes).map((k) => `${pointer.folder}/${k.includes("?") ? k.replace("?", "@") : `${k}@`}`)];
      for (const key of keys) {
        const res = await raw(s3Port, "127.0.0.1", `/snapverse/prod/${key.split("/").map(encodeURIComponent).join("/")}`);
        expect(res.status, key).toBe(200);
        await bucket.put(`prod/${key}`, new Uint8Array(res.body));
      }
      const port = Number(new URL(String(await r2.ready)).port);
      const paths = ["/v1/sessions", "/v1/sessions?limit=3", "/v1/knowledge", "/v1/no-such-thing"];
      for (const path of paths) {
        const variants: Array<Record<string, string>> = [{ authorization: "Bearer apk_user_test" }, { authorization: "Bearer apk_user_test", "accept-encoding": "br" }, {}];
        for (const headers of variants) {
          const init = { headers };
          same(await raw(localPort, `devin-v1.snap.${DOMAIN}`, path, init), await raw(port, `devin-v1.snap.${DOMAIN}`, path, init), `R2 ${path}`);
        }
      }
    } finally {
      await r2.dispose();
    }
  }, 300_000);
});

/**
 * The edge's answer against the local server's. The platform negotiates the encoding at the edge (the
 * Worker answers identity, the runtime compresses for the client, as Cloudflare does), so an encoded
 * answer on either side is compared decoded, without Content-Encoding and Content-Length; everything
 * else byte for byte.
 */
function same(here: RawAnswer, there: RawAnswer, what: string): void {
  expect(there.status, what).toBe(here.status);
  const encoded = here.headers["content-encoding"] !== undefined || there.headers["content-encoding"] !== undefined;
  const framing = new Set([...HOP, ...(encoded ? ["content-encoding", "content-length"] : [])]);
  const differing = Object.entries(here.headers).filter(([k, v]) => !framing.has(k) && there.headers[k] !== v).map(([k, v]) => `${k}: ${v} | edge: ${there.headers[k]}`);
  expect(differing.join("\n"), what).toBe("");
  const a = decoded(here);
  const b = decoded(there);
  expect(b.equals(a), `${what}: body (${a.length} bytes here, ${b.length} at the edge)`).toBe(true);
}

function decoded(answer: RawAnswer): Buffer {
  const encoding = answer.headers["content-encoding"];
  if (!encoding || answer.body.length === 0) return answer.body;
  return encoding === "br" ? brotliDecompressSync(answer.body) : encoding === "gzip" ? gunzipSync(answer.body) : inflateSync(answer.body);
}

interface Sampled {
  provider: string;
  host: string;
  path: string;
  init: { method?: string; headers?: Record<string, string>; body?: string };
}

/** Hosts, their folders in the built tree, and the credentials their clients send. */
function sample(): Sampled[] {
  const out: Sampled[] = [];
  const current = JSON.parse(readFileSync(join(dist, "live", "current.json"), "utf8")) as { build: string };
  const hosts = [
    ...PINS.map((p) => ({ label: p, provider: p.replace(/-.*/, ""), host: `${p}.snap.${DOMAIN}`, dir: join(dist, p) })),
    ...LIVE.map((p) => ({ label: p, provider: p, host: `${p}.${DOMAIN}`, dir: join(dist, "live", current.build, p) })),
  ];
  const encodings = [undefined, "gzip", "br", "gzip, deflate, br", "identity"];
  let turn = 0;
  for (const h of hosts) {
    const routes = JSON.parse(readFileSync(join(h.dir, "_snapverse", "routes.json"), "utf8")) as Record<string, { status: number }>;
    const serving = JSON.parse(readFileSync(join(h.dir, "_snapverse", "serving.json"), "utf8")) as ServingProfile & { pagination?: { sizeParam?: string } };
    const lists = JSON.parse(readFileSync(join(h.dir, "_snapverse", "lists.json"), "utf8")) as Record<string, unknown>;
    const auth = credentials(serving);
    const add = (path: string, init: Sampled["init"] = {}) => {
      const accept = encodings[turn++ % encodings.length];
      out.push({ provider: h.provider, host: h.host, path: `/${path}`, init: { ...init, headers: { ...auth, ...(accept ? { "accept-encoding": accept } : {}), ...(init.headers ?? {}) } } });
    };
    const keys = Object.keys(routes).sort();
    const step = Math.max(1, Math.floor(keys.length / 20));
    for (let i = 0; i < keys.length; i += step) add(keys[i]!);
    const withQuery = keys.filter((k) => (k.split("?")[1] ?? "").includes("&")).slice(0, 3);
    for (const k of withQuery) {
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
  // What only code answers: GraphQL, POST-as-read, the catalog's filters.
  out.push({ provider: "linear", host: `linear-2026-08.snap.${DOMAIN}`, path: "/graphql", init: { method: "POST", headers: { authorization: "lin_api_test", "content-type": "application/json", "accept-encoding": "gzip" }, body: JSON.stringify({ query: "{ viewer { id name } issues(first: 3) { nodes { id identifier title } pageInfo { hasNextPage endCursor } } }" }) } });
  out.push({ provider: "gh", host: `gh-2026-03.snap.${DOMAIN}`, path: "/graphql", init: { method: "POST", headers: { authorization: "bearer ghp_test", "content-type": "application/json" }, body: JSON.stringify({ query: "{ viewer { login } }" }) } });
  out.push({ provider: "slack", host: `slack.${DOMAIN}`, path: "/api/conversations.list", init: { method: "POST", headers: { authorization: "Bearer xoxb-test", "content-type": "application/x-www-form-urlencoded" }, body: "limit=2" } });
  out.push({ provider: "jira", host: `jira-v3.snap.${DOMAIN}`, path: "/rest/api/3/search/jql", init: { method: "POST", headers: { authorization: "Basic dTpw", "content-type": "application/json", "accept-encoding": "br" }, body: JSON.stringify({ jql: "project = PLAT ORDER BY created DESC", maxResults: 2, fields: ["summary", "status"] }) } });
  for (const path of ["/v1/snapshots", "/v1/snapshots?provider=gh", "/v1/snapshots?provider=nope", "/v1/snapshots/devin-v1", "/v1/live-hosts"]) {
    out.push({ provider: "catalog", host: `catalog.${DOMAIN}`, path, init: { headers: { "accept-encoding": "gzip" } } });
  }
  out.push({ provider: "catalog", host: `no-such-pin-2026.snap.${DOMAIN}`, path: "/", init: {} });
  // A pin of the catalog that this tree does not hold: the provider's 503.
  out.push({ provider: "gh", host: `gh-2026-03-g5.snap.${DOMAIN}`, path: "/user", init: { headers: { "accept-encoding": "gzip" } } });
  return out;
}

/** A credential the provider's auth rule accepts (ServingProfile.auth), sent as its clients send it. */
function credentials(serving: ServingProfile): Record<string, string> {
  const auth = serving.auth;
  if (!auth) return {};
  for (const candidate of ["Bearer snapverse-test", "Basic dTpw", "bearer ghp_test", "lin_api_test", "Bearer sk-test", "Bearer xoxb-test", "Token token=test", "Bearer apk_user_test", "Key test"]) {
    if (new RegExp(auth.pattern).test(candidate)) return { [auth.header]: candidate };
  }
  return {};
}
