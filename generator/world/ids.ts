import { createHash } from "node:crypto";

/**
 * A stable numeric id for an entity path. Providers expose big integer ids (GitHub's are 9-10 digits);
 * deriving them from the path, not from a counter, means adding entities never renumbers others.
 */
export function stableId(seed: string, path: string, min = 100_000_000, span = 1_900_000_000): number {
  const digest = createHash("sha256").update(`${seed}\u0000id\u0000${path}`).digest();
  return min + (digest.readUInt32BE(0) % span);
}

/** Lower-case, hyphenated. */
export function slugify(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
}
