/**
 * Time in the universe. Instants are milliseconds since the epoch in UTC, and the only source of "now"
 * is the generation's as-of time. Formatting goes through toISOString, which ignores TZ and locale.
 */
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export function parseInstant(iso: string): number {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new Error(`not an ISO instant: ${iso}`);
  return ms;
}

/** `2026-04-02T09:14:00Z`: GitHub's second-precision form. */
export function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** `2026-04-02T09:14:00.000Z` */
export function isoMillis(ms: number): string {
  return new Date(ms).toISOString();
}

/** `2026-04-02` */
export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function startOfDay(ms: number): number {
  return ms - (((ms % DAY) + DAY) % DAY);
}

/** The UTC days from `start` up to and including the day of `end`. */
export function* days(start: number, end: number): Generator<number> {
  for (let d = startOfDay(start); d <= end; d += DAY) yield d;
}

/**
 * The instants of a schedule (`at` UTC HH:MM, then every `every` ms, `every` dividing a day) after
 * `after` and up to `until`, oldest first.
 */
export function* scheduleSlots(schedule: { at: string; every: number }, after: number, until: number): Generator<number> {
  const [h, m] = schedule.at.split(":").map(Number);
  const anchor = startOfDay(after) + h! * HOUR + m! * MINUTE;
  let slot = anchor + Math.floor((after - anchor) / schedule.every) * schedule.every;
  if (slot <= after) slot += schedule.every;
  for (; slot <= until; slot += schedule.every) yield slot;
}

/** Day of week in UTC, 0 = Sunday. */
export function weekday(ms: number): number {
  return new Date(ms).getUTCDay();
}

/**
 * The UTC hours of a day in which someone at `utcOffsetMinutes` works, 9:00 to 18:00 local, folded into
 * the UTC day (sorted), and on the day of `asOf` only the hours before it (at least one).
 */
export function workHoursUtc(utcOffsetMinutes: number, day: number, asOf: number): number[] {
  const start = Math.floor(((((9 * 60 - utcOffsetMinutes) % 1440) + 1440) % 1440) / 60);
  const hours = Array.from({ length: 9 }, (_, k) => (start + k) % 24).sort((a, b) => a - b);
  if (day + DAY <= asOf) return hours;
  const before = hours.filter((h) => day + (h + 1) * HOUR <= asOf);
  return before.length ? before : [Math.max(0, Math.floor((asOf - day) / HOUR) - 1)];
}
