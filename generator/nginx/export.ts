import { createHash } from "node:crypto";
import { existsSync, readFileSync, realpathSync, statSync } from "node:fs";
import { join } from "node:path";
import { CATALOG_FILE, META_DIR, ROUTES_FILE, type CatalogIndex } from "../format/dist.js";
import { LARGEST_HELD } from "../answer/limits.js";
import { CATALOG_LABEL, resolve, type Answer } from "../answer/resolve.js";
import { PinStore, type PinData } from "../answer/pin-store.js";
import { reply, type ReplySource } from "../answer/reply.js";
import { fileType } from "../answer/headers.js";
import { canonicalOrigin } from "../answer/origin.js";

/**
 * What nginx may answer from disk, proved route by route with the resolver itself: for every route of
 * every pin in a dist/ (and the catalog site), the request a client sends for it is resolved and replied
 * to as `snapverse serve` would, and the route enters the table only when the answer is that route's own
 * pre-rendered file. The table holds, per route, the status, entity tag, a header template and the file;
 * per pin, the checks resolve() makes on the request before it looks a route up (credentials, API
 * version), which nginx repeats. Live hosts change every few hours and are left to the companion server.
 */
export interface RouteTable {
  /** Map entries in order: key, value (nginx `map` lines). */
  entries: Array<[string, string]>;
  pins: Array<{ label: string; dir: string; routes: number; fromDisk: number }>;
}

/** What nginx checks before it answers from disk (snapverse.njs.js admitted()). */
export interface Gate {
  dir: string;
  /**
   * The pin's canonical origin, which njs replaces with the request's in the files and headers marked
   * to splice (decision 0027).
   */
  origin: string;
  requestIdHeader?: string;
  /** Accept patterns (regex sources) the companion server answers with a computed media type. */
  accept?: string[];
  version?: { header: string; supported: string[]; required: boolean };
  auth?: { except?: string; rules: Array<{ header: string; pattern: string } | { query: string; pattern: string }> };
}

/**
 * Keys a request line carries as they are. A path with nothing a client would percent-encode (nginx
 * compares the raw path, and the resolver decodes it); a query as keys store it, already encoded (the
 * resolver's own parse of it, below, must give the key back).
 */
const PATH_AS_SENT = /^[A-Za-z0-9._~\-/@:,;=&!*'()$+]+$/;
const QUERY_AS_SENT = /^[\x21-\x7e]*$/;

export async function routeTable(dist: string): Promise<RouteTable> {
  const catalog = JSON.parse(readFileSync(join(dist, CATALOG_FILE), "utf8")) as CatalogIndex;
  const store = new PinStore(dist);
  const labels = [CATALOG_LABEL, ...catalog.pins.map((p) => p.name).sort()].filter((l) => existsSync(join(dist, l, META_DIR, ROUTES_FILE)));
  const table: RouteTable = { entries: [["site", catalog.serviceDomain]], pins: [] };
  for (const label of labels) {
    const pin = store.pin(label);
    if (!pin) continue;
    const dir = realpathSync(join(dist, label));
    const origin = canonicalOrigin(label, label === CATALOG_LABEL ? "catalog" : "pin", catalog.serviceDomain);
    const gate = gateOf(pin, dir, origin);
    table.entries.push([`gate ${label}`, base64(gate)]);
    // The checks nginx makes are taken out of the profile the routes are resolved under.
    const serving = { ...pin.serving };
    delete serving.auth;
    delete serving.version;
    const open: PinData = { ...pin, serving, params: pin.params };
    const host = label === CATALOG_LABEL ? `${label}.${catalog.serviceDomain}` : `${label}.snap.${catalog.serviceDomain}`;
    const templates = new Map<string, number>();
    let fromDisk = 0;
    for (const key of [...pin.routes.keys()].sort()) {
      const found = await fromDiskAnswer(open, key, host, catalog, dir);
      if (!found) continue;
      const { answer, headers } = found;
      // What names an origin is spliced by njs when it is the pin's own; the catalog's files that name the
      // pins' origins are the companion server's to splice (answer/origin.ts spliceFor).
      const splices = holdsAny(headers, join(dir, answer.file), origin);
      if (splices && label === CATALOG_LABEL) continue;
      const own = headers.filter(
        ([name]) => !["content-length", "etag", (pin.serving.requestIdHeader ?? "").toLowerCase()].includes(name.toLowerCase()),
      );
      const template = JSON.stringify(own);
      let index = templates.get(template);
      if (index === undefined) {
        index = templates.size;
        templates.set(template, index);
        table.entries.push([`headers ${label} ${index}`, Buffer.from(template).toString("base64")]);
      }
      const etag = pin.routes.get(key)!.etag ?? "-";
      table.entries.push([
        sha1(`${label} ${key}`),
        `${answer.status} ${etag} ${index} ${encodeURIComponent(answer.file)}${splices ? " splice" : ""}`,
      ]);
      fromDisk++;
    }
    table.pins.push({ label, dir, routes: pin.routes.size, fromDisk });
  }
  return table;
}

/** The route's answer and headers when nginx can give it from disk; undefined when only the resolver can. */
async function fromDiskAnswer(
  pin: PinData,
  key: string,
  host: string,
  catalog: CatalogIndex,
  dir: string,
): Promise<{ answer: Extract<Answer, { kind: "file" }>; headers: Array<[string, string]> } | undefined> {
  const q = key.indexOf("?");
  const path = q === -1 ? key : key.slice(0, q);
  if (!PATH_AS_SENT.test(path) || path.endsWith("/") || path.includes("//") || (q !== -1 && !QUERY_AS_SENT.test(key.slice(q + 1))))
    return undefined;
  const query = [...new URLSearchParams(q === -1 ? "" : key.slice(q + 1))];
  const request = { method: "GET", path: `/${path}`, query, headers: { host } as Record<string, string | undefined> };
  const answer = resolve(request, { catalog, pin: (name) => (name === pin.name ? pin : undefined) });
  if (answer.kind !== "file" || answer.key !== key) return undefined;
  // A redirect (a download handed to another host) is the companion server's: nginx would write its own HTML body.
  if (answer.status >= 300 && answer.status < 400) return undefined;
  // The companion server streams what its hot path does not hold, with serve-handler's own headers.
  if (answer.status === 200 && (!fileType(answer) || statSync(join(dir, answer.file)).size > LARGEST_HELD)) return undefined;
  const out = await reply({ method: "GET", headers: request.headers, query: [] }, answer, pin, NO_BYTES);
  return out.status === answer.status ? { answer, headers: out.headers } : undefined;
}

/** Headers do not depend on the bytes but for their length, which nginx sets itself. */
const NO_BYTES: ReplySource = {
  file: async () => Buffer.alloc(0),
  list: async () => {
    throw new Error("a list is not a route nginx answers");
  },
  compute: async () => undefined,
};

/** Whether a route's headers or file name its pin's canonical origin, or (the catalog's) another pin's. */
function holdsAny(headers: Array<[string, string]>, file: string, origin: string): boolean {
  const named = (text: string) =>
    text.includes(origin) || (origin.startsWith("https://catalog.") && /https:\/\/[a-z0-9-]+\.(snap\.)?/.test(text));
  return headers.some(([, value]) => named(value)) || named(readFileSync(file, "latin1"));
}

function gateOf(pin: PinData, dir: string, origin: string): Gate {
  const { auth, version, requestIdHeader, computed } = pin.serving;
  // Media types the pin computes (ServingProfile.computed `accept`): such a request is the companion server's.
  const accept = (computed ?? []).flatMap((c) => (c.accept === undefined ? [] : [c.accept]));
  return {
    dir,
    origin,
    ...(accept.length ? { accept } : {}),
    ...(requestIdHeader ? { requestIdHeader } : {}),
    ...(version ? { version: { header: version.requestHeader, supported: version.supported, required: Boolean(version.required) } } : {}),
    ...(auth
      ? {
          auth: {
            ...(auth.except ? { except: auth.except } : {}),
            rules: [{ header: auth.header, pattern: auth.pattern }, ...(auth.alternatives ?? [])],
          },
        }
      : {}),
  };
}

function base64(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString("base64");
}

function sha1(text: string): string {
  return createHash("sha1").update(text).digest("hex");
}
