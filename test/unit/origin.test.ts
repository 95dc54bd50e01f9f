import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { loadCatalog } from "../../generator/catalog/index.js";
import type { Resource, ServingProfile } from "../../generator/core/provider.js";
import { writeCatalogIndex } from "../../generator/emit/catalog-index.js";
import { emitPin } from "../../generator/emit/emit.js";
import { FolderSink } from "../../generator/emit/sink.js";
import { holdsOrigin, schemeOf, spliceBytes, spliceFor, spliceText, type OriginSplice } from "../../generator/answer/origin.js";
import { PinStore } from "../../generator/answer/pin-store.js";
import { resolve } from "../../generator/answer/resolve.js";
import { reply } from "../../generator/answer/reply.js";
import { createSnapHttpsServer, createSnapServer } from "../../generator/serve/server.js";
import { ensureCertificate } from "../../generator/serve/tls.js";

/*
 * Decision 0027: files keep the canonical origin, and every answer names the origin its request came in
 * on. Here on a small pin: the splice itself, then the Node server (general and hot paths, every
 * encoding, HTTP and HTTPS, host and path style) against the answer layer's reply() that the Worker uses.
 */

describe("the splice", () => {
  const domain = "snapverse.dev";
  const pin = { label: "gh-2026-03-g5", style: "path" as const, kind: "pin" as const };

  it("names the request's scheme, Host and, in path style, the label", () => {
    const path = spliceFor({ scheme: "http", host: "127.0.0.1:4010" }, pin, domain);
    expect(JSON.stringify(path)).toBe('[["https://gh-2026-03-g5.snap.snapverse.dev","http://127.0.0.1:4010/gh-2026-03-g5"]]');
    const host = spliceFor({ scheme: "https", host: "gh-2026-03-g5.snap.snapverse.dev:4011" }, { ...pin, style: "host" }, domain);
    expect(JSON.stringify(host)).toBe('[["https://gh-2026-03-g5.snap.snapverse.dev","https://gh-2026-03-g5.snap.snapverse.dev:4011"]]');
    // The canonical origin itself, and a Host that cannot stand in a URL: nothing to splice.
    expect(spliceFor({ scheme: "https", host: "gh-2026-03-g5.snap.snapverse.dev" }, { ...pin, style: "host" }, domain).length).toBe(0);
    for (const bad of ['x"y', "a b", "x/y", "", "evil.example:80:80"])
      expect(spliceFor({ scheme: "http", host: bad }, pin, domain).length, bad).toBe(0);
    const live = spliceFor({ scheme: "https", host: "gh.snapverse.dev:4011" }, { label: "gh", style: "host", kind: "live" }, domain);
    expect(JSON.stringify(live)).toBe('[["https://gh.snapverse.dev","https://gh.snapverse.dev:4011"]]');
  });

  it("maps every pin and live host the catalog names to the same server", () => {
    const splice = spliceFor({ scheme: "http", host: "localhost:4010" }, { label: "catalog", style: "path", kind: "catalog" }, domain, {
      pins: ["gl-v4"],
      live: ["gl"],
    });
    expect(spliceText("https://catalog.snapverse.dev/v1 https://gl-v4.snap.snapverse.dev/api https://gl.snapverse.dev/x", splice)).toBe(
      "http://localhost:4010/catalog/v1 http://localhost:4010/gl-v4/api http://localhost:4010/gl/x",
    );
  });

  it("splices once: an origin that contains the canonical one is not spliced again", () => {
    const splice: OriginSplice = [
      ["https://gh.snapverse.dev", "https://gh.snapverse.dev:4011"],
      ["https://gl.snapverse.dev", "https://gl.snapverse.dev:4011"],
    ];
    const text = "<https://gh.snapverse.dev/a>, é https://gl.snapverse.dev/b https://gh.snapverse.dev";
    const want = "<https://gh.snapverse.dev:4011/a>, é https://gl.snapverse.dev:4011/b https://gh.snapverse.dev:4011";
    expect(spliceText(text, splice)).toBe(want);
    expect(spliceBytes(Buffer.from(text), splice).toString("utf8")).toBe(want);
    expect(spliceText(text, splice.slice(0, 1))).toBe(spliceBytes(Buffer.from(text), splice.slice(0, 1)).toString("utf8"));
    const plain = Buffer.from("no origin here");
    expect(spliceBytes(plain, splice)).toBe(plain);
    expect(holdsOrigin(plain, splice)).toBe(false);
    expect(holdsOrigin(Buffer.from(text), splice)).toBe(true);
  });

  it("takes the scheme from X-Forwarded-Proto, else from the connection", () => {
    expect(schemeOf({}, false)).toBe("http");
    expect(schemeOf({}, true)).toBe("https");
    expect(schemeOf({ "x-forwarded-proto": "https" }, false)).toBe("https");
    expect(schemeOf({ "x-forwarded-proto": "HTTP, https" }, true)).toBe("http");
    expect(schemeOf({ "x-forwarded-proto": "gopher" }, true)).toBe("https");
  });
});

const CANONICAL = "https://p.snap.snapverse.dev";
const serving: ServingProfile = {
  provider: "test",
  headers: {},
  errors: { notFound: { status: 404, body: { message: "Not Found" } }, methodNotAllowed: { status: 405, body: { message: "No" } } },
  query: { keep: ["page"], defaults: [], anyValue: [], clamp: [] },
  mounts: ["api/v3"],
};
const items = Array.from({ length: 60 }, (_, i) => ({ id: i, url: `${CANONICAL}/items/${i}`, name: `item ${i}` }));
const resources: Resource[] = [
  { path: "items", headers: { link: `<${CANONICAL}/items?page=2>; rel="next"` }, body: items },
  { path: "items", query: { page: "2" }, body: [] },
  { path: "plain", body: { names: items.map((i) => i.name) } },
  { path: "", body: { items_url: `${CANONICAL}/items` } },
];

describe("answers name the request's origin", () => {
  let dist = "";
  let tls = "";
  let ca = "";
  const servers: Array<ReturnType<typeof createSnapServer> | ReturnType<typeof createSnapHttpsServer>> = [];
  let http = 0;
  let https = 0;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), "snapverse-origin-"));
    tls = mkdtempSync(join(tmpdir(), "snapverse-origin-tls-"));
    writeCatalogIndex(loadCatalog("catalog.yaml"), dist);
    emitPin(resources, serving, { name: "p", origin: CANONICAL }, new FolderSink(join(dist, "p")), CANONICAL);
    const cert = await ensureCertificate(tls, "snapverse.dev");
    ca = cert.cert;
    const plain = createSnapServer({ dist });
    const secure = createSnapHttpsServer({ dist }, cert);
    servers.push(plain, secure);
    await new Promise<void>((r) => plain.listen(0, "127.0.0.1", r));
    await new Promise<void>((r) => secure.listen(0, "127.0.0.1", r));
    http = (plain.address() as AddressInfo).port;
    https = (secure.address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    }
    rmSync(dist, { recursive: true, force: true });
    rmSync(tls, { recursive: true, force: true });
  });

  /** One GET to this machine with the Host given, over TLS or not: status, headers and the body decoded. */
  function get(secure: boolean, host: string, path: string, headers: Record<string, string> = {}) {
    return new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>((done, fail) => {
      const options = {
        host: "127.0.0.1",
        port: secure ? https : http,
        path,
        headers: { host, ...headers },
        agent: false as const,
        ...(secure ? { ca, servername: host.replace(/:\d+$/, "") } : {}),
      };
      const req = (secure ? httpsRequest : httpRequest)(options, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const bytes = Buffer.concat(chunks);
          const body = res.headers["content-encoding"] === "gzip" ? gunzipSync(bytes) : bytes;
          done({ status: res.statusCode!, headers: res.headers as Record<string, string>, body });
        });
      });
      req.on("error", fail);
      req.end();
    });
  }

  const cases = () => [
    { secure: false, host: `127.0.0.1:${http}`, path: "/p/items", origin: `http://127.0.0.1:${http}/p` },
    { secure: false, host: `localhost:${http}`, path: "/p/items", origin: `http://localhost:${http}/p` },
    { secure: true, host: `p.snap.snapverse.dev:${https}`, path: "/items", origin: `https://p.snap.snapverse.dev:${https}` },
    { secure: true, host: `localhost:${https}`, path: "/p/items", origin: `https://localhost:${https}/p` },
    // Behind a proxy that terminates TLS.
    { secure: false, host: `p.snap.snapverse.dev`, path: "/items", origin: CANONICAL, headers: { "x-forwarded-proto": "https" } },
  ];

  it("in the Link header and the body, the same bytes every time and in every encoding", async () => {
    const file = readFileSync(join(dist, "p", JSON.parse(readFileSync(join(dist, "p/_snapverse/routes.json"), "utf8")).items.file));
    for (const c of cases()) {
      const want = file.toString("utf8").replaceAll(CANONICAL, c.origin);
      const seen = new Set<string>();
      for (const encoding of ["identity", "gzip", "identity", "gzip", "identity"]) {
        const got = await get(c.secure, c.host, c.path, { "accept-encoding": encoding, ...(c.headers ?? {}) });
        expect(got.status, JSON.stringify(c)).toBe(200);
        expect(got.headers.link).toBe(`<${c.origin}/items?page=2>; rel="next"`);
        expect(got.body.toString("utf8")).toBe(want);
        if (encoding === "identity") expect(Number(got.headers["content-length"])).toBe(got.body.length);
        seen.add(got.headers.etag!);
      }
      // One entity tag per URL: the same URL always gets the same bytes.
      expect(seen.size).toBe(1);
    }
  });

  it("keeps a file that names no origin as it is, and the canonical origin's answer is the file", async () => {
    const routes = JSON.parse(readFileSync(join(dist, "p/_snapverse/routes.json"), "utf8"));
    const plain = readFileSync(join(dist, "p", routes.plain.file));
    for (const c of cases()) expect((await get(c.secure, c.host, c.path.replace("items", "plain"))).body.equals(plain)).toBe(true);
    const items = readFileSync(join(dist, "p", routes.items.file));
    expect((await get(true, "p.snap.snapverse.dev", "/items")).body.equals(items)).toBe(true);
  });

  it("is what the answer layer replies, which the Worker answers with", async () => {
    const store = new PinStore(dist);
    for (const c of cases()) {
      const headers = { host: c.host, ...(c.headers ?? {}) };
      const scheme = c.secure || c.headers?.["x-forwarded-proto"] === "https" ? "https" : "http";
      const answer = resolve(
        { method: "GET", path: c.path, query: [], headers, scheme },
        { catalog: store.catalog(), pin: (n) => store.pin(n) },
      );
      const pin = store.pin("p")!;
      const out = await reply({ method: "GET", headers, query: [] }, answer, pin, {
        file: async (p, f) => readFileSync(join(dist, p.dir, f)),
        list: async () => {
          throw new Error("no list here");
        },
        compute: async () => undefined,
      });
      const served = await get(c.secure, c.host, c.path, c.headers ?? {});
      expect(out.body!.equals(served.body)).toBe(true);
      expect(out.headers.find(([k]) => k.toLowerCase() === "link")?.[1]).toBe(served.headers.link);
    }
  });

  it("under a mount (GitHub Enterprise's api/v3), answers the same and keeps the mount in every URL", async () => {
    const file = readFileSync(join(dist, "p", JSON.parse(readFileSync(join(dist, "p/_snapverse/routes.json"), "utf8")).items.file));
    for (const c of cases()) {
      const mounted = `${c.origin}/api/v3`;
      const got = await get(c.secure, c.host, c.path.replace("items", "api/v3/items"), c.headers ?? {});
      expect(got.status, JSON.stringify(c)).toBe(200);
      expect(got.headers.link).toBe(`<${mounted}/items?page=2>; rel="next"`);
      expect(got.body.toString("utf8")).toBe(file.toString("utf8").replaceAll(CANONICAL, mounted));
      // The bare path beside it keeps the bare origin.
      expect((await get(c.secure, c.host, c.path, c.headers ?? {})).headers.link).toBe(`<${c.origin}/items?page=2>; rel="next"`);
    }
    // The mount alone is the API root (GitHub Enterprise's `GET /api/v3`), with or without a slash after
    // it; a path that only starts like it is not under it.
    const origin = `http://127.0.0.1:${http}/p`;
    for (const root of ["/p/api/v3", "/p/api/v3/"]) {
      const got = await get(false, `127.0.0.1:${http}`, root);
      expect(got.status).toBe(200);
      expect(got.body.toString("utf8")).toBe(`{"items_url":"${origin}/api/v3/items"}`);
    }
    expect((await get(false, `127.0.0.1:${http}`, "/p/")).body.toString("utf8")).toBe(`{"items_url":"${origin}/items"}`);
    expect((await get(false, `127.0.0.1:${http}`, "/p/api/v3x/items")).status).toBe(404);
  });
});
