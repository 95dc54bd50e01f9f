import { createHash } from "node:crypto";
import { uuidFromHex } from "../../world/ids.js";

/**
 * Slack's identifiers and timestamps, derived from the generation's seed and the entity they name, never
 * from a counter: the same entity keeps its id on every build, and a new one never shifts another's.
 */
const B36 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** `U07` + 8 upper-case base-36 characters, as Slack spells ids made since 2024 (`T`, `U`, `C`, `B`, `A`, `S`). */
export function slackId(prefix: string, seed: string, key: string): string {
  let out = "";
  for (let round = 0; out.length < 8; round++) {
    for (const byte of createHash("sha256").update(`${seed}\u0000slack\u0000${key}\u0000${round}`).digest()) {
      if (byte >= 252) continue;
      out += B36[byte % 36];
      if (out.length === 8) break;
    }
  }
  return `${prefix}07${out}`;
}

/** A stable number in [0, n) for a key. */
export function keyedInt(seed: string, key: string, n: number): number {
  return createHash("sha256").update(`${seed}\u0000slack\u0000${key}`).digest().readUInt32BE(0) % n;
}

/** Lower-case hex for a key (avatar hashes, client message ids). */
export function keyedHexOf(seed: string, key: string, length: number): string {
  return createHash("sha256").update(`${seed}\u0000slack\u0000${key}`).digest("hex").slice(0, length);
}

/** A version-4-shaped UUID: the `client_msg_id` a Slack client gives a message typed by a person. */
export function clientMsgId(seed: string, key: string): string {
  const h = keyedHexOf(seed, `client-msg/${key}`, 32);
  return uuidFromHex(h);
}

/** `1727712000.123456`: seconds and six digits of microseconds, as every message `ts` is written. */
export function tsOf(micros: number): string {
  const seconds = Math.floor(micros / 1_000_000);
  return `${seconds}.${String(micros % 1_000_000).padStart(6, "0")}`;
}

/** A ts's instant in ms. */
export function tsMillis(ts: string): number {
  return Math.floor(Number(ts) * 1000);
}
