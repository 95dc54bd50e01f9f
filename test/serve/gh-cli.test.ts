import { execFile, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { computeHandlers } from "../../generator/providers/index.js";
import { createSnapHttpsServer, createSnapServer } from "../../generator/serve/server.js";
import { ensureCertificate } from "../../generator/serve/tls.js";
import { rawSocket } from "./http.js";

/**
 * The real GitHub CLI (Debian's gh 2.23, installed by scripts/install-system-deps.sh when missing) against
 * both GitHub pins, as a user sets it up: GH_HOST names the pin's host (`<pin>.snap.snapverse.dev`),
 * GH_ENTERPRISE_TOKEN any token, the self-signed certificate trusted (SSL_CERT_FILE for Go, GIT_SSL_CAINFO
 * for git), and HTTPS_PROXY the companion server's HTTP port, which tunnels the pin's name to its own TLS
 * listener (decision 0029): no DNS, no /etc/hosts. Every output is checked against the pin's REST answers.
 */
const dist = inject("dist");
const GH = "/usr/bin/gh";
const DOMAIN = "snapverse.dev";

function installGh(): string {
  if (existsSync(GH) && existsSync("/usr/bin/git")) return "";
  const done = spawnSync("bash", ["scripts/install-system-deps.sh", "gh", "git"], { encoding: "utf8" });
  const said = `${done.stdout}${done.stderr}`.split("\n").filter((l) => l.startsWith("install-system-deps:"));
  if (said.length) process.stderr.write(`gh-cli test: ${said.join("; ")}\n`);
  return done.status === 0
    ? ""
    : `install-system-deps.sh gh git exited with ${done.status}: ${`${done.stdout}${done.stderr}`.slice(-1500)}`;
}

let work = "";
let certPath = "";
let proxyPort = 0;
let tlsPort = 0;
const servers: Array<ReturnType<typeof createSnapServer> | ReturnType<typeof createSnapHttpsServer>> = [];

beforeAll(async () => {
  const failure = installGh();
  if (failure) throw new Error(failure);
  work = mkdtempSync(join(tmpdir(), "snapverse-gh-cli-"));
  const cert = await ensureCertificate(join(work, "tls"), DOMAIN);
  certPath = cert.certPath;
  const secure = createSnapHttpsServer({ dist, compute: computeHandlers }, cert);
  await new Promise<void>((r) => secure.listen(0, "127.0.0.1", r));
  tlsPort = (secure.address() as AddressInfo).port;
  const plain = createSnapServer({ dist, compute: computeHandlers, tunnelTo: tlsPort });
  await new Promise<void>((r) => plain.listen(0, "127.0.0.1", r));
  proxyPort = (plain.address() as AddressInfo).port;
  servers.push(secure, plain);
}, 300_000);

afterAll(async () => {
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise<void>((r) => s.close(() => r()));
  }
  if (work) rmSync(work, { recursive: true, force: true });
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs gh for a pin asynchronously (the servers live in this process) with nothing from the user's environment. */
function ghFor(pin: string) {
  return (args: string[], cwd?: string): Promise<Run> => {
    const config = join(work, `config-${pin}`);
    const proxy = `http://127.0.0.1:${proxyPort}`;
    const env = {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: work,
      GH_HOST: `${pin}.snap.${DOMAIN}`,
      GH_ENTERPRISE_TOKEN: "snapverse-test-token",
      GH_CONFIG_DIR: config,
      GH_PROMPT_DISABLED: "1",
      GH_NO_UPDATE_NOTIFIER: "1",
      NO_COLOR: "1",
      HTTPS_PROXY: proxy,
      https_proxy: proxy,
      SSL_CERT_FILE: certPath,
      GIT_SSL_CAINFO: certPath,
      GIT_TERMINAL_PROMPT: "0",
    };
    return new Promise((resolve) => {
      execFile(
        GH,
        args,
        { env, cwd: cwd ?? work, encoding: "utf8", maxBuffer: 64 * 1024 * 1024, timeout: 90_000 },
        (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr }),
      );
    });
  };
}

/** The pin's REST answer over the tunnel's other end (host style, HTTPS), as gh gets it. */
function restFor(pin: string) {
  return async <T>(path: string): Promise<T> => {
    const out = await ghFor(pin)(["api", path]);
    if (out.code !== 0) throw new Error(`gh api ${path}: ${out.stderr}`);
    return JSON.parse(out.stdout) as T;
  };
}

type Obj = Record<string, unknown> & { number: number; title: string; name: string };

describe("the companion server's tunnel", () => {
  it("refuses CONNECT to any name but its own with a complete answer", async () => {
    const base = `http://127.0.0.1:${proxyPort}`;
    const foreign = await rawSocket(base, "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n");
    expect(foreign).toMatch(/^HTTP\/1\.1 403 Forbidden\r\n/);
    expect(foreign).toContain('"error":"tunnel_refused"');
    const otherPort = await rawSocket(base, `CONNECT gh-2026-03-g5.snap.${DOMAIN}:22 HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(otherPort).toMatch(/^HTTP\/1\.1 403 /);
    const garbage = await rawSocket(base, "CONNECT nonsense HTTP/1.1\r\nHost: x\r\n\r\n");
    expect(garbage).toMatch(/^HTTP\/1\.1 400 /);
    // A server with no TLS listener beside it (the suite's own) tunnels nothing, and says so.
    const plainOnly = await rawSocket(inject("baseUrl"), `CONNECT gh-2026-03-g5.snap.${DOMAIN}:443 HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(plainOnly).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/);
    expect(plainOnly).toMatch(/\r\nallow: GET, HEAD/);
  });
});

describe.each(["gh-2026-03-g5", "gh-2026-03"])("gh %s", (pin) => {
  const gh = ghFor(pin);
  const rest = restFor(pin);
  let org = "";
  let repo = "";
  let pulls: Array<Obj & { head: { sha: string }; base: { ref: string } }> = [];
  let issues: Obj[] = [];

  beforeAll(async () => {
    const orgs = await rest<Array<{ login: string }>>("user/orgs");
    org = orgs[0]!.login;
    const repos = await rest<Array<{ name: string; open_issues_count: number }>>(`orgs/${org}/repos?per_page=100`);
    // The repository with the most pull requests and issues: the widest outputs to compare.
    const counts = await Promise.all(
      repos.map(async (r) => ({ r, n: (await rest<unknown[]>(`repos/${org}/${r.name}/pulls?state=all&per_page=100`)).length })),
    );
    repo = counts.sort((a, b) => b.n - a.n || (a.r.name < b.r.name ? -1 : 1))[0]!.r.name;
    pulls = await rest(`repos/${org}/${repo}/pulls?state=all&per_page=100`);
    issues = (await rest<Array<Obj & { pull_request?: unknown }>>(`repos/${org}/${repo}/issues?state=all&per_page=100`)).filter(
      (i) => !i.pull_request,
    );
  }, 300_000);

  const R = () => ["-R", `${org}/${repo}`];
  const json = <T>(run: Run): T => {
    expect(run.stderr, run.stderr).toBe("");
    expect(run.code).toBe(0);
    return JSON.parse(run.stdout) as T;
  };

  it("gh api: the token's user, REST paginated to the end, and GraphQL paginated by cursor", async () => {
    const login = (await rest<{ login: string }>("user")).login;
    const me = await gh(["api", "user", "--jq", ".login"]);
    expect(me.stdout.trim()).toBe(login);
    const all = issues.length + pulls.length;
    const paged = await gh(["api", "--paginate", `repos/${org}/${repo}/issues?state=all&per_page=7`, "--jq", ".[].number"]);
    expect(paged.code).toBe(0);
    const numbers = paged.stdout.trim().split("\n").map(Number);
    expect(numbers.length).toBe(all);
    expect(new Set(numbers).size).toBe(all);
    const query =
      'query($endCursor: String) { repository(owner: "' +
      org +
      '", name: "' +
      repo +
      '") { issues(first: 3, after: $endCursor) { nodes { number title } pageInfo { hasNextPage endCursor } } } }';
    const graph = await gh(["api", "graphql", "--paginate", "-f", `query=${query}`, "--jq", ".data.repository.issues.nodes[].number"]);
    expect(graph.stderr).toBe("");
    expect(
      graph.stdout
        .trim()
        .split("\n")
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual(issues.map((i) => i.number).sort((a, b) => a - b));
  });

  it("gh repo list and view", async () => {
    const names = (await rest<Obj[]>(`orgs/${org}/repos?per_page=100`)).map((r) => r.name).sort();
    const listed = json<Obj[]>(await gh(["repo", "list", org, "-L", "200", "--json", "name"]));
    expect(listed.map((r) => r.name).sort()).toEqual(names);
    const detail = await rest<{ description: string; default_branch: string }>(`repos/${org}/${repo}`);
    const viewer = (await rest<{ login: string }>("user")).login;
    const role = (await rest<Array<{ login: string; role_name: string }>>(`repos/${org}/${repo}/collaborators`)).find(
      (c) => c.login === viewer,
    );
    const view = json<{ description: string; defaultBranchRef: { name: string }; viewerPermission: string; labels: Obj[] }>(
      await gh(["repo", "view", `${org}/${repo}`, "--json", "description,defaultBranchRef,viewerPermission,labels"]),
    );
    expect(view.description).toBe(detail.description);
    expect(view.defaultBranchRef.name).toBe(detail.default_branch);
    expect(view.viewerPermission).toBe(role ? role.role_name.toUpperCase() : "WRITE");
    const labels = (await rest<Obj[]>(`repos/${org}/${repo}/labels?per_page=100`)).map((l) => l.name).sort();
    expect(view.labels.map((l) => l.name).sort()).toEqual(labels);
    const plain = await gh(["repo", "view", `${org}/${repo}`]);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain(`name:\t${org}/${repo}`);
  });

  it("gh pr list, view, diff and checks", async () => {
    const listed = json<Obj[]>(await gh(["pr", "list", ...R(), "--state", "all", "-L", "500", "--json", "number,title"]));
    expect(listed.map((p) => `${p.number} ${p.title}`).sort()).toEqual(pulls.map((p) => `${p.number} ${p.title}`).sort());
    const pull = pulls[0]!;
    const commits = (await rest<Array<{ sha: string }>>(`repos/${org}/${repo}/pulls/${pull.number}/commits?per_page=100`)).map(
      (c) => c.sha,
    );
    const runs = (
      await rest<{ check_runs: Array<{ name: string }> }>(`repos/${org}/${repo}/commits/${pull.head.sha}/check-runs?per_page=100`)
    ).check_runs;
    const view = json<{ title: string; commits: Array<{ oid: string; authors: Array<{ email: string }> }>; statusCheckRollup: Obj[] }>(
      await gh(["pr", "view", String(pull.number), ...R(), "--json", "title,commits,statusCheckRollup"]),
    );
    expect(view.title).toBe(pull.title);
    expect(view.commits.map((c) => c.oid)).toEqual(commits);
    expect(view.commits.every((c) => c.authors.length === 1 && c.authors[0]!.email.includes("@"))).toBe(true);
    // The rollup holds the check runs (by `name`) and the latest status of each context (by `context`).
    const statuses = (await rest<{ statuses: Array<{ context: string }> }>(`repos/${org}/${repo}/commits/${pull.head.sha}/status`))
      .statuses;
    expect(view.statusCheckRollup.map((c) => String(c.name ?? c.context)).sort()).toEqual(
      [...runs.map((r) => r.name), ...statuses.map((x) => x.context)].sort(),
    );
    const human = await gh(["pr", "view", String(pull.number), ...R()]);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain(`title:\t${pull.title}`);

    const files = await rest<Array<{ filename: string; previous_filename?: string }>>(
      `repos/${org}/${repo}/pulls/${pull.number}/files?per_page=100`,
    );
    const diff = await gh(["pr", "diff", String(pull.number), ...R(), "--color", "never"]);
    expect(diff.code).toBe(0);
    const headers = diff.stdout.split("\n").filter((l) => l.startsWith("diff --git "));
    expect(headers).toEqual(files.map((f) => `diff --git a/${f.previous_filename ?? f.filename} b/${f.filename}`));

    const checks = await gh(["pr", "checks", String(pull.number), ...R()]);
    expect(checks.stderr).toBe("");
    const named = checks.stdout
      .trim()
      .split("\n")
      .map((l) => l.split("\t")[0]);
    // `gh pr checks` lists the rollup: every check run and every status context.
    expect(named.sort()).toEqual([...runs.map((r) => r.name), ...statuses.map((x) => x.context)].sort());
  });

  it("gh api with GitHub's patch and diff media types, on a pull request and on a commit", async () => {
    const pull = pulls[0]!;
    const commits = await rest<Array<{ sha: string; commit: { message: string } }>>(
      `repos/${org}/${repo}/pulls/${pull.number}/commits?per_page=100`,
    );
    const patch = await gh(["api", "-i", "-H", "Accept: application/vnd.github.patch", `repos/${org}/${repo}/pulls/${pull.number}`]);
    expect(patch.code).toBe(0);
    // `gh api -i`: the status line and headers, a blank line, the body.
    const cut = patch.stdout.search(/\r?\n\r?\n/);
    const head = patch.stdout.slice(0, cut);
    const body = patch.stdout.slice(cut);
    expect(head).toMatch(/^Content-Type: text\/plain; charset=utf-8$/im);
    expect(head).toMatch(/^X-Github-Media-Type: github\.v3; param=patch$/im);
    expect(head).toMatch(/^X-Oauth-Scopes: .*\brepo\b/im);
    const mails = [...body.matchAll(/^From ([0-9a-f]{40}) Mon Sep 17 00:00:00 2001$/gm)].map((m) => m[1]);
    expect(mails).toEqual(commits.map((c) => c.sha));
    const subjects = [...body.matchAll(/^Subject: \[PATCH(?: \d+\/\d+)?\] (.*)$/gm)].map((m) => m[1]);
    expect(subjects).toEqual(commits.map((c) => c.commit.message.split("\n")[0]));
    const last = commits.at(-1)!.sha;
    const files = (await rest<{ files: Array<{ filename: string; previous_filename?: string }> }>(`repos/${org}/${repo}/commits/${last}`))
      .files;
    const diff = await gh(["api", "-H", "Accept: application/vnd.github.diff", `repos/${org}/${repo}/commits/${last}`]);
    expect(diff.stdout.split("\n").filter((l) => l.startsWith("diff --git "))).toEqual(
      files.map((f) => `diff --git a/${f.previous_filename ?? f.filename} b/${f.filename}`),
    );
  });

  it("gh pr status", async () => {
    const status = await gh(["pr", "status", ...R()]);
    expect(status.stderr).toBe("");
    expect(status.code).toBe(0);
    expect(status.stdout).toContain(`Relevant pull requests in ${org}/${repo}`);
  });

  it("gh issue list and view, of an issue and of a pull request's number", async () => {
    const listed = json<Obj[]>(await gh(["issue", "list", ...R(), "--state", "all", "-L", "500", "--json", "number,title"]));
    expect(listed.map((i) => `${i.number} ${i.title}`).sort()).toEqual(issues.map((i) => `${i.number} ${i.title}`).sort());
    const issue = issues[0]!;
    const comments = await rest<unknown[]>(`repos/${org}/${repo}/issues/${issue.number}/comments?per_page=100`);
    const view = json<{ title: string; comments: unknown[] }>(
      await gh(["issue", "view", String(issue.number), ...R(), "--json", "title,comments"]),
    );
    expect(view.title).toBe(issue.title);
    expect(view.comments.length).toBe(comments.length);
    // issueOrPullRequest { ...on Issue { state } ...on PullRequest { state } }: GitHub executes it.
    const onPull = await gh(["issue", "view", String(pulls[0]!.number), ...R()]);
    expect(onPull.stderr).toBe("");
    expect(onPull.stdout).toContain(`title:\t${pulls[0]!.title}`);
  });

  it("gh release list and view", async () => {
    const releases = await rest<Array<{ tag_name: string; name: string }>>(`repos/${org}/${repo}/releases?per_page=100`);
    const listed = await gh(["release", "list", ...R(), "-L", "200"]);
    expect(listed.code).toBe(0);
    expect(
      listed.stdout
        .trim()
        .split("\n")
        .map((l) => l.split("\t")[2]),
    ).toEqual(releases.map((r) => r.tag_name));
    if (releases.length) {
      const view = json<{ tagName: string; name: string }>(
        await gh(["release", "view", releases[0]!.tag_name, ...R(), "--json", "tagName,name"]),
      );
      expect(view).toMatchObject({ tagName: releases[0]!.tag_name, name: releases[0]!.name });
    }
  });

  it("gh label list", async () => {
    const labels = await rest<Array<{ name: string; color: string }>>(`repos/${org}/${repo}/labels?per_page=100`);
    const listed = json<Array<{ name: string; color: string }>>(await gh(["label", "list", ...R(), "--json", "name,color"]));
    expect(listed.map((l) => `${l.name} ${l.color}`)).toEqual(labels.map((l) => `${l.name} ${l.color}`));
  });

  it("gh search issues and prs", async () => {
    const search = async (type: string) =>
      (
        await rest<{ total_count: number; items: Obj[] }>(
          `search/issues?q=${encodeURIComponent(`org:${org} type:${type} state:open`)}&per_page=100`,
        )
      ).items;
    const openIssues = await search("issue");
    const foundIssues = json<Obj[]>(
      await gh(["search", "issues", "--owner", org, "--state", "open", "-L", "100", "--json", "number,title"]),
    );
    expect(foundIssues.map((i) => i.title).sort()).toEqual(openIssues.map((i) => i.title).sort());
    const openPulls = await search("pr");
    const foundPulls = json<Obj[]>(await gh(["search", "prs", "--owner", org, "--state", "open", "-L", "100", "--json", "number,title"]));
    expect(foundPulls.map((p) => p.title).sort()).toEqual(openPulls.map((p) => p.title).sort());
    expect(foundPulls.length).toBeGreaterThan(0);
  });

  it("gh run view of a workflow run", async () => {
    const runs = (
      await rest<{ workflow_runs: Array<{ id: number; display_title: string; head_branch: string }> }>(
        `repos/${org}/${repo}/actions/runs?per_page=5`,
      )
    ).workflow_runs;
    const run = runs[0]!;
    const view = json<{ databaseId: number; displayTitle: string; headBranch: string }>(
      await gh(["run", "view", String(run.id), ...R(), "--json", "databaseId,displayTitle,headBranch"]),
    );
    expect(view).toEqual({ databaseId: run.id, displayTitle: run.display_title, headBranch: run.head_branch });
  });

  it("gh run list, of the repository and of one workflow by name (both send exclude_pull_requests=true)", async () => {
    type ListedRun = { databaseId: number; displayTitle: string; headBranch: string; workflowName: string; conclusion: string };
    const runs = (
      await rest<{ workflow_runs: Array<{ id: number; display_title: string; head_branch: string; name: string; conclusion: string }> }>(
        `repos/${org}/${repo}/actions/runs?per_page=30`,
      )
    ).workflow_runs;
    const want = runs.map((r) => `${r.id} ${r.display_title} ${r.head_branch} ${r.name} ${r.conclusion}`);
    const fields = ["--json", "databaseId,displayTitle,headBranch,workflowName,conclusion"];
    const show = (listed: ListedRun[]) =>
      listed.map((r) => `${r.databaseId} ${r.displayTitle} ${r.headBranch} ${r.workflowName} ${r.conclusion}`);
    expect(show(json<ListedRun[]>(await gh(["run", "list", ...R(), "-L", "30", ...fields])))).toEqual(want);
    const workflow = (await rest<{ workflows: Array<{ name: string }> }>(`repos/${org}/${repo}/actions/workflows`)).workflows[0]!;
    const byName = json<ListedRun[]>(await gh(["run", "list", ...R(), "-L", "30", "--workflow", workflow.name, ...fields]));
    expect(show(byName)).toEqual(want.filter((_, i) => runs[i]!.name === workflow.name));
    expect(byName.length).toBeGreaterThan(0);
    // The table form, as a user reads it: one line per run, the run's id in it.
    const table = await gh(["run", "list", ...R(), "-L", "5"]);
    expect(table.code, table.stderr).toBe(0);
    expect(
      table.stdout
        .trim()
        .split("\n")
        .map((l) => l.split("\t").find((f) => /^\d+$/.test(f))),
    ).toEqual(runs.slice(0, 5).map((r) => String(r.id)));
  });

  it("gh repo clone: the default branch's history where the pin serves git, GitHub's not-found where it does not", async () => {
    const branch = await rest<{ commit: { sha: string } }>(`repos/${org}/${repo}/branches/main`);
    const into = join(work, `clone-${pin}`);
    const clone = await gh(["repo", "clone", `${org}/${repo}`, into]);
    if (pin === "gh-2026-03-g5") {
      expect(clone.code, clone.stderr).toBe(0);
      const head = spawnSync("git", ["-C", into, "rev-parse", "HEAD"], { encoding: "utf8" }).stdout.trim();
      expect(head).toBe(branch.commit.sha);
      expect(readdirSync(into)).toContain("README.md");
    } else {
      // Generation 1 has no repository files (README): git gets the 404 GitHub gives a repository it cannot see.
      expect(clone.code).not.toBe(0);
      expect(clone.stderr).toMatch(/not found|404/i);
    }
  });
});
