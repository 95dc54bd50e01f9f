import type { IncomingMessage, ServerResponse } from "node:http";
import type { Encoding, FileCache } from "./file-cache.js";
import type { PinStore } from "../answer/pin-store.js";
import { negotiateEncoding } from "../answer/headers.js";
import type { TLSSocket } from "node:tls";

/** Reads remembered; past this many the table starts over. */
const MOST = 50_000;
/** Bytes of computed bodies held (files are the file cache's); past this the table starts over. */
const MOST_COMPUTED_BYTES = 64 * 1024 * 1024;

interface HotAnswer {
  /** The pin the answer is from (the pin the request aimed at). */
  label: string;
  /** The request headers the resolver read for this pin, and their values when it answered. */
  names: readonly string[];
  values: Array<string | undefined>;
  /** A pre-rendered file's answer, or a computed list page's. */
  kind: HotFile | HotComputed;
}

interface HotFile {
  /** The file under dist/, as the file cache holds it. */
  path: string;
  /** Whether the encoding is negotiated (else always identity). */
  negotiates: boolean;
  /** The header list written for each encoding answered so far. */
  headers: Map<Encoding | "identity", string[]>;
}

/**
 * A page the query engine computed from a pin's frozen lists (a size not pre-rendered, another sort, a
 * filter): the same request gets the same bytes for as long as the pin is loaded. Kept per
 * Accept-Encoding value as sent, since the body is compressed per answer.
 */
interface HotComputed {
  replies: Map<string | undefined, { headers: string[]; body: Buffer | undefined }>;
}

/**
 * The hottest path: a read the server answered from memory before (sendFromMemory), or a list page the
 * query engine computed before, answered again with no resolving, no promise and no allocation beyond
 * its key. Under load most requests are repeats (clients
 * page through the same lists), and the general path costs several times what writing the bytes does:
 * its closures, awaits and per-request objects were half of a worker's time and most of its garbage.
 *
 * An answer is a function of the method, scheme, host, raw URL, the few headers the pin's resolver reads, the
 * loaded catalog and pin, and for the body of Accept-Encoding: so that is what is checked. Anything else
 * (a range, a conditional request, an encoding not yet made, a file the cache let go) goes the general
 * way, which gives the same bytes. The store's generation moves whenever a catalog, pin or live pointer is
 * loaded or replaced; the table is then dropped whole, so it never holds a replaced pin's answers.
 */
export class HotAnswers {
  private readonly table = new Map<string, HotAnswer>();
  private generation = -1;
  /** Bytes of the computed bodies in the table (an entry replaced keeps counting until the table starts over). */
  private computedBytes = 0;

  constructor(
    private readonly store: PinStore,
    private readonly cache: FileCache,
  ) {}

  /** Writes the answer and returns its body's length, or returns -1 having written nothing. */
  answer(req: IncomingMessage, res: ServerResponse): number {
    const method = req.method;
    if (method !== "GET" && method !== "HEAD") return -1;
    const headers = req.headers;
    if (headers.range !== undefined || headers["if-none-match"] !== undefined || this.table.size === 0) return -1;
    const hot = this.table.get(key(req));
    if (!hot) return -1;
    for (let i = 0; i < hot.names.length; i++) if (headers[hot.names[i]!] !== hot.values[i]) return -1;
    // The same checks, at the same cost, as the general path makes: they see a swap as soon as it does.
    this.store.catalog();
    const pin = this.store.pin(hot.label);
    if (!this.current() || !pin) return -1;
    const accept = headers["accept-encoding"];
    const kind = hot.kind;
    if ("replies" in kind) {
      const reply = kind.replies.get(accept);
      if (!reply) return -1;
      res.writeHead(200, reply.headers);
      res.end(reply.body);
      return reply.body?.length ?? 0;
    }
    const encoding =
      kind.negotiates && method !== "HEAD" && accept !== undefined ? (negotiateEncoding(accept) as Encoding | "identity") : "identity";
    const list = kind.headers.get(encoding);
    const held = list && this.cache.held(kind.path, pin.stamp);
    const body = held && (encoding === "identity" ? held.data : held.done[encoding]);
    if (!list || !body) return -1;
    res.writeHead(200, list);
    res.end(method === "HEAD" ? undefined : body);
    return body.length;
  }

  /** Remembers a 200 the general path sent from memory, for the request it answered. */
  remember(
    req: IncomingMessage,
    label: string,
    names: readonly string[],
    sent: { path: string; encoding: Encoding | "identity"; negotiates: boolean; headers: string[] },
  ): void {
    const hot = this.entry(
      req,
      label,
      names,
      (kind) => "path" in kind && kind.path === sent.path,
      () => ({ path: sent.path, negotiates: sent.negotiates, headers: new Map() }),
    );
    if (hot && "path" in hot) hot.headers.set(sent.encoding, sent.headers);
  }

  /**
   * Remembers a computed list page's 200 as the general path wrote it (headers and body, for this
   * request's Accept-Encoding). A request with If-None-Match or Range is never remembered: its answer
   * depends on more than the key.
   */
  rememberComputed(
    req: IncomingMessage,
    label: string,
    names: readonly string[],
    reply: { status: number; headers: Array<[string, string]>; body?: Buffer },
  ): void {
    const h = req.headers;
    if (
      reply.status !== 200 ||
      h["if-none-match"] !== undefined ||
      h.range !== undefined ||
      (req.method !== "GET" && req.method !== "HEAD")
    )
      return;
    const size = reply.body?.length ?? 0;
    if (this.computedBytes + size > MOST_COMPUTED_BYTES) {
      this.table.clear();
      this.computedBytes = 0;
    }
    const hot = this.entry(
      req,
      label,
      names,
      (kind) => "replies" in kind,
      () => ({ replies: new Map() }),
    );
    if (!hot || !("replies" in hot) || hot.replies.has(h["accept-encoding"])) return;
    hot.replies.set(h["accept-encoding"], { headers: reply.headers.flat(), body: reply.body });
    this.computedBytes += size;
  }

  /** The request's entry, made afresh when it is missing or was made for another answer or header values. */
  private entry(
    req: IncomingMessage,
    label: string,
    names: readonly string[],
    same: (kind: HotAnswer["kind"]) => boolean,
    make: () => HotAnswer["kind"],
  ): HotAnswer["kind"] | undefined {
    if (!this.current()) return undefined;
    const k = key(req);
    let hot = this.table.get(k);
    const values = names.map((name) => req.headers[name] as string | undefined);
    if (!hot || hot.label !== label || !same(hot.kind) || hot.values.some((v, i) => v !== values[i])) {
      if (this.table.size >= MOST) {
        this.table.clear();
        this.computedBytes = 0;
      }
      hot = { label, names, values, kind: make() };
      this.table.set(k, hot);
    }
    return hot.kind;
  }

  /** Whether the table belongs to what the store hands out now; if not, it is dropped. */
  private current(): boolean {
    if (this.generation === this.store.generation) return true;
    this.table.clear();
    this.computedBytes = 0;
    this.generation = this.store.generation;
    return false;
  }
}

/**
 * What names a remembered answer: the method, the origin the request came in on (answers name it:
 * decision 0027) and the raw URL. The scheme is the connection's, or X-Forwarded-Proto as sent (the
 * resolver reads it so: answer/origin.ts schemeOf).
 */
function key(req: IncomingMessage): string {
  const headers = req.headers;
  const forwarded = headers["x-forwarded-proto"];
  const tls = (req.socket as TLSSocket).encrypted === true;
  return `${req.method} ${forwarded === undefined ? (tls ? "s" : "") : `${tls ? "s" : ""}${forwarded}`} ${headers.host ?? ""} ${req.url ?? "/"}`;
}
