import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { ComputedRoute } from "../../generator/core/define-provider.js";
import type { ListProfile } from "../../generator/core/lists/profile.js";
import { classOf, type ParamClasses } from "../../generator/core/param-classes.js";
import type { QueryRefusal } from "../../generator/core/provider.js";

/**
 * Issue 37: no parameter the real API honours is silently ignored. Every query parameter of every GET
 * operation a provider serves is computed, refused with the provider's error, or ignored with evidence
 * (the classes in the provider's folder, core/param-classes.ts). A computed or refused list parameter
 * must be one the list's profile reads (or the serving profile's refusal rules). Known gaps (`unhandled`) are counted and may only shrink. Each
 * provider with a published description runs this from test/providers/<id>/parameter-classes.test.ts.
 */
export interface Op {
  template: string;
  params: string[];
}

type Param = { name: string; in: string; $ref?: string };
type PathItem = { get?: { parameters?: Param[] }; parameters?: Param[] };
/** An OpenAPI 3 or Swagger 2 description, as far as its GET operations' query parameters go. */
export interface Description {
  paths: Record<string, PathItem>;
  "x-ms-paths"?: Record<string, PathItem>;
  components?: { parameters?: Record<string, Param> };
  parameters?: Record<string, Param>;
}

type Locked = { families?: Record<string, string>; hosts?: Record<string, { families?: Record<string, string> }> };

/** Route families a pin (or a live host, by its prefix) serves (pins.lock.json): a route key's first four segments. */
export function lockedFamilies(...pins: string[]): string[][] {
  const lock = JSON.parse(readFileSync("pins.lock.json", "utf8")) as Record<string, Locked>;
  return pins.flatMap((p) => Object.keys(lock[p]?.families ?? lock.live?.hosts?.[p]?.families ?? {})).map((f) => f.split("/"));
}

/** Whether a pin answers an operation, asked of its served key (the template after the prefix, no leading slash). */
export type Served = (key: string) => boolean;

/** Under one of the route families: the key's first four segments match one, a `{placeholder}` any segment. */
export const underFamilies =
  (families: string[][]): Served =>
  (key) => {
    const head = key.split("/").slice(0, 4);
    return families.some((f) => f.length === head.length && f.every((s, i) => head[i]!.startsWith("{") || head[i] === s));
  };

/** Answered by one of the provider's computed GET routes: the key, placeholders filled, matches the route's path. */
export const answeredBy =
  (routes: ComputedRoute[]): Served =>
  (key) =>
    routes.some((r) => r.method === "GET" && new RegExp(r.path).test(key.replace(/\{[^}]+\}/g, "x")));

/**
 * The description's GET operations (`paths` and Swagger's `x-ms-paths`, whose keys may carry a query)
 * that a pin serves, by `served`, or by its route families and computed routes. `prefix` is what the
 * served key puts before the description's paths (`v1`).
 */
export function servedOperations(
  spec: Description,
  opts: { served?: Served; families?: string[][]; computed?: ComputedRoute[]; prefix?: string },
): Op[] {
  const resolveParam = (p: Param): Param =>
    p.$ref ? (spec.components?.parameters ?? spec.parameters ?? {})[p.$ref.split("/").pop()!]! : p;
  const families = underFamilies(opts.families ?? []);
  const computed = answeredBy(opts.computed ?? []);
  const served = opts.served ?? ((key: string) => families(key) || computed(key));
  const out: Op[] = [];
  for (const [template, item] of Object.entries({ ...spec.paths, ...(spec["x-ms-paths"] ?? {}) })) {
    if (!item.get) continue;
    const key = `${opts.prefix ? `${opts.prefix}/` : ""}${template.split("?")[0]!.slice(1)}`;
    if (!served(key)) continue;
    const params = [...(item.get.parameters ?? []), ...(item.parameters ?? [])]
      .map(resolveParam)
      .filter((p) => p.in === "query")
      .map((p) => p.name);
    out.push({ template, params: [...new Set(params)].sort() });
  }
  return out.sort((a, b) => (a.template < b.template ? -1 : 1));
}

/** The list profile that answers an operation: its path with every placeholder a number (`1`), no trailing slash (Sentry's). */
function profileFor(lists: ListProfile[], template: string, prefix: string, suffix = ""): ListProfile | undefined {
  const path =
    prefix +
    template
      .split("?")[0]!
      .slice(1)
      .replace(/\/$/, "")
      .replace(/\{[^}]+\}/g, "1") +
    suffix;
  return lists.find((l) => new RegExp(l.path).test(path));
}

/** A parameter's name without its brackets: `ids[]` and the deep-object `effective_at[gte]` are `ids` and `effective_at`. */
const bare = (name: string) => name.replace(/\[[^\]]*\]$/, "");

/** Every parameter a list profile reads (bare names): its pagination's, filters, sort, selectors, search, expression, projection and rewrites. */
function profileParams(p: ListProfile): Set<string> {
  const names = [
    ...(p.paging ? [p.paging.pageParam, p.paging.sizeParam] : ["page", "per_page"]),
    ...(p.paging?.mechanism === "after-id" && p.paging.beforeParam ? [p.paging.beforeParam] : []),
    ...(p.filters ?? []).flatMap((f) => [f.param, f.inclusiveParam ?? ""]),
    ...(p.sort ? [p.sort.param, p.sort.directionParam ?? ""] : []),
    ...(p.selectors ?? []),
    ...(p.qualifiers ? [p.qualifiers.param] : []),
    ...(p.expression ? [p.expression.param] : []),
    ...(p.select ? [p.select.param] : []),
    ...Object.keys(p.paramAliases ?? {}),
    ...(p.rewrites ?? []).map((r) => r.param),
  ];
  return new Set(names.map(bare));
}

/**
 * Whether the serving profile's refusal rules (QueryRules.refuse) read a parameter on an operation: the
 * rule's path, matched without regard to case, against the template with every placeholder `x`.
 */
function readByRules(refusals: QueryRefusal[], template: string, param: string, prefix: string, suffix = ""): boolean {
  // A placeholder as a word (`x`) or a number (`1`): rules for numeric ids (Zendesk's `\d+`) read only the second.
  const paths = ["x", "1"].map(
    (id) =>
      prefix +
      template
        .split("?")[0]!
        .slice(1)
        .replace(/\{[^}]+\}/g, id) +
      suffix,
  );
  return refusals.some((r) => r.param === param && (r.path === undefined || paths.some((path) => new RegExp(r.path!, "i").test(path))));
}

export function classify(
  ops: Op[],
  classes: ParamClasses,
  lists: ListProfile[],
  prefix: string,
  refusals: QueryRefusal[] = [],
  suffix = "",
) {
  const served = ops.filter((o) => !classes.unserved.includes(o.template));
  const counts = { computed: 0, refused: 0, ignored: 0, unhandled: 0 };
  const unclassified: string[] = [];
  const wrong: string[] = [];
  for (const op of served)
    for (const param of op.params) {
      const kind = classOf(classes, op.template, param);
      if (!kind) {
        unclassified.push(`${op.template} ${param}`);
        continue;
      }
      counts[kind]++;
      const profile = readByRules(refusals, op.template, param, prefix, suffix)
        ? undefined
        : profileFor(lists, op.template, prefix, suffix);
      if (profile && (kind === "computed" || kind === "refused") && !profileParams(profile).has(bare(param)))
        wrong.push(`${op.template} ${param}: ${kind}, but its list profile does not read it`);
      if (profile && kind === "refused" && !(profile.filters ?? []).some((f) => bare(f.param) === bare(param) && f.accepted))
        wrong.push(`${op.template} ${param}: refused, but no filter refuses a value`);
    }
  // A key that names an operation must name one this test sees, so a stale entry cannot hide.
  const templates = new Set(ops.map((o) => o.template));
  const stale = [
    ...classes.unserved.filter((t) => !templates.has(t)),
    ...(["computed", "refused", "ignored", "unhandled"] as const).flatMap((k) =>
      Object.keys(classes[k]).filter((key) => key.includes(" ") && !templates.has(key.split(" ")[0]!)),
    ),
  ];
  return { served: served.length, counts, unclassified, wrong, stale };
}

/**
 * The two tests of a provider's classes: every parameter classified (none stale, none computed that the
 * list does not read), and no more known gaps than `gaps`, the count the provider had when it last
 * changed (lower it when a gap closes).
 */
export function describeParameterClasses(
  provider: string,
  opts: {
    ops: () => Op[];
    classes: ParamClasses;
    lists: ListProfile[];
    prefix?: string;
    /** What the served key puts after the description's paths (Zendesk's `.json`). */
    suffix?: string;
    gaps: number;
    skip?: boolean;
    /** The serving profile's refusal rules: a parameter they read on an operation needs no list filter. */
    refusals?: QueryRefusal[];
  },
) {
  describe.skipIf(opts.skip === true)(`parameter classes of ${provider}`, () => {
    let memo: ReturnType<typeof classify> | undefined;
    const result = () => (memo ??= classify(opts.ops(), opts.classes, opts.lists, opts.prefix ?? "", opts.refusals, opts.suffix));

    it("classifies every query parameter of every served GET operation", () => {
      const r = result();
      console.log(`${provider}: ${r.served} served operations;`, JSON.stringify(r.counts));
      expect(r.unclassified.join("\n")).toBe("");
      expect(r.stale.join("\n")).toBe("");
      expect(r.wrong.join("\n")).toBe("");
      expect(r.counts.computed).toBeGreaterThan(0);
    });

    it("lists no more known gaps than before", () => {
      expect(result().counts.unhandled).toBeLessThanOrEqual(opts.gaps);
    });
  });
}

/** Route families of a live host (pins.lock.json's live section): a route key's first four segments. */
export function liveFamilies(host: string): string[][] {
  const lock = JSON.parse(readFileSync("pins.lock.json", "utf8")) as {
    live?: { hosts?: Record<string, { families?: Record<string, string> }> };
  };
  return Object.keys(lock.live?.hosts?.[host]?.families ?? {}).map((f) => f.split("/"));
}

/** An answer as a refusal check reads it. */
export interface Answered {
  status: number;
  text: string;
}

/**
 * Requests each refused parameter (`<template> <param>` keys of a provider's `refused` class) once, with
 * a value no rule allows, on a served path under its template (`pathFor`; a template with none is a
 * failure), and returns what did not answer the provider's refusal (`isRefusal`: its error naming the
 * parameter) and how many were sent.
 */
export async function refusalFailures(
  keys: string[],
  opts: {
    pathFor: (template: string) => string | undefined;
    get: (path: string) => Answered | Promise<Answered>;
    isRefusal: (answer: Answered, param: string) => boolean;
    /** The value sent for a key: one its rule does not allow (default `snapverse-refused`). */
    value?: string | ((key: string) => string);
  },
): Promise<{ failures: string[]; checked: number }> {
  const failures: string[] = [];
  let checked = 0;
  for (const key of keys) {
    const at = key.lastIndexOf(" ");
    const param = key.slice(at + 1);
    const path = opts.pathFor(key.slice(0, at));
    if (!path) {
      failures.push(`${key}: no served path`);
      continue;
    }
    const value = typeof opts.value === "function" ? opts.value(key) : (opts.value ?? "snapverse-refused");
    const r = await opts.get(`${path}?${encodeURIComponent(param)}=${encodeURIComponent(value)}`);
    checked++;
    if (!opts.isRefusal(r, param)) failures.push(`${key} (${path}): ${r.status} ${r.text.slice(0, 160)}`);
  }
  return { failures, checked };
}

/** An answer as checkRefusals reads it. */
export type Reply = Answered;

/**
 * Requests every refused parameter of a provider's classes (issue 37: refused means the provider's error
 * naming it), where the test sends it itself (Slack's over GET and POSTed forms). `request` sends the
 * parameter on its operation (undefined: the operation has no path to try it on); `refuses` says whether
 * the answer is the provider's refusal of that parameter. Returns how many were requested and a line for
 * each answer that was not a refusal.
 */
export async function checkRefusals(
  classes: ParamClasses,
  request: (template: string, param: string) => Reply | undefined | Promise<Reply | undefined>,
  refuses: (reply: Reply, param: string, template: string) => boolean,
): Promise<{ checked: number; failures: string[] }> {
  const failures: string[] = [];
  let checked = 0;
  for (const key of Object.keys(classes.refused)) {
    const at = key.lastIndexOf(" ");
    const template = key.slice(0, at);
    const param = key.slice(at + 1);
    const reply = await request(template, param);
    if (!reply) continue;
    checked++;
    if (!refuses(reply, param, template)) failures.push(`${key}: ${reply.status} ${reply.text.slice(0, 160)}`);
  }
  return { checked, failures };
}

/** A served key (no query) whose path matches `pattern` and answers 200: where a refusal test adds its one parameter. */
export function servedPathMatching(routes: Map<string, { status: number }>, pattern: string): string | undefined {
  const re = new RegExp(pattern);
  return [...routes.keys()].find((k) => re.test(k.split("?")[0]!) && routes.get(k)?.status === 200)?.split("?")[0];
}
