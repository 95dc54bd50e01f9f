import type { JsonValue, Pagination, QueryRules, ServingProfile } from "../provider.js";
import { mechanismOf } from "../pagination/index.js";
import { count } from "../pagination/mechanism.js";
import { listView, markersFor } from "../paginate.js";
import { canonicalQuery, pattern } from "../query.js";
import { compileExpression } from "./expression.js";
import { activeFilters, type ActiveFilter, type Problem } from "./filters.js";
import type { ItemRewrite, ListProfile } from "./profile.js";
import { compileQualifiers } from "./qualifiers.js";
import { requestedOrder, sortItems, type Order } from "./sort.js";

/**
 * The query engine (decision 0008): one list request, read against its profile, then evaluated over the
 * list's frozen items. Pure: the same profile, request and items give the same bytes, on any server.
 */
export interface ListRequest {
  path: string;
  profile: ListProfile;
  paging: Pagination;
  /** What the request selects (selectors, the source list's fixed parameters), as canonical queries. */
  lookup: string | undefined;
  source: string;
  filters: ActiveFilter[];
  match?: (item: JsonValue) => boolean;
  order: Order[];
  size: number;
  page: string | undefined;
  /** The id the page must end just before (after-id's `beforeParam`), when asked for. */
  before?: string;
  /** The parameters every page link repeats, in canonical order. */
  carry: Array<[string, string]>;
  /** The fields each item keeps (lower-case), when the request projects them. */
  project?: Set<string>;
  /** A projection within one item field (ListQueryLanguages.select.within): what it keeps, or all but `drop`. */
  projectWithin?: { field: string; keep?: Set<string>; drop: Set<string> };
  /** The item fields the request's parameters rewrite (ListBody.rewrites), when any does. */
  rewrites?: ItemRewrite[];
}

/** The profile of the list at `path`: a declared one, or the pin's pagination with no filters. */
export function listProfile(serving: ServingProfile, path: string): { profile: ListProfile; paging: Pagination } | undefined {
  const declared = serving.lists?.find((l) => pattern(l.path).test(path));
  const paging = declared?.paging ?? serving.pagination;
  if (!paging) return undefined;
  if (declared) return { profile: declared, paging };
  // A list nobody declared: whatever the query rules keep selects a pre-rendered variant, as before.
  const selectors = serving.query.keep.filter((k) => k !== paging.pageParam && k !== paging.sizeParam);
  return { profile: { path: ".*", selectors }, paging };
}

/** Every parameter a list reads; the rest are ignored, as the provider ignores them. */
export function listParams(profile: ListProfile, paging: Pagination): Set<string> {
  return new Set(
    [
      paging.pageParam,
      paging.sizeParam,
      beforeParamOf(paging) ?? "",
      ...(profile.selectors ?? []),
      ...(profile.filters ?? []).flatMap((f) => [f.param, f.inclusiveParam ?? "", ...(f.defaultUnless ?? [])]),
      ...(profile.required ?? []).map((r) => r.param),
      ...(profile.expression ? [profile.expression.param] : []),
      ...(profile.qualifiers ? [profile.qualifiers.param] : []),
      ...(profile.select ? [profile.select.param] : []),
      ...(profile.rewrites ?? []).map((r) => r.param),
      ...(profile.sort ? [profile.sort.param, profile.sort.directionParam ?? ""] : []),
    ].filter((p) => p !== ""),
  );
}

/** The parameter that pages backwards, which only after-id lists have. */
function beforeParamOf(paging: Pagination): string | undefined {
  return paging.mechanism === "after-id" ? paging.beforeParam : undefined;
}

/** Reads a list request; a problem when a parameter is malformed in a way the provider refuses. */
export function readListRequest(
  path: string,
  pairs: Array<[string, string]>,
  found: { profile: ListProfile; paging: Pagination },
  rules: QueryRules,
): ListRequest | Problem {
  const { profile, paging } = found;
  const known = listParams(profile, paging);
  const given = pairs
    .map(([k, v]): [string, string] => {
      const name = k.endsWith("[]") ? k.slice(0, -2) : k;
      return [profile.paramAliases?.[name] ?? name, v];
    })
    .filter(([k]) => known.has(k));
  const all = (name: string) => given.filter(([k]) => k === name).map(([, v]) => v);
  const one = (name: string) => all(name)[0];
  const missing = profile.required?.find((r) => (one(r.param) ?? "").trim() === "");
  if (missing) return { param: missing.param, message: missing.message, reason: "value" };

  let size = paging.defaultSize;
  const sizeText = one(paging.sizeParam);
  if (sizeText !== undefined) {
    const n = count(sizeText);
    if (n === undefined && paging.invalidSize === "error")
      return { param: paging.sizeParam, message: `${paging.sizeParam} is invalid`, reason: "format", value: sizeText };
    if (n !== undefined && n > paging.max && paging.overMax === "error")
      return { param: paging.sizeParam, message: `${paging.sizeParam} must be at most ${paging.max}`, reason: "range", value: sizeText };
    if (n !== undefined && n < 1 && paging.underMin === "error")
      return { param: paging.sizeParam, message: `${paging.sizeParam} must be at least 1`, reason: "minimum", value: sizeText };
    size = n === undefined ? paging.defaultSize : Math.min(paging.max, Math.max(1, n));
  }
  const filters = activeFilters(profile.filters ?? [], all);
  if (!Array.isArray(filters)) return filters;
  let order: Order[] = [];
  if (profile.sort) {
    const o = requestedOrder(profile.sort, one);
    if (o && "message" in o) return o;
    if (o) order = [o];
  }
  let match: ((item: JsonValue) => boolean) | undefined;
  const text = profile.expression ? one(profile.expression.param) : undefined;
  if (profile.expression && text !== undefined && text.trim() !== "") {
    const compiled = compileExpression(profile.expression, text);
    if ("message" in compiled) return compiled;
    match = compiled.test;
    if (compiled.order.length) order = compiled.order;
  }
  const byExpression = match !== undefined;
  // A `key:value` search (Sentry's `query`, GitHub's `q`), its default when absent; it narrows `match`.
  const search = profile.qualifiers ? (one(profile.qualifiers.param) ?? profile.qualifiers.default) : undefined;
  let searched = false;
  if (profile.qualifiers && search !== undefined) {
    const compiled = compileQualifiers(profile.qualifiers, search);
    if ("message" in compiled) return compiled;
    if (compiled.test) {
      const prior = match,
        test = compiled.test;
      match = prior ? (item) => prior(item) && test(item) : test;
      searched = true;
    }
  }

  const selectors = given.filter(([k]) => profile.selectors?.includes(k));
  const sourcePairs: Array<[string, string]> = [...selectors, ...Object.entries(profile.source ?? {})];
  const source = canonicalQuery(sourcePairs, rules, path);
  const paged = new Set([paging.pageParam, paging.sizeParam]);
  const sortParams = new Set(profile.sort ? [profile.sort.param, profile.sort.directionParam] : []);
  // The pre-rendered file answers only when every parameter that changes the answer is in its key.
  const beforeParam = beforeParamOf(paging);
  const before = beforeParam ? one(beforeParam) : undefined;
  const within = profile.select?.within !== undefined ? projectionWithin(profile.select.within, all(profile.select.param)) : undefined;
  const selected =
    profile.select && profile.select.within === undefined
      ? one(profile.select.param)
          ?.split(",")
          .map((f) => f.trim().toLowerCase())
          .filter((f) => f !== "")
      : undefined;
  const project = selected?.length ? new Set([...selected, ...(profile.select!.always ?? []).map((f) => f.toLowerCase())]) : undefined;
  const rewrites = (profile.rewrites ?? []).filter((r) => {
    const value = one(r.param)?.toLowerCase();
    return value !== undefined && r.values.some((v) => v.toLowerCase() === value);
  });
  const computedOnly = [
    ...(project || within ? [profile.select!.param] : []),
    ...rewrites.map((r) => r.param),
    ...(before !== undefined && beforeParam ? [beforeParam] : []),
    ...filters.map((f) => f.spec.param),
    ...(byExpression || (order.length && profile.expression && text) ? [profile.expression!.param] : []),
    ...(order.length && profile.sort ? [profile.sort.param] : []),
    ...(searched ? [profile.qualifiers!.param] : []),
  ];
  const lookup = computedOnly.every((p) => rules.keep.includes(p))
    ? canonicalQuery(
        given.filter(([k]) => order.length || !sortParams.has(k)),
        rules,
        path,
      )
    : undefined;
  const carry = given.filter(([k]) => !paged.has(k)).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return {
    path,
    profile,
    paging,
    lookup,
    source,
    filters,
    ...(match ? { match } : {}),
    order,
    size,
    page: one(paging.pageParam),
    ...(before !== undefined ? { before } : {}),
    carry,
    ...(project ? { project } : {}),
    ...(within ? { projectWithin: within } : {}),
    ...(rewrites.length ? { rewrites } : {}),
  };
}

/** The frozen items of a list and the first pre-rendered page, whose shape a computed page keeps. */
export interface ListSource {
  items: JsonValue[];
  template: JsonValue;
  envelope?: string;
  headers: Record<string, string>;
}

/** Evaluates a list request over its frozen items: filter, sort, window, markers, body. */
export function runList(req: ListRequest, source: ListSource): { headers: Record<string, string>; body: string } | Problem {
  let items = source.items.filter((item) => req.filters.every((f) => f.test(item)) && (req.match?.(item) ?? true));
  if (req.order.length) items = sortItems(items, req.order);
  const mechanism = mechanismOf(req.paging.mechanism);
  const view = listView(req.paging, items);
  let window: { start: number; size: number; backward?: boolean };
  if (req.before !== undefined) {
    // The page just before an id (an unknown id has nothing before it).
    const end = Math.max(0, view.indexOf(req.before));
    window = { start: Math.max(0, end - req.size), size: Math.min(req.size, end), backward: true };
  } else {
    const start = mechanism.start(req.paging, req.page, req.size, view);
    if (typeof start !== "number") return { param: req.paging.pageParam, message: start.problem };
    window = { start, size: req.size };
  }
  let page = items.slice(window.start, window.start + window.size);
  if (req.project) {
    const keep = req.project;
    page = page.map((item) =>
      item && typeof item === "object" && !Array.isArray(item)
        ? Object.fromEntries(Object.entries(item).filter(([k]) => keep.has(k.toLowerCase())))
        : item,
    );
  }
  if (req.projectWithin) {
    const { field, keep, drop } = req.projectWithin;
    page = page.map((item) => {
      if (!item || typeof item !== "object" || Array.isArray(item)) return item;
      const inner = item[field];
      if (!inner || typeof inner !== "object" || Array.isArray(inner)) return item;
      const kept = Object.entries(inner).filter(([k]) => (keep ? keep.has(k.toLowerCase()) : true) && !drop.has(k.toLowerCase()));
      return { ...item, [field]: Object.fromEntries(kept) };
    });
  }
  if (req.rewrites) {
    const rewrites = req.rewrites;
    page = page.map((item) =>
      item && typeof item === "object" && !Array.isArray(item)
        ? Object.fromEntries(
            Object.entries(item).map(([k, v]) => {
              const rewrite = rewrites.find((r) => r.field === k);
              return [k, rewrite ? rewrite.to : v];
            }),
          )
        : item,
    );
  }
  const markers = markersFor(
    req.paging,
    { path: req.path, carry: req.carry, ...window, ...(req.page !== undefined ? { requested: req.page } : {}) },
    items,
  );
  // The template page's own markers go; this page writes its own.
  const stale = mechanism.headerNames(req.paging);
  const headers = Object.fromEntries(Object.entries(source.headers).filter(([k]) => !stale.includes(k)));
  Object.assign(headers, markers.headers);
  if (Array.isArray(source.template) || !source.envelope) return { headers, body: JSON.stringify(page) };
  const template = source.template as Record<string, JsonValue>;
  const fields: Record<string, JsonValue | undefined> = { ...markers.fields };
  for (const name of req.profile.totalFields ?? []) fields[name] = items.length;
  const keys = req.profile.keys ?? [...Object.keys(template), ...Object.keys(fields).filter((k) => !(k in template))];
  const body: Record<string, JsonValue> = {};
  for (const key of keys) {
    const value = key === source.envelope ? page : key in fields ? fields[key] : template[key];
    if (value !== undefined) body[key] = value;
  }
  return { headers, body: JSON.stringify(body) };
}

/**
 * The members of `field` a request names (ListQueryLanguages.select.within), from every value of the
 * parameter, comma-separated: `*all`/`*navigable` keep every member, `-name` drops one. Undefined when
 * the parameter is absent or names nothing.
 */
function projectionWithin(field: string, values: string[]): ListRequest["projectWithin"] {
  const tokens = values
    .flatMap((v) => v.split(","))
    .map((t) => t.trim().toLowerCase())
    .filter((t) => t !== "");
  if (tokens.length === 0) return undefined;
  const drop = new Set(tokens.filter((t) => t.startsWith("-")).map((t) => t.slice(1)));
  const named = tokens.filter((t) => !t.startsWith("-"));
  const every = named.some((t) => t.startsWith("*")) || named.length === 0;
  return { field, ...(every ? {} : { keep: new Set(named) }), drop };
}
