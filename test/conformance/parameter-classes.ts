import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { ComputedRoute } from "../../generator/core/define-provider.js";
import type { ListProfile } from "../../generator/core/lists/profile.js";
import { classOf, type ParamClasses } from "../../generator/core/param-classes.js";

/**
 * Issue 37: no parameter the real API honours is silently ignored. Every query parameter of every GET
 * operation a provider serves is computed, refused with the provider's error, or ignored with evidence
 * (the classes in the provider's folder, core/param-classes.ts). A computed or refused list parameter
 * must be one the list's profile reads. Known gaps (`unhandled`) are counted and may only shrink. Each
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
  components?: { parameters?: Record<string, Param> };
  parameters?: Record<string, Param>;
}

/** Route families a pin serves (pins.lock.json): a route key's first four segments. */
export function lockedFamilies(...pins: string[]): string[][] {
  const lock = JSON.parse(readFileSync("pins.lock.json", "utf8")) as Record<string, { families?: Record<string, string> }>;
  return pins.flatMap((p) => Object.keys(lock[p]?.families ?? {})).map((f) => f.split("/"));
}

/**
 * The description's GET operations that a pin serves: under one of its route families (the template's
 * first four segments match one, a `{placeholder}` matching any segment), or answered by one of its
 * computed GET routes (the template, placeholders filled, matches the route's path). `prefix` is what
 * the served key puts before the description's paths (`v1`, `rest/api/3`); `rename` maps a description's
 * template to the served one where they differ (a Swagger `basePath` with `{organization}`).
 */
export function servedOperations(
  spec: Description,
  opts: { families: string[][]; computed?: ComputedRoute[]; prefix?: string; rename?: (template: string) => string },
): Op[] {
  const resolveParam = (p: Param): Param =>
    p.$ref ? (spec.components?.parameters ?? spec.parameters ?? {})[p.$ref.split("/").pop()!]! : p;
  const out: Op[] = [];
  for (const [path, item] of Object.entries(spec.paths)) {
    if (!item.get) continue;
    const template = opts.rename ? opts.rename(path) : path;
    const key = `${opts.prefix ? `${opts.prefix}/` : ""}${template.slice(1)}`;
    const head = key.split("/").slice(0, 4);
    const filled = key.replace(/\{[^}]+\}/g, "x");
    const underFamily = opts.families.some((f) => f.length === head.length && f.every((s, i) => head[i]!.startsWith("{") || head[i] === s));
    const computed = (opts.computed ?? []).some((r) => r.method === "GET" && new RegExp(r.path).test(filled));
    if (!underFamily && !computed) continue;
    const params = [...(item.get.parameters ?? []), ...(item.parameters ?? [])]
      .map(resolveParam)
      .filter((p) => p.in === "query")
      .map((p) => p.name);
    out.push({ template, params: [...new Set(params)].sort() });
  }
  return out.sort((a, b) => (a.template < b.template ? -1 : 1));
}

/** The list profile that answers an operation: its path with every placeholder a number (`1`). */
function profileFor(lists: ListProfile[], template: string, prefix: string): ListProfile | undefined {
  const path = prefix + template.slice(1).replace(/\{[^}]+\}/g, "1");
  return lists.find((l) => new RegExp(l.path).test(path));
}

/** A parameter's name without its brackets: `ids[]` and the deep-object `effective_at[gte]` are `ids` and `effective_at`. */
const bare = (name: string) => name.replace(/\[[^\]]*\]$/, "");

/** Every parameter a list profile reads (bare names): its pagination's, filters, sort, selectors and search. */
function profileParams(p: ListProfile): Set<string> {
  const names = [
    ...(p.paging ? [p.paging.pageParam, p.paging.sizeParam] : ["page", "per_page"]),
    ...(p.paging?.mechanism === "after-id" && p.paging.beforeParam ? [p.paging.beforeParam] : []),
    ...(p.filters ?? []).map((f) => f.param),
    ...(p.sort ? [p.sort.param, p.sort.directionParam ?? ""] : []),
    ...(p.selectors ?? []),
    ...(p.qualifiers ? [p.qualifiers.param] : []),
  ];
  return new Set(names.map(bare));
}

export function classify(ops: Op[], classes: ParamClasses, lists: ListProfile[], prefix: string) {
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
      const profile = profileFor(lists, op.template, prefix);
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
  opts: { ops: () => Op[]; classes: ParamClasses; lists: ListProfile[]; prefix?: string; gaps: number },
) {
  describe(`parameter classes of ${provider}`, () => {
    const result = classify(opts.ops(), opts.classes, opts.lists, opts.prefix ?? "");

    it("classifies every query parameter of every served GET operation", () => {
      console.log(`${provider}: ${result.served} served operations;`, JSON.stringify(result.counts));
      expect(result.unclassified.join("\n")).toBe("");
      expect(result.stale.join("\n")).toBe("");
      expect(result.wrong.join("\n")).toBe("");
      expect(result.counts.computed).toBeGreaterThan(0);
    });

    it("lists no more known gaps than before", () => {
      expect(result.counts.unhandled).toBeLessThanOrEqual(opts.gaps);
    });
  });
}
