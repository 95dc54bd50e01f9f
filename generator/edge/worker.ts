/**
 * The resolver at the edge: a Cloudflare Worker that answers what `snapverse serve` answers, from a tree
 * that `snapverse publish` put in a bucket. The same resolve() picks the answer, the same query engine
 * computes list variants, the same compute handlers answer what only code can, and answer/reply.ts writes
 * the headers and body the local server writes. Its entry (generator/worker.ts) hands it the compute
 * handlers; `snapverse build` bundles both into dist/_edge/ (edge/bundle.ts).
 *
 * Bindings: `BUCKET` (R2) with an optional `PREFIX`, or `ORIGIN` (an S3-compatible bucket's URL, path-style).
 */
import type { ComputeHandler } from "../core/provider.js";
import { withRange } from "../answer/ranges.js";
import { reply, type Reply } from "../answer/reply.js";
import { resolve, target, type Answer, type Request as SnapRequest } from "../answer/resolve.js";
import {
  isMcpPath,
  jsonAnswer,
  liveStatusAnswer,
  liveStatusFile,
  liveStatusPath,
  payloadTooLarge,
  preflight,
  uriTooLong,
} from "../answer/early-answers.js";
import { LIMITS } from "../answer/limits.js";
import { EdgePins } from "./pins.js";
import { httpReader, r2Reader, type R2Like } from "./objects.js";

export interface Env {
  BUCKET?: R2Like;
  PREFIX?: string;
  ORIGIN?: string;
  /** How long a pointer (which build a pin or the live hosts serve) is trusted before it is read again; default 10. */
  POINTER_TTL_SECONDS?: string;
}

const JSON_TYPE = "application/json; charset=utf-8";
let shared: { key: string; pins: EdgePins } | undefined;

/** The Worker's module: its fetch handler, answering with the given compute handlers. */
export function edgeWorker(computeHandlers: ReadonlyMap<string, ComputeHandler>) {
  return {
    async fetch(request: Request, env: Env): Promise<Response> {
      try {
        return toResponse(await answer(request, pinsFor(env), computeHandlers));
      } catch (error) {
        console.error(String((error as Error)?.stack ?? error));
        return toResponse({
          status: 500,
          headers: [["content-type", JSON_TYPE]],
          body: Buffer.from(JSON.stringify({ error: "internal_error", message: "The server could not answer this request." })),
        });
      }
    },
  };
}

/** One EdgePins per isolate and binding: the indexes it holds are the isolate's cache. */
function pinsFor(env: Env): EdgePins {
  const key = env.BUCKET ? `r2:${env.PREFIX ?? ""}` : `http:${env.ORIGIN ?? ""}`;
  if (shared?.key !== key) {
    if (!env.BUCKET && !env.ORIGIN) throw new Error("bind BUCKET (R2) or set ORIGIN (an S3-compatible bucket URL)");
    const ttl = Number(env.POINTER_TTL_SECONDS ?? "10") * 1_000;
    shared = {
      key,
      pins: new EdgePins(
        env.BUCKET ? r2Reader(env.BUCKET, env.PREFIX) : httpReader(env.ORIGIN!),
        Date.now,
        Number.isFinite(ttl) ? ttl : 10_000,
      ),
    };
  }
  return shared.pins;
}

async function answer(request: Request, pins: EdgePins, computeHandlers: ReadonlyMap<string, ComputeHandler>): Promise<Reply> {
  const url = new URL(request.url);
  const method = request.method;
  const rawUrl = `${url.pathname}${url.search}`;
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => (headers[name.toLowerCase()] = value));
  // The URL names the host the client asked for (host-style routing), whatever a proxy put in Host.
  headers.host = url.host;
  // The platform, not the Worker, negotiates the encoding with the client: Cloudflare sets its own
  // Accept-Encoding on the request and compresses the response to what the client accepts. So the edge
  // answers identity, with the Vary the local server sends, and the body the local server decodes to.
  delete headers["accept-encoding"];
  const base = { method, headers, query: [...url.searchParams] as Array<[string, string]> };
  const noPin = (a: Answer) => reply(base, a, undefined, source(pins, computeHandlers));
  if (rawUrl.length > LIMITS.maxUrl) return noPin(uriTooLong(LIMITS.maxUrl));
  if (method === "OPTIONS" && headers["access-control-request-method"]) return noPin(preflight(headers["access-control-request-headers"]));
  const catalog = await pins.catalog();
  if (isMcpPath(headers.host, url.pathname, catalog?.serviceDomain)) {
    return noPin(
      jsonAnswer(501, { error: "not_at_the_edge", message: "The MCP endpoint is served by `snapverse serve`, not at the edge." }),
    );
  }
  const live = liveStatusPath(headers.host, url.pathname, catalog?.serviceDomain);
  if (live && (method === "GET" || method === "HEAD")) {
    const found = await pins.liveFile(liveStatusFile(live));
    return noPin(liveStatusAnswer(live, found?.current, found?.text));
  }
  let payload: Buffer | undefined;
  if (method !== "GET" && method !== "HEAD") {
    payload = Buffer.from(await request.arrayBuffer());
    if (payload.length > LIMITS.maxBody) return noPin(payloadTooLarge());
  }
  const aim = target(headers.host, url.pathname.split("/").filter(Boolean).map(safeDecode), catalog?.serviceDomain);
  const pin = aim ? await pins.pin(aim.label) : undefined;
  const req: SnapRequest = {
    method,
    path: url.pathname,
    query: base.query,
    headers,
    // The URL's scheme and host are the origin the client came in on: answers name it (decision 0027).
    scheme: url.protocol === "https:" ? "https" : "http",
    ...(payload ? { body: payload } : {}),
  };
  const resolved = resolve(req, { catalog, pin: (name) => (name === pin?.name ? pin : undefined) });
  const out = await reply(
    { ...base, ...(payload ? { body: payload } : {}) },
    resolved,
    "label" in resolved && resolved.label === pin?.name ? pin : undefined,
    source(pins, computeHandlers),
  );
  // A range of a file, cut from the answer as the companion server cuts it (answer/ranges.ts).
  return resolved.kind === "file" ? withRange(out, method, headers.range) : out;
}

function source(pins: EdgePins, computeHandlers: ReadonlyMap<string, ComputeHandler>) {
  return {
    file: (pin: Parameters<EdgePins["file"]>[0], file: string) => pins.file(pin, file),
    list: (pin: Parameters<EdgePins["list"]>[0], record: Parameters<EdgePins["list"]>[1]) => pins.list(pin, record),
    compute: async (handler: string) => computeHandlers.get(handler),
  };
}

function toResponse(out: Reply): Response {
  const headers = new Headers();
  for (const [name, value] of out.headers) headers.set(name, value);
  const body =
    out.body && out.status !== 304 && out.status !== 204 ? new Uint8Array(out.body.buffer, out.body.byteOffset, out.body.byteLength) : null;
  return new Response(body as unknown as BodyInit | null, { status: out.status, headers });
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
