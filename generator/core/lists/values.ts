import type { JsonValue } from "../json.js";
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
  const other = rfc1123(text) ?? usTime(text);
  if (other !== undefined) return other;
  const m = /^(\d{4})[-/](\d{2})[-/](\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$/.exec(
    text.trim(),
  );
  if (!m) return undefined;
  const [, y, mo, d, h = "0", mi = "0", s = "0", frac = "", zone] = m;
  const month = Number(mo),
    day = Number(d),
    hour = Number(h),
    minute = Number(mi),
    second = Number(s);
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

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** `Mon, 01 Jan 2024 00:00:00 GMT`: how HTTP and the Azure DevOps SDK spell a time. */
function rfc1123(text: string): number | undefined {
  const m = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\d{2}) (\w{3}) (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT$/.exec(text.trim());
  const month = m ? MONTHS.indexOf(m[2]!) : -1;
  if (!m || month === -1) return undefined;
  return parseTime(`${m[3]}-${String(month + 1).padStart(2, "0")}-${m[1]}T${m[4]}:${m[5]}:${m[6]}Z`);
}

/** `6/14/2018 12:00:00 AM`: the US form .NET services read, in UTC. */
function usTime(text: string): number | undefined {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?: (\d{1,2}):(\d{2})(?::(\d{2}))? ?([AaPp][Mm]))?$/.exec(text.trim());
  if (!m) return undefined;
  let hour = Number(m[4] ?? 0);
  if (hour > 12) return undefined;
  if (m[7]) hour = (hour % 12) + (m[7].toUpperCase() === "PM" ? 12 : 0);
  const pad = (n: string | number) => String(n).padStart(2, "0");
  return parseTime(`${m[3]}-${pad(m[1]!)}-${pad(m[2]!)}T${pad(hour)}:${m[5] ?? "00"}:${m[6] ?? "00"}Z`);
}

/** Whether a text is a date alone (a whole day), as range filters read `created=2026-03-01`. */
export function isDateOnly(text: string): boolean {
  return /^\d{4}[-/]\d{2}[-/]\d{2}$/.test(text.trim());
}

/** A comparable form of a value: times as epoch ms, numbers as numbers, the rest as strings. */
export type Comparable = number | string | boolean | null;

export function comparable(value: JsonValue | string, type: ValueType, ignoreCase = false): Comparable | undefined {
  if (value === null) return null;
  // Times: a spelled instant, or epoch milliseconds (a number, or 12 to 14 digits: Airbyte's JQL bounds).
  if (type === "time")
    return typeof value === "number"
      ? value
      : typeof value === "string"
        ? /^\d{12,14}$/.test(value)
          ? Number(value)
          : parseTime(value)
        : undefined;
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
