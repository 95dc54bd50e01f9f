import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { gunzipSync } from "node:zlib";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { listPages } from "../../generator/core/paginate.js";
import type { Pagination, Resource, ServingProfile } from "../../generator/core/provider.js";
import { emitPin } from "../../generator/emit/emit.js";
import { FolderSink } from "../../generator/emit/sink.js";
import { createSnapServer } from "../../generator/serve/server.js";

/**
 * The hot path (serve/hot-answers.ts) answers a repeated read without resolving it. These tests hold it to
 * the general path: byte for byte the same answer, and never an answer the general path would not give
 * (another credential, another version, a swapped pin, a conditional or ranged request).
 */
const doc = { status: 404, body: { message: "Not Found" } };
const unauthorized = { status: 401, body: { message: "Requires authentication" } };
const serving: ServingProfile = {
  provider: "test",
  headers: { "x-served-by": "test" },
  errors: { notFound: doc, methodNotAllowed: doc },
  query: { keep: ["page"], defaults: [], anyValue: [], clamp: [] },
  auth: { header: "authorization", pattern: "^Bearer \\S+$", error: unauthorized, except: "^open$" },
  requestIdHeader: "x-request-id",
};
const big = Array.from({ length: 200 }, (_, i) => ({ id: i, name: `item ${i}` }));
const resources = (edition: string): Resource[] => [
  { path: "items", body: { edition, big } },
  { path: "items", query: { page: "2" }, body: { edition, page: 2 } },
  { path: "open", body: { edition } },
];

/** One request on its own connection, and the whole response as sent, its Date line taken out. */
function raw(port: number, path: string, headers: Record<string, string> = {}, method = "GET"): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () =>
      socket.write(
        `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${Object.entries(headers)
          .map(([k, v]) => `${k}: ${v}\r\n`)
          .join("")}Connection: close\r\n\r\n`,
      ),
    );
    const chunks: Buffer[] = [];
    socket.on("data", (c: Buffer) => chunks.push(c));
    socket.on("end", () =>
      resolve(
        Buffer.concat(chunks)
          .toString("latin1")
          .replace(/\r\nDate: [^\r]*/i, ""),
      ),
    );
    socket.on("error", reject);
  });
}
const status = (response: string) => Number(response.split(" ", 2)[1]);
/** A response's head and its body's bytes. */
const split = (response: string): [string, Buffer] => {
  const at = response.indexOf("\r\n\r\n");
  return [response.slice(0, at), Buffer.from(response.slice(at + 4), "latin1")];
};
const token = { authorization: "Bearer t0ken" };

/**
 * A server over a fresh dist/ with pin `p` built by `emit` (its first edition before the tests): the
 * listening port, and `build` to rebuild the pin (a swap) with other arguments.
 */
function servedPin(emit: (dist: string, port: number, edition: string, profile?: ServingProfile) => unknown) {
  let dist = "";
  let port = 0;
  let server: ReturnType<typeof createSnapServer>;
  const build = (edition: string, profile?: ServingProfile) => emit(dist, port, edition, profile);
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), "snapverse-hot-"));
    server = createSnapServer({ dist });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    port = (server.address() as AddressInfo).port;
    build("first");
  });
  afterAll(async () => {
    await new Promise<void>((r) => server.close(() => r()));
    rmSync(dist, { recursive: true, force: true });
  });
  return { build, port: () => port };
}

describe("hot answers", () => {
  const served = servedPin((dist, port, edition, profile = serving) =>
    emitPin(
      resources(edition),
      profile,
      { name: "p", origin: "https://p.snap.example" },
      new FolderSink(join(dist, "p")),
      `http://127.0.0.1:${port}/p`,
    ),
  );
  const build = served.build;
  let port = 0;
  beforeAll(() => void (port = served.port()));

  it("answers a repeat with the bytes of the first answer, in every encoding and for HEAD", async () => {
    for (const headers of [
      token,
      { ...token, "accept-encoding": "gzip" },
      { ...token, "accept-encoding": "br" },
      { ...token, "accept-encoding": "identity" },
    ]) {
      for (const method of ["GET", "HEAD"]) {
        const answers = [];
        // The first resolves; the second compresses (when asked); the rest are answered the hot way.
        for (let i = 0; i < 4; i++) answers.push(await raw(port, "/p/items", headers, method));
        expect(status(answers[0]!)).toBe(200);
        for (const later of answers.slice(1)) expect(later, `${method} ${JSON.stringify(headers)}`).toBe(answers[0]);
      }
    }
    expect(await raw(port, "/p/items", { ...token, "accept-encoding": "gzip" })).toMatch(/\r\nContent-Encoding: gzip\r\n/);
  });

  it("never answers for a credential, version or query it was not asked with", async () => {
    for (let i = 0; i < 3; i++) expect(status(await raw(port, "/p/items", token))).toBe(200);
    expect(status(await raw(port, "/p/items"))).toBe(401);
    expect(status(await raw(port, "/p/items", { authorization: "Basic nope" }))).toBe(401);
    expect(await raw(port, "/p/items?page=2", token)).toContain(`"page":2`);
    // A path that needs no credential answers with or without one, each the same bytes every time.
    const open = await raw(port, "/p/open");
    for (let i = 0; i < 3; i++) expect(await raw(port, "/p/open")).toBe(open);
    expect(status(await raw(port, "/p/open", token))).toBe(200);
  });

  it("leaves conditional and ranged requests to the general path", async () => {
    const first = await raw(port, "/p/items", token);
    const etag = /\r\netag: ("[^"]+")/i.exec(first)![1]!;
    expect(status(await raw(port, "/p/items", { ...token, "if-none-match": etag }))).toBe(304);
    const ranged = await raw(port, "/p/items", { ...token, range: "bytes=0-9" });
    expect(status(ranged)).toBe(206);
    expect(ranged.endsWith(`{"edition"`)).toBe(true);
  });

  it("answers from the new build once a pin is swapped, never from the one it replaced", async () => {
    const gzip = { ...token, "accept-encoding": "gzip" };
    for (let i = 0; i < 3; i++) {
      expect(await raw(port, "/p/items?page=2", token)).toContain(`"edition":"first"`);
      expect(await raw(port, "/p/items", token)).toContain(`"edition":"first"`);
      await raw(port, "/p/items", gzip);
    }
    build("second");
    // The store looks at a pin's files again at most 2 ms after it last did.
    await new Promise((r) => setTimeout(r, 20));
    for (let i = 0; i < 3; i++) {
      expect(await raw(port, "/p/items?page=2", token)).toContain(`"edition":"second"`);
      // Each encoding's header list belongs to the new file (its length); the old build's are gone.
      for (const headers of [token, gzip]) {
        const [head, body] = split(await raw(port, "/p/items", headers));
        expect(Number(/\r\nContent-Length: (\d+)/.exec(head)![1])).toBe(body.length);
        expect((headers === gzip ? gunzipSync(body) : body).toString("utf8")).toContain(`"edition":"second"`);
      }
    }
  });

  it("forgets every answer when a swap changes the rules, even for a file the new build shares", async () => {
    for (let i = 0; i < 3; i++) expect(status(await raw(port, "/p/items", token, "HEAD"))).toBe(200);
    build("third", { ...serving, auth: { ...serving.auth!, pattern: "^Bearer second$" } });
    await new Promise((r) => setTimeout(r, 20));
    // The new build's file is read in (for a range, with the new credential, which remembers nothing)
    // while the HEAD answered with the old one is still in the table: the old credential is still refused.
    expect(status(await raw(port, "/p/items", { authorization: "Bearer second", range: "bytes=0-9" }))).toBe(206);
    expect(status(await raw(port, "/p/items", token, "HEAD"))).toBe(401);
  });
});

describe("hot answers for computed list pages", () => {
  const paging: Pagination = {
    mechanism: "link-header",
    pageParam: "page",
    sizeParam: "per_page",
    defaultSize: 5,
    rendered: [5, 10],
    max: 50,
    origin: "https://p.snap.example",
  };
  const { auth: _open, ...unchecked } = serving;
  const listed: ServingProfile = {
    ...unchecked,
    pagination: paging,
    query: {
      keep: ["page", "per_page"],
      defaults: [
        { param: "page", value: "1" },
        { param: "per_page", value: "5" },
      ],
      anyValue: [],
      clamp: [],
    },
  };
  const served = servedPin((dist, port, edition) =>
    emitPin(
      [
        ...listPages(
          paging,
          "items",
          Array.from({ length: 23 }, (_, i) => ({ id: i + 1, edition, text: "x".repeat(80) })),
        ),
      ],
      listed,
      { name: "p", origin: paging.origin },
      new FolderSink(join(dist, "p")),
      `http://127.0.0.1:${port}/p`,
    ),
  );
  const build = served.build;
  let port = 0;
  beforeAll(() => void (port = served.port()));

  it("answers a repeated computed page with the bytes of the first answer, per Accept-Encoding and for HEAD", async () => {
    for (const headers of [{}, { "accept-encoding": "gzip" }, { "accept-encoding": "br, gzip" }] as Array<Record<string, string>>) {
      for (const method of ["GET", "HEAD"]) {
        const answers = [];
        for (let i = 0; i < 4; i++) answers.push(await raw(port, "/p/items?per_page=7&page=2", headers, method));
        expect(status(answers[0]!)).toBe(200);
        for (const later of answers.slice(1)) expect(later, `${method} ${JSON.stringify(headers)}`).toBe(answers[0]);
      }
    }
    const [, body] = split(await raw(port, "/p/items?per_page=7&page=2"));
    expect((JSON.parse(body.toString("utf8")) as Array<{ id: number }>).map((x) => x.id)).toStrictEqual([8, 9, 10, 11, 12, 13, 14]);
  });

  it("revalidates a remembered page by its ETag, and computes it afresh once the pin is swapped", async () => {
    const first = await raw(port, "/p/items?per_page=7");
    const etag = /\r\netag: ("[^"]+")/i.exec(first)![1]!;
    expect(status(await raw(port, "/p/items?per_page=7", { "if-none-match": etag }))).toBe(304);
    for (let i = 0; i < 3; i++) expect(await raw(port, "/p/items?per_page=7")).toContain(`"edition":"first"`);
    build("second");
    await new Promise((r) => setTimeout(r, 20));
    for (let i = 0; i < 3; i++) expect(await raw(port, "/p/items?per_page=7")).toContain(`"edition":"second"`);
  });
});
