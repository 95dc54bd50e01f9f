import type { CatalogIndex, PinData } from "../answer/pin-data.js";
import { resolve, target, type Answer, type Request } from "../answer/resolve.js";

/** Answers remembered per loaded pin; past this many the pin's memo starts over. */
const PER_PIN = 20_000;

/**
 * The resolver's answers to reads, remembered. `resolve` is a pure function of the request's method,
 * path, query, scheme, host and the few headers the pin's profile reads (its version header and credentials),
 * and of the loaded catalog and pin: a read asked again (the common case under load: clients page
 * through the same lists) skips it. A pin or catalog reloaded after a swap is a new object, so its
 * answers start afresh; answers are never mutated by the server.
 */
export class ResolveMemo {
  private readonly byCatalog = new WeakMap<CatalogIndex, WeakMap<PinData, Map<string, Answer>>>();

  resolve(req: Request, rawUrl: string, lookup: { catalog: CatalogIndex | undefined; pin: (name: string) => PinData | undefined }): Answer {
    const label = aimedLabel(req.headers.host, req.path, lookup.catalog);
    const pin = label === undefined ? undefined : lookup.pin(label);
    if ((req.method !== "GET" && req.method !== "HEAD") || !pin || !lookup.catalog) return resolve(req, lookup);
    const key = [
      req.method,
      req.scheme ?? "",
      req.headers.host ?? "",
      rawUrl,
      ...readHeaders(pin).map((h) => req.headers[h] ?? "\u0000"),
    ].join("\n");
    let pins = this.byCatalog.get(lookup.catalog);
    if (!pins) this.byCatalog.set(lookup.catalog, (pins = new WeakMap()));
    let answers = pins.get(pin);
    if (!answers) pins.set(pin, (answers = new Map()));
    const known = answers.get(key);
    if (known) return known;
    const answer = resolve(req, lookup);
    // Only an answer for this same pin is remembered under it (host routing could aim elsewhere).
    if ("label" in answer && answer.label !== pin.name) return answer;
    if (answers.size >= PER_PIN) answers.clear();
    answers.set(key, answer);
    return answer;
  }
}

/** The pin a request aims at: the host's, or the path's first segment (a label is never percent-encoded). */
export function aimedLabel(host: string | undefined, path: string, catalog: CatalogIndex | undefined): string | undefined {
  return target(host, [path.split("/", 2)[1] ?? ""].filter(Boolean), catalog?.serviceDomain)?.label;
}

const headerNames = new WeakMap<PinData, string[]>();

/** The request headers `resolve` reads for this pin, besides the host. */
export function readHeaders(pin: PinData): string[] {
  let names = headerNames.get(pin);
  if (!names) {
    const { version, auth, computed } = pin.serving;
    names = [
      // A pin with routes chosen by media type reads the Accept header (ServingProfile.computed).
      ...(computed?.some((c) => c.accept !== undefined) ? ["accept"] : []),
      ...(version ? [version.requestHeader] : []),
      ...(auth ? [auth.header, ...(auth.alternatives ?? []).flatMap((a) => ("header" in a ? [a.header] : []))] : []),
    ].map((h) => h.toLowerCase());
    headerNames.set(pin, names);
  }
  return names;
}
