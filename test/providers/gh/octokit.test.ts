import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { Octokit } from "@octokit/rest";
import { describe, expect, inject, it } from "vitest";
import { loadCatalog } from "../../../generator/catalog/index.js";
import { buildWorld, loadTemplates } from "../../../generator/world/index.js";

const baseUrl = inject("baseUrl");
const catalog = loadCatalog("catalog.yaml");

/** What `git hash-object` prints for these bytes, computed by git itself. */
function gitHashObject(bytes: Buffer): string {
  return execFileSync("git", ["hash-object", "--stdin"], { input: bytes }).toString().trim();
}

/**
 * The official client, unchanged but for baseUrl, running the read workflow a sync integration runs.
 * Expected values come from the world model, not from the served files.
 */
describe.each(["gh-2026-03-g5", "gh-2026-03"])("@octokit/rest against %s", (pinName) => {
  const pin = catalog.pins.find((p) => p.name === pinName)!;
  const world = buildWorld(catalog.generations.get(pin.generation)!, { render: loadTemplates("templates/repo") });
  const org = world.company.slug;
  const busiest = [...world.repos].sort((a, b) => b.pulls.length - a.pulls.length)[0]!;
  const octokit = new Octokit({ baseUrl: `${baseUrl}/${pinName}`, request: { retries: 0 } });

  it("lists the org's repositories and reads the org", async () => {
    const { data: orgData, headers } = await octokit.rest.orgs.get({ org });
    expect(orgData.login).toBe(org);
    expect(headers["x-github-api-version-selected"]).toBe("2026-03-10");
    expect(headers["x-ratelimit-limit"]).toBe("5000");
    const repos = await octokit.paginate(octokit.rest.repos.listForOrg, { org, per_page: 100 });
    expect(repos.map((r) => r.name).sort()).toStrictEqual(world.repos.map((r) => r.name).sort());
  });

  it("paginates every pull request of the busiest repository to the end, at both page sizes", async () => {
    expect(busiest.pulls.length).toBeGreaterThan(30);
    for (const per_page of [100, 30]) {
      const pulls = await octokit.paginate(octokit.rest.pulls.list, { owner: org, repo: busiest.name, state: "all", per_page });
      expect(pulls.length).toBe(busiest.pulls.length);
      expect(new Set(pulls.map((p) => p.number)).size).toBe(pulls.length);
      expect(pulls.map((p) => p.number)).toStrictEqual(busiest.pulls.map((p) => p.number).reverse());
    }
    const open = await octokit.paginate(octokit.rest.pulls.list, { owner: org, repo: busiest.name, per_page: 100 });
    expect(open.every((p) => p.state === "open")).toBe(true);
    expect(open.length).toBe(busiest.pulls.filter((p) => p.state === "open").length);
  });

  it("answers page sizes that were not pre-rendered, sliced from the pre-rendered pages", async () => {
    const all = busiest.pulls.map((p) => p.number).reverse();
    for (const per_page of [1, 7, 45, 99]) {
      const pulls = await octokit.paginate(octokit.rest.pulls.list, { owner: org, repo: busiest.name, state: "all", per_page });
      expect(pulls.map((p) => p.number)).toStrictEqual(all);
    }
    const { data, headers } = await octokit.rest.pulls.list({ owner: org, repo: busiest.name, state: "all", per_page: 7, page: 2 });
    expect(data.map((p) => p.number)).toStrictEqual(all.slice(7, 14));
    const base = `${baseUrl}/${pinName}/repos/${org}/${busiest.name}/pulls?state=all&per_page=7`;
    expect(headers.link).toBe(
      `<${base}&page=1>; rel="prev", <${base}&page=3>; rel="next", <${base}&` +
        `page=${Math.ceil(all.length / 7)}>; rel="last", <${base}&page=1>; ` +
        `rel="first"`,
    );
    // Envelope lists slice too, and keep their total_count.
    const runs = await octokit.paginate(octokit.rest.actions.listWorkflowRunsForRepo, { owner: org, repo: busiest.name, per_page: 13 });
    expect(runs.length).toBe(busiest.runs.length);
    const { data: page } = await octokit.rest.actions.listWorkflowRunsForRepo({ owner: org, repo: busiest.name, per_page: 13, page: 2 });
    expect(page.total_count).toBe(busiest.runs.length);
    // Conditional requests work on sliced pages as on files.
    const url = `${baseUrl}/${pinName}/repos/${org}/${busiest.name}/pulls?state=all&per_page=7&page=2`;
    const etag = (await fetch(url)).headers.get("etag")!;
    expect((await fetch(url, { headers: { "if-none-match": etag } })).status).toBe(304);
    // A page past the last is empty, as on GitHub, so loops that stop at an empty page end cleanly.
    for (const per_page of [7, 30, 100]) {
      const past = await octokit.rest.pulls.list({ owner: org, repo: busiest.name, state: "all", per_page, page: 999 });
      expect(past.status).toBe(200);
      expect(past.data.length).toBe(0);
      expect(past.headers.link).toContain('rel="first"');
    }
    let seen = 0;
    for (let n = 1; ; n++) {
      const { data: chunk } = await octokit.rest.pulls.list({ owner: org, repo: busiest.name, state: "all", per_page: 100, page: n });
      if (chunk.length === 0) break;
      seen += chunk.length;
    }
    expect(seen).toBe(all.length);
  });

  it("gets a merge commit with stats and files, and the reviews and commits of its pull request", async () => {
    const pr = busiest.pulls.find((p) => p.mergeCommitSha && p.reviews.length > 1)!;
    const { data: commit } = await octokit.rest.repos.getCommit({ owner: org, repo: busiest.name, ref: pr.mergeCommitSha! });
    expect(commit.sha).toBe(pr.mergeCommitSha);
    expect(commit.commit.message).toContain(`(#${pr.number})`);
    expect(commit.files?.length).toBeGreaterThan(0);
    expect(commit.stats?.total).toBe(commit.files!.reduce((n, f) => n + f.changes, 0));
    const { data: reviews } = await octokit.rest.pulls.listReviews({ owner: org, repo: busiest.name, pull_number: pr.number });
    expect(reviews.map((r) => r.state)).toStrictEqual(pr.reviews.map((r) => r.state));
    const commits = await octokit.paginate(octokit.rest.pulls.listCommits, { owner: org, repo: busiest.name, pull_number: pr.number });
    expect(commits.map((c) => c.sha)).toStrictEqual(pr.commits.map((c) => c.sha));
    // The commit list of the default branch starts at the branch head, and every parent is served.
    const history = await octokit.paginate(octokit.rest.repos.listCommits, { owner: org, repo: busiest.name, per_page: 100 });
    expect(history.length).toBe(busiest.mainCommits.length);
    expect(history[0]!.sha).toBe(busiest.mainCommits.at(-1)!.sha);
  });

  it("follows a workflow run to its jobs and the commit's check runs", async () => {
    const runs = await octokit.paginate(octokit.rest.actions.listWorkflowRunsForRepo, { owner: org, repo: busiest.name, per_page: 100 });
    expect(runs.length).toBe(busiest.runs.length);
    const run = runs.find((r) => r.conclusion === "failure") ?? runs[0]!;
    const { data: jobs } = await octokit.rest.actions.listJobsForWorkflowRun({ owner: org, repo: busiest.name, run_id: run.id });
    expect(jobs.total_count).toBeGreaterThan(0);
    const { data: checks } = await octokit.rest.checks.listForRef({ owner: org, repo: busiest.name, ref: run.head_sha });
    expect(checks.check_runs.map((c) => c.id)).toEqual(expect.arrayContaining(jobs.jobs.map((j) => j.id)));
  });

  it("filters commits by branch and by author, as the commits endpoint does", async () => {
    const pr = busiest.pulls.find((p) => p.state === "open") ?? busiest.pulls[0]!;
    const author = busiest.mainCommits.at(-1)!.authorId;
    const login = world.people[author - 1]!.handles.github;
    const byAuthor = await octokit.paginate(octokit.rest.repos.listCommits, {
      owner: org,
      repo: busiest.name,
      author: login,
      per_page: 100,
    });
    expect(byAuthor.length).toBe(busiest.mainCommits.filter((c) => c.authorId === author).length);
    expect(byAuthor.every((c) => c.author?.login === login)).toBe(true);
    if (pr.state === "open") {
      const onBranch = await octokit.paginate(octokit.rest.repos.listCommits, {
        owner: org,
        repo: busiest.name,
        sha: pr.headBranch,
        per_page: 100,
      });
      expect(onBranch[0]!.sha).toBe(pr.commits.at(-1)!.sha);
    }
    // Branch names hold slashes; octokit sends them encoded (%2F), which GitHub reads as separators.
    const branch = world.repos.flatMap((r) => r.branches.map((b) => [r, b] as const)).find(([, b]) => b.name.includes("/"));
    if (branch) {
      const [repo, b] = branch;
      const { data } = await octokit.rest.repos.getBranch({ owner: org, repo: repo.name, branch: b.name });
      expect(`${data.name} ${data.commit.sha}`).toBe(`${b.name} ${b.headSha}`);
    }
  });

  it("negotiates X-GitHub-Api-Version as GitHub does", async () => {
    for (const version of ["2022-11-28", "2026-03-10"]) {
      const { status } = await octokit.request("GET /orgs/{org}", { org, headers: { "x-github-api-version": version } });
      expect(status).toBe(200);
    }
    const res = await fetch(`${baseUrl}/${pinName}/orgs/${org}`, { headers: { "x-github-api-version": "2021-01-01" } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain("Unsupported 'X-GitHub-Api-Version' header: 2021-01-01");
  });

  it("answers writes statelessly: GitHub's reply shape, the same bytes for the same request, nothing stored", async () => {
    const before = await octokit.paginate(octokit.rest.issues.listForRepo, { owner: org, repo: busiest.name, state: "all", per_page: 100 });
    const highest = Math.max(...before.map((i) => i.number));
    const created = await octokit.rest.issues.create({
      owner: org,
      repo: busiest.name,
      title: "Flaky test in CI",
      body: "Seen twice today.",
      labels: ["bug"],
    });
    expect(created.status).toBe(201);
    expect(
      `${created.data.number} ${created.data.state} ${created.data.title}` +
        ` ${created.data.labels.map((l) => (typeof l === "string" ? l : l.name)).join()}`,
    ).toBe(`${highest + 1} open Flaky test in CI bug`);
    expect(created.data.user?.login).toBe(world.people.find((p) => p.admin)!.handles.github);
    expect(created.headers.location).toBe(created.data.url);
    const again = await octokit.rest.issues.create({
      owner: org,
      repo: busiest.name,
      title: "Flaky test in CI",
      body: "Seen twice today.",
      labels: ["bug"],
    });
    expect(JSON.stringify(again.data)).toBe(JSON.stringify(created.data));
    const after = await octokit.paginate(octokit.rest.issues.listForRepo, { owner: org, repo: busiest.name, state: "all", per_page: 100 });
    expect(after.length).toBe(before.length);

    const target = busiest.issues[0] ?? busiest.pulls[0]!;
    const comment = await octokit.rest.issues.createComment({
      owner: org,
      repo: busiest.name,
      issue_number: target.number,
      body: "Looking into it.",
    });
    expect(`${comment.status} ${comment.data.body} ${comment.data.issue_url}`).toBe(
      `201 Looking into it. ${baseUrl}/${pinName}/repos/${org}/${busiest.name}/issues/${target.number}`,
    );
    const closed = await octokit.rest.issues.update({
      owner: org,
      repo: busiest.name,
      issue_number: target.number,
      state: "closed",
      title: "Renamed",
    });
    expect(`${closed.status} ${closed.data.state} ${closed.data.title} ${closed.data.number}`).toBe(`200 closed Renamed ${target.number}`);

    const invalid = (await octokit.rest.issues.create({ owner: org, repo: busiest.name, title: "" }).catch((e: unknown) => e)) as {
      status: number;
    };
    expect(invalid.status).toBe(422);
    const missing = (await octokit.rest.issues
      .createComment({ owner: org, repo: busiest.name, issue_number: 99_999, body: "x" })
      .catch((e: unknown) => e)) as { status: number };
    expect(missing.status).toBe(404);
    const other = (await octokit.rest.pulls
      .create({ owner: org, repo: busiest.name, title: "x", head: "a", base: "main" })
      .catch((e: unknown) => e)) as { status: number };
    expect(other.status).toBe(403);
  });

  it("answers an unknown resource with GitHub's 404 body", async () => {
    const error = (await octokit.rest.repos.get({ owner: org, repo: "no-such-repo" }).catch((e: unknown) => e)) as {
      status: number;
      response: { data: unknown };
    };
    expect(error.status).toBe(404);
    expect(JSON.stringify(error.response.data)).toBe(
      JSON.stringify({ message: "Not Found", documentation_url: "https://docs.github.com/rest", status: "404" }),
    );
  });

  if (pin.files) {
    it("reads a file through the contents API and a recursive tree whose SHAs are git's own", async () => {
      const { data: file } = await octokit.rest.repos.getContent({ owner: org, repo: busiest.name, path: "README.md" });
      if (Array.isArray(file) || file.type !== "file") throw new Error("README.md is not a file");
      const bytes = Buffer.from(file.content, "base64");
      expect(bytes.toString("utf8")).toContain(`# ${busiest.name}`);
      expect(gitHashObject(bytes)).toBe(file.sha);
      const { data: branch } = await octokit.rest.repos.getBranch({ owner: org, repo: busiest.name, branch: "main" });
      const { data: tree } = await octokit.rest.git.getTree({
        owner: org,
        repo: busiest.name,
        tree_sha: branch.commit.commit.tree.sha,
        recursive: "1",
      });
      const blobs = tree.tree.filter((e) => e.type === "blob");
      expect(blobs.length).toBeGreaterThan(5);
      expect(tree.tree.some((e) => e.path === "README.md" && e.sha === file.sha)).toBe(true);
      for (const entry of blobs.slice(0, 12)) {
        const { data: blob } = await octokit.rest.git.getBlob({ owner: org, repo: busiest.name, file_sha: entry.sha! });
        expect(gitHashObject(Buffer.from(blob.content, "base64"))).toBe(entry.sha);
      }
      // A tree's SHA is the hash of its own entries: recompute the root tree from the non-recursive listing.
      const { data: root } = await octokit.rest.git.getTree({ owner: org, repo: busiest.name, tree_sha: tree.sha });
      const body = Buffer.concat(
        root.tree.flatMap((e) => [Buffer.from(`${e.mode === "040000" ? "40000" : e.mode} ${e.path}\0`), Buffer.from(e.sha!, "hex")]),
      );
      expect(createHash("sha1").update(`tree ${body.length}\0`).update(body).digest("hex")).toBe(tree.sha);
    });
  } else {
    it("has no repository files: the contents API answers GitHub's 404", async () => {
      const error = (await octokit.rest.repos
        .getContent({ owner: org, repo: busiest.name, path: "README.md" })
        .catch((e: unknown) => e)) as { status: number };
      expect(error.status).toBe(404);
    });
  }
});
