import { readResource } from "../../core/compute.js";
import type { ComputeHandler, ComputeInput } from "../../core/provider.js";
import type { ComputedRoute } from "../../core/define-provider.js";

/**
 * GitHub's diff and patch media types on pull requests and commits (`Accept: application/vnd.github.diff`,
 * `.v3.diff`, `.patch`; `gh pr diff` sends `application/vnd.github.v3.diff; charset=utf-8`), computed
 * from the frozen files the JSON answers carry (each file's `patch`, status and blob SHA):
 *
 * - `.diff`: `git diff` of base and head, file by file in the order the files list gives, with git's
 *   headers (`new file mode`, `deleted file mode`, `rename from/to`, the `index` line of blob SHAs).
 *   The old blob of a modified file is read from the base commit's tree, so the index line is there
 *   where the pin serves trees (generation 5) and left out where it does not (git apply needs neither).
 * - `.patch`: `git format-patch --stdout` of the commits, one mail each, with the diff of that commit.
 *
 * GitHub answers both as `text/plain; charset=utf-8` with `X-GitHub-Media-Type: github.v3; param=diff`
 * (or `patch`). A pull request or commit the pin does not hold gets GitHub's JSON 404.
 */
type Obj = Record<string, unknown>;
type File = {
  filename: string;
  previous_filename?: string;
  status: string;
  sha?: string;
  patch?: string;
  additions: number;
  deletions: number;
};
type Commit = {
  sha: string;
  commit: { message: string; author: { name: string; email: string; date: string }; tree: { sha: string } };
  parents: Array<{ sha: string }>;
  files?: File[];
  stats?: { additions: number; deletions: number };
};

const DIFF = /application\/vnd\.github(\.v3)?\.(diff|patch)\b/;
const NOT_FOUND = { message: "Not Found", documentation_url: "https://docs.github.com/rest", status: "404" };
const ZERO = "0000000";

function textReply(kind: "diff" | "patch", text: string) {
  return {
    status: 200,
    headers: { "content-type": "text/plain; charset=utf-8", "x-github-media-type": `github.v3; param=${kind}` },
    body: text,
  };
}

function notFound() {
  return { status: 404, headers: { "content-type": "application/json; charset=utf-8" }, body: JSON.stringify(NOT_FOUND) };
}

/** Every file of a list answer, page by page (GitHub pages files at 30; pull requests rarely need a second page). */
async function allFiles(input: ComputeInput, path: string): Promise<File[] | undefined> {
  const first = await readResource<File[]>(input, path);
  if (!first) return undefined;
  const out = [...first];
  for (let page = 2, last = first; last.length === 30; page++) {
    const next = await readResource<File[]>(input, path, [["page", String(page)]]);
    if (!next) break;
    out.push(...next);
    last = next;
  }
  return out;
}

/** The blob SHA of `path` in the tree of commit `sha`, or undefined where the pin serves no trees. */
async function blobAt(input: ComputeInput, repo: string, commitSha: string, path: string): Promise<string | undefined> {
  const c = await readResource<Commit>(input, `${repo}/commits/${commitSha}`);
  let tree = c?.commit.tree.sha;
  const parts = path.split("/");
  for (let i = 0; tree && i < parts.length; i++) {
    const t = await readResource<{ tree: Array<{ path: string; sha: string; type: string }> }>(input, `${repo}/git/trees/${tree}`);
    const entry = t?.tree.find((e) => e.path === parts[i]);
    if (!entry) return undefined;
    if (i === parts.length - 1) return entry.type === "blob" ? entry.sha : undefined;
    tree = entry.type === "tree" ? entry.sha : undefined;
  }
  return undefined;
}

/** One file's part of a git diff, against the tree of `baseSha`. */
async function fileDiff(input: ComputeInput, repo: string, baseSha: string | undefined, f: File): Promise<string> {
  const from = f.previous_filename ?? f.filename;
  const lines = [`diff --git a/${from} b/${f.filename}`];
  const short = (sha: string | undefined) => sha?.slice(0, 7);
  const old = f.status === "added" || !baseSha ? undefined : short(await blobAt(input, repo, baseSha, from));
  const now = f.status === "removed" ? ZERO : short(f.sha);
  if (f.status === "added") lines.push("new file mode 100644", `index ${ZERO}..${now}`);
  else if (f.status === "removed") {
    lines.push("deleted file mode 100644");
    if (old) lines.push(`index ${old}..${ZERO}`);
  } else {
    if (f.status === "renamed") lines.push(`similarity index ${f.patch ? 90 : 100}%`, `rename from ${from}`, `rename to ${f.filename}`);
    if (old && now && old !== now) lines.push(`index ${old}..${now} 100644`);
  }
  // A rename with no change in content has no hunks and no ---/+++ lines, as git prints it.
  if (f.patch === undefined || f.patch === "") return `${lines.join("\n")}\n`;
  lines.push(f.status === "added" ? "--- /dev/null" : `--- a/${from}`, f.status === "removed" ? "+++ /dev/null" : `+++ b/${f.filename}`);
  return `${lines.join("\n")}\n${f.patch}\n`;
}

async function diffOf(input: ComputeInput, repo: string, baseSha: string | undefined, files: File[]): Promise<string> {
  const parts: string[] = [];
  for (const f of files) parts.push(await fileDiff(input, repo, baseSha, f));
  return parts.join("");
}

const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** An ISO time in RFC 2822's spelling, as git format-patch writes a Date header (UTC, from the data). */
function mailDate(iso: string): string {
  const d = new Date(iso);
  const two = (n: number) => String(n).padStart(2, "0");
  return (
    `${DAYS[d.getUTCDay()]}, ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ` +
    `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} +0000`
  );
}

/** `git format-patch --stdout` of the commits, oldest first, each against its first parent. */
async function patchOf(input: ComputeInput, repo: string, commits: Commit[]): Promise<string> {
  const out: string[] = [];
  for (const [i, listed] of commits.entries()) {
    const c = listed.files ? listed : await readResource<Commit>(input, `${repo}/commits/${listed.sha}`);
    if (!c) continue;
    const [subject, ...body] = c.commit.message.split("\n");
    const files = c.files ?? [];
    const numbered = commits.length > 1 ? `[PATCH ${i + 1}/${commits.length}]` : "[PATCH]";
    const width = Math.max(0, ...files.map((f) => f.filename.length));
    const stat = files.map((f) => {
      const n = f.additions + f.deletions;
      return ` ${f.filename.padEnd(width)} | ${String(n).padStart(2)} ${"+".repeat(Math.min(f.additions, 50))}${"-".repeat(Math.min(f.deletions, 50))}`;
    });
    const adds = files.reduce((s, f) => s + f.additions, 0);
    const dels = files.reduce((s, f) => s + f.deletions, 0);
    const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
    const summary =
      ` ${plural(files.length, "file")} changed` +
      (adds ? `, ${adds} insertion${adds === 1 ? "" : "s"}(+)` : "") +
      (dels ? `, ${dels} deletion${dels === 1 ? "" : "s"}(-)` : "");
    const text = body.join("\n").replace(/^\n+/, "");
    out.push(
      `From ${c.sha} Mon Sep 17 00:00:00 2001\n` +
        `From: ${c.commit.author.name} <${c.commit.author.email}>\n` +
        `Date: ${mailDate(c.commit.author.date)}\n` +
        `Subject: ${numbered} ${subject}\n\n` +
        (text ? `${text}\n` : "") +
        `---\n${stat.join("\n")}\n${summary}\n\n` +
        (await diffOf(input, repo, c.parents[0]?.sha, files)) +
        "\n",
    );
  }
  return out.join("");
}

const pullMedia: ComputeHandler = async (input) => {
  const m = /^(repos\/[^/]+\/[^/]+)\/pulls\/(\d+)$/.exec(input.path);
  const kind = DIFF.exec(input.headers.accept ?? "")?.[2] as "diff" | "patch" | undefined;
  if (!m || !kind) return notFound();
  const [, repo, number] = m as unknown as [string, string, string];
  const pull = await readResource<Obj & { base: { sha: string } }>(input, `${repo}/pulls/${number}`);
  if (!pull) return notFound();
  if (kind === "patch") {
    const commits = await readResource<Commit[]>(input, `${repo}/pulls/${number}/commits`);
    return commits ? textReply("patch", await patchOf(input, repo, commits)) : notFound();
  }
  const files = await allFiles(input, `${repo}/pulls/${number}/files`);
  return files ? textReply("diff", await diffOf(input, repo, pull.base.sha, files)) : notFound();
};

const commitMedia: ComputeHandler = async (input) => {
  const m = /^(repos\/[^/]+\/[^/]+)\/commits\/([^/]+)$/.exec(input.path);
  const kind = DIFF.exec(input.headers.accept ?? "")?.[2] as "diff" | "patch" | undefined;
  if (!m || !kind) return notFound();
  const [, repo, ref] = m as unknown as [string, string, string];
  const c = await readResource<Commit>(input, `${repo}/commits/${ref}`);
  if (!c) return notFound();
  if (kind === "patch") return textReply("patch", await patchOf(input, repo, [c]));
  return textReply("diff", await diffOf(input, repo, c.parents[0]?.sha, c.files ?? []));
};

export const mediaRoutes: ComputedRoute[] = [
  { method: "GET", path: "^repos/[^/]+/[^/]+/pulls/\\d+$", handler: "pull-media", run: pullMedia, accept: DIFF.source },
  { method: "GET", path: "^repos/[^/]+/[^/]+/commits/[^/]+$", handler: "commit-media", run: commitMedia, accept: DIFF.source },
];
