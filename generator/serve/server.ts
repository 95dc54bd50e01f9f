import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { lstat } from "node:fs/promises";
import handler from "serve-handler";
import { PinStore } from "./pin-store.js";
import { CATALOG_LABEL, resolve, target, type Request } from "./resolve.js";

export interface ServeOptions {
  dist: string;
  port: number;
  host?: string;
  /**
   * Answers the MCP endpoint (`/mcp` on the catalog host, or `/catalog/mcp` path style). Injected by the
   * CLI so that the server does not depend on the MCP SDK when it is not used.
   */
  mcp?: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  /** Called with one structured line per request. */
  log?: (line: Record<string, unknown>) => void;
}

const MAX_URL = 8_192;

/**
 * The local server: the resolver picks the file and its headers, serve-handler streams it. Errors are
 * answered from pre-rendered bodies; nothing a client sends reaches the file system as a path.
 */
export function createSnapServer(options: ServeOptions): Server {
  const store = new PinStore(options.dist);
  return createServer((req, res) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => options.log?.({
      method: req.method, url: req.url?.slice(0, 300), status: res.statusCode,
      ms: Number(process.hrtime.bigint() - started) / 1e6,
    }));
    handle(req, res, store, options).catch((error: unknown) => {
      if (!res.headersSent) {
        res.writeHead(500, { "content-type": "application/json; charset=utf-8" });
        res.end(JSON.stringify({ error: "Internal error", message: String(error) }));
      } else res.destroy();
    });
  });
}

async function handle(req: IncomingMessage, res: ServerResponse, store: PinStore, options: ServeOptions): Promise<void> {
  const dist = options.dist;
  const rawUrl = req.url ?? "/";
  if (rawUrl.length > MAX_URL) {
    res.writeHead(414, { "content-type": "application/json; charset=utf-8" });
    res.end(JSON.stringify({ error: "URI Too Long", message: `URLs are limited to ${MAX_URL} bytes.` }));
    return;
  }
  const q = rawUrl.indexOf("?");
  const path = q === -1 ? rawUrl : rawUrl.slice(0, q);
  const query = [...new URLSearchParams(q === -1 ? "" : rawUrl.slice(q + 1))];
  const headers: Request["headers"] = {};
  for (const [k, v] of Object.entries(req.headers)) headers[k] = Array.isArray(v) ? v.join(", ") : v;
  if (options.mcp && isMcpPath(headers.host, path, store.catalog()?.serviceDomain)) {
    await options.mcp(req, res);
    return;
  }
  const answer = resolve({ method: req.method ?? "GET", path, query, headers }, { catalog: store.catalog(), pin: (n) => store.pin(n) });
  res.setHeader("access-control-allow-origin", "*");
  if (answer.kind === "body") {
    res.writeHead(answer.status, { ...answer.headers, "content-length": Buffer.byteLength(answer.body) });
    res.end(req.method === "HEAD" ? undefined : answer.body);
    return;
  }
  for (const [k, v] of Object.entries(answer.headers)) res.setHeader(k, v);
  const asOf = store.pin(answer.label)?.serving.asOf;
  req.url = `/${answer.label}/${answer.file.split("/").map(encodeURIComponent).join("/")}`;
  await handler(req, res, { public: dist, directoryListing: false, cleanUrls: false, symlinks: false, etag: true }, {
    // Last-Modified comes from the pin's as-of time, not from when the file happened to be written.
    lstat: async (p: string) => {
      const st = await lstat(p);
      if (asOf) st.mtime = new Date(asOf);
      return st;
    },
  } as unknown as Parameters<typeof handler>[3]);
}

function isMcpPath(host: string | undefined, path: string, domain: string | undefined): boolean {
  const aim = target(host, path.split("/").filter(Boolean), domain);
  return aim?.label === CATALOG_LABEL && aim.segments.length === 1 && aim.segments[0] === "mcp";
}
