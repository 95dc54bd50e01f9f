import { randomBytes } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import { afterAll, describe, expect, inject, it } from "vitest";
import type { CatalogIndex } from "../../generator/format/dist.js";
import { resolve } from "../../generator/answer/resolve.js";
import { createSnapServer } from "../../generator/serve/server.js";
import { rawGet, rawSocket } from "./http.js";

const baseUrl = inject("baseUrl");
const dist = inject("dist");
const pin = "gh-2026-03-g5";

// A file beside dist/ that no request may ever read: its name may be echoed in an error, its content never.
const name = `secret-${randomBytes(8).toString("hex")}`;
const secret = `content-${randomBytes(8).toString("hex")}`;
const secretFile = join(dirname(dist), `${name}.json`);
writeFileSync(secretFile, JSON.stringify({ secret }));
afterAll(() => rmSync(secretFile, { force: true }));

const TRAVERSALS = [
  `/${pin}/../${name}.json`,
  `/${pin}/../../${name}.json`,
  `/${pin}/%2e%2e/${name}.json`,
  `/${pin}/%2E%2E%2F${name}.json`,
  `/${pin}/..%2f..%2f${name}.json`,
  `/${pin}/..%5c..%5c${name}.json`,
  `/${pin}/..\\..\\${name}.json`,
  `/${pin}/%00/../${name}.json`,
  `/${pin}/orgs%00.json`,
  `/${pin}/%c0%ae%c0%ae/${name}.json`,
  `/${pin}/%c0%af${name}.json`,
  `/${pin}/%252e%252e/${name}.json`,
  `/${pin}/%25%32%65%25%32%65/${name}.json`,
  `/..%2f${name}.json`,
  `/%2e%2e/${name}.json`,
  `/${pin}/_snapverse/routes.json`,
  `/${pin}/_snapverse/manifest.json`,
  `/_catalog.json`,
  `/${pin}/orgs/@.json`,
  `/${pin}/users/web-flow@.json`,
  `/${pin}/user@.json`,
  `//etc/passwd`,
  `/${pin}/./orgs`,
  `/${pin}//orgs`,
  `/catalog/_snapverse/routes.json`,
];

describe("serving never leaves dist/", () => {
  it.each(TRAVERSALS)("%s", async (path) => {
    const res = await rawGet(baseUrl, path);
    expect(res.status).toBeLessThan(500);
    expect(res.body.toString()).not.toContain(secret);
    expect(res.body.toString()).not.toContain('"tree_hash"');
    expect(res.body.toString()).not.toContain('"file":');
    expect(res.status).not.toBe(200);
  });

  it("never answers 5xx and never reads outside the tree, for random hosts, paths and queries (fast-check)", async () => {
    const segment = fc.oneof(
      fc.constantFrom(
        "..",
        ".",
        "%2e%2e",
        "%2f",
        "%5c",
        "%00",
        "%c0%ae",
        "%252e",
        "_snapverse",
        "@.json",
        "orgs",
        "repos",
        pin,
        "catalog",
        "gh",
        name,
        `${name}.json`,
      ),
      fc.string({ maxLength: 12 }).map(encodeURIComponent),
      fc.stringMatching(/^[a-z0-9%._~@-]{0,16}$/),
    );
    const host = fc.oneof(
      fc.constant("127.0.0.1"),
      fc.constantFrom(`${pin}.snap.snapverse.dev`, "catalog.snapverse.dev", "gh.snapverse.dev", "x.y.snapverse.dev", "evil.example"),
      fc.domain(),
    );
    const query = fc
      .array(fc.tuple(fc.constantFrom("page", "per_page", "state", "ref", "a[]", "recursive", "x"), fc.string({ maxLength: 8 })), {
        maxLength: 4,
      })
      .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("&")}` : ""));
    await fc.assert(
      fc.asyncProperty(
        fc.array(segment, { maxLength: 7 }),
        host,
        query,
        fc.constantFrom("GET", "HEAD", "POST", "OPTIONS", "DELETE"),
        async (segments, h, q, method) => {
          const res = await rawGet(baseUrl, `/${segments.join("/")}${q}`, { host: h }, method);
          // 503 is the deliberate answer of a live host or pin whose provider has no generator (or no live
          // build) yet, in that provider's own error shape, naming the host.
          if (res.status === 503 && method !== "HEAD") expect(res.body.toString()).toMatch(/not available yet|no live build yet/);
          else if (res.status === 503) expect(method).toBe("HEAD");
          else expect(res.status).toBeLessThan(500);
          expect(res.body.toString()).not.toContain(secret);
          expect(res.body.toString()).not.toContain('"tree_hash"');
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe("the server under hostile or slow clients", () => {
  it("refuses oversized URLs and headers", async () => {
    expect((await rawGet(baseUrl, `/${pin}/orgs/${"a".repeat(9_000)}`)).status).toBe(414);
    expect((await rawGet(baseUrl, `/${pin}/user`, { "x-big": "b".repeat(20_000) })).status).toBe(431);
  });

  it("answers garbage on the socket with 400 and stays up", async () => {
    const reply = await rawSocket(baseUrl, "NONSENSE\r\n\r\n", 1_000);
    expect(reply.startsWith("HTTP/1.1 400")).toBe(true);
    expect((await rawGet(baseUrl, `/${pin}/user`)).status).toBe(200);
  });

  it("times out a client that never finishes its headers", async () => {
    const server = createSnapServer({ dist, limits: { headersTimeoutMs: 400, requestTimeoutMs: 800, checkIntervalMs: 100 } });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const started = Date.now();
    const reply = await rawSocket(url, `GET /${pin}/user HTTP/1.1\r\nHost: x\r\nX-Slow: 1`, 5_000);
    expect(reply.startsWith("HTTP/1.1 408")).toBe(true);
    expect(Date.now() - started).toBeLessThan(4_000);
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  });
});

describe("HTTP semantics", () => {
  it("returns identical bytes for 100 repeated requests of a sample of resources", async () => {
    const routes = JSON.parse(readFileSync(join(dist, pin, "_snapverse", "routes.json"), "utf8")) as Record<string, { status: number }>;
    // Frozen 200 answers only: a frozen redirect or 204 has no body to compare.
    const keys = Object.keys(routes)
      .filter((k) => routes[k]!.status === 200)
      .sort()
      .filter((_, i) => i % 997 === 0)
      .slice(0, 10);
    for (const key of keys) {
      const first = await rawGet(baseUrl, `/${pin}/${key}`);
      expect(first.status).toBe(200);
      for (let i = 0; i < 100; i++) {
        const again = await rawGet(baseUrl, `/${pin}/${key}`);
        if (!again.body.equals(first.body) || again.headers.etag !== first.headers.etag) expect.fail(`${key} changed on request ${i}`);
      }
    }
  });

  it("supports HEAD, ETag with If-None-Match, gzip and br, CORS and a fixed Last-Modified", async () => {
    const get = await rawGet(baseUrl, `/${pin}/orgs/lumenharbor/repos`);
    const etag = String(get.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]{24}"$/);
    expect(get.headers["access-control-allow-origin"]).toBe("*");
    expect(get.headers["last-modified"]).toBe(new Date("2026-09-30T18:00:00Z").toUTCString());
    const head = await rawGet(baseUrl, `/${pin}/orgs/lumenharbor/repos`, {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers.etag).toBe(etag);
    expect((await rawGet(baseUrl, `/${pin}/orgs/lumenharbor/repos`, { "if-none-match": etag })).status).toBe(304);
    expect((await rawGet(baseUrl, `/${pin}/orgs/lumenharbor/repos`, { "if-none-match": '"nope"' })).status).toBe(200);
    for (const encoding of ["gzip", "br"]) {
      const res = await rawGet(baseUrl, `/${pin}/orgs/lumenharbor/repos`, { "accept-encoding": encoding });
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.body.length).toBeLessThan(get.body.length);
    }
    const preflight = await rawGet(
      baseUrl,
      `/${pin}/user`,
      { origin: "http://app.example", "access-control-request-method": "GET", "access-control-request-headers": "authorization" },
      "OPTIONS",
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers["access-control-allow-headers"]).toBe("authorization");
  });

  it("routes host style and path style to the same resource", async () => {
    // The same bytes but for the origin each names: the one its request came in on (decision 0027).
    const label = (text: string, style: "host" | "path") =>
      style === "path"
        ? text.replace(new RegExp(`${baseUrl}/([a-z0-9-]+)`, "g"), "<$1>")
        : text.replace(/http:\/\/([a-z0-9-]+?)(?:\.snap)?\.snapverse\.dev/g, "<$1>");
    const path = await rawGet(baseUrl, `/${pin}/orgs/lumenharbor`);
    const host = await rawGet(baseUrl, "/orgs/lumenharbor", { host: `${pin}.snap.snapverse.dev` });
    expect(host.status).toBe(200);
    expect(path.body.toString()).toContain(`${baseUrl}/${pin}/`);
    expect(label(host.body.toString(), "host")).toBe(label(path.body.toString(), "path"));
    const catalog = await rawGet(baseUrl, "/v1/snapshots", { host: "catalog.snapverse.dev" });
    expect(catalog.status).toBe(200);
    const catalogPath = (await rawGet(baseUrl, "/catalog/v1/snapshots")).body.toString();
    expect(catalogPath).toContain(`${baseUrl}/${pin}`);
    expect(label(catalog.body.toString(), "host")).toBe(label(catalogPath, "path"));
  });

  it("answers unknown hosts, unknown pins, live hosts without a generator and writes clearly", async () => {
    const unknown = await rawGet(baseUrl, "/nothing-here/x");
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body.toString()).catalog).toBe("/catalog/v1/snapshots");
    const g11 = await rawGet(baseUrl, "/gh-2026-03-g11/user");
    expect(g11.status).toBe(404);
    expect(JSON.parse(g11.body.toString()).message).toBe("'gh-2026-03-g11' has the shape of a pin but is not in the catalog.");
    // A live host with a generator but no live build here (the tests build only the live-only hosts)
    // answers 503 in its provider's shape; so would one whose provider had no generator.
    const gh = await rawGet(baseUrl, "/gh/user");
    expect(gh.status).toBe(503);
    expect(gh.body.toString()).toBe(
      JSON.stringify({
        message:
          "The live host 'gh' has no live build yet: run 'snapverse live' (or wait: 'snapverse start' and 'serve --live' build it in the background, then on their schedule).",
        documentation_url: "https://docs.github.com/rest",
        status: "503",
      }),
    );
    const index = JSON.parse(readFileSync(join(dist, "_catalog.json"), "utf8")) as CatalogIndex;
    const withoutSlack = { ...index, generators: (index.generators ?? []).filter((g) => g !== "slack") };
    const answer = resolve(
      { method: "GET", path: "/slack/api/auth.test", query: [], headers: {} },
      { catalog: withoutSlack, pin: () => undefined },
    );
    expect(answer.kind === "body" && `${answer.status} ${answer.body}`).toBe(
      `503 ${JSON.stringify({
        ok: false,
        error: "service_unavailable",
        warning: "The live host 'slack' is not available yet: its provider " + "has no generator.",
      })}`,
    );
    const write = await rawGet(baseUrl, `/${pin}/repos/lumenharbor/payments-api/pulls`, { "content-type": "application/json" }, "POST");
    expect(write.status).toBe(403);
    expect(JSON.parse(write.body.toString()).documentation_url).toBe("https://docs.github.com/rest");
  });
});
