import type { JsonObject, Resource } from "../../core/provider.js";
import type { Commit, FileChange, PullRequest, Repo } from "../../world/types.js";
import { type BbContext, encPath, href } from "./context.js";
import { bbList } from "./lists.js";

/**
 * Diffs of commits and pull requests, from the world's file changes (`Commit.files`, `PullRequest.files`):
 * `diffstat/{spec}` (a paged list of `diffstat` entries), `diff/{spec}` (a unified diff, `text/plain`) and
 * `patch/{spec}` (`git format-patch` mails, `text/plain`). A spec is a commit SHA (diffed against its
 * first parent) or a pull request's `{head}..{base}` (12-character hashes, as its `links.diff` names
 * them). Every hunk is the world's own, so applying a diff to the old blob gives the new blob.
 */

const TEXT = "text/plain; charset=utf-8";

/** A pull request's source head: its last commit, or its base when it has none. */
export function prHead(pr: PullRequest): string {
  return pr.commits.at(-1)?.sha ?? pr.baseSha;
}

/** The spec a pull request's `links.diff` and `links.diffstat` name, without the repository prefix. */
export function prSpec(pr: PullRequest): string {
  return `${prHead(pr).slice(0, 12)}..${pr.baseSha.slice(0, 12)}`;
}

/** A side of a diffstat entry: the file at a commit, linking to its source. */
function fileAt(bb: BbContext, repo: Repo, commit: string, path: string): JsonObject {
  return {
    path,
    type: "commit_file",
    escaped_path: path,
    links: { self: href(`${bb.repoUrl(repo)}/src/${commit}/${encPath(path)}`) },
  };
}

/** One entry of `diffstat`: the counts of a file change and its two sides (`null` where the file is absent). */
export function diffstatEntry(bb: BbContext, repo: Repo, f: FileChange, oldCommit: string | undefined, newCommit: string): JsonObject {
  return {
    type: "diffstat",
    lines_added: f.additions,
    lines_removed: f.deletions,
    status: f.status,
    old: f.status === "added" || oldCommit === undefined ? null : fileAt(bb, repo, oldCommit, f.path),
    new: f.status === "removed" ? null : fileAt(bb, repo, newCommit, f.path),
  };
}

const short = (sha: string | undefined) => (sha ?? "0".repeat(40)).slice(0, 7);

/** git's header and hunk of one file: `diff --git`, `index`, `---`/`+++`, and the world's hunk. */
export function fileDiff(f: FileChange): string {
  const lines = [`diff --git a/${f.path} b/${f.path}`];
  if (f.status === "added")
    lines.push("new file mode 100644", `index ${short(undefined)}..${short(f.blobSha)}`, "--- /dev/null", `+++ b/${f.path}`);
  else if (f.status === "removed")
    lines.push(
      "deleted file mode 100644",
      `index ${short(f.previousBlobSha ?? f.blobSha)}..${short(undefined)}`,
      `--- a/${f.path}`,
      "+++ /dev/null",
    );
  else lines.push(`index ${short(f.previousBlobSha)}..${short(f.blobSha)} 100644`, `--- a/${f.path}`, `+++ b/${f.path}`);
  // An empty file added or removed has no hunk, as git writes it.
  if (f.additions + f.deletions > 0) lines.push(f.patch.replace(/\n$/, ""));
  return `${lines.join("\n")}\n`;
}

/** A unified diff of several files, in path order. */
export function unifiedDiff(files: FileChange[]): string {
  return [...files]
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .map(fileDiff)
    .join("");
}

const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** git's mail date in the author's own offset: `Thu, 2 Apr 2026 11:14:00 +0200` (computed without Intl). */
export function mailDate(ms: number, offsetMinutes = 0): string {
  const d = new Date(ms + offsetMinutes * 60_000);
  const two = (n: number) => String(n).padStart(2, "0");
  const abs = Math.abs(offsetMinutes);
  const zone = `${offsetMinutes < 0 ? "-" : "+"}${two(Math.floor(abs / 60))}${two(abs % 60)}`;
  return (
    `${DAYS[d.getUTCDay()]}, ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}` +
    ` ${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}` +
    `:${two(d.getUTCSeconds())} ${zone}`
  );
}

/** `git diff --stat` as format-patch writes it (72 columns): one line a file, then the summary. */
export function diffstatText(files: FileChange[]): string {
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const nameWidth = Math.max(0, ...sorted.map((f) => f.path.length));
  const maxChange = Math.max(0, ...sorted.map((f) => f.additions + f.deletions));
  const numberWidth = String(maxChange).length;
  const graphWidth = Math.max(6, 72 - nameWidth - numberWidth - 6);
  const scale = (n: number) => (maxChange <= graphWidth || n === 0 ? n : 1 + Math.floor((n * (graphWidth - 1)) / maxChange));
  const lines = sorted.map((f) => {
    const total = f.additions + f.deletions;
    const plus = scale(f.additions),
      minus = scale(f.deletions);
    return (
      ` ${f.path.padEnd(nameWidth)} |` +
      ` ${String(total).padStart(numberWidth)}${total > 0 ? " " : ""}${"+".repeat(plus)}${"-".repeat(minus)}`
    );
  });
  const added = sorted.reduce((n, f) => n + f.additions, 0);
  const removed = sorted.reduce((n, f) => n + f.deletions, 0);
  const parts = [`${sorted.length} file${sorted.length === 1 ? "" : "s"} changed`];
  if (added > 0 || removed === 0) parts.push(`${added} insertion${added === 1 ? "" : "s"}(+)`);
  if (removed > 0 || added === 0) parts.push(`${removed} deletion${removed === 1 ? "" : "s"}(-)`);
  return `${lines.join("\n")}\n ${parts.join(", ")}\n`;
}

/**
 * One commit as `git format-patch --stdout` mails it, with the author as the git commit object records
 * them (name, email, date and offset); `n`/`of` number it within a series.
 */
function mail(bb: BbContext, repo: Repo, c: Commit, n: number, of: number): string {
  const person = bb.person(c.authorId);
  const git = repo.objects.commits.get(c.sha)?.author;
  const [first, ...rest] = c.message.replace(/\r\n/g, "\n").split(/\n\s*\n/);
  const subject = (first ?? "")
    .split("\n")
    .map((l) => l.trim())
    .join(" ");
  const body = rest.join("\n\n").trim();
  return [
    `From ${c.sha} Mon Sep 17 00:00:00 2001`,
    `From: ${git?.name ?? person.name} <${git?.email ?? person.email}>`,
    `Date: ${mailDate(git?.at ?? c.authoredAt, git?.offsetMinutes ?? 0)}`,
    `Subject: [PATCH${of > 1 ? ` ${n}/${of}` : ""}] ${subject}`,
    "",
    ...(body ? [body, ""] : []),
    "---",
    diffstatText(c.files),
    unifiedDiff(c.files),
  ].join("\n");
}

/** The patch of one commit, or the series of a pull request's commits (oldest first). */
export function patchText(bb: BbContext, repo: Repo, commits: Commit[]): string {
  return commits.map((c, i) => mail(bb, repo, c, i + 1, commits.length)).join("\n");
}

const raw = (text: string | Buffer) => ({ raw: text, contentType: TEXT });

/**
 * Every diff resource of a repository: each commit's `diffstat/{sha}`, `diff/{sha}`, `patch/{sha}`;
 * each pull request's `pullrequests/{id}/diffstat|diff|patch` (which Bitbucket answers with a redirect
 * to the spec; the pin answers with the target's bytes) and the spec its links name.
 */
export function* diffResources(bb: BbContext, repo: Repo): Generator<Resource> {
  const base = bb.repoPath(repo);
  for (const c of bb.commitsOf(repo).values()) {
    yield* bbList(
      bb,
      `${base}/diffstat/${c.sha}`,
      c.files.map((f) => diffstatEntry(bb, repo, f, c.parents[0], c.sha)),
    );
    yield { path: `${base}/diff/${c.sha}`, body: raw(unifiedDiff(c.files)) };
    yield { path: `${base}/patch/${c.sha}`, body: raw(patchText(bb, repo, [c])) };
  }
  const specs = new Set<string>();
  for (const pr of [...repo.pulls].sort((a, b) => a.number - b.number)) {
    const stat = pr.files.map((f) => diffstatEntry(bb, repo, f, pr.baseSha, prHead(pr)));
    const diff = raw(unifiedDiff(pr.files));
    const patch = raw(patchText(bb, repo, pr.commits));
    const p = `${base}/pullrequests/${pr.number}`;
    yield* bbList(bb, `${p}/diffstat`, stat);
    yield { path: `${p}/diff`, body: diff };
    yield { path: `${p}/patch`, body: patch };
    // Pull requests with the same head and base (none of their own commits) share one spec.
    const spec = prSpec(pr);
    if (specs.has(spec)) continue;
    specs.add(spec);
    yield* bbList(bb, `${base}/diffstat/${spec}`, stat);
    yield { path: `${base}/diff/${spec}`, body: diff };
    yield { path: `${base}/patch/${spec}`, body: patch };
  }
}

/**
 * Generation 5: the files the diffstat entries link to, at the commits they name (each change's new
 * blob at its commit, its old blob at the first parent or the pull request's base), beside the source
 * browser at the default branch's head, which `head` paths already serve.
 */
export function* changedFiles(bb: BbContext, repo: Repo, servedAtHead: (commit: string, path: string) => boolean): Generator<Resource> {
  const seen = new Set<string>();
  const at = function* (commit: string | undefined, path: string, blobSha: string | undefined): Generator<Resource> {
    if (commit === undefined || blobSha === undefined) return;
    const key = `${commit}/${path}`;
    if (seen.has(key) || servedAtHead(commit, path)) return;
    seen.add(key);
    const blob = repo.objects.blobs.get(blobSha);
    if (blob === undefined) return;
    yield { path: `${bb.repoPath(repo)}/src/${commit}/${path}`, body: raw(blob) };
  };
  for (const c of bb.commitsOf(repo).values()) {
    for (const f of c.files) {
      if (f.status !== "removed") yield* at(c.sha, f.path, f.blobSha);
      if (f.status !== "added") yield* at(c.parents[0], f.path, f.previousBlobSha);
    }
  }
  for (const pr of [...repo.pulls].sort((a, b) => a.number - b.number)) {
    for (const f of pr.files) {
      if (f.status !== "removed") yield* at(prHead(pr), f.path, f.blobSha);
      if (f.status !== "added") yield* at(pr.baseSha, f.path, f.previousBlobSha);
    }
  }
}
