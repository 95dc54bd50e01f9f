const B62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const SUFFIX = "ABCDEFGHIJKLMNOPQRSTUVWXYZ012345";

/**
 * A Salesforce record id: the object's three-character key prefix, a two-character instance, a reserved
 * `0` and nine base-62 digits of the world's own id (unique per entity, so ids never collide), then the
 * three-character suffix that makes the id case-insensitive: for each five-character chunk, a bit per
 * upper-case letter, read as an index into A–Z0–5 (Salesforce's published algorithm).
 */
export function sfId(prefix: string, n: number): string {
  let digits = "";
  for (let v = n; v > 0; v = Math.floor(v / 62)) digits = B62[v % 62] + digits;
  const id15 = `${prefix}Hs0${digits.padStart(9, "0")}`;
  if (id15.length !== 15) throw new Error(`id ${n} does not fit a Salesforce id`);
  return id15 + caseSafeSuffix(id15);
}

export function caseSafeSuffix(id15: string): string {
  let out = "";
  for (let chunk = 0; chunk < 3; chunk++) {
    let bits = 0;
    for (let i = 0; i < 5; i++) if (/[A-Z]/.test(id15[chunk * 5 + i]!)) bits |= 1 << i;
    out += SUFFIX[bits];
  }
  return out;
}

/** The 18-character form of an id given in 15 or 18 characters (Salesforce accepts both). */
export function normalizeId(id: string): string | undefined {
  if (/^[0-9A-Za-z]{18}$/.test(id)) return id.slice(0, 15) + caseSafeSuffix(id.slice(0, 15)) === id ? id : undefined;
  if (/^[0-9A-Za-z]{15}$/.test(id)) return id + caseSafeSuffix(id);
  return undefined;
}
