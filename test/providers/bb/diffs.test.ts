import bitbucketModule from "bitbucket";
import { describe, expect, inject, it } from "vitest";
import { loadCatalog } from "../../../generator/catalog/index.js";
import { gitObjectId } from "../../../generator/world/git.js";
import { buildWorld, loadTemplates } from "../../../generator/world/index.js";
import type { Commit, PullRequest, Repo, World } from "../../../generator/world/types.js";

/**
 * `diffstat`, `diff` and `patch` of commits and pull requests, read through the `bitbucket` client
 * (`repositories.getDiffStat`, `commits.getDiff`, `commits.getPatch`, `pullrequests.getDiffStat|getDiff|
 * getPatch`) and through the links pull requests carry. Every diff is applied to the old file, taken from
 * the parent's (or the base's) git tree, and must give the new file of the commit's (or the head's) tree,
 * byte for byte, with git's blob id; diffstat counts must be the diff's own. On generation 5 the files a
 * diffstat entry links to are served with those bytes; on generation 1 they answer 404.
 */
const { Bitbucket } = bitbucketModule;
const baseUrl = inject("baseUrl");
const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
const catalog = loadCatalog("catalog.yaml");

type Item = Record<string, any>;

/** The file at `path` in a commit's tree, or undefined. */
function fileAt(repo: Repo, commit: string, path: string): string | undefined {
  const tree = repo.objects.commits.get(commit)?.tree;
  if (!tree) return undefined;
  for (const [p, e] of repo.objects.walk(tree)) if (p === path && e.type === "blob") return repo.objects.blobs.get(e.sha)!.toString("utf8");
  return undefined;
}

/** Splits a unified diff into its files: path, old/new markers, and hunks applied by `apply`. */
function parseDiff(text: string): Array<{ path: string; added: boolean; lines: string[] }> {
  const files: Array<{ path: string; added: boolean; lines: string[] }> = [];
  for (const line of text.split("\n")) {
    const m = /^diff --git a\/(.+) b\/(.+)$/.exec(line);
    if (m) files.push({ path: m[2]!, added: false, lines: [] });
    else if (files.length) {
      if (line === "--- /dev/null") files.at(-1)!.added = true;
      files.at(-1)!.lines.push(line);
    }
  }
  return files;
}

/** Applies a file's hunks to its old text, as `git apply` would; counts the lines added and removed. */
function apply(old: string, lines: string[]): { text: string; added: number; removed: number } {
  const src = old === "" ? [] : old.replace(/\n$/, "").split("\n");
  const out: string[] = [];
  let at = 0,
    added = 0,
    removed = 0;
  let i = lines.findIndex((l) => l.startsWith("@@"));
  while (i >= 0 && i < lines.length) {
    const h = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/.exec(lines[i]!);
    if (!h) break;
    const start = Number(h[1]) === 0 ? 0 : Number(h[1]) - 1;
    while (at < start) out.push(src[at++]!);
    for (i++; i < lines.length && !lines[i]!.startsWith("@@"); i++) {
      const l = lines[i]!;
      if (l === "") continue;
      if (l[0] === " ") {
        expect(src[at]).toBe(l.slice(1));
        out.push(src[at++]!);
      } else if (l[0] === "-") {
        expect(src[at]).toBe(l.slice(1));
        at++;
        removed++;
      } else if (l[0] === "+") {
        out.push(l.slice(1));
        added++;
      }
    }
  }
  while (at < src.length) out.push(src[at++]!);
  return { text: out.length ? `${out.join("\n")}\n` : "", added, removed };
}

describe.each(["bb-v2-g5", "bb-v2"])("diffstat, diff and patch on %s", (pinName) => {
  const skip = only !== undefined && !only.includes(pinName);
  const pin = catalog.pins.find((p) => p.name === pinName)!;
  const world: World = skip
    ? (undefined as never)
    : buildWorld(catalog.generations.get(pin.generation)!, { render: loadTemplates("templates/repo") });
  const bitbucket = new Bitbucket({ baseUrl: `${baseUrl}/${pinName}/2.0`, notice: false });
  const busiest = () => [...world.repos].sort((a, b) => b.pulls.length - a.pulls.length || (a.name < b.name ? -1 : 1))[0]!;

  /** Checks a diff, its diffstat and (generation 5) the files the diffstat links to, against the git trees. */
  async function check(repo: Repo, text: string, stat: Item[], oldCommit: string, newCommit: string, files: string[]): Promise<void> {
    const diffs = parseDiff(text);
    expect(diffs.map((d) => d.path)).toStrictEqual([...files].sort());
    expect(stat.map((s) => (s.new ?? s.old).path)).toStrictEqual([...files].sort());
    for (const [i, d] of diffs.entries()) {
      const before = fileAt(repo, oldCommit, d.path);
      const after = fileAt(repo, newCommit, d.path)!;
      expect(d.added).toBe(before === undefined);
      const applied = apply(before ?? "", d.lines);
      expect(applied.text, d.path).toBe(after);
      expect(gitObjectId("blob", Buffer.from(applied.text))).toBe(gitObjectId("blob", Buffer.from(after)));
      const s = stat[i]!;
      expect(`${s.type} ${s.status} ${s.lines_added} ${s.lines_removed}`).toBe(
        `diffstat ${before === undefined ? "added" : "modified"} ${applied.added} ${applied.removed}`,
      );
      const links = [[s.new.links.self.href as string, after], ...(s.old ? [[s.old.links.self.href as string, before]] : [])] as Array<
        [string, string]
      >;
      expect(links[0]![0]).toContain(`/src/${newCommit}/`);
      if (s.old) expect(links[1]![0]).toContain(`/src/${oldCommit}/`);
      for (const [url, bytes] of links) {
        const res = await fetch(url);
        if (pin.files) {
          expect(res.status, url).toBe(200);
          expect(await res.text()).toBe(bytes);
        } else expect(res.status, url).toBe(404);
      }
    }
  }

  it.skipIf(skip)("serves each commit's diffstat, diff and patch, diffed against its first parent", async () => {
    const repo = busiest();
    const ws = world.company.slug;
    const commits: Commit[] = [...repo.mainCommits.slice(1).slice(-12), ...repo.pulls.slice(-4).flatMap((p) => p.commits)];
    for (const c of commits) {
      const { data: stat, status } = await bitbucket.repositories.listDiffStats({ workspace: ws, repo_slug: repo.name, spec: c.sha });
      expect(status).toBe(200);
      expect(`${stat.pagelen} ${stat.size} ${stat.page}`).toBe(`500 ${c.files.length} 1`);
      const { data: diff, headers } = await bitbucket.commits.getDiff({ workspace: ws, repo_slug: repo.name, spec: c.sha });
      expect(headers["content-type"]).toMatch(/^text\/plain/);
      await check(
        repo,
        diff as unknown as string,
        stat.values as Item[],
        c.parents[0]!,
        c.sha,
        c.files.map((f) => f.path),
      );
      const { data: patch } = await bitbucket.commits.getPatch({ workspace: ws, repo_slug: repo.name, spec: c.sha });
      const text = patch as unknown as string;
      const author = world.people.find((p) => p.id === c.authorId)!;
      expect(text.startsWith(`From ${c.sha} Mon Sep 17 00:00:00 2001\nFrom: ${author.name} <${author.email}>\nDate: `)).toBe(true);
      expect(text).toContain(`\nSubject: [PATCH] ${c.message.split("\n")[0]}`);
      // The author date in the author's own offset, as git writes it (RFC 2822).
      const date = /\nDate: (.+)\n/.exec(text)![1]!;
      const git = repo.objects.commits.get(c.sha)!.author;
      expect(Date.parse(date)).toBe(Math.floor(git.at / 1000) * 1000);
      const two = (n: number) => String(n).padStart(2, "0");
      const offset = Math.abs(git.offsetMinutes);
      expect(date.endsWith(` ${git.offsetMinutes < 0 ? "-" : "+"}${two(Math.floor(offset / 60))}${two(offset % 60)}`)).toBe(true);
      // The mail's diff is the commit's diff, after the `---` and the stat.
      expect(text.endsWith(diff as unknown as string)).toBe(true);
      expect(text).toMatch(new RegExp(` ${c.files.length} files? changed`));
    }
  });

  it.skipIf(skip)("serves a pull request's diffstat, diff and patch, by its endpoints and by the links it carries", async () => {
    const repo = busiest();
    const ws = world.company.slug;
    const pulls: PullRequest[] = [...repo.pulls].filter((p) => p.commits.length > 0).slice(-10);
    for (const pr of pulls) {
      const head = pr.commits.at(-1)!.sha;
      const { data: listed } = await bitbucket.pullrequests.get({ workspace: ws, repo_slug: repo.name, pull_request_id: pr.number });
      const links = listed.links as Record<string, { href: string }>;
      expect(links.diffstat!.href).toContain(
        `/diffstat/${ws}/${repo.name}:${head.slice(0, 12)}%0D${pr.baseSha.slice(0, 12)}?from_pullrequest_id=${pr.number}`,
      );
      const { data: stat } = await bitbucket.pullrequests.getDiffStat({ workspace: ws, repo_slug: repo.name, pull_request_id: pr.number });
      const viaLink = await (await fetch(links.diffstat!.href)).text();
      expect(viaLink).toBe(JSON.stringify(stat));
      const { data: diff } = await bitbucket.pullrequests.getDiff({ workspace: ws, repo_slug: repo.name, pull_request_id: pr.number });
      const diffLink = await fetch(links.diff!.href);
      expect(diffLink.status).toBe(200);
      expect(await diffLink.text()).toBe(diff as unknown as string);
      // The two-dot spec with whole hashes names the same diff.
      const { data: bySpec } = await bitbucket.repositories.getDiff({
        workspace: ws,
        repo_slug: repo.name,
        spec: `${head}..${pr.baseSha}`,
      });
      expect(bySpec).toBe(diff);
      await check(
        repo,
        diff as unknown as string,
        stat.values as Item[],
        pr.baseSha,
        head,
        pr.files.map((f) => f.path),
      );
      const { data: patch } = await bitbucket.pullrequests.getPatch({ workspace: ws, repo_slug: repo.name, pull_request_id: pr.number });
      const mails = (patch as unknown as string).split("\n").filter((l) => /^From [0-9a-f]{40} Mon Sep 17 00:00:00 2001$/.test(l));
      expect(mails).toStrictEqual(pr.commits.map((c) => `From ${c.sha} Mon Sep 17 00:00:00 2001`));
      if (pr.commits.length > 1) expect(patch).toContain(`Subject: [PATCH 1/${pr.commits.length}] `);
    }
  });

  it.skipIf(skip)("pages a diffstat by pagelen (500 by default) through `next`", async () => {
    const repo = busiest();
    const c = [...repo.mainCommits].reverse().find((x) => x.files.length >= 3)!;
    const url = `${baseUrl}/${pinName}/2.0/repositories/${world.company.slug}/${repo.name}/diffstat/${c.sha}`;
    const whole = (await (await fetch(url)).json()) as Item;
    const paths: string[] = [];
    for (let next: string | undefined = `${url}?pagelen=1`; next;) {
      const page = (await (await fetch(next)).json()) as Item;
      expect(`${page.pagelen} ${page.size}`).toBe(`1 ${c.files.length}`);
      paths.push(...page.values.map((v: Item) => v.new.path));
      next = page.next;
    }
    expect(paths).toStrictEqual(whole.values.map((v: Item) => v.new.path));
    const unknown = await fetch(`${baseUrl}/${pinName}/2.0/repositories/${world.company.slug}/${repo.name}/diff/${"0".repeat(40)}`);
    expect(unknown.status).toBe(404);
  });
});
