import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { classOf, type ParamClasses } from "../../generator/core/param-classes.js";
import type { ListProfile } from "../../generator/core/lists/profile.js";
import { ghParams } from "../../generator/providers/gh/params.js";
import { ghLists } from "../../generator/providers/gh/queries.js";
import { glDocumented, glParams } from "../../generator/providers/gl/params.js";
import { glLists } from "../../generator/providers/gl/queries.js";

/**
 * Issue 37: no parameter the real API honours is silently ignored. Every query parameter of every GET
 * operation a provider serves is computed, refused with the provider's error, or ignored with evidence
 * (the classes in the provider's folder, core/param-classes.ts). A computed or refused list parameter
 * must be one the list's profile reads. Known gaps (`unhandled`) are counted and may only shrink.
 */
type Op = { template: string; params: string[] };

const require = createRequire(import.meta.url);

/** api.github.com's GET operations under the route families the gh pins serve (pins.lock.json). */
function githubOperations(): Op[] {
  type Param = { name: string; in: string; $ref?: string };
  const spec = require("@octokit/openapi/generated/api.github.com.json") as {
    paths: Record<string, { get?: { parameters?: Param[] }; parameters?: Param[] }>;
    components: { parameters: Record<string, Param> };
  };
  const lock = JSON.parse(readFileSync("pins.lock.json", "utf8")) as Record<string, { families?: Record<string, string> }>;
  const families = ["gh-2026-03", "gh-2026-03-g5"].flatMap((p) => Object.keys(lock[p]!.families!)).map((f) => f.split("/"));
  const out: Op[] = [];
  for (const [template, item] of Object.entries(spec.paths)) {
    if (!item.get) continue;
    // A family is a route key's first four segments: the operation is under it when its first four match.
    const head = template.slice(1).split("/").slice(0, 4);
    if (!families.some((f) => f.length === head.length && f.every((s, i) => head[i]!.startsWith("{") || head[i] === s))) continue;
    const params = [...(item.get.parameters ?? []), ...(item.parameters ?? [])]
      .map((p) => (p.$ref ? spec.components.parameters[p.$ref.split("/").pop()!]! : p))
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

function profileParams(p: ListProfile): Set<string> {
  return new Set([
    "page",
    "per_page",
    ...(p.filters ?? []).map((f) => f.param),
    ...(p.sort ? [p.sort.param, p.sort.directionParam ?? ""] : []),
    ...(p.selectors ?? []),
    ...(p.qualifiers ? [p.qualifiers.param] : []),
  ]);
}

function classify(ops: Op[], classes: ParamClasses, lists: ListProfile[], prefix: string) {
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
      if (profile && (kind === "computed" || kind === "refused") && !profileParams(profile).has(param))
        wrong.push(`${op.template} ${param}: ${kind}, but its list profile does not read it`);
      if (profile && kind === "refused" && !(profile.filters ?? []).some((f) => f.param === param && f.accepted))
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

describe.each([
  { provider: "gh", ops: githubOperations, classes: ghParams, lists: ghLists, prefix: "", gaps: 6 },
  { provider: "gl", ops: glDocumented, classes: glParams, lists: glLists(1), prefix: "", gaps: 15 },
])("parameter classes of $provider", ({ provider, ops, classes, lists, prefix, gaps }) => {
  const result = classify(ops(), classes, lists, prefix);

  it("classifies every query parameter of every served GET operation", () => {
    console.log(`${provider}: ${result.served} served operations;`, JSON.stringify(result.counts));
    expect(result.unclassified.join("\n")).toBe("");
    expect(result.stale.join("\n")).toBe("");
    expect(result.wrong.join("\n")).toBe("");
    expect(result.counts.computed).toBeGreaterThan(0);
  });

  it("lists no more known gaps than before", () => {
    expect(result.counts.unhandled).toBeLessThanOrEqual(gaps);
  });
});
