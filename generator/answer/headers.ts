import type { ServerResponse } from "node:http";
import { extname } from "node:path";
import compressible from "compressible";
import Negotiator from "negotiator";
import vary from "vary";
import type { Answer } from "./resolve.js";

/*
 * The header and encoding rules of a pre-rendered file, as serve-handler and the compression middleware
 * applied them: the Node server sends by them (serve/send-from-memory.ts), and reply.ts, nginx export and
 * publish write the same headers.
 */

/** Bodies smaller than this are sent as they are (the `compression` middleware's threshold). */
export const COMPRESS_THRESHOLD = 1_024;

/** What serve-handler types these extensions as (mime-types' `contentType`); other files go through it. */
export const TYPE_BY_EXTENSION: Record<string, string> = {
  ".json": "application/json; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
};

/** The middleware's negotiation: brotli, then gzip, when the client accepts several equally. */
const ENCODINGS = ["br", "gzip", "deflate", "identity"];
const PREFERRED = ["br", "gzip"];
type Negotiate = (available: string[], options: { preferred: string[] }) => string | undefined;

/** Every answer's CORS headers; a provider exposes its own headers in its serving profile's headers. */
export const CORS = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "ETag, Link, Location, Retry-After, X-Snapverse-Live-Build",
};

/** Clients send a handful of Accept-Encoding values: each is negotiated once. */
const negotiated = new Map<string, string>();

/** The middleware's choice of encoding for an Accept-Encoding value. */
export function negotiateEncoding(accept: string): string {
  let method = negotiated.get(accept);
  if (method === undefined) {
    method =
      (new Negotiator({ headers: { "accept-encoding": accept } }).encoding as unknown as Negotiate)(ENCODINGS, { preferred: PREFERRED }) ??
      "identity";
    if (negotiated.size >= 1_000) negotiated.clear();
    negotiated.set(accept, method);
  }
  return method;
}

/** Whether a file of this type is sent compressed when the client asks (compressible, no `no-transform`). */
export function fileCompresses(answer: Extract<Answer, { kind: "file" }>, type: string): boolean {
  const cacheControl = answer.headers["cache-control"] ?? "";
  return !/(?:^|,)\s*no-transform\s*(?:,|$)/.test(cacheControl) && compressible(type.split(";")[0]!.trim()) === true;
}

/** The type a pre-rendered file is sent with: its route's, else by extension; undefined: not answered from memory. */
export function fileType(answer: Extract<Answer, { kind: "file" }>): string | undefined {
  return answer.headers["content-type"] ?? TYPE_BY_EXTENSION[extname(answer.file)];
}

/**
 * A pre-rendered file's header list (flat, as writeHead takes it) for a 304, or for a 200 in one
 * encoding: what serve-handler and the compression middleware sent for it.
 */
export function fileHeaders(
  answer: Extract<Answer, { kind: "file" }>,
  etag: string | undefined,
  reply:
    | { status: 304; compresses: boolean }
    | { status: 200; compresses: boolean; type: string; length: number; lastModified: string; encoding: string },
): string[] {
  if (reply.status === 304) return merge([...common(answer, etag), ...varyHeader(answer.headers.vary, reply.compresses)]);
  return merge([
    ...common(answer, etag),
    ["Content-Length", String(reply.length)],
    ["Accept-Ranges", "bytes"],
    ["Last-Modified", reply.lastModified],
    ["Content-Type", reply.type],
    ...varyHeader(answer.headers.vary, reply.compresses),
    ...(reply.encoding === "identity" ? [] : [["Content-Encoding", reply.encoding] as [string, string]]),
  ]);
}

/** CORS, the route's headers but Vary (see varyHeader), and the ETag. */
function common(answer: Extract<Answer, { kind: "file" }>, etag: string | undefined): Array<[string, string]> {
  const own = Object.entries(answer.headers).filter(([k]) => k.toLowerCase() !== "vary");
  return [...Object.entries(CORS), ...own, ...(etag ? [["etag", `"${etag}"`] as [string, string]] : [])];
}

/**
 * The flat list `res.writeHead` takes, as setHeader in order would leave it: a later header replaces an
 * earlier one of the same name, in its place (a provider's access-control-expose-headers replaces the
 * generic one; the route's content-type is the Content-Type).
 */
function merge(headers: Array<[string, string]>): string[] {
  const merged = new Map<string, [string, string]>();
  for (const [k, v] of headers) {
    const name = k.toLowerCase();
    const earlier = merged.get(name);
    merged.set(name, [earlier?.[0] ?? k, v]);
  }
  return [...merged.values()].flat();
}

/** The route's own Vary, with Accept-Encoding appended (as the `vary` package does) when the body compresses. */
function varyHeader(own: string | undefined, compresses: boolean): Array<[string, string]> {
  if (!compresses) return own === undefined ? [] : [["vary", own]];
  let value = own;
  const probe = { getHeader: () => value, setHeader: (_: string, v: string) => (value = v) } as unknown as ServerResponse;
  vary(probe, "Accept-Encoding");
  return [["Vary", value!]];
}

/** If-None-Match: `*`, or a list of (weak or strong) entity tags. */
export function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((t) => {
    const tag = t.trim().replace(/^W\//, "");
    return tag === "*" || tag === `"${etag}"`;
  });
}
