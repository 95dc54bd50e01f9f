import type { JsonValue } from "../provider.js";
import type { ValueType } from "./profile.js";

/**
 * The values at a dotted path in an item: `commit.author.date`, and `labels[].name` for every element
 * of an array. A missing step gives no values; a null leaf gives [null].
 */
export function valuesAt(item: JsonValue | undefined, path: string): JsonValue[] {
  let current: Array<JsonValue | undefined> = [item];
  for (const raw of path.split(".")) {
    const spread = raw.endsWith("[]");
    const key = spread ? raw.slice(0, -2) : raw;
    const next: Array<JsonValue | undefined> = [];
    for (const v of current) {
      if (!v || typeof v !== "object" || Array.isArray(v)) continue;
      const child = v[key];
      if (child === undefined) continue;
      if (spread && Array.isArray(child)) next.push(...child);
      else next.push(child);
    }
    current = next;
  }
  return current.filter((v): v is JsonValue => v !== undefined);
}

/**
 * An instant from the spellings clients send: ISO 8601 (`2026-03-01T10:00:00Z`, with an offset or
 * fractions), a date alone (`2026-03-01`, its first instant), and `2026/03/01 10:00` (Jira). A time
 * without an offset is UTC: the universe keeps its clocks in UTC. Undefined for anything else, never a
 * guess by `Date.parse`.
 */
export function parseTime(text: string): number | undefined {
  const m = /^(\d{4})[-/](\d{2})[-/](\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$/.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo, d, h = "0", mi = "0", s = "0", frac = "", zone] = m;
  const month = Number(mo), day = Number(d), hour = Number(h), minute = Number(mi), second = Number(s);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) return undefined;
  let ms = Date.UTC(Number(y), month - 1, day, hour, minute, second, Number(frac.padEnd(3, "0").slice(0, 3)));
  if (new Date(ms).getUTCDate() !== day && second < 60) return undefined;
  if (zone && zone.toUpperCase() !== "Z") {
    const sign = zone.startsWith("-") ? -1 : 1;
    const digits = zone.slice(1).replace(":", "");
    ms -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || "0")) * 60_000;
  }
  return ms;
}

/** Whether a text is a date alone (a whole day), as range filters read `created=2026-03-01`. */
export function isDateOnly(text: string): boolean {
  return /^\d{4}[-/]\d{2}[-/]\d{2}$/.test(text.trim());
}

/** A comparable form of a value: times as epoch ms, numbers as numbers, the rest as strings. */
export type Comparable = number | string | boolean | null;

export function comparable(value: JsonValue | string, type: ValueType, ignoreCase = false): Comparable | undefined {
  if (value === null) return null;
  if (type === "time") return typeof value === "string" ? parseTime(value) : typeof value === "number" ? value : undefined;
  if (type === "number") {
    const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : Number.NaN;
    return Number.isFinite(n) ? n : undefined;
  }
  if (type === "boolean") return typeof value === "boolean" ? value : value === "true" ? true : value === "false" ? false : undefined;
  if (typeof value === "object") return undefined;
  const s = String(value);
  return ignoreCase ? s.toLowerCase() : s;
}

/** Orders two comparables of one type; null sorts first. */
export function compare(a: Comparable | undefined, b: Comparable | undefined): number {
  if (a === b) return 0;
  if (a === undefined || a === null) return -1;
  if (b === undefined || b === null) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
