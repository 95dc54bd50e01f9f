import type { JsonValue } from "../json.js";
import type { FilterSpec } from "./profile.js";
import { compare, comparable, isDateOnly, parseTime, valuesAt, type Comparable } from "./values.js";

/** A filter with the request's values read: a predicate over one item. */
export interface ActiveFilter {
  spec: FilterSpec;
  test(item: JsonValue): boolean;
}

/** A parameter the provider refuses, with the message its error names. */
export interface Problem {
  param: string;
  message: string;
  /**
   * What is wrong: `format` (a value that does not parse, a malformed query), `value` (a well-formed value
   * the list does not accept: an unknown state or sort), `range` (a page size above the maximum),
   * `minimum` (a page size below 1). Providers word these differently (errors.badRequestByReason).
   */
  reason?: "format" | "value" | "range" | "minimum" | undefined;
  /** The offending value, for error bodies that echo it (`{value}`). */
  value?: string;
}

/**
 * The filters a request sets: each spec's parameter values (repeated, split, aliased), read into a
 * predicate. A filter at an `all` value, or absent without a default, filters nothing.
 */
export function activeFilters(specs: FilterSpec[], values: (param: string) => string[]): ActiveFilter[] | Problem {
  const out: ActiveFilter[] = [];
  for (const declared of specs) {
    let spec = declared;
    let given = values(spec.param);
    if (!given.length && spec.default !== undefined && !(spec.defaultUnless ?? []).some((p) => values(p).length)) given = [spec.default];
    if (spec.split)
      given = given
        .flatMap((v) => v.split(spec.split!))
        .map((v) => v.trim())
        .filter((v) => v !== "");
    if (!given.length || given.some((v) => spec.all?.includes(v))) continue;
    // A value that asks whether the field is set at all (`none`, `*`, `Any`) stands alone, as providers read it.
    const asked = given.map((v) => presenceOf(spec, v)).find((p) => p !== undefined);
    if (asked !== undefined) {
      out.push({ spec, test: (item) => fieldValues(item, spec).some((v) => v !== null) === asked });
      continue;
    }
    if (spec.accepted) {
      const bad = given.find((v) => !spec.accepted!.includes(v));
      if (bad !== undefined)
        return { param: spec.param, message: `${spec.param} does not have a valid value`, reason: "value", value: bad };
    }
    const inclusive = spec.inclusiveParam !== undefined && ["true", "1"].includes(values(spec.inclusiveParam)[0] ?? "");
    if (inclusive && (spec.op === "gt" || spec.op === "lt")) spec = { ...spec, op: spec.op === "gt" ? "gte" : "lte" };
    const aliased = given.flatMap((v) => (spec.values?.[v] === undefined ? [v] : [spec.values[v]!].flat())).map((v) => timeValue(spec, v));
    const made = spec.matchAll ? allOf(spec, given) : predicate(spec, aliased);
    if ("message" in made) {
      if (spec.invalid === "ignore") continue;
      return made;
    }
    out.push({ spec, test: made });
  }
  return out;
}

/** Whether a request value is one of the spec's presence words (compared without regard to case): set (true), unset (false). */
function presenceOf(spec: FilterSpec, v: string): boolean | undefined {
  if (!spec.presence) return undefined;
  const key = Object.keys(spec.presence).find((k) => k.toLowerCase() === v.toLowerCase());
  return key === undefined ? undefined : spec.presence[key];
}

/** A time value as an instant the comparison reads: relative values resolved, a date alone widened to its day. */
function timeValue(spec: FilterSpec, v: string): string {
  if (spec.type !== "time") return v;
  if (spec.relativeTo !== undefined) {
    if (v === "now") return spec.relativeTo;
    const days = /^(\d{1,5})d$/.exec(v);
    if (days) return new Date(parseTime(spec.relativeTo)! - Number(days[1]) * 86_400_000).toISOString();
  }
  // The day's last instant: `lte`/`lt` include that day, `gt` starts after it (GitLab events' `after`).
  if (spec.wholeDay && (spec.op === "lte" || spec.op === "lt" || spec.op === "gt") && isDateOnly(v)) {
    const t = parseTime(v);
    if (t !== undefined) return new Date(t + 86_399_999).toISOString();
  }
  return v;
}

/** Every value must match (each one, with its aliases, as its own predicate). */
function allOf(spec: FilterSpec, given: string[]): ((item: JsonValue) => boolean) | Problem {
  const parts: Array<(item: JsonValue) => boolean> = [];
  for (const v of given) {
    const made = predicate(spec, spec.values?.[v] === undefined ? [v] : [spec.values[v]!].flat());
    if ("message" in made) return made;
    parts.push(made);
  }
  return (item) => parts.every((p) => p(item));
}

function predicate(spec: FilterSpec, given: string[]): ((item: JsonValue) => boolean) | Problem {
  const at = (item: JsonValue) => fieldValues(item, spec);
  const invalid = (v: string): Problem => ({
    param: spec.param,
    message: `${spec.param} is invalid`,
    reason: "format",
    value: v.slice(0, 100),
  });
  if (spec.op === "present") {
    const want = given[0] === "true" || given[0] === "1";
    return (item) => at(item).some((v) => v !== null) === want;
  }
  if (spec.op === "contains") {
    const needles = given.map((v) => v.toLowerCase());
    return (item) => at(item).some((v) => typeof v === "string" && needles.some((n) => v.toLowerCase().includes(n)));
  }
  if (spec.op === "range") return rangePredicate(spec, given[0]!, at) ?? invalid(given[0]!);
  const wanted: Comparable[] = [];
  for (const v of given) {
    const c = comparable(v, spec.type, spec.ignoreCase);
    if (c === undefined) return invalid(v);
    wanted.push(c);
  }
  if (spec.op === "eq") return (item) => at(item).some((v) => wanted.includes(v));
  if (spec.op === "ne") return (item) => !at(item).some((v) => wanted.includes(v));
  const bound = wanted[0]!;
  const ok = { gte: (c: number) => c >= 0, gt: (c: number) => c > 0, lte: (c: number) => c <= 0, lt: (c: number) => c < 0 }[spec.op];
  return (item) => at(item).some((v) => v !== null && ok(compare(v, bound)));
}

/** An item's values for a filter, in the filter's comparable form. */
function fieldValues(item: JsonValue, spec: FilterSpec): Comparable[] {
  const out: Comparable[] = [];
  for (const raw of [spec.field].flat().flatMap((f) => valuesAt(item, f))) {
    const c = comparable(raw, spec.type, spec.ignoreCase);
    if (c !== undefined) out.push(c);
  }
  return out;
}

/**
 * GitHub's range syntax on times and numbers: `a..b`, `a..*`, `*..b`, `>a`, `>=a`, `<a`, `<=a`, and a
 * bare value (a date alone is that whole day).
 */
function rangePredicate(spec: FilterSpec, text: string, at: (item: JsonValue) => Comparable[]): ((item: JsonValue) => boolean) | undefined {
  const read = (s: string, end: boolean): Comparable | undefined => {
    if (s === "*") return end ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
    if (spec.type === "time" && end && isDateOnly(s)) {
      const t = parseTime(s);
      return t === undefined ? undefined : t + 86_399_999;
    }
    return comparable(s, spec.type);
  };
  let lo: Comparable | undefined = Number.NEGATIVE_INFINITY,
    hi: Comparable | undefined = Number.POSITIVE_INFINITY;
  let loOpen = false,
    hiOpen = false;
  const m = /^(>=|<=|>|<)?(.+)$/.exec(text.trim());
  if (!m) return undefined;
  const [, op, rest] = m;
  if (!op && rest!.includes("..")) {
    const [a, b] = rest!.split("..");
    lo = read(a!, false);
    hi = read(b!, true);
  } else if (op === ">=") lo = read(rest!, false);
  else if (op === ">") {
    lo = read(rest!, true);
    loOpen = true;
  } else if (op === "<=") hi = read(rest!, true);
  else if (op === "<") {
    hi = read(rest!, false);
    hiOpen = true;
  } else {
    lo = read(rest!, false);
    hi = read(rest!, true);
  }
  if (lo === undefined || hi === undefined || lo === null || hi === null) return undefined;
  const from = lo,
    to = hi;
  return (item) => at(item).some((v) => v !== null && (loOpen ? v > from : v >= from) && (hiOpen ? v < to : v <= to));
}
