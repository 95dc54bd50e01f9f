import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import { COMPRESS_THRESHOLD, fileCompresses, fileHeaders, fileType, matches, negotiateEncoding } from "../answer/headers.js";
import type { PinData } from "../answer/pin-data.js";
import type { Answer } from "../answer/resolve.js";
import type { Encoding, FileCache } from "./file-cache.js";

/**
 * Each remembered answer's full header list per encoding, built once: writing a flat list at once skips
 * Node's per-header bookkeeping. An answer belongs to one loaded pin, so its list never goes stale.
 */
const headerLists = new WeakMap<Answer, Map<string, string[]>>();

/**
 * The hot path: a pre-rendered 200 answered from memory, in any encoding, with no stream, no serve-handler
 * and no compression middleware. The headers are the ones those two sent (CORS, the route's, ETag,
 * Content-Length, Accept-Ranges, Last-Modified at the pin's as-of, the route's type; Vary and
 * Content-Encoding as the middleware set them), and a compressed body is compressed once per file
 * (FileCache.encoded), so gzip and br cost what identity costs. A compressed answer carries its
 * Content-Length where the middleware sent it chunked.
 *
 * Returns false, having written nothing, for what it does not answer: ranges, files of other types, files
 * too large to hold in memory. serve-handler serves those, streaming from disk.
 */
export async function sendFromMemory(
  req: IncomingMessage,
  res: ServerResponse,
  answer: Extract<Answer, { kind: "file" }>,
  pin: PinData | undefined,
  dist: string,
  cache: FileCache,
): Promise<false | Sent> {
  if (!pin || req.headers.range !== undefined) return false;
  const routeType = answer.headers["content-type"];
  const type = fileType(answer);
  if (!type) return false;
  // The file as answered to this request's origin (answer/origin.ts): its own bytes, or a spliced copy.
  const path = answer.origin
    ? await cache.splicedPath(join(dist, pin.dir, answer.file), pin.stamp, answer.origin)
    : join(dist, pin.dir, answer.file);
  const entry = path === undefined ? undefined : await cache.entry(path, pin.stamp);
  if (!entry || path === undefined) return false;

  const compresses = fileCompresses(answer, type);
  const etag = pin.routes.get(answer.key)?.etag;
  if (etag && matches(req.headers["if-none-match"], etag)) {
    // The middleware saw a 304 only with the route's own type, if any.
    res.writeHead(
      304,
      headerList(answer, `304`, () => fileHeaders(answer, etag, { status: 304, compresses: Boolean(routeType) && compresses })),
    );
    res.end();
    return { status: 304, path };
  }
  const accept = req.headers["accept-encoding"];
  const method =
    compresses && entry.data.length >= COMPRESS_THRESHOLD && req.method !== "HEAD" && accept !== undefined
      ? negotiateEncoding(accept)
      : "identity";
  const encoded = method === "identity" ? entry.data : cache.encoded(path, pin.stamp, method as Encoding);
  const body = encoded instanceof Promise ? await encoded : encoded;
  if (!body) return false;
  const lastModified = (pin.serving.asOf ? new Date(pin.serving.asOf) : entry.stats.mtime).toUTCString();
  const headers = headerList(answer, `${method} ${body.length}`, () =>
    fileHeaders(answer, etag, { status: 200, compresses, type, length: body.length, lastModified, encoding: method }),
  );
  res.writeHead(200, headers);
  sentBytes.set(res, body.length);
  res.end(req.method === "HEAD" ? undefined : body);
  return {
    status: 200,
    path,
    encoding: method as Encoding | "identity",
    negotiates: compresses && entry.data.length >= COMPRESS_THRESHOLD,
    headers,
  };
}

/**
 * What the hot path wrote: for a 200, the file, the encoding it was sent in, whether the encoding was
 * negotiated (a compressible file large enough), and the header list written.
 */
export type Sent =
  { status: 304; path: string } | { status: 200; path: string; encoding: Encoding | "identity"; negotiates: boolean; headers: string[] };

/** What a list-written answer sent (Node keeps no header a flat list set), for the access log. */
export const sentBytes = new WeakMap<ServerResponse, number>();

function headerList(answer: Answer, variant: string, make: () => string[]): string[] {
  let lists = headerLists.get(answer);
  if (!lists) headerLists.set(answer, (lists = new Map()));
  let list = lists.get(variant);
  if (!list) lists.set(variant, (list = make()));
  return list;
}
