import { createHash } from "node:crypto";
import { parsePinName } from "../catalog/pin-name.js";
import { canonicalQuery, resourceKey } from "../core/query.js";
import type { ErrorDoc } from "../core/provider.js";
import type { CatalogIndex, PinData } from "./pin-store.js";

export interface Request {
  method: string;
  /** The raw path, still percent-encoded, without the query. */
  path: string;
  query: Array<[string, string]>;
  headers: Record<string, string | undefined>;
}

export type Answer =
  | { kind: "file"; pin: string; file: string; status: number; headers: Record<string, string> }
  | { kind: "body"; status: number; headers: Record<string, string>; body: string };

const JSON_TYPE = "application/json; charset=utf-8";

/**
 * The resolver: from a path-style request (`/<label>/<provider path>`) to a file under dist/ or a
 * pre-rendered error. Pure apart from the lookups it is given. Only keys present in a pin's route index
 * are ever served, and their files come from that index, so no request path ever becomes a file path.
 */
export function resolve(req: Request, lookup: { catalog: CatalogIndex | undefined; pin: (name: string) => PinData | undefined }): Answer {
  const segments = decodeSegments(req.path);
  const label = segments?.[0];
  if (!segments || label === undefined || label === "") return notHere(404, "Not Found", "Paths start with a pin, a live prefix or 'catalog', e.g. /gh-2026-03-g5/orgs/…", lookup.catalog);
  const pin = lookup.pin(label);
  if (!pin) {
    const prefixes = lookup.catalog?.livePrefixes ?? [];
    if (parsePinName(label, prefixes)) return notHere(404, "Unknown pin", `'${label}' has the shape of a pin but is not in the catalog.`, lookup.catalog);
    if (prefixes.includes(label)) return notHere(503, "Not available yet", `The live host '${label}' is not served by this build.`, lookup.catalog);
    return notHere(404, "Unknown host", `'${label}' is neither a pin nor a live prefix.`, lookup.catalog);
  }

  const profile = pin.serving;
  const base = { ...profile.headers };
  const path = segments.slice(1).join("/");
  const version = profile.version ? req.headers[profile.version.requestHeader] : undefined;
  if (profile.version && version !== undefined && !profile.version.supported.includes(version) && profile.errors.badVersion) {
    return errorAnswer(profile.errors.badVersion, base, version);
  }
  if (req.method !== "GET" && req.method !== "HEAD") return errorAnswer(profile.errors.methodNotAllowed, base);
  if (segments.slice(1).some(unsafeSegment)) return errorAnswer(profile.errors.notFound, base);

  const key = resourceKey(path, canonicalQuery(req.query, profile.query, path));
  const route = pin.routes.get(key);
  if (profile.requestIdHeader) base[profile.requestIdHeader] = requestId(pin.name, key);
  if (!route) return errorAnswer(profile.errors.notFound, base);
  return { kind: "file", pin: pin.name, file: route.file, status: route.status, headers: { ...base, ...route.headers } };
}

/** Percent-decodes each segment; undefined when the path cannot be decoded. */
function decodeSegments(raw: string): string[] | undefined {
  if (!raw.startsWith("/")) return undefined;
  const parts = raw.slice(1).split("/");
  if (parts.length > 1 && parts.at(-1) === "") parts.pop();
  try {
    return parts.map((p) => decodeURIComponent(p));
  } catch {
    return undefined;
  }
}

/** Segments that no resource path contains: dot segments, separators smuggled in by encoding, NULs, meta files. */
function unsafeSegment(s: string): boolean {
  return s === "" || s === "." || s === ".." || /[\\/\u0000]/.test(s) || s.startsWith("@") || s === "_snapverse";
}

function errorAnswer(doc: ErrorDoc, headers: Record<string, string>, version?: string): Answer {
  const body = JSON.stringify(doc.body);
  return {
    kind: "body", status: doc.status, headers: { ...headers, ...(doc.headers ?? {}), "content-type": JSON_TYPE },
    body: version === undefined ? body : body.replace("{version}", version.replace(/[^\w.-]/g, "")),
  };
}

function notHere(status: number, error: string, message: string, catalog: CatalogIndex | undefined): Answer {
  const body = { error, message, catalog: "/catalog/v1/snapshots", pins: catalog?.pins.map((p) => p.name) ?? [] };
  return { kind: "body", status, headers: { "content-type": JSON_TYPE }, body: JSON.stringify(body) };
}

/** GitHub-style request ids, derived from the pin and the resource so the same request repeats them. */
function requestId(pin: string, key: string): string {
  const h = createHash("sha256").update(`${pin}\u0000${key}`).digest("hex").toUpperCase();
  return `${h.slice(0, 4)}:${h.slice(4, 8)}:${h.slice(8, 14)}:${h.slice(14, 21)}:${h.slice(21, 29)}`;
}
