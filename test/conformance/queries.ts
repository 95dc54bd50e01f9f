import fc from "fast-check";
import { expect } from "vitest";
import { listProfile } from "../../generator/core/lists/engine.js";
import type { ListProfile } from "../../generator/core/lists/profile.js";
import type { Continuation } from "../../generator/core/pagination/paging.js";
import { pathKeys } from "../../generator/core/pagination/mechanism.js";
import type { Pagination } from "../../generator/core/provider.js";
import { pattern } from "../../generator/core/query.js";
import type { ListRecord } from "../../generator/emit/emit.js";
import { at, clauseMatches, filterMatches, sorted, type DrawnClause, type DrawnFilter, type DrawnSort, type Item } from "./reference.js";
import type { DistClient } from "./walk.js";
import { spliceText } from "../../generator/answer/origin.js";

/** A parameter no provider reads: every answer must be byte-identical with and without it. */
export const PROBE: [string, string] = ["snapverse_probe", "ignored"];

interface Drawn {
  filters: DrawnFilter[];
  sort?: DrawnSort;
  clause?: DrawnClause;
  size?: number;
}

/**
 * For every declared list profile of a pin: a few frozen lists it reads, and fast-check draws of its
 * filters, sorts, query-language clauses, page sizes and an ignored parameter. Each draw is walked to
 * the end through the provider's own pagination and compared, item by item as bytes, with the
 * reference evaluation. Returns how many draws were walked.
 */
export function checkListQueries(client: DistClient, pinName: string, origin: string, runs = 10): number {
  const pin = client.pin(pinName);
  let walked = 0;
  for (const profile of [...(pin.serving.lists ?? []), undefined]) {
    for (const [key, record] of sourcesOf(pin.lists, pin.serving, profile)) {
      const found = listProfile(pin.serving, key.split("?")[0]!)!;
      const items = client.source(pin, record).items as Item[];
      const arbitrary = draws(found.profile, found.paging, items);
      fc.assert(
        fc.property(arbitrary, (drawn) => {
          const url = requestUrl(origin, key, found.paging, found.profile, drawn);
          const got = walk(client, url, found.paging, record.envelope);
          const want = reference(items, found.profile, drawn);
          // The frozen items name the canonical origin; the served ones the request's (decision 0027).
          const splice = client.splice(pinName);
          expect(got.map((i) => JSON.stringify(i)).join("\n"), `${url}`).toBe(
            want.map((i) => spliceText(JSON.stringify(i), splice)).join("\n"),
          );
          walked++;
        }),
        { numRuns: runs, seed: 11, endOnFailure: true },
      );
    }
  }
  return walked;
}

/**
 * The two longest frozen lists a profile reads (lists whose key is the one the engine would read);
 * `undefined` stands for the lists no declared profile matches, paged by the pin's pagination.
 */
function sourcesOf(
  lists: Map<string, ListRecord>,
  serving: Parameters<typeof listProfile>[0],
  declared: ListProfile | undefined,
): Array<[string, ListRecord]> {
  const candidates = [...lists].filter(([key]) => {
    const path = key.split("?")[0]!;
    const owner = serving.lists?.find((l) => pattern(l.path).test(path));
    if (owner !== declared) return false;
    if (!declared) return true;
    const profile = declared;
    const query = new URLSearchParams(key.split("?")[1] ?? "");
    const selectors = new Set([...(profile.selectors ?? []), ...Object.keys(profile.source ?? {})]);
    return (
      [...query.keys()].every((k) => selectors.has(k)) &&
      Object.entries(profile.source ?? {}).every(
        ([k, v]) =>
          query.get(k) === v ||
          (query.get(k) === null &&
            serving.query.defaults.some((d) => d.param === k && d.value === v && (d.path === undefined || pattern(d.path).test(path)))),
      )
    );
  });
  return candidates.sort(([a, x], [b, y]) => y.total - x.total || (a < b ? -1 : 1)).slice(0, 2);
}

function draws(profile: ListProfile, paging: Pagination, items: Item[]): fc.Arbitrary<Drawn> {
  // One value per parameter: a parameter that two specs read (GitHub's `type`) is drawn once.
  const params = [...new Set((profile.filters ?? []).map((f) => f.param))];
  const filterArbs = params.map((param) => {
    const specs = (profile.filters ?? []).filter((f) => f.param === param);
    const candidates = [...new Set(specs.flatMap((spec) => candidateValues(spec, items)))];
    return candidates.length
      ? fc.option(
          fc.constantFrom(...candidates).map((v): DrawnFilter => ({ spec: specs[0]!, values: [v] })),
          { nil: undefined },
        )
      : fc.constant(undefined);
  });
  const sort = profile.sort
    ? fc.option(
        fc.record({ key: fc.constantFrom(...Object.keys(profile.sort.keys)), direction: fc.constantFrom("asc" as const, "desc" as const) }),
        { nil: undefined },
      )
    : fc.constant(undefined);
  const clause = profile.expression ? clauses(profile, items) : fc.constant(undefined);
  const smallest = Math.max(1, Math.ceil(items.length / 25));
  const size = fc.option(fc.integer({ min: Math.min(smallest, paging.max), max: paging.max }), { nil: undefined });
  return fc.record({ filters: fc.tuple(...filterArbs), sort, clause, size }).map((d) => ({
    filters: d.filters.filter((f): f is DrawnFilter => f !== undefined),
    ...(d.sort ? { sort: d.sort } : {}),
    ...(d.clause ? { clause: d.clause } : {}),
    ...(d.size !== undefined && (items.length / d.size <= 25 || d.size >= paging.max) ? { size: d.size } : {}),
  }));
}

/** Values worth asking for: ones the items hold (so filters select something), and the spec's own words. */
function candidateValues(spec: NonNullable<ListProfile["filters"]>[number], items: Item[]): string[] {
  const presence = Object.keys(spec.presence ?? {});
  if (presence.length) {
    const { presence: _presence, ...rest } = spec;
    return [...presence, ...candidateValues(rest, items)];
  }
  if (spec.accepted) return spec.accepted;
  if (spec.values) return [...Object.keys(spec.values), ...(spec.all ?? [])];
  if (spec.op === "present") return ["true", "false"];
  const seen = [
    ...new Set(
      items
        .flatMap((i) => [spec.field].flat().flatMap((f) => at(i, f)))
        .filter((v) => v !== null && typeof v !== "object")
        .map(String),
    ),
  ].sort();
  const pick = seen.filter((_, i) => i % Math.max(1, Math.floor(seen.length / 6)) === 0).slice(0, 7);
  if (spec.op === "contains") return pick.map((v) => v.slice(0, 3)).filter((v) => v !== "");
  if (spec.op === "range") return pick.flatMap((v, i) => [`>=${v}`, `${v}..${pick[Math.min(pick.length - 1, i + 2)]}`]);
  return [...pick, ...(spec.all ?? [])];
}

function clauses(profile: ListProfile, items: Item[]): fc.Arbitrary<DrawnClause | undefined> {
  const spec = profile.expression!;
  const options: DrawnClause[] = [];
  for (const [name, field] of Object.entries(spec.fields)) {
    if (field.type === "boolean") continue;
    const values = [
      ...new Set(
        items
          .flatMap((i) => at(i, field.field))
          .filter((v) => v !== null && typeof v !== "object")
          .map(String),
      ),
    ].sort();
    const pick = values.filter((_, i) => i % Math.max(1, Math.floor(values.length / 3)) === 0).slice(0, 3);
    const ops = field.type === "string" ? ["="] : [">=", "<", "="];
    for (const op of ops.filter((o) => spec.operators.includes(o))) for (const value of pick) options.push({ name, op, value });
  }
  return options.length ? fc.option(fc.constantFrom(...options), { nil: undefined }) : fc.constant(undefined);
}

function requestUrl(origin: string, key: string, paging: Pagination, profile: ListProfile, d: Drawn): string {
  const url = new URL(`${origin}/${key}`);
  // The source list's own filter values (`state=all`) are not part of the draw: the request names its own.
  for (const k of Object.keys(profile.source ?? {})) if (profile.filters?.some((f) => f.param === k)) url.searchParams.delete(k);
  for (const f of d.filters) for (const v of f.values) url.searchParams.append(f.spec.param, v);
  if (d.sort && profile.sort) {
    const s = profile.sort;
    if (s.minusPrefix) url.searchParams.set(s.param, `${d.sort.direction === "desc" ? "-" : ""}${d.sort.key}`);
    else {
      url.searchParams.set(s.param, d.sort.key);
      if (s.directionParam) url.searchParams.set(s.directionParam, d.sort.direction);
    }
  }
  if (d.clause && profile.expression) url.searchParams.set(profile.expression.param, `${d.clause.name} ${d.clause.op} "${d.clause.value}"`);
  if (d.size !== undefined) url.searchParams.set(paging.sizeParam, String(d.size));
  url.searchParams.append(...PROBE);
  return url.href;
}

/** What the list should hold: the frozen items filtered and sorted by the reference. */
function reference(items: Item[], profile: ListProfile, d: Drawn): Item[] {
  const filters: DrawnFilter[] = [];
  for (const spec of profile.filters ?? []) {
    // A default applies unless the request names one of the parameters that switch it off.
    const switchedOff = (spec.defaultUnless ?? []).some((p) => d.filters.some((f) => f.spec.param === p));
    const given =
      d.filters.find((f) => f.spec.param === spec.param)?.values ?? (spec.default !== undefined && !switchedOff ? [spec.default] : []);
    if (given.length && !given.some((v) => spec.all?.includes(v))) filters.push({ spec, values: given });
  }
  let out = items.filter(
    (i) => filters.every((f) => filterMatches(i, f)) && (!d.clause || clauseMatches(i, profile.expression!, d.clause)),
  );
  const s = profile.sort;
  if (d.sort && s) {
    const direction =
      s.minusPrefix || s.directionParam
        ? d.sort.direction
        : (s.directions?.[d.sort.key] ?? (d.sort.key === s.default.key ? s.default.direction : "desc"));
    if (!(d.sort.key === s.default.key && direction === s.default.direction)) out = sorted(out, s, { key: d.sort.key, direction });
  }
  return out;
}

/** Walks a list to the end by the mechanism's own markers, as a client of that provider does. */
function walk(client: DistClient, first: string, p: Pagination, envelope: string | undefined): Item[] {
  const out: Item[] = [];
  let url: string | undefined = first;
  for (let guard = 0; url; guard++) {
    if (guard > 60) throw new Error(`${first}: more than 60 pages`);
    const page = client.get(url);
    expect(page.status, url).toBe(200);
    const body = JSON.parse(page.text) as Record<string, unknown> | unknown[];
    const items = (Array.isArray(body) ? body : (body[envelope ?? ""] as unknown[] | undefined)) ?? [];
    out.push(...items);
    url = nextOf(p, new URL(url), page.headers, body, items.length);
  }
  return out;
}

function nextOf(
  p: Pagination,
  url: URL,
  headers: Record<string, string>,
  body: Record<string, unknown> | unknown[],
  count: number,
): string | undefined {
  const b = body as Record<string, unknown>;
  const size = Number(url.searchParams.get(p.sizeParam) ?? p.defaultSize);
  const set = (value: string) => {
    const next = new URL(url.href);
    next.searchParams.set(p.pageParam, value);
    return next.href;
  };
  switch (p.mechanism) {
    case "link-header":
    case "page-headers":
      return /<([^>]+)>;\s*rel="next"/.exec(headers.link ?? "")?.[1];
    case "body-links":
      return typeof b.next === "string" ? b.next : undefined;
    case "start-at": {
      if (typeof b.nextPage === "string") return b.nextPage;
      // A plain array page (Jira's user searches) says nothing: a client reads until a short page.
      if (Array.isArray(body)) return count < size ? undefined : set(String(Number(url.searchParams.get(p.pageParam) ?? 0) + size));
      const start = Number(b.startAt ?? 0),
        max = Number(b.maxResults ?? size);
      if (b.isLast === true || (typeof b.total === "number" && start + max >= b.total) || count === 0) return undefined;
      return set(String(start + max));
    }
    case "offset":
      return count < size ? undefined : set(String(Number(url.searchParams.get(p.pageParam) ?? 0) + size));
    default:
    // A provider's own mechanism (`zendesk/pages`) may say where its next cursor is as continuation-token
    // does, in a `continuation` of its own settings.
    // falls through
    case "continuation-token": {
      const c = "continuation" in p ? (p.continuation as Continuation | undefined) : undefined;
      if (!c) return undefined;
      const at = (path: string) => pathKeys(path).reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], b);
      // Only a link (Graph's `@odata.nextLink`): follow it as given.
      if (c.linkField && !c.field && !c.header) {
        const link = at(c.linkField);
        return typeof link === "string" && link !== "" ? link : undefined;
      }
      const token = c.header ? headers[c.header] : c.field ? at(c.field) : undefined;
      return typeof token === "string" && token !== "" ? set(token) : undefined;
    }
    case "page-fields": {
      // The body reports the page under the provider's names; a client asks for the next number.
      const read = (path: string | undefined) =>
        path === undefined ? undefined : path.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], b);
      const f = p.pageFields ?? {};
      const page = Number(read(f.page) ?? url.searchParams.get(p.pageParam) ?? 1);
      const hasNext = read(f.hasNext);
      if (typeof hasNext === "boolean") return hasNext ? set(String(page + 1)) : undefined;
      const total = read(f.total);
      const pageSize = Number(read(f.size) ?? size);
      if (typeof total === "number") return page * pageSize < total ? set(String(page + 1)) : undefined;
      return count < pageSize ? undefined : set(String(page + 1));
    }
    case "cursor-link":
      // Sentry: follow `next` while its `results` says the page holds anything.
      return /<([^>]+)>;\s*rel="next";\s*results="true"/.exec(headers.link ?? "")?.[1];
    case "after-id":
      return b.has_more === true && typeof b.last_id === "string" ? set(b.last_id) : undefined;
  }
}

/**
 * For a sample of routes of every route family: the probe parameter, and on a resource that is not a
 * list the pin's page-size parameter, leave status and bytes unchanged. Returns the routes checked.
 */
export function checkIgnoredParams(client: DistClient, pinName: string, origin: string, familyDepth = 4): number {
  const pin = client.pin(pinName);
  const perFamily = new Map<string, number>();
  const listPaths = new Set([...pin.lists.keys()].map((k) => k.split("?")[0]!));
  let checked = 0;
  for (const [key, route] of [...pin.routes].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const family = key.split("?")[0]!.split("/").slice(0, familyDepth).join("/").replace(/\d+/g, "{n}");
    if ((perFamily.get(family) ?? 0) >= 3) continue;
    perFamily.set(family, (perFamily.get(family) ?? 0) + 1);
    const plain = client.get(`${origin}/${key}`);
    const url = new URL(`${origin}/${key}`);
    url.searchParams.append(...PROBE);
    const path = key.split("?")[0]!;
    const size = pin.serving.pagination?.sizeParam;
    if (size && !route.list && !listPaths.has(path) && !url.searchParams.has(size))
      url.searchParams.set(size, String(pin.serving.pagination!.max));
    const probed = client.get(url.href);
    expect(`${probed.status} ${probed.text}`, url.href).toBe(`${plain.status} ${plain.text}`);
    checked++;
  }
  return checked;
}
