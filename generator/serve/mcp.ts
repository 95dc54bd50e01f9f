import { readFileSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import * as z from "zod";
import { filterRecords, type SnapshotFilter, type SnapshotRecord } from "../catalog/records.js";
import { CATALOG_FILE, META_DIR, ROUTES_FILE, type CatalogIndex } from "../format/dist.js";
import { requestScheme } from "./tls.js";
import { NO_SPLICE, spliceFor, spliceText, type Arrival, type OriginSplice } from "../answer/origin.js";

/**
 * The MCP server: one tool, `get_snapshot`, answering pin discovery from the very file the catalog API
 * serves for `GET /v1/snapshots` (the unfiltered list the build wrote under dist/catalog/). Reading the
 * built file, rather than recomputing records from catalog.yaml, is what makes the tool, the API and the
 * catalog agree to the byte. Its base URLs are canonical, as every file's; over HTTP the tool names the
 * origin the request came in on, as the catalog API does (decision 0027); over stdio, there is none.
 */

const SERVER_INFO = { name: "snapverse", version: "0.1.0" };

const CATALOG_DIR = "catalog";
const LIST_KEY = "v1/snapshots";

const snapshotRecordSchema = z.object({
  pin: z.string().describe("The pin name: <provider>-<api version slug>, optionally -g<generation>."),
  provider: z.string().describe("The provider's prefix, as in the pin's name."),
  provider_name: z.string().describe("The provider's human name."),
  generation: z.number().int().describe("The frozen universe the pin serves."),
  api_version: z.string().describe("The provider API version the pin mimics, as the provider names it."),
  files: z.boolean().describe("Whether the pin serves repository files and file content."),
  as_of: z.string().describe("The frozen clock of the pin's universe (ISO instant): nothing happens after it."),
  base_url: z.string().describe("Where to point the provider's SDK: the pin's API root on this server."),
  host: z.string().describe("The pin's production host name."),
  available: z.boolean().describe("False when the pin is in the catalog but this build does not serve it yet."),
}) satisfies z.ZodType<SnapshotRecord>;

const outputShape = { snapshots: z.array(snapshotRecordSchema) };

/**
 * The tool's input and description name the catalog's providers, read from the built catalog index
 * (dist/_catalog.json, from the providers' manifests), so this file names none.
 */
function toolText(dist: string): { inputShape: ReturnType<typeof inputShapeFor>; description: string } {
  let index: CatalogIndex | undefined;
  try {
    index = JSON.parse(readFileSync(join(dist, CATALOG_FILE), "utf8")) as CatalogIndex;
  } catch {
    index = undefined;
  }
  const prefixes = [...new Set(index?.pins.map((p) => p.provider) ?? [])];
  const named = prefixes.map((p) => (index?.names?.[p] && index.names[p] !== p ? `${p} (${index.names[p]})` : p));
  const example = index?.pins.at(-1)?.name ?? "<provider>-<version>";
  return {
    inputShape: inputShapeFor(named, example),
    description: [
      `Find snapverse snapshot pins: frozen, simulated copies of third-party provider ` +
        `APIs${named.length ? ` (${prefixes.map((p) => index?.names?.[p] ?? p).join(", ")})` : ""} ` +
        `that a ` +
        `client uses by changing only its SDK's base URL.`,
      `A pin is named <provider>-<api version>[-g<generation>], e.g. ${example}, and serves the same bytes for the same request forever, ` +
        `which makes it fit for CI.`,
      "Filters are optional and combine; with none, every pin in the catalog is listed.",
      "Each record's base_url is what to point the provider's SDK at; host is the pin's " +
        "production host name; available is false for a pin " +
        "that is catalogued but not served by this build.",
      "The records are exactly those of the catalog API, GET /v1/snapshots.",
    ].join(" "),
  };
}

function inputShapeFor(named: string[], example: string) {
  return {
    provider: z
      .string()
      .optional()
      .describe(`Only this provider, by its prefix${named.length ? `: ${named.join(", ")}` : ""}. Omit for every provider.`),
    generation: z
      .number()
      .int()
      .positive()
      .optional()
      .describe(
        "Only pins of this generation. A generation is a whole frozen universe of the same " +
          "fictional company, with its own seed and as-of " +
          "time: generation 5 serves repository files, generation 1 has none, and two generations " +
          "hold different data. Omit for every generation.",
      ),
    pin: z
      .string()
      .optional()
      .describe(
        `Only this pin, by name, e.g. ${example}. A pin is a frozen snapshot of one provider's API at one API version and generation; it ` +
          `returns the same bytes forever.`,
      ),
  };
}

/** Reads the unfiltered list the catalog site serves; reloaded when a rebuild swaps the catalog folder. */
class SnapshotSource {
  private cached: { stamp: string; records: SnapshotRecord[] } | undefined;

  constructor(private readonly dist: string) {}

  records(): SnapshotRecord[] {
    const routesFile = join(this.dist, CATALOG_DIR, META_DIR, ROUTES_FILE);
    let stamp: string;
    try {
      const st = statSync(routesFile);
      stamp = `${st.ino}:${st.mtimeMs}:${st.size}`;
    } catch {
      this.cached = undefined;
      throw new Error(`No catalog has been built in ${this.dist}: run \`snapverse build\` first.`);
    }
    if (this.cached?.stamp === stamp) return this.cached.records;
    const routes = JSON.parse(readFileSync(routesFile, "utf8")) as Record<string, { file: string } | undefined>;
    const route = routes[LIST_KEY];
    if (!route) throw new Error(`The catalog in ${this.dist} has no '${LIST_KEY}' route: rebuild it.`);
    const body = JSON.parse(readFileSync(join(this.dist, CATALOG_DIR, route.file), "utf8")) as { snapshots: SnapshotRecord[] };
    this.cached = { stamp, records: body.snapshots };
    return body.snapshots;
  }
}

/**
 * A value no pin has is an error, not an empty list, as the catalog API answers 400 (unknown filter value)
 * or 404 (unknown pin): a mistyped name must not read as "no such pins", and the accepted values let
 * an agent correct itself. A valid combination that matches nothing (hubspot, generation 1) is an empty list.
 */
function unknownValue(records: SnapshotRecord[], f: SnapshotFilter): string | undefined {
  const distinct = <T>(pick: (r: SnapshotRecord) => T) => [...new Set(records.map(pick))];
  if (f.provider !== undefined && !distinct((r) => r.provider).includes(f.provider)) {
    return `No pins for provider '${f.provider}'. Providers with pins: ${distinct((r) => r.provider).join(", ")}.`;
  }
  if (f.generation !== undefined && !distinct((r) => r.generation).includes(f.generation)) {
    return `No generation ${f.generation}. Generations: ${distinct((r) => r.generation)
      .sort((a, b) => a - b)
      .join(", ")}.`;
  }
  if (f.pin !== undefined && !distinct((r) => r.pin).includes(f.pin)) {
    return `'${f.pin}' is not in the catalog. Pins: ${distinct((r) => r.pin).join(", ")}.`;
  }
  return undefined;
}

function registerGetSnapshot(server: McpServer, source: SnapshotSource, dist: string, splice: OriginSplice): void {
  const { inputShape, description } = toolText(dist);
  server.registerTool(
    "get_snapshot",
    {
      title: "Find snapshot pins",
      description,
      inputSchema: inputShape,
      outputSchema: outputShape,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    async ({ provider, generation, pin }): Promise<CallToolResult> => {
      const records = source.records();
      const filter: SnapshotFilter = { provider, generation, pin };
      const unknown = unknownValue(records, filter);
      if (unknown) return { isError: true, content: [{ type: "text", text: unknown }] };
      const picked = filterRecords(records, filter);
      const structured = {
        snapshots: splice.length ? (JSON.parse(spliceText(JSON.stringify(picked), splice)) as SnapshotRecord[]) : picked,
      };
      return { structuredContent: structured, content: [{ type: "text", text: JSON.stringify(structured) }] };
    },
  );
}

export function createSnapshotMcpServer(dist: string, source = new SnapshotSource(dist), splice: OriginSplice = NO_SPLICE): McpServer {
  const server = new McpServer(SERVER_INFO);
  registerGetSnapshot(server, source, dist, splice);
  return server;
}

const CORS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "POST, OPTIONS",
  "access-control-allow-headers": "content-type, accept, authorization, mcp-protocol-version, mcp-session-id, last-event-id",
  "access-control-expose-headers": "mcp-protocol-version, mcp-session-id",
};

/**
 * Streamable HTTP, stateless: each POST gets a fresh server and transport (the SDK's stateless pattern),
 * so nothing is kept between requests. GET (a server-to-client stream) and DELETE (ending a session) have
 * no meaning without sessions and get 405, as in the SDK's examples. Responses are plain JSON, not SSE:
 * the tool sends no progress, so there is nothing to stream.
 */
export function mcpHttpHandler(dist: string): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const source = new SnapshotSource(dist);
  return async (req, res) => {
    for (const [k, v] of Object.entries(CORS)) res.setHeader(k, v);
    if (req.method === "OPTIONS") {
      res.writeHead(204).end();
      return;
    }
    if (req.method !== "POST") {
      res.writeHead(405, { allow: "POST, OPTIONS", "content-type": "application/json" }).end(
        JSON.stringify({
          jsonrpc: "2.0",
          error: { code: -32000, message: "Method not allowed: this MCP endpoint is stateless, use POST." },
          id: null,
        }),
      );
      return;
    }
    const server = createSnapshotMcpServer(dist, source, requestSplice(dist, req));
    const transport = new StreamableHTTPServerTransport({ enableJsonResponse: true });
    res.on("close", () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(req, res);
    } catch (error) {
      if (res.headersSent) throw error;
      res.writeHead(500, { "content-type": "application/json" }).end(
        JSON.stringify({
          jsonrpc: "2.0",
          error: { code: -32603, message: `Internal error: ${error instanceof Error ? error.message : String(error)}` },
          id: null,
        }),
      );
    }
  };
}

/** The splice of an MCP request: the catalog's, path style at `/catalog/mcp`, host style at `catalog.<domain>/mcp`. */
function requestSplice(dist: string, req: IncomingMessage): OriginSplice {
  const style = (req.url ?? "").startsWith(`/${CATALOG_DIR}/`) ? "path" : "host";
  return catalogSplice(dist, { scheme: requestScheme(req), host: req.headers.host }, style);
}

/** The catalog's splice for an arrival: its own origin and every pin's and live host's (answer/origin.ts). */
function catalogSplice(dist: string, arrival: Arrival, style: "host" | "path"): OriginSplice {
  let index: CatalogIndex;
  try {
    index = JSON.parse(readFileSync(join(dist, CATALOG_FILE), "utf8")) as CatalogIndex;
  } catch {
    return NO_SPLICE;
  }
  return spliceFor(arrival, { label: CATALOG_DIR, style, kind: "catalog" }, index.serviceDomain, {
    pins: index.pins.map((p) => p.name),
    live: index.livePrefixes,
  });
}

/**
 * `snapverse mcp`: the same server over stdio. stdout carries only the protocol. A stdio request has no
 * origin: the records name `server` (where `snapverse serve` answers, path style), as the catalog API
 * asked there would.
 */
export async function runStdioMcp(dist: string, server = "http://localhost:4010"): Promise<McpServer> {
  const url = new URL(server);
  const scheme = url.protocol === "https:" ? "https" : "http";
  const splice = catalogSplice(dist, { scheme, host: url.host }, "path");
  const mcp = createSnapshotMcpServer(dist, new SnapshotSource(dist), splice);
  await mcp.connect(new StdioServerTransport());
  return mcp;
}
