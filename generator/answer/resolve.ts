import { createHash } from "node:crypto";
import { canonicalJson } from "../core/canonical-json.js";
import { parsePinName } from "../catalog/pin-name.js";
import { canonicalQuery, pattern, readBooleans, resourceKey } from "../core/query.js";
import { listProfile, readListRequest, type ListRequest } from "../core/lists/engine.js";
import type { Problem } from "../core/lists/filters.js";
import type { ErrorDoc, ServingProfile } from "../core/provider.js";
import type { ListRecord } from "../format/dist.js";
import type { CatalogIndex, PinData } from "./pin-data.js";
import { NO_SPLICE, spliceFor, spliceHeaders, spliceText, type OriginSplice } from "./origin.js";

export interface Request {
  method: string;
  /** The raw path, still percent-encoded, without the query. */
  path: string;
  query: Array<[string, string]>;
  /** Lower-case header names. `host` selects host-style routing. */
  headers: Record<string, string | undefined>;
  /** The request body, for POST-as-read and computed answers. */
  body?: Buffer;
  /**
   * The scheme the request came in on (answer/origin.ts schemeOf). With the Host, it names the origin
   * every URL of the answer is spliced to; absent, answers keep the canonical origin.
   */
  scheme?: "http" | "https";
}

/*
 * Headers and bodies of answers name the request's origin (answer/origin.ts): a file's headers and an
 * error's body are spliced here; `origin` says what a server splices into what it reads or computes
 * (a file's bytes, a computed page, a handler's answer).
 */
export type Answer =
  | {
      kind: "file";
      label: string;
      key: string;
      file: string;
      status: number;
      headers: Record<string, string>;
      origin?: OriginSplice;
      /** The partial response asked for (ServingProfile.partial): reply() answers only those fields. */
      partial?: PartialAsk;
    }
  | { kind: "body"; status: number; headers: Record<string, string>; body: string }
  /** Only code can answer: the server runs the handler registered as `<provider>/<handler>`. */
  | {
      kind: "compute";
      label: string;
      handler: string;
      path: string;
      headers: Record<string, string>;
      origin?: OriginSplice;
      /** The mount the request came in under, for the handler (ComputeInput.mount). */
      mount?: string;
      partial?: PartialAsk;
    }
  /**
   * A list variant that was not pre-rendered (a filter, a sort, a page size, a start): the query engine
   * evaluates `request` over the frozen pages of `list` (core/lists/engine.ts runList).
   */
  | {
      kind: "list";
      label: string;
      key: string;
      headers: Record<string, string>;
      request: ListRequest;
      list: ListRecord;
      origin?: OriginSplice;
      partial?: PartialAsk;
    };

/** Which rule of ServingProfile.partial applies, and the selection it asks for (core/partial.ts syntax). */
export interface PartialAsk {
  rule: number;
  selection: string;
}

/** Where a request is aimed: a label (pin, live prefix or `catalog`) and the provider path segments. */
export interface Target {
  label: string;
  segments: string[];
  style: "host" | "path";
}

export const CATALOG_LABEL = "catalog";
const JSON_TYPE = "application/json; charset=utf-8";

/**
 * Host style: `<pin>.snap.<domain>`, `<prefix>.<domain>` (live), `catalog.<domain>`; the whole path is
 * the provider's. Path style, for any other host (localhost, an IP): `/<label>/<provider path>`.
 */
export function target(host: string | undefined, segments: string[], domain: string | undefined): Target | undefined {
  const name = (host ?? "").toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");
  if (domain && name.endsWith(`.${domain}`)) {
    const sub = name.slice(0, -domain.length - 1);
    if (sub.endsWith(".snap") && !sub.slice(0, -5).includes(".")) return { label: sub.slice(0, -5), segments, style: "host" };
    if (!sub.includes(".")) return { label: sub, segments, style: "host" };
    return undefined;
  }
  const [label, ...rest] = segments;
  return label ? { label, segments: rest, style: "path" } : undefined;
}

/**
 * The resolver: from a request to a file under dist/ or a pre-rendered error. Pure apart from the lookups
 * it is given. Only keys present in a pin's route index are ever served, and their files come from that
 * index, so no request path ever becomes a file path.
 */
export function resolve(req: Request, lookup: { catalog: CatalogIndex | undefined; pin: (name: string) => PinData | undefined }): Answer {
  const segments = decodeSegments(req.path);
  const domain = lookup.catalog?.serviceDomain;
  const found = segments && target(req.headers.host, segments, domain);
  const mount = found && mountOf(found.segments, lookup.pin(found.label)?.serving.mounts);
  const aim = found && mount ? { ...found, segments: found.segments.slice(mount.split("/").length) } : found;
  const pin = aim && lookup.pin(aim.label);
  const canonical =
    mount && pin
      ? underMount(resolveCanonical(req, lookup, aim), mount, pin.serving.mountHeaders?.[mount])
      : resolveCanonical(req, lookup, aim);
  const answer = pin ? withPartial(canonical, pin.serving, req.query) : canonical;
  if (!aim || !pin || !req.scheme) return answer;
  const catalog = lookup.catalog;
  const kind = pin.live ? "live" : aim.label === CATALOG_LABEL ? "catalog" : "pin";
  const others = kind === "catalog" ? { pins: catalog?.pins.map((p) => p.name) ?? [], live: catalog?.livePrefixes ?? [] } : undefined;
  return withOrigin(
    answer,
    spliceFor({ scheme: req.scheme, host: req.headers.host }, { label: aim.label, style: aim.style, kind, mount }, domain, others),
  );
}

/**
 * The mount a request's path starts with (ServingProfile.mounts). The mount alone (`/api/v3`, `/api/v3/`)
 * is the API root, as GitHub Enterprise answers it: the same answer as `/`.
 */
function mountOf(segments: string[], mounts: string[] | undefined): string | undefined {
  return mounts?.find((m) => {
    const parts = m.split("/");
    return parts.length <= segments.length && parts.every((p, i) => segments[i] === p);
  });
}

/** An answer asked for under a mount: the mount's own headers, and the mount for a handler. */
function underMount(answer: Answer, mount: string, headers: Record<string, string> | undefined): Answer {
  const withHeaders = headers ? { ...answer, headers: { ...answer.headers, ...headers } } : answer;
  return withHeaders.kind === "compute" ? { ...withHeaders, mount } : withHeaders;
}

/**
 * An answer the request asks only some fields of (ServingProfile.partial, decision 0034): marked here,
 * cut down by reply() once its bytes are read or computed. Errors are answered whole.
 */
function withPartial(answer: Answer, profile: ServingProfile, query: Array<[string, string]>): Answer {
  if (!profile.partial || answer.kind === "body") return answer;
  const path = answer.kind === "compute" ? answer.path : answer.key.split("?", 1)[0]!;
  for (const [rule, p] of profile.partial.entries()) {
    const value = query.find(([k]) => k === p.param)?.[1];
    if (value === undefined || value.trim() === "" || (p.path !== undefined && !pattern(p.path).test(path))) continue;
    const selection = p.expand ? expansion(value, p.expand) : value;
    return selection === "" ? answer : { ...answer, partial: { rule, selection } };
  }
  return answer;
}

/** An `expand` list as the fields it adds: `description,lead` under `values` is `+values.description,+values.lead`. */
function expansion(value: string, expand: { names: string[]; under?: string }): string {
  const names = value.split(",").map((n) => n.trim());
  return expand.names
    .filter((n) => names.includes(n))
    .map((n) => `+${expand.under ? `${expand.under}.` : ""}${n}`)
    .join(",");
}

/**
 * An answer naming the request's origin: a file's headers and an error's headers and body spliced here;
 * a computed answer (a list page, a handler's) is spliced whole by reply() once computed.
 */
function withOrigin(answer: Answer, splice: OriginSplice): Answer {
  if (splice === NO_SPLICE || splice.length === 0) return answer;
  if (answer.kind === "body") return { ...answer, headers: spliceHeaders(answer.headers, splice), body: spliceText(answer.body, splice) };
  if (answer.kind === "file") return { ...answer, headers: spliceHeaders(answer.headers, splice), origin: splice };
  return { ...answer, origin: splice };
}

function resolveCanonical(
  req: Request,
  lookup: { catalog: CatalogIndex | undefined; pin: (name: string) => PinData | undefined },
  aim: Target | undefined,
): Answer {
  if (!aim)
    return notHere(
      404,
      "not_found",
      "Aim at a pin, a live prefix or the catalog: path style /<pin>/…, or host style <pin>.snap.<domain>.",
      lookup.catalog,
    );
  const { label } = aim;
  const pin = lookup.pin(label);
  if (!pin) {
    const catalog = lookup.catalog;
    const prefixes = catalog?.livePrefixes ?? [];
    const pinned = catalog?.pins.find((p) => p.name === label);
    if (pinned && catalog?.building?.includes(label)) {
      return unavailable(
        catalog,
        pinned.provider,
        `The pin '${label}' is being built: it answers as soon as its build is in place, in seconds.`,
        BUILDING_RETRY_SECONDS,
      );
    }
    if (pinned) {
      return unavailable(
        catalog,
        pinned.provider,
        catalog?.generators?.includes(pinned.provider)
          ? `The pin '${label}' is not built in this dist/ yet: run 'npm run build' (or 'snapverse build --pin ${label}').`
          : `The pin '${label}' is in the catalog but its provider (${pinned.provider}) has no generator yet: it is not available yet.`,
      );
    }
    if (parsePinName(label, prefixes))
      return notHere(404, "unknown_pin", `'${label}' has the shape of a pin but is not in the catalog.`, catalog);
    if (prefixes.includes(label)) {
      return unavailable(
        catalog,
        label,
        catalog?.generators?.includes(label)
          ? `The live host '${label}' has no live build yet: run 'snapverse live' (or wait: 'snapverse start' and 'serve --live' build it in the background, then on their schedule).`
          : `The live host '${label}' is not available yet: its provider has no generator.`,
      );
    }
    return notHere(404, "unknown_host", `'${label}' is neither a pin, a live prefix nor the catalog.`, catalog);
  }

  const profile = pin.serving;
  const base = { ...profile.headers };
  // A live answer names its build, so a client (and a test) can tell which night it reads.
  if (pin.live) base["x-snapverse-live-build"] = pin.live.build;
  // Every answer carries a request id; reads get one derived from the resource key below.
  if (profile.requestIdHeader) base[profile.requestIdHeader] = requestId(pin.name, `${req.method} ${req.path}`);
  // An encoded slash is a separator for most providers (GitHub: `branches/feature%2Fx`); for those that
  // put slashes inside ids (GitLab: `projects/group%2Fname`) it stays encoded in the key.
  const parts = profile.slashInSegment ? aim.segments : aim.segments.flatMap((s) => s.split("/"));
  if (parts.some(unsafeSegment)) return errorAnswer(profile.errors.notFound, base, { path: "" });
  const path = unalias(profile.slashInSegment ? parts.map(keySegment).join("/") : parts.join("/"), profile);
  const version = profile.version ? req.headers[profile.version.requestHeader] : undefined;
  if (profile.version && version !== undefined && !profile.version.supported.includes(version) && profile.errors.badVersion) {
    return errorAnswer(profile.errors.badVersion, base, { version });
  }
  if (profile.version?.required && version === undefined) return errorAnswer(profile.version.required, base, { path });
  const credential = (a: { header: string } | { query: string }) =>
    ("header" in a ? req.headers[a.header] : req.query.find(([k]) => k === a.query)?.[1]) ?? "";
  const open = profile.auth?.except !== undefined && pattern(profile.auth.except).test(path);
  if (profile.auth && !open && ![profile.auth, ...(profile.auth.alternatives ?? [])].some((a) => pattern(a.pattern).test(credential(a)))) {
    return errorAnswer(profile.auth.error, base, { path });
  }
  // A POST-as-read's body fields are its arguments as much as the query's (Slack's forms), so they are refused alike.
  const rpc = profile.rpc?.find((r) => r.method === req.method && pattern(r.path).test(path));
  const body = rpc ? bodyParams(req, rpc.params) : [];
  const refused = refusal(profile, base, path, [...req.query, ...body]);
  if (refused) return refused;
  const computed = profile.computed?.find(
    (c) =>
      c.method === req.method && pattern(c.path).test(path) && (c.accept === undefined || pattern(c.accept).test(req.headers.accept ?? "")),
  );
  if (computed) return { kind: "compute", label: pin.name, handler: `${profile.provider}/${computed.handler}`, path, headers: base };
  // Boolean spellings the provider reads (GitLab: `True`, `0`) are read once, here, before any key or list sees them.
  let query = readBooleans(req.query, profile.query);
  if (rpc) query = [...query, ...body];
  else if (req.method !== "GET" && req.method !== "HEAD") return errorAnswer(profile.errors.methodNotAllowed, base, { path });
  if (profile.query.accepted && profile.errors.badQuery && !acceptable(query, profile))
    return errorAnswer(profile.errors.badQuery, base, {});

  const file = (key: string): Answer | undefined => {
    const route = pin.routes.get(key);
    if (profile.requestIdHeader) base[profile.requestIdHeader] = requestId(pin.name, key);
    return route && { kind: "file", label: pin.name, key, file: route.file, status: route.status, headers: { ...base, ...route.headers } };
  };
  const found = listProfile(profile, path);
  if (found) {
    const request = readListRequest(path, query, found, profile.query);
    if ("message" in request) return problemAnswer(profile, base, request);
    const preRendered = request.lookup === undefined ? undefined : file(resourceKey(path, request.lookup));
    if (preRendered) return preRendered;
    const list = pin.lists.get(resourceKey(path, request.source));
    if (list) {
      // The computed variant's own key (its request id derives from it): what it reads, its size and page.
      const pairs: Array<[string, string]> = [
        ...request.carry,
        [request.paging.sizeParam, String(request.size)],
        ...(request.page === undefined ? [] : [[request.paging.pageParam, request.page] as [string, string]]),
      ];
      const key = resourceKey(path, canonicalQuery(pairs, { ...profile.query, keep: pairs.map(([k]) => k) }, path));
      if (profile.requestIdHeader) base[profile.requestIdHeader] = requestId(pin.name, key);
      return { kind: "list", label: pin.name, key, headers: base, request, list };
    }
  }
  // Parameters that select no variant of this path are ignored, as the provider ignores them.
  const known = pin.params(path);
  return (
    file(
      resourceKey(
        path,
        canonicalQuery(
          query.filter(([k]) => known.has(k.replace(/\[\]$/, ""))),
          profile.query,
          path,
        ),
      ),
    ) ??
    errorAnswer(profile.errors.notFoundByPath?.find((r) => pattern(r.path).test(path))?.error ?? profile.errors.notFound, base, { path })
  );
}

const caseless = new Map<string, RegExp>();

/** A parameter the profile refuses on this path (QueryRules.refuse), in the rule's error or the provider's bad request. */
function refusal(
  profile: ServingProfile,
  base: Record<string, string>,
  path: string,
  query: Array<[string, string]>,
): Extract<Answer, { kind: "body" }> | undefined {
  for (const rule of profile.query.refuse ?? []) {
    if (rule.path !== undefined) {
      let re = caseless.get(rule.path);
      if (!re) caseless.set(rule.path, (re = new RegExp(rule.path, "i")));
      if (!re.test(path)) continue;
    }
    const sent = query.find(([k, v]) => k === rule.param && (rule.allow === undefined || !pattern(rule.allow).test(v)));
    if (!sent) continue;
    const fill = (s: string) => s.replaceAll("{param}", rule.param).replaceAll("{value}", sent[1].slice(0, 100));
    const problem: Problem = { param: rule.param, message: fill(rule.message), value: sent[1].slice(0, 100) };
    if (!rule.error) return problemAnswer(profile, base, problem);
    return problemAnswer({ ...profile, errors: { ...profile.errors, badRequestByParam: { [rule.param]: rule.error } } }, base, problem);
  }
  return undefined;
}

/**
 * A list parameter the provider refuses, in its own error shape: `badRequest` with the message, else
 * `badQuery`, else a plain 400.
 */
export function problemAnswer(profile: ServingProfile, base: Record<string, string>, problem: Problem): Extract<Answer, { kind: "body" }> {
  const doc =
    profile.errors.badRequestByParam?.[problem.param] ??
    (problem.reason && profile.errors.badRequestByReason?.[problem.reason]) ??
    profile.errors.badRequest;
  if (!doc)
    return profile.errors.badQuery
      ? errorAnswer(profile.errors.badQuery, base, {})
      : { kind: "body", status: 400, headers: { ...base, "content-type": JSON_TYPE }, body: JSON.stringify({ message: problem.message }) };
  const esc = (s: string) => JSON.stringify(s).slice(1, -1);
  const body = JSON.stringify(doc.body)
    .replaceAll("{message}", esc(problem.message))
    .replaceAll("{param}", esc(problem.param))
    .replaceAll("{value}", esc(problem.value ?? ""));
  return { kind: "body", status: doc.status, headers: { ...base, "content-type": JSON_TYPE, ...(doc.headers ?? {}) }, body };
}

/**
 * The listed fields of a JSON or form body, as query pairs. Objects and arrays become canonical JSON
 * (sorted keys), so `{"a":1,"b":2}` and `{"b":2,"a":1}` find the same resource.
 */
function bodyParams(req: Request, params: string[]): Array<[string, string]> {
  const text = req.body?.toString("utf8") ?? "";
  let fields: Record<string, unknown> = {};
  if ((req.headers["content-type"] ?? "").includes("application/x-www-form-urlencoded")) {
    fields = Object.fromEntries(new URLSearchParams(text));
  } else if (text.trim() !== "") {
    try {
      const parsed = JSON.parse(text) as unknown;
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) fields = parsed as Record<string, unknown>;
    } catch {
      return [["__malformed_body", "1"]];
    }
  }
  const out: Array<[string, string]> = [];
  for (const name of params) {
    const value = fields[name];
    if (value === undefined || value === null) continue;
    out.push([name, typeof value === "string" ? value : canonicalJson(value)]);
  }
  return out;
}

/** The canonical path of a resource asked for by another name (see ServingProfile.aliases). */
export function unalias(path: string, profile: ServingProfile): string {
  for (const alias of profile.aliases ?? []) {
    const re = pattern(alias.from);
    if (re.test(path)) return path.replace(re, alias.to);
  }
  return path;
}

function acceptable(query: Array<[string, string]>, profile: ServingProfile): boolean {
  const accepted = profile.query.accepted!;
  return query.every(([name, value]) => accepted[name.replace(/\[\]$/, "")]?.includes(value) ?? false);
}

/** Percent-decodes each segment; undefined when the path cannot be decoded. */
function decodeSegments(raw: string): string[] | undefined {
  if (!raw.startsWith("/")) return undefined;
  const parts = raw.slice(1).split("/");
  if (parts.at(-1) === "") parts.pop();
  try {
    return parts.map((p) => decodeURIComponent(p));
  } catch {
    return undefined;
  }
}

/** Decoded segments that no resource path contains: dot segments, backslashes, NULs, `@` file suffixes, meta files. */
function unsafeSegment(s: string): boolean {
  return s === "" || s === "." || s === ".." || s.includes("\\") || s.includes("\u0000") || s.includes("@") || s === "_snapverse";
}

/**
 * A decoded segment as it stands in a resource key: `%` and `/` percent-encoded again, everything else
 * literal. A provider whose ids contain slashes writes them as `%2F` in its resource paths.
 */
export function keySegment(s: string): string {
  return s.replace(/%/g, "%25").replace(/\//g, "%2F");
}

/** A pre-rendered error, with `{version}` and `{path}` filled in from the request, sanitized. */
function errorAnswer(
  doc: ErrorDoc,
  headers: Record<string, string>,
  fill: { version?: string; path?: string },
): Extract<Answer, { kind: "body" }> {
  let body = JSON.stringify(doc.body);
  const clean = (s: string) => s.replace(/[^\w./@:-]/g, "").slice(0, 200);
  if (fill.version !== undefined) body = body.replace("{version}", clean(fill.version));
  if (fill.path !== undefined) body = body.replace("{path}", clean(fill.path));
  // An error's own content type (GitLab's bare `application/json`) wins over the default.
  return { kind: "body", status: doc.status, headers: { ...headers, "content-type": JSON_TYPE, ...(doc.headers ?? {}) }, body };
}

/**
 * What a pin being built (`snapverse start`) tells a client to wait: a pin's build takes seconds to a
 * minute, so a client that honours Retry-After polls a few times, not once an hour.
 */
const BUILDING_RETRY_SECONDS = 5;

/**
 * A 503 in the provider's own error shape (from the catalog index), or the generic one without it; the
 * provider's says when to retry: in an hour (nothing is building it), or in seconds (a build is under way).
 */
function unavailable(catalog: CatalogIndex | undefined, provider: string, message: string, retryAfter = 3600): Answer {
  const doc = catalog?.unavailable?.[provider];
  if (!doc) return notHere(503, "not_available", message, catalog);
  const body = JSON.stringify(doc.body).replace("{message}", JSON.stringify(message).slice(1, -1));
  return {
    kind: "body",
    status: doc.status,
    headers: { ...(doc.headers ?? {}), "content-type": JSON_TYPE, "retry-after": String(retryAfter) },
    body,
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
