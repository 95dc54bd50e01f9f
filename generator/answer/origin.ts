/*
 * The origin of the request (decision 0027). A pin's files, headers and lists name one canonical origin,
 * `https://<pin>.snap.<domain>` (a live host: `https://<prefix>.<domain>`; the catalog:
 * `https://catalog.<domain>`), the one the tree hash covers. Every answer names instead the origin the
 * request came in on: its scheme, its Host as sent, and in path style the label after it
 * (`http://127.0.0.1:4010/gh-2026-03-g5`). The splice is a pure function of (bytes, request), so a pin's
 * bytes stay frozen up to that origin, and every server (Node, the Worker, nginx through the companion
 * server) answers the same bytes.
 */

/** Canonical origins and what each becomes for this request; empty when the request came in on them. No `from` is a prefix of another. */
export type OriginSplice = ReadonlyArray<readonly [from: string, to: string]>;

export const NO_SPLICE: OriginSplice = [];

/** What a request says about where it came in: the scheme it was made with and its Host. */
export interface Arrival {
  scheme: "http" | "https";
  host: string | undefined;
}

/**
 * The scheme a request came in on: X-Forwarded-Proto when a proxy in front set it (nginx, a TLS
 * terminator), else whether the connection is TLS.
 */
export function schemeOf(headers: Record<string, string | string[] | undefined>, encrypted: boolean): "http" | "https" {
  const forwarded = headers["x-forwarded-proto"];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",", 1)[0]?.trim().toLowerCase();
  if (first === "https" || first === "http") return first;
  return encrypted ? "https" : "http";
}

/** A Host a URL can carry as it is: a name or address and an optional port. Anything else is not echoed. */
const HOST = /^(?:[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The canonical origin of a label: a pin, a live prefix or the catalog. */
export function canonicalOrigin(label: string, kind: "pin" | "live" | "catalog", domain: string): string {
  return kind === "pin" ? `https://${label}.snap.${domain}` : `https://${label}.${domain}`;
}

/**
 * The origin a request for `label` came in on: host style, the scheme and Host as sent; path style, the
 * label after them. Undefined for a Host that cannot stand in a URL (answers keep the canonical origin).
 */
export function requestOrigin(arrival: Arrival, label: string, style: "host" | "path"): string | undefined {
  const host = arrival.host;
  if (!host || !HOST.test(host)) return undefined;
  return style === "host" ? `${arrival.scheme}://${host}` : `${arrival.scheme}://${host}/${label}`;
}

/**
 * The splice for a request aimed at `label`: its canonical origin to the request's. For the catalog,
 * which names every pin and live host, each of theirs too, to where the same server answers them.
 */
export function spliceFor(
  arrival: Arrival | undefined,
  aim: { label: string; style: "host" | "path"; kind: "pin" | "live" | "catalog"; mount?: string | undefined },
  domain: string | undefined,
  others: { pins: readonly string[]; live: readonly string[] } = { pins: [], live: [] },
): OriginSplice {
  if (!arrival || !domain) return NO_SPLICE;
  const own = requestOrigin(arrival, aim.label, aim.style);
  if (!own) return NO_SPLICE;
  const pairs: Array<readonly [string, string]> = [];
  const add = (label: string, kind: "pin" | "live" | "catalog", to: string) => {
    const from = canonicalOrigin(label, kind, domain);
    if (from !== to) pairs.push([from, to]);
  };
  // Under a mount (`api/v3`), the label's URLs keep it: the client's base URL is the origin and the mount.
  add(aim.label, aim.kind, aim.mount ? `${own}/${aim.mount}` : own);
  if (aim.kind === "catalog") {
    // The host style of another label: its own host name on the same port (`gh.snapverse.dev:4011`).
    const port = /:\d+$/.exec(arrival.host!)?.[0] ?? "";
    const other = (label: string, kind: "pin" | "live") =>
      aim.style === "path"
        ? `${arrival.scheme}://${arrival.host}/${label}`
        : `${arrival.scheme}://${canonicalOrigin(label, kind, domain).slice("https://".length)}${port}`;
    for (const pin of others.pins) add(pin, "pin", other(pin, "pin"));
    for (const prefix of others.live) add(prefix, "live", other(prefix, "live"));
  }
  return pairs;
}

/*
 * Each splice is one pass: what it writes is never read again, so an origin that contains a canonical
 * one (`https://gh.snapverse.dev:4011` contains `https://gh.snapverse.dev`) is not spliced twice.
 */

/** Text with every canonical origin replaced by the request's. */
export function spliceText(text: string, splice: OriginSplice): string {
  if (splice.length === 0) return text;
  if (splice.length === 1) {
    const [from, to] = splice[0]!;
    return text.includes(from) ? text.split(from).join(to) : text;
  }
  const to = new Map(splice);
  const any = new RegExp([...to.keys()].map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), "g");
  return text.replace(any, (from) => to.get(from)!);
}

/** Header values spliced; the same object when none names a canonical origin. */
export function spliceHeaders(headers: Record<string, string>, splice: OriginSplice): Record<string, string> {
  if (splice.length === 0) return headers;
  let out: Record<string, string> | undefined;
  for (const [name, value] of Object.entries(headers)) {
    const spliced = spliceText(value, splice);
    if (spliced !== value) (out ??= { ...headers })[name] = spliced;
  }
  return out ?? headers;
}

/**
 * Bytes spliced: found with Buffer.indexOf (the origins are ASCII, so a match never cuts a UTF-8
 * character) and copied around. The same buffer when no canonical origin is in it.
 */
export function spliceBytes(data: Buffer, splice: OriginSplice): Buffer {
  if (splice.length === 0) return data;
  const froms = splice.map(([from]) => from);
  const tos = splice.map(([, to]) => Buffer.from(to, "utf8"));
  const next = froms.map((from) => data.indexOf(from, 0, "latin1"));
  const pieces: Buffer[] = [];
  let start = 0;
  for (;;) {
    // The earliest match of any canonical origin at or after `start`.
    let which = -1;
    for (let i = 0; i < next.length; i++) if (next[i] !== -1 && (which === -1 || next[i]! < next[which]!)) which = i;
    if (which === -1) break;
    const at = next[which]!;
    pieces.push(data.subarray(start, at), tos[which]!);
    start = at + froms[which]!.length;
    for (let i = 0; i < next.length; i++) if (next[i] !== -1 && next[i]! < start) next[i] = data.indexOf(froms[i]!, start, "latin1");
  }
  if (pieces.length === 0) return data;
  pieces.push(data.subarray(start));
  return Buffer.concat(pieces);
}

/** Whether any canonical origin of the splice is in the bytes (a file that holds none is served as it is). */
export function holdsOrigin(data: Buffer, splice: OriginSplice): boolean {
  return splice.some(([from]) => data.includes(from, 0, "latin1"));
}

/**
 * A short, stable name of a splice, for keys of caches (the file cache, remembered answers): the
 * request's own origin, from which every other pair of it follows (spliceFor).
 */
export function spliceKey(splice: OriginSplice): string {
  return splice[0]?.[1] ?? "";
}
