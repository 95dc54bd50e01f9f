import { createHash } from "node:crypto";
import compressible from "compressible";
import vary from "vary";
import type { ComputeHandler } from "../core/provider.js";
import type { ListSource } from "../core/lists/engine.js";
import { hasMechanism } from "../core/pagination/index.js";
import type { ListRecord } from "../format/dist.js";
import { STREAM_ENCODERS, FILE_ENCODERS, type Encoding } from "./encoders.js";
import { listAnswer } from "./list-answer.js";
import { partialBody, wholeAnswer, wholeRequest } from "./partial-answer.js";
import type { PinData } from "./pin-data.js";
import type { Answer } from "./resolve.js";
import { NO_SPLICE, spliceBytes, spliceHeaders, spliceText } from "./origin.js";
import { COMPRESS_THRESHOLD, CORS, fileCompresses, fileHeaders, fileType, matches, negotiateEncoding } from "./headers.js";

/**
 * A resolved answer as plain data: status, header list and body. The local server writes every answer
 * but its in-memory hot path and serve-handler's streaming with it, and the edge resolver
 * (generator/edge/) writes every answer with it, so a bucket behind the edge answers what `snapverse
 * serve` answers, byte for byte, headers included. A pre-rendered 200 gets the hot path's headers
 * (headers.ts fileHeaders); the rest are shaped as the `compression` middleware shaped them before.
 * test/edge checks the two servers against each other on every provider.
 */
export interface Reply {
  status: number;
  /** Names as the server writes them; compare without case. */
  headers: Array<[string, string]>;
  /** Undefined for HEAD, 304 and 204. */
  body?: Buffer;
}

export interface ReplyRequest {
  method: string;
  /** Lower-case names. */
  headers: Record<string, string | undefined>;
  body?: Buffer;
  /** The query pairs, for computed answers. */
  query: Array<[string, string]>;
}

/** Where the bytes come from: a dist/ folder, a bucket. */
export interface ReplySource {
  file(pin: PinData, file: string): Promise<Buffer>;
  list(pin: PinData, record: ListRecord): Promise<ListSource>;
  compute(handler: string): Promise<ComputeHandler | undefined>;
  /**
   * Loads what providers contribute to core before a list that needs it runs: the composition root's
   * loader registers their pagination mechanisms (`<provider>/<name>`) as a server loads them lazily.
   */
  providers?(): Promise<void>;
}

const JSON_TYPE = "application/json; charset=utf-8";

export async function reply(req: ReplyRequest, answer: Answer, pin: PinData | undefined, source: ReplySource): Promise<Reply> {
  const partialRule = answer.kind !== "body" && answer.partial ? pin?.serving.partial?.[answer.partial.rule] : undefined;
  if (answer.kind !== "body" && answer.partial && pin && partialRule) {
    // Only some fields (decision 0034): cut from the whole answer's canonical bytes, then spliced.
    const whole = wholeAnswer(answer);
    const path = answer.kind === "compute" ? answer.path : answer.key.split("?", 1)[0]!;
    const full = await reply(wholeRequest(req), whole, pin, source);
    const cut = await partialBody(full, path, answer.partial.selection, partialRule, pin, source);
    if (!cut) return reply(req, answer.origin && whole.kind !== "body" ? { ...whole, origin: answer.origin } : whole, pin, source);
    const splice = answer.origin ?? NO_SPLICE;
    const out = new HeaderList(cut.headers.map(([k, v]) => [k, spliceText(v, splice)]));
    out.set("etag", `"${cut.etag}"`);
    if (matches(req.headers["if-none-match"], cut.etag)) return finish(req, 304, out, undefined);
    const body = Buffer.from(spliceText(cut.text, splice));
    out.set("content-length", String(body.length));
    return finish(req, 200, out, body);
  }
  const accept = req.headers["accept-encoding"];
  if (answer.kind === "file" && answer.status === 200 && pin && req.headers.range === undefined) {
    const type = fileType(answer);
    if (type) {
      const compresses = fileCompresses(answer, type);
      const etag = pin.routes.get(answer.key)?.etag;
      if (etag && matches(req.headers["if-none-match"], etag)) {
        return {
          status: 304,
          headers: pairs(fileHeaders(answer, etag, { status: 304, compresses: Boolean(answer.headers["content-type"]) && compresses })),
        };
      }
      // The file names the canonical origin; the answer names the request's (answer/origin.ts).
      const data = spliceBytes(await source.file(pin, answer.file), answer.origin ?? NO_SPLICE);
      const encoding =
        compresses && data.length >= COMPRESS_THRESHOLD && req.method !== "HEAD" && accept !== undefined
          ? negotiateEncoding(accept)
          : "identity";
      const body = encoding === "identity" ? data : await FILE_ENCODERS[encoding as Encoding](data);
      // A pin without an as-of (none today) would take its file's time on the server; the epoch here.
      const lastModified = new Date(pin.serving.asOf ?? 0).toUTCString();
      const headers = pairs(fileHeaders(answer, etag, { status: 200, compresses, type, length: body.length, lastModified, encoding }));
      return { status: 200, headers, ...(req.method === "HEAD" ? {} : { body }) };
    }
  }
  // Every other answer: CORS first, then what the server sets, then the middleware.
  const out = new HeaderList(Object.entries(CORS));
  if (answer.kind === "compute") {
    const run = await source.compute(answer.handler);
    if (!run)
      return finish(
        req,
        501,
        new HeaderList([...out.entries(), ["content-type", JSON_TYPE]]),
        Buffer.from(
          JSON.stringify({ error: "not_implemented", message: `No handler '${answer.handler}' is registered with this server.` }),
        ),
      );
    const read = async (key: string) => {
      const route = pin?.routes.get(key);
      return route && pin ? (await source.file(pin, route.file)).toString("utf8") : undefined;
    };
    const result = await run({
      method: req.method,
      path: answer.path,
      query: req.query,
      headers: req.headers,
      body: req.body,
      ...(answer.mount === undefined ? {} : { mount: answer.mount }),
      serving: pin!.serving,
      read,
    });
    // A handler answers from the pin's canonical data; its answer names the request's origin.
    const splice = answer.origin ?? NO_SPLICE;
    out.setAll(spliceHeaders({ ...answer.headers, ...(result.headers ?? {}) }, splice));
    const body = typeof result.body === "string" ? spliceText(result.body, splice) : spliceBytes(result.body, splice);
    return finish(req, result.status, out, Buffer.from(body));
  }
  if (answer.kind === "list") {
    const listPin = pin!;
    // A mechanism core does not know yet is a provider's: load the providers first (their loader registers it).
    if (!hasMechanism(answer.request.paging.mechanism)) await source.providers?.();
    const result = listAnswer(listPin, answer, await source.list(listPin, answer.list));
    const splice = answer.origin ?? NO_SPLICE;
    out.setAll(spliceHeaders(result.headers, splice));
    if (result.status === 200) {
      // Over the canonical bytes, as a file's: the same URL always gets the same bytes under one ETag.
      const etag = createHash("sha256").update(result.body).digest("hex").slice(0, 24);
      out.set("etag", `"${etag}"`);
      if (matches(req.headers["if-none-match"], etag)) return finish(req, 304, out, undefined);
    }
    const body = Buffer.from(spliceText(result.body, splice));
    out.set("content-length", String(body.length));
    return finish(req, result.status, out, body);
  }
  if (answer.kind === "body") {
    out.setAll(answer.headers);
    return finish(req, answer.status, out, Buffer.from(answer.body));
  }
  out.setAll(answer.headers);
  const etag = pin?.routes.get(answer.key)?.etag;
  if (etag) {
    out.set("etag", `"${etag}"`);
    if (matches(req.headers["if-none-match"], etag)) return finish(req, 304, out, undefined);
  }
  if (!pin) return finish(req, 404, out, undefined);
  const bytes = spliceBytes(await source.file(pin, answer.file), answer.origin ?? NO_SPLICE);
  if (!answer.headers["content-type"] && answer.file.endsWith(".json")) out.set("content-type", JSON_TYPE);
  // RFC 9110 §8.6: a 204 carries no Content-Length (GitHub's `assignees/{user}` answers one, as nginx serves it).
  if (answer.status !== 204) out.set("content-length", String(bytes.length));
  return finish(req, answer.status, out, bytes);
}

/**
 * The `compression` middleware as it shapes an answer written with writeHead (so it never knows a
 * length it was not told): a compressible type without `no-transform` gets `Vary: Accept-Encoding`; then,
 * unless a Content-Length under the threshold says otherwise or the request is a HEAD, the body is
 * compressed in the negotiated encoding and loses its Content-Length.
 */
async function finish(req: ReplyRequest, status: number, headers: HeaderList, body: Buffer | undefined): Promise<Reply> {
  const type = headers.get("content-type");
  const cacheControl = headers.get("cache-control");
  let sent = body;
  if (type !== undefined && compressible(type) && !(cacheControl && /(?:^|,)\s*?no-transform\s*?(?:,|$)/i.test(cacheControl))) {
    const varied = vary.append(headers.get("vary") ?? "", "Accept-Encoding");
    headers.set("Vary", varied);
    const length = headers.get("content-length");
    const accept = req.headers["accept-encoding"];
    const small = length !== undefined && Number(length) < COMPRESS_THRESHOLD;
    if (!small && (headers.get("content-encoding") ?? "identity") === "identity" && req.method !== "HEAD" && accept !== undefined) {
      const encoding = negotiateEncoding(accept);
      if (encoding !== "identity") {
        headers.set("Content-Encoding", encoding);
        headers.delete("content-length");
        sent = await STREAM_ENCODERS[encoding as Encoding](body ?? Buffer.alloc(0));
      }
    }
  }
  const bodiless = req.method === "HEAD" || status === 304 || status === 204;
  return { status, headers: headers.entries(), ...(bodiless || sent === undefined ? {} : { body: sent }) };
}

/** Headers as Node's setHeader keeps them: one per name (any case), a later value replacing in place. */
class HeaderList {
  private readonly map = new Map<string, [string, string]>();

  constructor(initial: Array<[string, string]> = []) {
    for (const [k, v] of initial) this.set(k, v);
  }

  set(name: string, value: string): void {
    const key = name.toLowerCase();
    this.map.set(key, [this.map.get(key)?.[0] ?? name, value]);
  }

  setAll(headers: Record<string, string>): void {
    for (const [k, v] of Object.entries(headers)) this.set(k, v);
  }

  get(name: string): string | undefined {
    return this.map.get(name.toLowerCase())?.[1];
  }

  delete(name: string): void {
    this.map.delete(name.toLowerCase());
  }

  entries(): Array<[string, string]> {
    return [...this.map.values()];
  }
}

function pairs(flat: string[]): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (let i = 0; i < flat.length; i += 2) out.push([flat[i]!, flat[i + 1]!]);
  return out;
}
