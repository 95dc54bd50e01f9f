import type { JsonValue } from "../json.js";
import { activeFilters, type Problem } from "./filters.js";
import type { FilterSpec, QualifierFilter, QualifierSpec } from "./profile.js";
import { parseTime } from "./values.js";

/**
 * The one grammar behind the list profiles' `key:value` searches (Sentry's `query=`, GitHub's `q=`;
 * Slack's and Zendesk's search endpoints read theirs in their folders, decision 0025):
 *
 *   search := term {space term}          every term must match
 *   term   := [neg] key ":" value | word  neg is one of the dialect's prefixes (`!`, `-`)
 *   value  := [> | >= | < | <=] v | v..v | [+|-]<n><unit> | "[" v {, v} "]" | "quoted text" | v
 *
 * Double quotes keep spaces inside a term (`title:"a b"`, `"two words"`). What the keys mean is data
 * (QualifierSpec): each maps to FilterSpec-like filters, and the value semantics (comparison, ranges,
 * aliases, time parsing) are core's filters (filters.ts), so a search term and a plain parameter never
 * disagree about what a value means. This file only splits the text and picks the filter.
 */
export type Predicate = (item: JsonValue) => boolean;

/**
 * A search's terms, split at spaces outside double quotes and outside a value list (`key:[a, b]`, as
 * Sentry spells it); undefined when a quote or a list is not closed.
 */
export function splitTerms(text: string): string[] | undefined {
  const out: string[] = [];
  let current = "",
    quoted = false,
    list = false;
  for (const c of text) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === "[" && current.endsWith(":")) list = true;
    else if (!quoted && c === "]") list = false;
    if (!quoted && !list && /\s/.test(c)) {
      if (current !== "") out.push(current);
      current = "";
    } else current += c;
  }
  if (quoted || list) return undefined;
  if (current !== "") out.push(current);
  return out;
}

const UNITS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };
const KEY = /^([A-Za-z_][\w.-]*):(.*)$/s;

/** Compiles a search into one predicate (undefined when it has no terms), or the problem with it. */
export function compileQualifiers(spec: QualifierSpec, text: string): { test?: Predicate } | Problem {
  const terms = splitTerms(text);
  if (!terms)
    return {
      param: spec.param,
      message: "The search has a quote or a list that is not closed.",
      reason: "format",
      value: text.slice(0, 100),
    };
  const parts: Predicate[] = [];
  for (const raw of terms) {
    const made = term(spec, raw);
    if ("message" in made) return made;
    parts.push(...made);
  }
  return parts.length ? { test: (item) => parts.every((p) => p(item)) } : {};
}

/** One term's predicates (a free word, a fixed term, a key's filters), negated when it says so. */
function term(spec: QualifierSpec, raw: string): Predicate[] | Problem {
  const neg = spec.negation?.find((n) => raw.startsWith(n) && KEY.test(raw.slice(n.length)));
  const m = raw.startsWith('"') ? null : KEY.exec(neg ? raw.slice(neg.length) : raw);
  if (!m) return words(spec, [unquote(raw)]);
  const key = m[1]!,
    value = unquote(m[2]!);
  const refuse = (reason: Problem["reason"], message: string): Problem => ({
    param: spec.param,
    message,
    reason,
    value: raw.slice(0, 100),
  });
  let made: Predicate[] | Problem;
  const fixed = spec.fixed?.[`${key}:${value}`];
  if (fixed)
    made = filtersOf(
      spec,
      key,
      fixed.map((f) => [f, [f.value]]),
    );
  else if (Object.keys(spec.fixed ?? {}).some((k) => k.startsWith(`${key}:`))) return refuse("value", `Invalid value for ${key}: ${value}`);
  else if (spec.keys?.[key]) {
    if (value === "") return refuse("format", `Invalid value for ${key}: it is empty`);
    const specs = [spec.keys[key]!].flat();
    const read: Array<[QualifierFilter & { op: FilterSpec["op"] }, string[]]> = [];
    for (const f of specs) {
      const r = readValue(spec, f, value);
      if (!r) return refuse("format", `Invalid value for ${key}: ${value}`);
      read.push(r);
    }
    made = filtersOf(spec, key, read);
  } else if (spec.unknown === "text") return words(spec, [unquote(raw)]);
  else return refuse("value", `Unknown search key: ${key}`);
  if ("message" in made) return { ...made, value: raw.slice(0, 100) };
  if (!neg) return made;
  const all = made;
  return [(item) => !all.every((p) => p(item))];
}

/**
 * How a key's filter reads a value. Times and numbers go through the `range` filter, which already
 * reads `>v`, `>=v`, `<v`, `<=v`, `a..b` and a bare value (a date alone is its whole day); a relative
 * time becomes such a bound on the as-of clock. Other types take the key's own op, `[a,b]` any of them.
 */
function readValue(
  spec: QualifierSpec,
  f: QualifierFilter,
  value: string,
): [QualifierFilter & { op: FilterSpec["op"] }, string[]] | undefined {
  if (f.type === "time" || f.type === "number") {
    const rel = /^([+-])(\d{1,6})([smhdw])$/.exec(value);
    if (rel && f.type === "time") {
      if (spec.relativeTo === undefined) return undefined;
      const at = new Date(parseTime(spec.relativeTo)! - Number(rel[2]) * UNITS[rel[3]!]!).toISOString();
      // `-24h`: seen within the last 24 hours (from then on); `+24h`: more than 24 hours ago.
      return [{ ...f, op: "range" }, [rel[1] === "-" ? `>=${at}` : `<=${at}`]];
    }
    return [{ ...f, op: "range" }, [value]];
  }
  const list = /^\[(.*)\]$/s.exec(value);
  const values = list
    ? list[1]!
        .split(",")
        .map((v) => v.trim())
        .filter((v) => v !== "")
    : [value];
  return values.length ? [{ ...f, op: f.op ?? "eq" }, values] : undefined;
}

/** Filters with their values, read by core's filters (filters.ts): the value semantics live there. */
function filtersOf(spec: QualifierSpec, key: string, read: Array<[QualifierFilter, string[]]>): Predicate[] | Problem {
  const out: Predicate[] = [];
  for (const [f, values] of read) {
    const { value: _fixed, ...rest } = f as QualifierFilter & { value?: string };
    const filter: FilterSpec = { ...rest, op: f.op ?? "eq", param: spec.param };
    const active = activeFilters([filter], () => values);
    if (!Array.isArray(active)) return { ...active, message: `Invalid value for ${key}: ${values.join(",")}` };
    out.push(...active.map((a) => a.test));
  }
  return out;
}

/** Free words: each must be in one of the text fields, any case. */
function words(spec: QualifierSpec, given: string[]): Predicate[] | Problem {
  const ws = given.filter((w) => w !== "");
  if (!ws.length) return [];
  if (!spec.text?.length)
    return { param: spec.param, message: `Free text is not searched: ${ws.join(" ")}`, reason: "value", value: ws.join(" ").slice(0, 100) };
  // One contains-filter per word: several values in one filter would mean any of them, not every one.
  return ws.map(
    (w) =>
      (
        activeFilters([{ param: spec.param, field: spec.text!, op: "contains", type: "string" }], () => [w]) as Array<{ test: Predicate }>
      )[0]!.test,
  );
}

function unquote(s: string): string {
  return s.replace(/"/g, "");
}
