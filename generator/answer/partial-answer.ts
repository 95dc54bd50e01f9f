import { createHash } from "node:crypto";
import type { PartialResponses } from "../core/provider.js";
import type { JsonValue } from "../core/json.js";
import { applySelection, readSelection, type Expand, type JsonRecord } from "../core/partial.js";
import { pattern } from "../core/query.js";
import type { PinData } from "./pin-data.js";
import { unalias, type Answer } from "./resolve.js";
import type { Reply, ReplySource } from "./reply.js";

/**
 * A partial response (ServingProfile.partial, decision 0034) from the whole answer's canonical bytes:
 * the selection applied, page links carrying the parameter on, an ETag of its own. Undefined when there
 * is nothing to cut (an error, a body that is not JSON): the whole answer is then given as it is.
 */
export async function partialBody(
  whole: Reply,
  /** The answer's key path, for `references`. */
  path: string,
  value: string,
  rule: PartialResponses,
  pin: PinData,
  source: ReplySource,
): Promise<{ headers: Array<[string, string]>; text: string; etag: string } | undefined> {
  const type = whole.headers.find(([k]) => k.toLowerCase() === "content-type")?.[1] ?? "";
  const selection = readSelection(value);
  if (whole.status !== 200 || !whole.body || !selection || !/[/+]json\b/i.test(type)) return undefined;
  let parsed: JsonValue;
  try {
    parsed = JSON.parse(whole.body.toString("utf8")) as JsonValue;
  } catch {
    return undefined;
  }
  const cut = await applySelection(parsed, selection, expander(pin, source, rule, path));
  if (cut && typeof cut === "object" && !Array.isArray(cut)) {
    for (const link of rule.pageLinks ?? []) {
      const url = cut[link];
      if (typeof url === "string") cut[link] = `${url}${url.includes("?") ? "&" : "?"}${rule.param}=${encodeURIComponent(value)}`;
    }
  }
  const text = JSON.stringify(cut);
  const dropped = new Set(["content-length", "etag", "content-encoding", "vary"]);
  const headers = whole.headers.filter(([k]) => !dropped.has(k.toLowerCase()));
  return { headers, text, etag: createHash("sha256").update(text).digest("hex").slice(0, 24) };
}

/** The whole answer's request: its canonical bytes, unencoded, whatever the client's conditions. */
export function wholeRequest<R extends { method: string; headers: Record<string, string | undefined> }>(req: R): R {
  const headers = { ...req.headers };
  delete headers["accept-encoding"];
  delete headers["if-none-match"];
  delete headers.range;
  return { ...req, method: req.method === "HEAD" ? "GET" : req.method, headers };
}

/** The answer without its partial mark (and origin: the cut is made over the canonical bytes). */
export function wholeAnswer(answer: Answer): Answer {
  if (answer.kind === "body") return answer;
  const copy = { ...answer };
  delete copy.partial;
  delete copy.origin;
  return copy;
}

/**
 * Reads an object's full representation from the pin: by the link it carries to itself (`self`, a dotted
 * path to a URL naming the pin's canonical origin), else by a reference rule. Each resource is read once
 * per answer.
 */
function expander(pin: PinData, source: ReplySource, rule: PartialResponses, path: string): Expand {
  const read = new Map<string, Promise<JsonRecord | undefined>>();
  return (object) => {
    const own = ownKey(object, rule, path);
    // The link may name the object by another name (a Jira project by id): the resolver's aliases apply.
    const key = own === undefined ? undefined : unalias(own, pin.serving);
    const route = key === undefined ? undefined : pin.routes.get(key);
    if (!route || route.status !== 200 || key === undefined) return Promise.resolve(undefined);
    let pending = read.get(key);
    if (!pending) {
      pending = source.file(pin, route.file).then(
        (bytes) => {
          try {
            const value = JSON.parse(bytes.toString("utf8")) as JsonValue;
            return value && typeof value === "object" && !Array.isArray(value) ? value : undefined;
          } catch {
            return undefined;
          }
        },
        () => undefined,
      );
      read.set(key, pending);
    }
    return pending;
  };
}

/** The key an object is served at, by its self link or a reference rule; undefined when none names it. */
function ownKey(object: JsonRecord, rule: PartialResponses, path: string): string | undefined {
  if (rule.self !== undefined) {
    let at: JsonValue | undefined = object;
    for (const part of rule.self.split(".")) at = at && typeof at === "object" && !Array.isArray(at) ? at[part] : undefined;
    if (typeof at === "string") return keyOf(at);
  }
  for (const ref of rule.references ?? []) {
    if (object[ref.field] !== ref.value) continue;
    const match = pattern(ref.from).exec(path);
    if (!match) continue;
    let missing = false;
    const key = ref.key
      .replace(/\$(\d)/g, (_, i: string) => match[Number(i)] ?? "")
      .replace(/\{(\w+)\}/g, (_, name: string) => {
        const field = object[name];
        if (typeof field !== "string" && typeof field !== "number") missing = true;
        return String(field);
      });
    if (!missing) return key;
  }
  return undefined;
}

/** A URL's resource key: its path as the resolver keys it (segments decoded), and its query. */
function keyOf(href: string): string | undefined {
  try {
    const url = new URL(href);
    const path = url.pathname.slice(1).split("/").map(decodeURIComponent).join("/");
    return url.search ? `${path}?${url.search.slice(1)}` : path;
  } catch {
    return undefined;
  }
}
