import type { QueryRules } from "./provider.js";

/**
 * The canonical form of a query: only the parameters that select a resource, defaults dropped, numbers
 * clamped, bracketed arrays (`a[]=x`) folded into repeated keys, sorted by name then value, repeats dropped, encoded with
 * encodeURIComponent. The emitter and the resolver both use it, so a request finds the file the build wrote.
 */
export function canonicalQuery(pairs: Iterable<[string, string]>, rules: QueryRules, path: string): string {
  const kept: Array<[string, string]> = [];
  for (const [rawName, rawValue] of pairs) {
    const name = rawName.endsWith("[]") ? rawName.slice(0, -2) : rawName;
    if (!rules.keep.includes(name)) continue;
    let value = rules.anyValue.find((a) => a.param === name)?.value ?? rawValue;
    const clamp = rules.clamp.find((c) => c.param === name && (c.path === undefined || pattern(c.path).test(path)));
    if (clamp) {
      const n = Number.parseInt(value, 10);
      value = String(Number.isNaN(n) ? clamp.min : Math.min(clamp.max, Math.max(clamp.min, n)));
    }
    const isDefault = rules.defaults.some(
      (d) => d.param === name && d.value === value && (d.path === undefined || pattern(d.path).test(path)),
    );
    if (!isDefault) kept.push([name, value]);
  }
  kept.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  // A pair given twice (or folded to the same value, `properties=a&properties=b` under anyValue) counts once.
  return kept
    .filter(([k, v], i) => i === 0 || kept[i - 1]![0] !== k || kept[i - 1]![1] !== v)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join("&");
}

/** The request's pairs with the rules' boolean spellings read as `true`/`false` (QueryRules.booleans). */
export function readBooleans(pairs: Array<[string, string]>, rules: QueryRules): Array<[string, string]> {
  const b = rules.booleans;
  if (!b) return pairs;
  return pairs.map(([k, v]): [string, string] => {
    if (!b.params.includes(k.endsWith("[]") ? k.slice(0, -2) : k)) return [k, v];
    return b.true.includes(v) ? [k, "true"] : b.false.includes(v) ? [k, "false"] : [k, v];
  });
}

/** The resource key: the path, then `?` and the canonical query when there is one. */
export function resourceKey(path: string, query: string): string {
  return query ? `${path}?${query}` : path;
}

const compiled = new Map<string, RegExp>();

/** Path patterns come from serving profiles as strings; each is compiled once. */
export function pattern(source: string): RegExp {
  let re = compiled.get(source);
  if (!re) {
    re = new RegExp(source);
    compiled.set(source, re);
  }
  return re;
}
