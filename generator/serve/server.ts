import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttpsServer, type Server as HttpsServer } from "node:https";
import { join } from "node:path";
import { readFile } from "node:fs/promises";
import { LIVE_DIR } from "../format/live.js";
import compression from "compression";
import handler from "serve-handler";
import type { ComputeHandler } from "../core/provider.js";
import { FileCache } from "./file-cache.js";
import { ListSources } from "../answer/list-answer.js";
import { PinStore, type PinData } from "../answer/pin-store.js";
import { COMPRESS_THRESHOLD, CORS } from "../answer/headers.js";
import { sendFromMemory, sentBytes } from "./send-from-memory.js";
import type { Answer, Request } from "../answer/resolve.js";
import { ResolveMemo, aimedLabel, readHeaders } from "./resolve-memo.js";
import { HotAnswers } from "./hot-answers.js";
import { LIMITS } from "../answer/limits.js";
import { withRange } from "../answer/ranges.js";
import { requestScheme } from "./tls.js";
import { acceptTunnels } from "./tunnel.js";
import { reply, type Reply, type ReplySource } from "../answer/reply.js";
import {
  isMcpPath,
  liveStatusAnswer,
  liveStatusFile,
  liveStatusPath,
  payloadTooLarge,
  preflight,
  uriTooLong,
} from "../answer/early-answers.js";

export interface ServeOptions {
  dist: string;
  /**
   * Answers the MCP endpoint (`/mcp` on the catalog host, or `/catalog/mcp` path style). Injected by the
   * CLI so that the server does not depend on the MCP SDK when it is not used.
   */
  mcp?: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  /** Called with one structured line per request. */
  log?: (line: Record<string, unknown>) => void;
  /** Overrides of LIMITS (tests use short timeouts). */
  limits?: Partial<typeof LIMITS>;
  /**
   * Handlers for what only code can answer, by `<provider>/<handler>` (see ServingProfile.computed), or
   * a loader of them: the CLI loads every provider only when a computed answer is first needed, so the
   * server answers files well before that (startup).
   */
  compute?: ReadonlyMap<string, ComputeHandler> | (() => Promise<ReadonlyMap<string, ComputeHandler>>);
  /**
   * The port of the TLS listener beside the plain HTTP one: the HTTP server then tunnels `CONNECT
   * <own name>:443` to it (serve/tunnel.ts, decision 0029). Without it every CONNECT gets a 405.
   */
  tunnelTo?: number;
}

export type { ComputeHandler } from "../core/provider.js";

export { LIMITS } from "../answer/limits.js";

const JSON_TYPE = "application/json; charset=utf-8";

/** The plain HTTP server. */
export function createSnapServer(options: ServeOptions): Server {
  const limits = { ...LIMITS, ...options.limits };
  const server = createServer(
    { maxHeaderSize: limits.maxHeaderSize, connectionsCheckingInterval: limits.checkIntervalMs },
    listener(options),
  );
  const store = new PinStore(options.dist);
  acceptTunnels(server, {
    domain: () => store.catalog()?.serviceDomain,
    httpsPort: options.tunnelTo,
    idleMs: limits.requestTimeoutMs,
    ...(options.log ? { log: options.log } : {}),
  });
  return harden(server, limits);
}

/** The same server over TLS, for clients that only speak https (Microsoft Graph, PagerDuty). */
export function createSnapHttpsServer(options: ServeOptions, tls: { cert: string; key: string }): HttpsServer {
  const limits = { ...LIMITS, ...options.limits };
  const server = createHttpsServer(
    { maxHeaderSize: limits.maxHeaderSize, connectionsCheckingInterval: limits.checkIntervalMs, cert: tls.cert, key: tls.key },
    listener(options),
  );
  return harden(server, limits);
}

function harden<S extends Server | HttpsServer>(server: S, limits: typeof LIMITS): S {
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  // A broken or hostile connection never takes the process down.
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const status =
      error.code === "HPE_HEADER_OVERFLOW"
        ? "431 Request Header Fields Too Large"
        : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
          ? "408 Request Timeout"
          : "400 Bad Request";
    socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
  });
  return server;
}

function listener(options: ServeOptions) {
  const store = new PinStore(options.dist);
  const cache = new FileCache();
  const lists = new ListSources();
  // Where reply() reads a pin's files, lists and handlers from.
  const source: ReplySource = {
    file: (pin, file) => cache.read(join(options.dist, pin.dir, file), pin.stamp),
    list: (pin, record) =>
      lists.get(pin, record, async (file) => (await cache.read(join(options.dist, pin.dir, file), pin.stamp)).toString("utf8")),
    compute: async (handler) => (await computeMap(options))?.get(handler),
    // The composition root's loader registers provider pagination mechanisms as it loads the compute handlers.
    providers: async () => void (await computeMap(options)),
  };
  const memo = new ResolveMemo();
  const hot = new HotAnswers(store, cache);
  const compress = compression({ threshold: COMPRESS_THRESHOLD });
  return (req: IncomingMessage, res: ServerResponse) => {
    const started = process.hrtime.bigint();
    const sent = hot.answer(req, res);
    if (sent >= 0) {
      options.log?.({
        method: req.method,
        host: req.headers.host,
        url: req.url?.slice(0, 300),
        status: 200,
        bytes: sent || undefined,
        ms: Number(process.hrtime.bigint() - started) / 1e6,
      });
      return;
    }
    // The request's own URL: serving rewrites req.url to the file's path.
    const url = req.url?.slice(0, 300);
    if (options.log) {
      res.on("finish", () =>
        options.log?.({
          method: req.method,
          host: req.headers.host,
          url,
          status: res.statusCode,
          bytes: Number(res.getHeader("content-length") ?? sentBytes.get(res) ?? 0) || undefined,
          ms: Number(process.hrtime.bigint() - started) / 1e6,
        }),
      );
    }
    const fail = (error: unknown) => {
      options.log?.({ level: "error", url, error: String(error) });
      if (!res.headersSent) send(res, 500, { error: "internal_error", message: "The server could not answer this request." });
      else res.destroy();
    };
    // The MCP endpoint and files that serve-handler streams get the CORS headers here and are compressed
    // on the fly by the middleware, engaged once; every other answer writes its whole header list at once
    // (send-from-memory.ts, answer/reply.ts).
    let engaged = false;
    const engage = () => {
      if (engaged) return;
      engaged = true;
      for (const [k, v] of Object.entries(CORS)) res.setHeader(k, v);
      compress(req as never, res as never, () => undefined);
    };
    handle(req, res, store, options, cache, source, memo, hot, engage).catch(fail);
  };
}

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  store: PinStore,
  options: ServeOptions,
  cache: FileCache,
  source: ReplySource,
  memo: ResolveMemo,
  hot: HotAnswers,
  engage: () => void,
): Promise<void> {
  const rawUrl = req.url ?? "/";
  const method = req.method ?? "GET";
  // Node joins repeated headers into one string (set-cookie aside, which no answer reads).
  const headers = req.headers as Request["headers"];
  const answerWith = async (answer: Answer, pin?: PinData, query: Array<[string, string]> = [], body?: Buffer) =>
    write(res, await reply({ method, headers, query, ...(body ? { body } : {}) }, answer, pin, source));
  const maxUrl = options.limits?.maxUrl ?? LIMITS.maxUrl;
  if (rawUrl.length > maxUrl) return answerWith(uriTooLong(maxUrl));
  if (method === "OPTIONS" && headers["access-control-request-method"])
    return answerWith(preflight(headers["access-control-request-headers"]));
  const q = rawUrl.indexOf("?");
  const path = q === -1 ? rawUrl : rawUrl.slice(0, q);
  // Parsed only when the resolver runs (a remembered answer needs neither).
  let parsed: Array<[string, string]> | undefined;
  const queryOf = () => (parsed ??= [...new URLSearchParams(q === -1 ? "" : rawUrl.slice(q + 1))]);
  // One look at the catalog and at each pin per request: every step of the answer sees the same build.
  const catalog = store.catalog();
  const pins = new Map<string, PinData | undefined>();
  const pinOf = (name: string) => {
    if (!pins.has(name)) pins.set(name, store.pin(name));
    return pins.get(name);
  };
  if (options.mcp && isMcpPath(headers.host, path, catalog?.serviceDomain)) {
    engage();
    await options.mcp(req, res);
    return;
  }
  const live = liveStatusPath(headers.host, path, catalog?.serviceDomain);
  if (live && (method === "GET" || method === "HEAD")) {
    const current = store.liveCurrent();
    // The pointer names a build that a prune can remove only after two more switches; read it directly.
    const text =
      current &&
      (await readFile(join(options.dist, LIVE_DIR, current.build, liveStatusFile(live))).then(
        (b) => b.toString("utf8"),
        () => undefined,
      ));
    return answerWith(liveStatusAnswer(live, current, text));
  }
  let body: Buffer | undefined;
  if (method !== "GET" && method !== "HEAD") {
    body = await readBody(req, options.limits?.maxBody ?? LIMITS.maxBody);
    if (!body) return answerWith(payloadTooLarge());
  }
  const request: Request = {
    method,
    path,
    // With the Host, the origin every URL of the answer names (decision 0027).
    scheme: requestScheme(req),
    get query() {
      return queryOf();
    },
    headers,
    ...(body ? { body } : {}),
  };
  const answer = memo.resolve(request, rawUrl, { catalog, pin: pinOf });
  // A partial response (decision 0034) is cut from the whole answer by reply(): never the stored bytes.
  if (answer.kind !== "body" && answer.partial !== undefined) return answerWith(answer, pinOf(answer.label), queryOf(), body);
  if (answer.kind === "file" && answer.status === 200) {
    const filePin = pinOf(answer.label);
    const sent = await sendFromMemory(req, res, answer, filePin, options.dist, cache);
    // A read answered in full from memory is answered the hot way next time (HotAnswers).
    if (sent && sent.status === 200 && filePin && aimedLabel(headers.host, path, catalog) === answer.label)
      hot.remember(req, answer.label, readHeaders(filePin), sent);
    if (sent) return;
  }
  const pin = answer.kind === "body" ? undefined : pinOf(answer.label);
  // Every other answer as answer/reply.ts writes it, the code the edge answers with too.
  if (answer.kind === "list" && pin) {
    // A page the query engine computed is the same bytes for the same request while the pin is loaded:
    // it is answered the hot way next time.
    const out = await reply({ method, headers, query: [] }, answer, pin, source);
    if (aimedLabel(headers.host, path, catalog) === answer.label) hot.rememberComputed(req, answer.label, readHeaders(pin), out);
    return write(res, out);
  }
  // A file that names another origin than the request's is spliced whole, never streamed as stored; a
  // range of it is cut from the spliced bytes (answer/ranges.ts).
  if (answer.kind === "file" && answer.status === 200 && pin && answer.origin)
    return write(res, withRange(await reply({ method, headers, query: [] }, answer, pin, source), method, headers.range));
  if (!(answer.kind === "file" && answer.status === 200 && pin))
    return answerWith(answer, pin, answer.kind === "compute" ? queryOf() : [], body);
  // A file too large to hold, a range, a type the hot path does not know: serve-handler streams it.
  engage();
  // serve-handler names the stored file in Content-Disposition and types it by extension: a provider's
  // answer carries neither the file name nor a guessed type, but the type the resource was built with.
  // A header rule whose value is null removes serve-handler's own.
  const routeType = answer.headers["content-type"];
  const fileHeaders = [{ key: "Content-Disposition", value: null }, ...(routeType ? [{ key: "Content-Type", value: routeType }] : [])];
  const asOf = pin?.serving.asOf;
  req.url =
    `/${(pin?.dir ?? answer.label).split("/").map(encodeURIComponent).join("/")}` +
    `/${answer.file.split("/").map(encodeURIComponent).join("/")}`;
  // The rule applies to this one file: its path as a glob, every glob character escaped.
  const glob = `${pin?.dir ?? answer.label}/${answer.file}`.replace(/[\\*?[\](){}!+@]/g, "\\$&");
  const config = {
    public: options.dist,
    directoryListing: false,
    cleanUrls: false,
    symlinks: false,
    etag: false,
    headers: [{ source: glob, headers: fileHeaders }],
  };
  await handler(
    req,
    res,
    config as unknown as Parameters<typeof handler>[2],
    {
      // Last-Modified comes from the pin's as-of time, not from when the file happened to be written.
      lstat: async (p: string) => {
        const st = await cache.lstat(p, pin?.stamp ?? "");
        if (asOf) st.mtime = new Date(asOf);
        return st;
      },
      createReadStream: (p: string, o?: { start?: number; end?: number }) => cache.createReadStream(p, o),
    } as unknown as Parameters<typeof handler>[3],
  );
}

const loaded = new WeakMap<object, Promise<ReadonlyMap<string, ComputeHandler>>>();

/** The compute handlers, loaded once per options object when given as a loader. */
function computeMap(options: ServeOptions): Promise<ReadonlyMap<string, ComputeHandler>> | ReadonlyMap<string, ComputeHandler> | undefined {
  const compute = options.compute;
  if (typeof compute !== "function") return compute;
  let pending = loaded.get(options);
  if (!pending) loaded.set(options, (pending = compute()));
  return pending;
}

/** The whole body, or undefined when it is larger than `max` (the rest is not read). */
function readBody(req: IncomingMessage, max: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        resolve(undefined);
        req.removeAllListeners("data");
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function send(res: ServerResponse, status: number, body: object): void {
  res.writeHead(status, { "content-type": JSON_TYPE });
  res.end(JSON.stringify(body));
}

/** A reply (reply.ts) written out at once. */
function write(res: ServerResponse, out: Reply): void {
  res.writeHead(out.status, out.headers.flat());
  if (out.body) sentBytes.set(res, out.body.length);
  res.end(out.body);
}
