import { existsSync, readFileSync, writeFileSync } from "node:fs";
import type { PinSummary } from "./emit.js";

/** A pin's or live host's recorded tree hash, with per-family hashes to explain a change. */
export interface LockEntry {
  tree_hash: string;
  families: Record<string, string>;
}

/**
 * The live hosts' section of the lock: every live host built as the live job builds it at one fixed
 * instant (`now`, whose latest slot is the as-of) and scale. Live hosts change every build by design,
 * so only this one build is frozen; it guards the code paths live hosts alone take (twelve providers
 * have no pin) the way the pins' entries guard theirs.
 */
export interface LiveLock {
  now: string;
  scale: number;
  hosts: Record<string, LockEntry>;
}

/**
 * pins.lock.json: one entry per pin by name, and the live section under the reserved key `live` (no
 * pin can be named so: a pin name is `<prefix>-<version>`), written last.
 */
export interface Lock {
  pins: Record<string, LockEntry>;
  live?: LiveLock;
}

/** The reserved key of the live section. */
const LIVE_KEY = "live";

export function readLock(path: string): Lock {
  if (!existsSync(path)) return { pins: {} };
  const { [LIVE_KEY]: live, ...pins } = JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
  return { pins: pins as Record<string, LockEntry>, ...(live ? { live: live as LiveLock } : {}) };
}

export function writeLock(path: string, lock: Lock): void {
  const sortedEntries = (entries: Record<string, LockEntry>) =>
    Object.fromEntries(
      Object.keys(entries)
        .sort()
        .map((k) => [k, entries[k]!]),
    );
  const live = lock.live ? { [LIVE_KEY]: { now: lock.live.now, scale: lock.live.scale, hosts: sortedEntries(lock.live.hosts) } } : {};
  writeFileSync(path, `${JSON.stringify({ ...sortedEntries(lock.pins), ...live }, null, 2)}\n`);
}

export type LockVerdict = { kind: "match" } | { kind: "new" } | { kind: "changed"; summary: string };

/**
 * Compares a fresh build with its recorded entry (undefined: never recorded) and says, family by family,
 * what changed. `what` names it in the summary: `pin gh-2026-03`, `live host slack`.
 */
export function compareWithEntry(
  recorded: LockEntry | undefined,
  build: Pick<PinSummary, "treeHash" | "families">,
  what: string,
): LockVerdict {
  if (!recorded) return { kind: "new" };
  if (recorded.tree_hash === build.treeHash) return { kind: "match" };
  const before = recorded.families;
  const after = build.families;
  const changed = Object.keys(after)
    .filter((f) => f in before && before[f] !== after[f])
    .sort();
  const added = Object.keys(after)
    .filter((f) => !(f in before))
    .sort();
  const removed = Object.keys(before)
    .filter((f) => !(f in after))
    .sort();
  const list = (label: string, items: string[]) =>
    items.length
      ? [`  ${label} (${items.length}): ${items.slice(0, 8).join(", ")}${items.length > 8 ? `, … ${items.length - 8} more` : ""}`]
      : [];
  const lines = [
    `${what}: tree hash ${build.treeHash} differs from the locked ${recorded.tree_hash}`,
    ...list("changed", changed),
    ...list("added", added),
    ...list("removed", removed),
  ];
  if (!changed.length && !added.length && !removed.length)
    lines.push("  (every route family hashes the same: the serving profile changed)");
  return { kind: "changed", summary: lines.join("\n") };
}

/** Compares a fresh pin build with the lock. */
export function compareWithLock(lock: Lock, build: PinSummary): LockVerdict {
  return compareWithEntry(lock.pins[build.pin], build, `pin ${build.pin}`);
}

export function lockEntry(build: Pick<PinSummary, "treeHash" | "families">): LockEntry {
  return { tree_hash: build.treeHash, families: build.families };
}
