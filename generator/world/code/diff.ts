import type { FileChange } from "./types.js";

/**
 * A unified diff of one file, as GitHub shows it in `patch`: a single hunk around the changed region
 * with three lines of context. Our edits touch one contiguous region, so one hunk is exact.
 */
export function fileChange(path: string, before: string | undefined, after: string, blobSha: string, previousBlobSha?: string): FileChange {
  const a = before === undefined ? [] : splitLines(before);
  const b = splitLines(after);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const removed = a.slice(head, a.length - tail);
  const added = b.slice(head, b.length - tail);
  const ctxStart = Math.max(0, head - 3);
  const ctxEnd = Math.min(tail, 3);
  const before3 = a.slice(ctxStart, head);
  const after3 = a.slice(a.length - tail, a.length - tail + ctxEnd);
  const oldCount = before3.length + removed.length + after3.length;
  const newCount = before3.length + added.length + after3.length;
  const range = (start: number, count: number) => (count === 0 ? `${start},0` : count === 1 ? `${start}` : `${start},${count}`);
  const oldStart = oldCount === 0 ? 0 : ctxStart + 1;
  const newStart = newCount === 0 ? 0 : ctxStart + 1;
  const lines = [
    `@@ -${range(oldStart, oldCount)} +${range(newStart, newCount)} @@`,
    ...before3.map((l) => ` ${l}`),
    ...removed.map((l) => `-${l}`),
    ...added.map((l) => `+${l}`),
    ...after3.map((l) => ` ${l}`),
  ];
  const change: FileChange = {
    path,
    status: before === undefined ? "added" : "modified",
    additions: added.length,
    deletions: removed.length,
    patch: lines.join("\n"),
    blobSha,
  };
  if (previousBlobSha) change.previousBlobSha = previousBlobSha;
  return change;
}

function splitLines(text: string): string[] {
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines;
}
