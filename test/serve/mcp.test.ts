import { request } from "node:http";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { loadCatalog } from "../../generator/catalog/index.js";
import type { SnapshotRecord } from "../../generator/catalog/records.js";

const dist = inject("dist");
const baseUrl = inject("baseUrl");

// The shared test server (test/setup/global.ts) is wired as `snapverse serve` wires it, MCP hook included.
const mcpOrigin = baseUrl;

async function getSnapshot(client: Client, args: Record<string, unknown>): Promise<SnapshotRecord[]> {
  const result = await client.callTool({ name: "get_snapshot", arguments: args });
  expect(result.isError ?? false, JSON.stringify(result.content)).toBe(false);
  const structured = result.structuredContent as { snapshots: SnapshotRecord[] };
  // The text block carries the same JSON, for clients that ignore structured content.
  const text = (result.content as Array<{ type: string; text?: string }>)[0];
  expect(text?.type).toBe("text");
  expect(text?.text).toBe(JSON.stringify(structured));
  return structured.snapshots;
}

async function catalogApi(path: string): Promise<unknown> {
  const res = await fetch(`${baseUrl}/catalog/${path}`);
  expect(res.status).toBe(200);
  return res.json();
}

/** Filters with their catalog API query and the number of pins catalog.yaml gives them. */
const FILTERS: Array<{ args: Record<string, unknown>; query: string; count: number }> = [
  { args: {}, query: "", count: 15 },
  { args: { generation: 1 }, query: "?generation=1", count: 6 },
  { args: { provider: "gh" }, query: "?provider=gh", count: 2 },
  { args: { provider: "jira", generation: 5 }, query: "?provider=jira&generation=5", count: 1 },
  { args: { provider: "hubspot", generation: 1 }, query: "?provider=hubspot&generation=1", count: 0 },
];

function conformance(connect: () => Promise<Client>) {
  let client: Client;
  beforeAll(async () => {
    client = await connect();
  });
  afterAll(async () => {
    await client?.close();
  });

  it("lists get_snapshot with its typed, optional input and its output schema", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).join(",")).toBe("get_snapshot");
    const tool = tools[0]!;
    const props = tool.inputSchema.properties as Record<string, { type: string; description?: string }>;
    expect(
      Object.entries(props)
        .map(([k, v]) => `${k}:${v.type}`)
        .join(","),
    ).toBe("provider:string,generation:integer,pin:string");
    expect(JSON.stringify(tool.inputSchema.required ?? [])).toBe("[]");
    for (const v of Object.values(props)) expect((v.description ?? "").length).toBeGreaterThan(20);
    expect(tool.description).toContain("base_url");
    expect(JSON.stringify(Object.keys(tool.outputSchema?.properties ?? {}))).toBe('["snapshots"]');
    expect(tool.annotations?.readOnlyHint).toBe(true);
  });

  for (const { args, query, count } of FILTERS) {
    it(`${JSON.stringify(args)} returns the catalog API's records for '${query || "(no filter)"}', byte for byte`, async () => {
      const records = await getSnapshot(client, args);
      expect(records.length).toBe(count);
      const api = (await catalogApi(`v1/snapshots${query}`)) as { total_count: number; snapshots: SnapshotRecord[] };
      expect(api.total_count).toBe(count);
      expect(JSON.stringify(records)).toBe(JSON.stringify(api.snapshots));
    });
  }

  it("a pin returns its one record, as GET /v1/snapshots/<pin> does, pointing at this server", async () => {
    const records = await getSnapshot(client, { pin: "gh-2026-03-g5" });
    expect(records.length).toBe(1);
    expect(records[0]!.base_url).toBe(`${baseUrl}/gh-2026-03-g5`);
    expect(records[0]!.available).toBe(true);
    expect(JSON.stringify(records[0])).toBe(JSON.stringify(await catalogApi("v1/snapshots/gh-2026-03-g5")));
  });

  it("agrees with catalog.yaml: the same pins, in its order, with their providers, generations, versions and files", async () => {
    const catalog = loadCatalog("catalog.yaml");
    const expected = catalog.pins.map((p) => [
      p.name,
      p.provider,
      p.generation,
      p.apiVersion,
      p.files,
      catalog.generations.get(p.generation)!.asOf,
    ]);
    const records = await getSnapshot(client, {});
    expect(JSON.stringify(records.map((r) => [r.pin, r.provider, r.generation, r.api_version, r.files, r.as_of]))).toBe(
      JSON.stringify(expected),
    );
  });

  it("an unknown provider or pin is a tool error naming the accepted values, not an empty list", async () => {
    const pin = await client.callTool({ name: "get_snapshot", arguments: { pin: "gh-2026-03-g11" } });
    expect(pin.isError).toBe(true);
    expect(JSON.stringify(pin.content)).toContain("gh-2026-03-g5");
    const provider = await client.callTool({ name: "get_snapshot", arguments: { provider: "slack" } });
    expect(provider.isError).toBe(true);
    expect(JSON.stringify(provider.content)).toContain("Providers with pins: gh, gl");
  });

  it("input of the wrong type is rejected", async () => {
    const result = await client.callTool({ name: "get_snapshot", arguments: { generation: "5" } });
    expect(result.isError).toBe(true);
  });
}

describe("MCP get_snapshot over streamable HTTP (/catalog/mcp)", () => {
  conformance(async () => {
    const client = new Client({ name: "snapverse-test", version: "0.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${mcpOrigin}/catalog/mcp`)));
    return client;
  });

  it("is also served host style, at /mcp on the catalog host", async () => {
    const body = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "get_snapshot", arguments: { pin: "gh-2026-03" } },
    });
    const { status, text } = await post(`${mcpOrigin}/mcp`, "catalog.snapverse.dev", body);
    expect(status).toBe(200);
    // Host style names the pin's own host on the request's scheme and port (decision 0027).
    const api = JSON.stringify(await catalogApi("v1/snapshots/gh-2026-03")).replace(
      `${baseUrl}/gh-2026-03`,
      "http://gh-2026-03.snap.snapverse.dev",
    );
    expect(JSON.stringify((JSON.parse(text) as { result: { structuredContent: unknown } }).result.structuredContent)).toBe(
      `{"snapshots":[${api}]}`,
    );
  });

  it("answers GET and DELETE with 405 and a JSON-RPC error: the endpoint is stateless", async () => {
    for (const method of ["GET", "DELETE"]) {
      const res = await fetch(`${mcpOrigin}/catalog/mcp`, { method });
      expect(res.status).toBe(405);
      expect(((await res.json()) as { jsonrpc: string }).jsonrpc).toBe("2.0");
    }
  });
});

describe("MCP get_snapshot over stdio (snapverse mcp)", () => {
  conformance(async () => {
    const client = new Client({ name: "snapverse-test", version: "0.0.0" });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        // A stdio request has no origin: the records name the server given (decision 0027).
        args: ["--import", "tsx", "generator/cli.ts", "mcp", "--dist", dist, "--server", new URL(baseUrl).origin],
        cwd: process.cwd(),
        stderr: "ignore",
      }),
    );
    return client;
  });
});

/** A POST with a Host header of our choosing, which fetch does not allow. */
function post(url: string, host: string, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: "POST",
        headers: {
          host,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "content-length": Buffer.byteLength(body),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}
