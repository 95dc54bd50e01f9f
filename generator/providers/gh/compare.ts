import { jsonReply, readResource } from "../../core/compute.js";
import type { ComputeHandler, ComputeInput } from "../../core/provider.js";
import type { ComputedRoute } from "../../core/define-provider.js";

/**
 * `GET /repos/{owner}/{repo}/compare/{base}...{head}`, computed over the pin's frozen commits (each
 * commit's served JSON names its parents and files), never pre-rendered per pair.
 *
 * - `base` and `head` are branches, tags, full SHAs or SHAs of 7+ characters on the default branch,
 *   optionally `<owner>:` prefixed; `base..head` is read as `base...head`, as the API reads it.
 * - As `git log base..head`, in chronological order: `ahead_by` and `commits` are the commits reachable
 *   from head and not from base, `behind_by` the converse, `merge_base_commit` the newest common
 *   ancestor, `status` identical, ahead, behind or diverged.
 * - `files` is the change from the merge base to head, path by path: additions and deletions summed
 *   over the commits, the status the range leaves, the commits' hunks in order. Its URLs name the last
 *   commit that changed the file (the file's content at head), so they resolve on the pin.
 * - Without `page` or `per_page`, at most the 250 newest commits; with either, pages of `per_page`
 *   (30 by default, 100 at most) with GitHub's Link header, and `files` on the first page only.
 */
type Obj = Record<string, unknown>;

const DOCS = "https://docs.github.com/rest/commits/commits#compare-two-commits";
const UNPAGED_MAX = 250;
const FILES_MAX = 300;

function notFound() {
  return jsonReply(404, { message: "Not Found", documentation_url: DOCS, status: "404" });
}

async function readJson(input: ComputeInput, key: string): Promise<Obj | Obj[] | undefined> {
  const text = await input.read(key);
  return text === undefined ? undefined : (JSON.parse(text) as Obj | Obj[]);
}

/** The list form of a commit (no stats, no files), as compare's `commits` carry it. */
function listForm(detail: Obj): Obj {
  const { stats: _s, files: _f, ...rest } = detail;
  return rest;
}

export const compareCommits: ComputeHandler = async (input) => {
  const m = /^repos\/([^/]+)\/([^/]+)\/compare\/(.+)$/.exec(input.path);
  if (!m) return notFound();
  const [, owner, name, basehead] = m as unknown as [string, string, string, string];
  const repoKey = `repos/${owner}/${name}`;
  const repo = (await readJson(input, repoKey)) as Obj | undefined;
  if (!repo || Array.isArray(repo)) return notFound();
  const split = basehead.includes("...") ? basehead.split("...") : basehead.split("..");
  if (split.length !== 2 || !split[0] || !split[1]) return notFound();
  const [baseRef, headRef] = split as [string, string];

  const commits = new Map<string, Obj>();
  const commit = async (sha: string): Promise<Obj | undefined> => {
    if (!commits.has(sha)) {
      const c = (await readJson(input, `${repoKey}/commits/${sha}`)) as Obj | undefined;
      if (!c || Array.isArray(c) || typeof c.sha !== "string") return undefined;
      commits.set(sha, c);
    }
    return commits.get(sha);
  };
  const resolveRef = async (raw: string): Promise<string | undefined> => {
    let ref = raw;
    try {
      ref = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
    const colon = ref.indexOf(":");
    if (colon >= 0) {
      if (ref.slice(0, colon).toLowerCase() !== owner.toLowerCase()) return undefined;
      ref = ref.slice(colon + 1);
    }
    const named = (await readJson(input, `${repoKey}/branches/${ref}`)) as Obj | undefined;
    if (named && !Array.isArray(named)) return String((named.commit as Obj).sha);
    const tag = (await readJson(input, `${repoKey}/releases/tags/${ref}`)) as Obj | undefined;
    if (tag && !Array.isArray(tag)) return String(tag.target_commitish);
    if (/^[0-9a-f]{40}$/.test(ref)) return (await commit(ref)) ? ref : undefined;
    if (/^[0-9a-f]{7,39}$/.test(ref)) {
      // An abbreviated SHA: looked for on the default branch's history, which the pin lists.
      for (let page = 1; page < 100; page++) {
        const list = await readResource<Obj[]>(input, `${repoKey}/commits`, [
          ["sha", String(repo.default_branch)],
          ["page", String(page)],
          ["per_page", "100"],
        ]);
        if (!Array.isArray(list) || list.length === 0) break;
        const hits = list.filter((c) => String(c.sha).startsWith(ref));
        if (hits.length === 1) return String(hits[0]!.sha);
        if (hits.length > 1) return undefined;
      }
    }
    return undefined;
  };
  const baseSha = await resolveRef(baseRef);
  const headSha = await resolveRef(headRef);
  if (!baseSha || !headSha) return notFound();

  /** Every ancestor of a commit (itself included), in the order a breadth-first walk meets them. */
  const ancestors = async (sha: string): Promise<string[]> => {
    const seen = new Set<string>([sha]);
    const order: string[] = [];
    for (let queue = [sha]; queue.length;) {
      const next: string[] = [];
      for (const s of queue) {
        const c = await commit(s);
        if (!c) continue;
        order.push(s);
        for (const p of (c.parents as Obj[]) ?? []) {
          const ps = String(p.sha);
          if (!seen.has(ps)) {
            seen.add(ps);
            next.push(ps);
          }
        }
      }
      queue = next;
    }
    return order;
  };
  const fromHead = await ancestors(headSha);
  const fromBase = await ancestors(baseSha);
  const inBase = new Set(fromBase);
  const inHead = new Set(fromHead);
  const mergeBase = fromHead.find((s) => inBase.has(s));
  if (!mergeBase)
    return jsonReply(404, { message: `No common ancestor between ${baseRef} and ${headRef}.`, documentation_url: DOCS, status: "404" });
  const date = (s: string) => Date.parse(String(((commits.get(s)!.commit as Obj).committer as Obj).date));
  // Chronological, as the API returns them (git log's order reversed); ties keep the walk's order.
  const ahead = fromHead
    .filter((s) => !inBase.has(s))
    .reverse()
    .sort((a, b) => date(a) - date(b));
  const behind = fromBase.filter((s) => !inHead.has(s)).length;
  const status = ahead.length === 0 ? (behind === 0 ? "identical" : "behind") : behind === 0 ? "ahead" : "diverged";

  // Paging: commits only; files on the first page.
  const pageParam = input.query.find(([k]) => k === "page")?.[1];
  const sizeParam = input.query.find(([k]) => k === "per_page")?.[1];
  const paged = pageParam !== undefined || sizeParam !== undefined;
  const whole = (s: string | undefined, d: number) => (s !== undefined && /^\d+$/.test(s) ? Number(s) : d);
  const size = Math.min(100, Math.max(1, whole(sizeParam, 30)));
  const page = Math.max(1, whole(pageParam, 1));
  const shown = paged ? ahead.slice((page - 1) * size, page * size) : ahead.slice(-UNPAGED_MAX);

  const files: Obj[] = [];
  if (!paged || page === 1) {
    const byPath = new Map<string, { first: Obj; last: Obj; additions: number; deletions: number; patches: string[] }>();
    for (const s of ahead) {
      for (const f of (commits.get(s)!.files as Obj[]) ?? []) {
        const path = String(f.filename);
        const entry = byPath.get(path);
        if (!entry)
          byPath.set(path, {
            first: f,
            last: f,
            additions: Number(f.additions),
            deletions: Number(f.deletions),
            patches: f.patch === undefined ? [] : [String(f.patch)],
          });
        else {
          entry.last = f;
          entry.additions += Number(f.additions);
          entry.deletions += Number(f.deletions);
          if (f.patch !== undefined) entry.patches.push(String(f.patch));
        }
      }
    }
    for (const [, e] of [...byPath].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      const added = e.first.status === "added",
        removed = e.last.status === "removed";
      if (added && removed) continue;
      const status = added ? "added" : removed ? "removed" : e.last.status;
      const { patch: _p, ...last } = e.last;
      files.push({
        ...last,
        status,
        additions: e.additions,
        deletions: e.deletions,
        changes: e.additions + e.deletions,
        ...(e.patches.length ? { patch: e.patches.join("\n") } : {}),
      });
      if (files.length === FILES_MAX) break;
    }
  }

  const repoUrl = String(repo.url);
  const html = String(repo.html_url);
  const spelled = `${baseRef}...${headRef}`;
  const body = {
    url: `${repoUrl}/compare/${spelled}`,
    html_url: `${html}/compare/${spelled}`,
    permalink_url: `${html}/compare/${owner}:${baseSha.slice(0, 7)}...${owner}:${headSha.slice(0, 7)}`,
    diff_url: `${html}/compare/${spelled}.diff`,
    patch_url: `${html}/compare/${spelled}.patch`,
    base_commit: listForm(commits.get(baseSha)!),
    merge_base_commit: listForm(commits.get(mergeBase)!),
    status,
    ahead_by: ahead.length,
    behind_by: behind,
    total_commits: ahead.length,
    commits: shown.map((s) => listForm(commits.get(s)!)),
    files,
  };
  const headers: Record<string, string> = { "content-type": "application/json; charset=utf-8" };
  if (paged) {
    const last = Math.max(1, Math.ceil(ahead.length / size));
    const link = (n: number) => `<${repoUrl}/compare/${spelled}?page=${n}&per_page=${size}>`;
    const links: string[] = [];
    if (page > 1) links.push(`${link(Math.min(page - 1, last))}; rel="prev"`);
    if (page < last) links.push(`${link(page + 1)}; rel="next"`, `${link(last)}; rel="last"`);
    if (page > 1) links.push(`${link(1)}; rel="first"`);
    if (links.length) headers.link = links.join(", ");
  }
  return { status: 200, headers, body: JSON.stringify(body) };
};

export const compareRoutes: ComputedRoute[] = [
  { method: "GET", path: "^repos/[^/]+/[^/]+/compare/.+$", handler: "compare", run: compareCommits },
];
