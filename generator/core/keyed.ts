import { hash } from "node:crypto";
import type { Resource } from "./provider.js";

/**
 * Values keyed by a path, for the ids and per-answer headers providers show: the same parts give the same
 * value on every build, and a new entity never shifts another's. The parts are joined with NUL, so a
 * provider keys them by its seed, its own namespace and the entity's path.
 */
export function keyedHex(parts: string[], length: number): string {
  return hash("sha256", parts.join("\u0000"), "hex").slice(0, length);
}

const B62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/**
 * Characters of `alphabet` for a key, unbiased: bytes at or above the largest multiple of the alphabet's
 * size are skipped (248 for base 62, 252 for 36 upper-case alphanumerics).
 */
export function keyedChars(parts: string[], length: number, alphabet: string): string {
  const limit = Math.floor(256 / alphabet.length) * alphabet.length;
  let out = "";
  for (let round = 0; out.length < length; round++) {
    for (const byte of hash("sha256", [...parts, String(round)].join("\u0000"), "buffer")) {
      if (byte >= limit) continue;
      out += alphabet[byte % alphabet.length];
      if (out.length === length) break;
    }
  }
  return out;
}

/** Base-62 characters, as OpenAI's ids are after their prefix. */
export function keyedBase62(parts: string[], length: number): string {
  return keyedChars(parts, length, B62);
}

/**
 * Adds headers derived from each resource's path and query (`path?a=1&b=2`, names sorted), such as the
 * request id every answer of some providers carries: a pre-rendered answer gets its own.
 */
export function* withKeyedHeaders(resources: Iterable<Resource>, headersOf: (key: string) => Record<string, string>): Generator<Resource> {
  for (const r of resources) {
    const query = Object.entries(r.query ?? {})
      .map(([k, v]) => `${k}=${[v].flat().join(",")}`)
      .sort()
      .join("&");
    yield { ...r, headers: { ...(r.headers ?? {}), ...headersOf(`${r.path}?${query}`) } };
  }
}

/** Splits a whole number by weights: floors, then the remainder to the heaviest weights first. */
export function splitByWeights(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0 || total === 0) return weights.map(() => 0);
  const out = weights.map((w) => Math.floor((total * w) / sum));
  let rest = total - out.reduce((a, b) => a + b, 0);
  const order = weights.map((_, i) => i).sort((a, b) => weights[b]! - weights[a]! || a - b);
  for (let k = 0; rest > 0; k++, rest--) out[order[k % order.length]!]! += 1;
  return out;
}
