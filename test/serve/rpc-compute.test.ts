import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServingProfile } from "../../generator/core/provider.js";
import { emitPin } from "../../generator/emit/emit.js";
import { FolderSink } from "../../generator/emit/sink.js";
import { canonicalJson } from "../../generator/core/canonical-json.js";
import { createSnapServer, type ComputeHandler } from "../../generator/serve/server.js";

/**
 * The resolver's two hooks for what a GET file cannot express, on a small synthetic pin: POST-as-read
 * (an RPC method whose parameters come in the body) and computed answers.
 */
const dist = mkdtempSync(join(tmpdir(), "snapverse-rpc-"));
const doc = (status: number, message: string) => ({ status, body: { ok: false, error: message } });
const serving: ServingProfile = {
  provider: "rpc",
  headers: { "x-test": "1" },
  query: { keep: ["channel", "limit", "filter"], defaults: [{ param: "limit", value: "100" }], anyValue: [], clamp: [] },
  errors: { notFound: doc(404, "not_found"), methodNotAllowed: doc(405, "method_not_allowed") },
  rpc: [{ method: "POST", path: "^api/conversations\\.history$", params: ["channel", "limit", "filter"] }],
  computed: [
    { method: "POST", path: "^graphql$", handler: "graphql" },
    { method: "POST", path: "^nobody$", handler: "missing" },
  ],
  slashInSegment: true,
};
const graphql: ComputeHandler = async ({ body, path }) => ({
  status: 200,
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ data: { path, echo: canonicalJson(JSON.parse(body!.toString())) } }),
});

let base = "";
const server = createSnapServer({ dist, compute: new Map([["rpc/graphql", graphql]]), limits: { maxBody: 1_000 } });

beforeAll(async () => {
  emitPin(
    [
      { path: "api/conversations.history", query: { channel: "C1" }, body: { ok: true, messages: [1, 2, 3] } },
      { path: "api/conversations.history", query: { channel: "C1", limit: "2" }, body: { ok: true, messages: [1, 2] } },
      { path: "api/conversations.history", query: { channel: "C1", filter: '{"a":1,"b":[2,3]}' }, body: { ok: true, messages: [3] } },
      { path: "projects/group%2Fname", body: { id: 7 } },
    ],
    serving,
    { name: "rpc-pin", origin: "https://rpc-pin.snap.example" },
    new FolderSink(join(dist, "rpc-pin")),
    "http://localhost/rpc-pin",
  );
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rpc-pin`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
  rmSync(dist, { recursive: true, force: true });
});

const post = (path: string, body: string, type = "application/json") =>
  fetch(`${base}/${path}`, { method: "POST", headers: { "content-type": type }, body });

describe("POST-as-read", () => {
  it("answers a JSON body and a form body like the GET with the same parameters", async () => {
    const get = await (await fetch(`${base}/api/conversations.history?limit=2&channel=C1`)).text();
    expect(get).toBe('{"ok":true,"messages":[1,2]}');
    expect(await (await post("api/conversations.history", '{"limit":2,"channel":"C1"}')).text()).toBe(get);
    expect(await (await post("api/conversations.history", "channel=C1&limit=2", "application/x-www-form-urlencoded")).text()).toBe(get);
    // A default value finds the default resource.
    expect(await (await post("api/conversations.history", '{"channel":"C1","limit":100}')).text()).toBe('{"ok":true,"messages":[1,2,3]}');
  });

  it("canonicalizes object parameters, so key order does not matter", async () => {
    const res = await post("api/conversations.history", '{"channel":"C1","filter":{"b":[2,3],"a":1}}');
    expect(await res.text()).toBe('{"ok":true,"messages":[3]}');
  });

  it("answers unknown parameters, malformed bodies and plain writes in the provider's shape", async () => {
    expect((await post("api/conversations.history", '{"channel":"C9"}')).status).toBe(404);
    expect((await post("api/conversations.history", "{not json")).status).toBe(404);
    const write = await post("api/chat.postMessage", '{"channel":"C1"}');
    expect(write.status).toBe(405);
    expect(await write.text()).toBe('{"ok":false,"error":"method_not_allowed"}');
  });

  it("refuses bodies over the limit", async () => {
    expect((await post("api/conversations.history", JSON.stringify({ channel: "x".repeat(2_000) }))).status).toBe(413);
  });
});

describe("slashes inside a segment (slashInSegment)", () => {
  it("keeps %2F inside the segment: group%2Fname is one id, group/name is another path", async () => {
    expect(await (await fetch(`${base}/projects/group%2Fname`)).text()).toBe('{"id":7}');
    expect((await fetch(`${base}/projects/group/name`)).status).toBe(404);
    expect((await fetch(`${base}/projects/group%252Fname`)).status).toBe(404);
    expect((await fetch(`${base}/projects/..%2F..%2Fx`)).status).toBe(404);
  });
});

describe("computed answers", () => {
  it("runs the registered handler: the same request gives the same bytes", async () => {
    const a = await post("graphql", '{"query":"{ viewer { id } }","variables":{"b":1,"a":2}}');
    const b = await post("graphql", '{"variables":{"a":2,"b":1},"query":"{ viewer { id } }"}');
    expect(a.status).toBe(200);
    expect(a.headers.get("x-test")).toBe("1");
    const text = await a.text();
    expect(text).toBe(await b.text());
    expect(text).toBe(JSON.stringify({ data: { path: "graphql", echo: '{"query":"{ viewer { id } }","variables":{"a":2,"b":1}}' } }));
  });

  it("answers 501 when no handler is registered", async () => {
    expect((await post("nobody", "{}")).status).toBe(501);
  });
});
