import { existsSync, readFileSync, writeFileSync } from "node:fs";
import type { PinSummary } from "./emit.js";

/** pins.lock.json: the recorded tree hash of every pin, with per-family hashes to explain a change. */
export type PinsLock = Record<string, { tree_hash: string; families: Record<string, string> }>;

export function readLock(path: string): PinsLock {
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as PinsLock) : {};
}

export function writeLock(path: string, lock: PinsLock): void {
  const sorted = Object.fromEntries(Object.keys(lock).sort().map((k) => [k, lock[k]!]));
  writeFileSync(path, `${JSON.stringify(sorted, null, 2)}\n`);
}

export type LockVerdict =
  | { kind: "match" }
  | { kind: "new" }
  | { kind: "changed"; summary: string };

/** Compares a fresh build with the lock and says, family by family, what changed. */
export function compareWithLock(lock: PinsLock, build: PinSummary): LockVerdict {
  const recorded = lock[build.pin];
  if (!recorded) return { kind: "new" };
  if (recorded.tree_hash === build.treeHash) return { kind: "match" };
  const before = recorded.families;
  const after = build.families;
  const changed = Object.keys(after).filter((f) => f in before && before[f] !== after[f]).sort();
  const added = Object.keys(after).filter((f) => !(f in before)).sort();
  const removed = Object.keys(before).filter((f) => !(f in after)).sort();
  const list = (label: string, items: string[]) =>
    items.length ? [`  ${label} (${items.length}): ${items.slice(0, 8).join(", ")}${items.length > 8 ? `, … ${items.length - 8} more` : ""}`] : [];
  const lines = [
    `pin ${build.pin}: tree hash ${build.treeHash} differs from the locked ${recorded.tree_hash}`,
    ...list("changed", changed), ...list("added", added), ...list("removed", removed),
  ];
  if (!changed.length && !added.length && !removed.length) lines.push("  (every route family hashes the same: the serving profile changed)");
  return { kind: "changed", summary: lines.join("\n") };
}

export function lockEntry(build: PinSummary): PinsLock[string] {
  return { tree_hash: build.treeHash, families: build.families };
}
