import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join } from "node:path";
import compressible from "compressible";
import Negotiator from "negotiator";
import vary from "vary";
import type { Encoding, FileCache } from "./file-cache.js";
import type { PinData } from "./pin-store.js";
import type { Answer } from "./resolve.js";

/** Bodies smaller than this are sent as they are (the `compression` middleware's threshold). */
export const COMPRESS_THRESHOLD = 1_024;

/** What serve-handler types these extensions as (mime-types' `contentType`); other files go through it. */
const TYPE_BY_EXTENSION: Record<string, string> = {
  ".json": "application/json; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
};

/** The middleware's negotiation: brotli, then gzip, when the client accepts several equally. */
const ENCODINGS = ["br", "gzip", "deflate", "identity"];
const PREFERRED = ["br", "gzip"];
type Negotiate = (available: string[], options: { preferred: string[] }) => string | undefined;

/**
 * The hot path: a pre-rendered 200 answered from memory, in any encoding, with no stream, no serve-handler
 * and no compression middleware. The headers are the ones those two sent (Content-Length, Accept-Ranges,
 * Last-Modified at the pin's as-of, the route's type; Vary and Content-Encoding as the middleware set
 * them), and a compressed body is compressed once per file (FileCache.encoded), so gzip and br cost what
 * identity costs. A compressed answer carries its Content-Length where the middleware sent it chunked.
 *
 * Returns false, having written nothing, for what it does not answer: ranges, files of other types, files
 * too large to hold in memory. serve-handler serves those, streaming from disk.
 */
export async function sendFromMemory(req: IncomingMessage, res: ServerResponse, answer: Extract<Answer, { kind: "file" }>, pin: PinData | undefined, dist: string, cache: FileCache, matches: (header: string | undefined, etag: string) => boolean): Promise<boolean> {
  if (!pin || req.headers.range !== undefined) return false;
  const routeType = answer.headers["content-type"];
  const type = routeType ?? TYPE_BY_EXTENSION[extname(answer.file)];
  if (!type) return false;
  const path = join(dist, pin.dir, answer.file);
  const entry = await cache.entry(path, pin.stamp);
  if (!entry) return false;

  for (const [k, v] of Object.entries(answer.headers)) res.setHeader(k, v);
  const transformable = !/(?:^|,)\s*no-transform\s*(?:,|$)/.test(String(res.getHeader("cache-control") ?? ""));
  const compresses = transformable && compressible(type.split(";")[0]!.trim()) === true;
  const etag = pin.routes.get(answer.key)?.etag;
  if (etag) {
    res.setHeader("etag", `"${etag}"`);
    if (matches(req.headers["if-none-match"], etag)) {
      // The middleware saw a 304 only with the route's own type, if any.
      if (routeType && compresses) vary(res, "Accept-Encoding");
      res.writeHead(304);
      res.end();
      return true;
    }
  }
  const asOf = pin.serving.asOf;
  res.setHeader("Content-Length", entry.data.length);
  res.setHeader("Accept-Ranges", "bytes");
  res.setHeader("Last-Modified", (asOf ? new Date(asOf) : entry.stats.mtime).toUTCString());
  res.setHeader("Content-Type", type);
  let body = entry.data;
  if (compresses) {
    vary(res, "Accept-Encoding");
    const method = req.headers["accept-encoding"] === undefined ? "identity" : (new Negotiator(req).encoding as unknown as Negotiate)(ENCODINGS, { preferred: PREFERRED });
    if (entry.data.length >= COMPRESS_THRESHOLD && req.method !== "HEAD" && method && method !== "identity") {
      body = (await cache.encoded(path, pin.stamp, method as Encoding)) ?? entry.data;
      if (body !== entry.data) {
        res.setHeader("Content-Encoding", method);
        res.setHeader("Content-Length", body.length);
      }
    }
  }
  res.writeHead(200);
  res.end(req.method === "HEAD" ? undefined : body);
  return true;
}
