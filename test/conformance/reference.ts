import type { ExpressionSpec, FilterSpec, SortSpec } from "../../generator/core/lists/profile.js";

/**
 * A reference evaluation of list queries, written apart from the engine (no shared code): plain
 * loops over the frozen items, Date.parse for times. The property test compares the engine's walk with
 * it, so an engine that ignores a filter, a sort or a page size fails.
 */
export type Item = unknown;

export function at(item: Item, path: string): unknown[] {
  let level: unknown[] = [item];
  for (const step of path.split(".")) {
    const spread = step.endsWith("[]");
    const name = spread ? step.slice(0, -2) : step;
    const next: unknown[] = [];
    for (const v of level) {
      if (v === null || typeof v !== "object" || Array.isArray(v)) continue;
      const child = (v as Record<string, unknown>)[name];
      if (child === undefined) continue;
      if (spread && Array.isArray(child)) next.push(...(child as unknown[]));
      else next.push(child);
    }
    level = next;
  }
  return level;
}

type Kind = "string" | "time" | "number" | "boolean";

function norm(v: unknown, type: Kind, lower: boolean): number | string | boolean | null | undefined {
  if (v === null || v === undefined) return v as null | undefined;
  if (type === "time") {
    const t = typeof v === "number" ? v : Date.parse(String(v));
    return Number.isNaN(t) ? undefined : t;
  }
  if (type === "number") return Number(v);
  if (type === "boolean") return v === true || v === "true";
  return lower ? String(v).toLowerCase() : String(v);
}

/** One drawn filter: the spec and the raw values the request sends. */
export interface DrawnFilter {
  spec: FilterSpec;
  values: string[];
}

export function filterMatches(item: Item, f: DrawnFilter): boolean {
  const { spec } = f;
  // A presence word (`none`, `*`, `Any`) asks whether the field holds anything that is not null.
  const word = Object.keys(spec.presence ?? {}).find((k) => f.values.some((v) => v.toLowerCase() === k.toLowerCase()));
  if (word !== undefined) return [spec.field].flat().some((path) => at(item, path).some((v) => v !== null)) === spec.presence![word];
  const values = f.values.flatMap((v) => (spec.values?.[v] === undefined ? [v] : [spec.values[v]!].flat()));
  const fieldValues = [spec.field].flat().flatMap((f) => at(item, f));
  const have = fieldValues.map((v) => norm(v, spec.type, spec.ignoreCase ?? false));
  // Relative times count back from the list's as-of; a date alone as an upper bound is its whole day.
  const instant = (v: string): string | number => {
    if (spec.type !== "time") return v;
    const back = /^(\d+)d$/.exec(v);
    if (spec.relativeTo !== undefined && (v === "now" || back)) return Date.parse(spec.relativeTo) - Number(back?.[1] ?? 0) * 86_400_000;
    if (spec.wholeDay && (spec.op === "lte" || spec.op === "lt") && /^\d{4}-\d{2}-\d{2}$/.test(v)) return Date.parse(`${v}T23:59:59.999Z`);
    return v;
  };
  const want = values.map((v) => norm(instant(v), spec.type, spec.ignoreCase ?? false));
  switch (spec.op) {
    case "eq":
      return have.some((h) => want.includes(h));
    case "ne":
      return !have.some((h) => want.includes(h));
    case "contains":
      return fieldValues.some((h) => typeof h === "string" && values.some((v) => h.toLowerCase().includes(v.toLowerCase())));
    case "gte":
      return have.some((h) => h !== null && h !== undefined && h >= want[0]!);
    case "gt":
      return have.some((h) => h !== null && h !== undefined && h > want[0]!);
    case "lte":
      return have.some((h) => h !== null && h !== undefined && h <= want[0]!);
    case "lt":
      return have.some((h) => h !== null && h !== undefined && h < want[0]!);
    case "range": {
      const text = values[0]!;
      const [lo, hi] = text.startsWith(">=") ? [text.slice(2), "*"] : text.split("..");
      const l = lo === "*" ? -Infinity : norm(lo, spec.type, false)!;
      const u = hi === "*" ? Infinity : norm(hi, spec.type, false)!;
      return have.some((h) => h !== null && h !== undefined && h >= l && h <= u);
    }
    case "present":
      return have.some((h) => h !== null) === (values[0] === "true");
  }
}

/** One drawn expression clause: `field op value`. */
export interface DrawnClause {
  name: string;
  op: string;
  value: string;
}

export function clauseMatches(item: Item, spec: ExpressionSpec, c: DrawnClause): boolean {
  const field = spec.fields[c.name]!;
  const have = at(item, field.field).map((v) => norm(v, field.type, true));
  const want = norm(c.value, field.type, true) as number | string;
  const test = {
    "=": (h: number | string) => h === want,
    ">": (h: number | string) => h > want,
    ">=": (h: number | string) => h >= want,
    "<": (h: number | string) => h < want,
    "<=": (h: number | string) => h <= want,
  }[c.op as "="]!;
  return have.some((h) => h !== null && h !== undefined && test(h as number | string));
}

export interface DrawnSort {
  key: string;
  direction: "asc" | "desc";
}

/** Stable sort by one field; the frozen order breaks ties, nulls first ascending. */
export function sorted(items: Item[], sort: SortSpec, s: DrawnSort): Item[] {
  const key = sort.keys[s.key]!;
  const k = (item: Item) => norm(at(item, key.field)[0] ?? null, key.type, false);
  const cmp = (a: unknown, b: unknown) =>
    a === b ? 0 : a === null || a === undefined ? -1 : b === null || b === undefined ? 1 : (a as never) < (b as never) ? -1 : 1;
  return items
    .map((item, i) => ({ item, i, v: k(item) }))
    .sort((a, b) => (s.direction === "asc" ? cmp(a.v, b.v) : -cmp(a.v, b.v)) || a.i - b.i)
    .map((x) => x.item);
}
