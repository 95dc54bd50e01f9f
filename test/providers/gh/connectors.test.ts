import { isoSeconds } from "../../../generator/world/clock.js";
import { describe, expect, inject, it } from "vitest";
import { loadCatalog } from "../../../generator/catalog/index.js";
import { buildWorld, loadTemplates } from "../../../generator/world/index.js";
import { GitHubOpenApi } from "./openapi.js";

/**
 * Issue 12: the GitHub REST requests of two connectors, replayed as each spells them (path, parameters,
 * pagination) against the built pins, with the fields each reads checked against the world:
 *
 * - Apache DevLake's github plugin, backend/plugins/github/tasks/*_collector.go: its ApiCollector sends
 *   `page` and `per_page=100` on every request (plus each collector's own parameters) and, where the
 *   collector sets GetTotalPages: GetTotalPagesFromResponse, reads the page count from the Link header's
 *   rel="last" and requests every page; otherwise it pages until a short page.
 * - Airbyte's source-github, airbyte-integrations/connectors/source-github/source_github/streams.py:
 *   `per_page=100` (constants.DEFAULT_PAGE_SIZE) and each stream's stream_base_params, then the `page`
 *   of rel="next" (GithubStreamABC.next_page_token).
 *
 * Requests already replayed elsewhere are not repeated: token-holder discovery and the repository-wide
 * comment and event lists in discovery.test.ts, issues/commits/runs incremental syncs in queries.test.ts.
 * The search API, the activity feed and compare, which no collector above calls, are checked here too
 * (issue 12's list), each against the lists it searches.
 */
const baseUrl = inject("baseUrl");
const catalog = loadCatalog("catalog.yaml");
const openapi = new GitHubOpenApi();

type Item = Record<string, any>;

async function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await fetch(url, { headers });
  const text = await res.text();
  return { status: res.status, body: text === "" ? undefined : JSON.parse(text), headers: res.headers };
}

function rel(link: string | null, name: string): string | undefined {
  return link
    ?.split(", ")
    .map((part) => /^<([^>]+)>; rel="(\w+)"$/.exec(part))
    .find((m) => m?.[2] === name)?.[1];
}

/** The page of a Link URL, as Airbyte's next_page_token and DevLake's GetTotalPagesFromResponse read it. */
const pageOf = (url: string | undefined) => (url === undefined ? undefined : Number(new URL(url).searchParams.get("page")));

/** Validates a page against @octokit/openapi's response schema for its path. */
function valid(url: string, body: unknown): void {
  const problem = openapi.validate(new URL(url).pathname.replace(/^\/[^/]+/, ""), body);
  expect(problem && `${problem.template}: ${problem.errors.slice(0, 400)}`, url).toBeUndefined();
}

describe.each(["gh-2026-03", "gh-2026-03-g5"])("GitHub connector requests on %s", (pinName) => {
  const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
  const skip = only !== undefined && !only.includes(pinName);
  const pin = catalog.pins.find((p) => p.name === pinName)!;
  const generation = catalog.generations.get(pin.generation)!;
  const world = skip ? undefined! : buildWorld(generation, { render: loadTemplates("templates/repo") });
  const org = world?.company.slug;
  const api = `${baseUrl}/${pinName}`;
  const busiest = world && [...world.repos].sort((a, b) => b.pulls.length + b.issues.length - a.pulls.length - a.issues.length)[0]!;
  const repo = busiest && `${api}/repos/${org}/${busiest.name}`;
  const login = (id: number) => world.people.find((p) => p.id === id)!.handles.github;

  /** DevLake's ApiCollector with GetTotalPagesFromResponse: page 1, the Link header's last page, then every page. */
  async function devlake(path: string, params: string, envelope?: string): Promise<Item[]> {
    const url = (page: number) => `${path}?${params}${params ? "&" : ""}page=${page}&per_page=100`;
    const first = await get(url(1));
    expect(first.status, url(1)).toBe(200);
    valid(url(1), first.body);
    const pages = pageOf(rel(first.headers.get("link"), "last")) ?? 1;
    const out: Item[] = [...(envelope ? first.body[envelope] : first.body)];
    for (let page = 2; page <= pages; page++) {
      const reply = await get(url(page));
      expect(reply.status, url(page)).toBe(200);
      out.push(...(envelope ? reply.body[envelope] : reply.body));
    }
    return out;
  }

  /** Airbyte's GithubStreamABC: per_page=100 and the stream's params, then `page` from rel="next". */
  async function airbyte(
    path: string,
    params: Record<string, string> = {},
    envelope?: string,
    headers: Record<string, string> = {},
  ): Promise<Item[]> {
    const out: Item[] = [];
    for (let page: number | undefined, n = 0; ; n++) {
      const q = new URLSearchParams({ per_page: "100", ...(page ? { page: String(page) } : {}), ...params });
      const url = `${path}?${q}`;
      const reply = await get(url, { "user-agent": "PostmanRuntime/7.28.0", ...headers });
      expect(reply.status, url).toBe(200);
      valid(url, reply.body);
      out.push(...(envelope ? reply.body[envelope] : reply.body));
      page = pageOf(rel(reply.headers.get("link"), "next"));
      if (page === undefined) return out;
      expect(n).toBeLessThan(100);
    }
  }

  it.skipIf(skip)(
    "DevLake pr_collector, pr_commit_collector, pr_review_collector: pulls newest first, then each pull's detail, commits and reviews",
    async () => {
      // tasks/pr_collector.go: repos/{name}/pulls?state=all&direction=desc&page=&per_page=100 (a stateful
      // collector: newest first until createdAfter), then repos/{name}/pulls/{number} for each.
      const pulls = await devlake(`${repo}/pulls`, "state=all&direction=desc");
      expect(pulls.map((p) => p.number)).toStrictEqual([...busiest.pulls].reverse().map((p) => p.number));
      const createdAfter = busiest.pulls[Math.floor(busiest.pulls.length / 2)]!.createdAt;
      const recent = busiest.pulls.filter((p) => p.createdAt >= createdAfter);
      for (const pr of recent.slice(-6)) {
        const detail = (await get(`${repo}/pulls/${pr.number}`)).body;
        // Fields the collector's extractor reads (tasks/pr_extractor.go, GithubApiPullRequest).
        expect([
          detail.id,
          detail.number,
          detail.state,
          detail.title,
          detail.user.login,
          detail.merge_commit_sha ?? null,
          detail.merged_at ?? null,
          detail.head.ref,
          detail.base.sha,
          detail.additions,
          detail.deletions,
        ]).toStrictEqual([
          pr.id,
          pr.number,
          pr.state,
          pr.title,
          login(pr.authorId),
          pr.mergeCommitSha ?? null,
          pr.mergedAt === undefined ? null : new Date(pr.mergedAt).toISOString().replace(".000Z", "Z"),
          pr.headBranch,
          pr.baseSha,
          pr.files.reduce((n, f) => n + f.additions, 0),
          pr.files.reduce((n, f) => n + f.deletions, 0),
        ]);
        // tasks/pr_commit_collector.go: repos/{name}/pulls/{number}/commits?state=all&page=&direction=asc&per_page=100.
        const commits = await devlake(`${repo}/pulls/${pr.number}/commits`, "state=all&direction=asc");
        expect(commits.map((c) => `${c.sha} ${c.commit.author.email} ${c.commit.message.split("\n")[0]}`)).toStrictEqual(
          pr.commits.map((c) => `${c.sha} ${world.people.find((p) => p.id === c.authorId)!.email} ${c.message.split("\n")[0]}`),
        );
        // tasks/pr_review_collector.go: repos/{name}/pulls/{number}/reviews?page=&direction=asc&per_page=100.
        const reviews = await devlake(`${repo}/pulls/${pr.number}/reviews`, "direction=asc");
        expect(reviews.map((r) => `${r.id} ${r.user.login} ${r.state} ${r.commit_id}`)).toStrictEqual(
          pr.reviews.map((r) => `${r.id} ${login(r.reviewerId)} ${r.state} ${r.commitSha}`),
        );
      }
    },
  );

  it.skipIf(skip)("DevLake commit_collector and commit_stats_collector: the default branch, then each commit's stats", async () => {
    // tasks/commit_collector.go: repos/{name}/commits?state=all&direction=asc&page=&per_page=100 (since when incremental).
    const commits = await devlake(`${repo}/commits`, "state=all&direction=asc");
    expect(commits.map((c) => c.sha)).toStrictEqual([...busiest.mainCommits].reverse().map((c) => c.sha));
    // tasks/commit_stats_collector.go: repos/{name}/commits/{sha}?state=all&direction=asc&page=1&per_page=100: stats and files.
    for (const c of busiest.mainCommits.slice(-5)) {
      const reply = await get(`${repo}/commits/${c.sha}?state=all&direction=asc&page=1&per_page=100`);
      expect(reply.status).toBe(200);
      const additions = c.files.reduce((n, f) => n + f.additions, 0),
        deletions = c.files.reduce((n, f) => n + f.deletions, 0);
      expect([reply.body.stats.additions, reply.body.stats.deletions, reply.body.files.map((f: Item) => f.filename)]).toStrictEqual([
        additions,
        deletions,
        c.files.map((f) => f.path),
      ]);
    }
  });

  it.skipIf(skip)("DevLake cicd_run_collector and cicd_job_collector: runs in created windows, then every run's jobs", async () => {
    // tasks/cicd_run_collector.go: repos/{name}/actions/runs?created=<from>..<to>&page=&per_page=100; the
    // window is bisected while total_count exceeds 1000 (never here).
    const from = new Date(world.start).toISOString().replace(".000Z", "Z"),
      to = new Date(world.asOf).toISOString().replace(".000Z", "Z");
    const first = await get(`${repo}/actions/runs?created=${from}..${to}&page=1&per_page=100`);
    expect(first.body.total_count).toBe(busiest.runs.length);
    const runs = await devlake(`${repo}/actions/runs`, `created=${from}..${to}`, "workflow_runs");
    expect(runs.map((r) => r.id).sort((a, b) => a - b)).toStrictEqual(busiest.runs.map((r) => r.id).sort((a, b) => a - b));
    // tasks/cicd_job_collector.go: repos/{name}/actions/runs/{id}/jobs?page=&per_page=100, GetTotalPagesFromResponse.
    for (const run of busiest.runs.slice(-8)) {
      const jobs = await devlake(`${repo}/actions/runs/${run.id}/jobs`, "", "jobs");
      expect(jobs.map((j) => `${j.id} ${j.run_id} ${j.name} ${j.status} ${j.conclusion} ${j.head_sha}`)).toStrictEqual(
        run.jobs.map((j) => `${j.id} ${run.id} ${j.name} ${j.status} ${j.conclusion} ${run.headSha}`),
      );
    }
  });

  it.skipIf(skip)("DevLake account_collector and milestone_collector", async () => {
    // tasks/account_collector.go: /users/{login} for every account met; reads login, id, name, email, avatar_url, html_url.
    for (const p of world.people.slice(0, 5)) {
      const u = (await get(`${api}/users/${p.handles.github}`)).body;
      expect([u.login, u.name, typeof u.id, u.type]).toStrictEqual([p.handles.github, p.name, "number", "User"]);
    }
    // tasks/milestone_collector.go: repos/{name}/milestones?state=all&direction=asc&page=&per_page=100; reads
    // number, title, state, due_on, closed_at, open_issues and closed_issues. Due date ascending, every one.
    const milestones = await devlake(`${repo}/milestones`, "state=all&direction=asc");
    expect(milestones.map((m) => `${String(m.number)} ${String(m.state)} ${String(m.due_on)}`)).toStrictEqual(
      [...busiest.milestones]
        .sort((a, b) => a.dueOn - b.dueOn)
        .map((m) => `${m.number} ${m.closedAt === undefined ? "open" : "closed"} ${isoSeconds(m.dueOn)}`),
    );
  });

  it.skipIf(skip)("Airbyte org streams: Organizations, Repositories, Teams, Users, TeamMembers, TeamMemberships", async () => {
    // streams.py Organizations: orgs/{org}.
    const o = (await get(`${api}/orgs/${org}`)).body;
    expect(o.login).toBe(org);
    // streams.py Repositories: orgs/{org}/repos with sort=updated, direction=desc (is_sorted desc).
    const repos = await airbyte(`${api}/orgs/${org}/repos`, { sort: "updated", direction: "desc" });
    expect(repos.map((r) => r.name).sort()).toStrictEqual(world.repos.map((r) => r.name).sort());
    expect(repos.map((r) => r.updated_at)).toStrictEqual(
      repos
        .map((r) => r.updated_at)
        .sort()
        .reverse(),
    );
    // streams.py Teams, Users: orgs/{org}/teams, orgs/{org}/members.
    const teams = await airbyte(`${api}/orgs/${org}/teams`);
    expect(teams.map((t) => t.slug)).toStrictEqual(world.teams.map((t) => t.slug));
    expect((await airbyte(`${api}/orgs/${org}/members`)).length).toBe(world.people.length);
    // streams.py TeamMembers then TeamMemberships: orgs/{org}/teams/{slug}/memberships/{login} (primary key url).
    for (const team of world.teams.slice(0, 3)) {
      const members = await airbyte(`${api}/orgs/${org}/teams/${team.slug}/members`);
      expect(members.map((m) => m.login)).toStrictEqual(team.memberIds.map(login));
      for (const m of members) {
        const url = `${api}/orgs/${org}/teams/${team.slug}/memberships/${m.login}`;
        const reply = await get(url);
        expect(reply.status, url).toBe(200);
        valid(url, reply.body);
        expect([reply.body.state, reply.body.role]).toStrictEqual(["active", m.login === login(team.leadId) ? "maintainer" : "member"]);
        expect((await get(reply.body.url)).body).toStrictEqual(reply.body);
      }
    }
  });

  it.skipIf(skip)(
    "Airbyte repository streams: IssueLabels, Branches, Releases, Deployments, Workflows, " +
      "WorkflowRuns, WorkflowJobs, PullRequests, PullRequestCommits",
    async () => {
      // streams.py IssueLabels: repos/{repo}/labels.
      const labels = await airbyte(`${repo}/labels`);
      expect(labels.map((l) => `${l.name} ${l.color}`)).toStrictEqual(world.labels.map((l) => `${l.name} ${l.color}`));
      // streams.py Branches (primary key repository+name).
      expect((await airbyte(`${repo}/branches`)).map((b) => b.name)).toStrictEqual(busiest.branches.map((b) => b.name));
      // streams.py Releases (cursor created_at), Deployments (cursor updated_at).
      expect((await airbyte(`${repo}/releases`)).map((r) => r.tag_name)).toStrictEqual([...busiest.releases].reverse().map((r) => r.tag));
      expect((await airbyte(`${repo}/deployments`)).map((d) => d.id)).toStrictEqual([...busiest.deployments].reverse().map((d) => d.id));
      // streams.py Workflows: repos/{repo}/actions/workflows, records under `workflows`.
      expect((await airbyte(`${repo}/actions/workflows`, {}, "workflows")).map((w) => w.path)).toStrictEqual([".github/workflows/ci.yml"]);
      // streams.py WorkflowRuns (newest first by created_at, records under workflow_runs), then WorkflowJobs with filter=all.
      const runs = await airbyte(`${repo}/actions/runs`, {}, "workflow_runs");
      expect(runs.map((r) => r.created_at)).toStrictEqual(
        runs
          .map((r) => r.created_at)
          .sort()
          .reverse(),
      );
      for (const run of runs.slice(0, 4)) {
        const jobs = await airbyte(`${repo}/actions/runs/${run.id}/jobs`, { filter: "all" }, "jobs");
        expect(jobs.map((j) => j.run_id)).toStrictEqual(busiest.runs.find((r) => r.id === run.id)!.jobs.map(() => run.id));
      }
      // streams.py PullRequests: state=all, sort=updated, direction=asc on the first read (desc once state exists).
      const asc = await airbyte(`${repo}/pulls`, { state: "all", sort: "updated", direction: "asc" });
      expect(asc.map((p) => p.updated_at)).toStrictEqual(asc.map((p) => p.updated_at).sort());
      const desc = await airbyte(`${repo}/pulls`, { state: "all", sort: "updated", direction: "desc" });
      expect(desc.map((p) => p.number).sort((a, b) => a - b)).toStrictEqual(asc.map((p) => p.number).sort((a, b) => a - b));
      // streams.py PullRequestCommits: repos/{repo}/pulls/{number}/commits.
      const pr = busiest.pulls.at(-1)!;
      expect((await airbyte(`${repo}/pulls/${pr.number}/commits`)).map((c) => c.sha)).toStrictEqual(pr.commits.map((c) => c.sha));
    },
  );

  it.skipIf(skip)(
    "Airbyte IssueTimelineEvents: every issue's and pull request's timeline, oldest first, collapsed by event type",
    async () => {
      // streams.py IssueTimelineEvents: repos/{repo}/issues/{number}/timeline for each record of the Issues
      // stream (pull requests included), per_page=100 then rel="next"; parse_response (now
      // IssueTimelineEventsExtractor, components.py) keeps the last event of each `event` per page.
      const threads = [...busiest.pulls, ...busiest.issues]
        .sort((a, b) => b.comments.length + b.events.length - a.comments.length - a.events.length)
        .slice(0, 6);
      for (const t of threads) {
        const items = await airbyte(`${repo}/issues/${t.number}/timeline`);
        const isPull = "headBranch" in t;
        const count = (event: string) => items.filter((i) => i.event === event).length;
        expect(count("commented")).toBe(t.comments.length);
        expect(
          items.filter((i) => !["commented", "committed", "reviewed", "line-commented"].includes(i.event)).map((i) => `${i.id} ${i.event}`),
        ).toStrictEqual(
          [...t.events].sort((a, b) => Math.floor(a.createdAt / 1000) - Math.floor(b.createdAt / 1000)).map((e) => `${e.id} ${e.event}`),
        );
        if (isPull) {
          expect(items.filter((i) => i.event === "committed").map((i) => i.sha)).toStrictEqual(t.commits.map((c) => c.sha));
          expect(items.filter((i) => i.event === "reviewed").map((i) => i.id)).toStrictEqual(t.reviews.map((r) => r.id));
          expect(items.filter((i) => i.event === "line-commented").flatMap((i) => i.comments.map((c: Item) => c.id))).toStrictEqual(
            t.reviews.flatMap((r) => r.comments.map((c) => c.id)),
          );
        } else expect(count("committed") + count("reviewed") + count("line-commented")).toBe(0);
        // Oldest first, by each kind's own time field.
        const at = (i: Item) => Date.parse(i.committer?.date ?? i.submitted_at ?? i.comments?.[0].created_at ?? i.created_at);
        const times = items.map(at);
        expect(times.every((x) => Number.isFinite(x))).toBe(true);
        expect(times).toStrictEqual([...times].sort((a, b) => a - b));
        // Comments carry their author as `actor`; the collapsed record has one key per event type.
        for (const c of items.filter((i) => i.event === "commented")) expect(c.actor).toStrictEqual(c.user);
        const record = Object.fromEntries(items.map((i) => [i.event, i]));
        expect(Object.keys(record).sort()).toStrictEqual([...new Set(items.map((i) => i.event))].sort());
        // `exclude` (GitHub's comma-separated event names) leaves out exactly those.
        const rest = await airbyte(`${repo}/issues/${t.number}/timeline`, { exclude: "commented,committed" });
        expect(JSON.stringify(rest)).toBe(JSON.stringify(items.filter((i) => i.event !== "commented" && i.event !== "committed")));
      }
      // Each issue's `timeline_url` is this list.
      const issue = (await get(`${repo}/issues/${threads[0]!.number}`)).body;
      expect((await get(issue.timeline_url)).status).toBe(200);
    },
  );

  it.skipIf(skip)("Airbyte ContributorActivity: stats/contributors, each author's commits by week", async () => {
    // streams.py ContributorActivity: repos/{repo}/stats/contributors with X-GitHub-Api-Version 2022-11-28;
    // reads author (flattened into the record), total and weeks (w, a, d, c).
    const url = `${repo}/stats/contributors`;
    const reply = await get(url, { accept: "application/vnd.github+json", "x-github-api-version": "2022-11-28" });
    expect(reply.status).toBe(200);
    valid(url, reply.body);
    const counts = new Map<string, number>();
    for (const c of busiest.mainCommits) counts.set(login(c.authorId), (counts.get(login(c.authorId)) ?? 0) + 1);
    expect(Object.fromEntries(reply.body.map((r: Item) => [r.author.login, r.total]))).toStrictEqual(Object.fromEntries(counts));
    expect(reply.body.map((r: Item) => r.total)).toStrictEqual(reply.body.map((r: Item) => r.total).sort((a: number, b: number) => a - b));
    for (const r of reply.body as Item[]) {
      expect(r.weeks.reduce((n: number, w: Item) => n + w.c, 0)).toBe(r.total);
      expect(r.weeks.every((w: Item) => new Date(w.w * 1000).getUTCDay() === 0 && w.w % 86_400 === 0)).toBe(true);
    }
    const additions = busiest.mainCommits.reduce((n, c) => n + c.files.reduce((m, f) => m + f.additions, 0), 0);
    expect((reply.body as Item[]).reduce((n, r) => n + r.weeks.reduce((m: number, w: Item) => m + w.a, 0), 0)).toBe(additions);
  });

  it.skipIf(skip)("Airbyte Events: the repository's activity feed, newest first, GitHub's 300-event and 90-day window", async () => {
    // streams.py Events (cursor created_at): repos/{repo}/events?per_page=100, then rel="next".
    const events = await airbyte(`${repo}/events`);
    const first = await get(`${repo}/events`);
    expect(first.headers.get("x-poll-interval")).toBe("60");
    expect(first.body.length).toBe(Math.min(30, events.length));
    expect(events.length).toBeGreaterThan(0);
    expect(events.length).toBeLessThanOrEqual(300);
    const times = events.map((e) => Date.parse(e.created_at));
    expect(times).toStrictEqual([...times].sort((a, b) => b - a));
    expect(Math.min(...times)).toBeGreaterThanOrEqual(world.asOf - 90 * 86_400_000);
    expect(Math.max(...times)).toBeLessThanOrEqual(world.asOf);
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    expect(
      events.every(
        (e) => typeof e.id === "string" && e.repo.name === `${org}/${busiest.name}` && e.org.login === org && e.public === false,
      ),
    ).toBe(true);
    const handles = new Set(world.people.map((p) => p.handles.github));
    expect(events.every((e) => handles.has(e.actor.login))).toBe(true);
    // Each event names what the other lists serve: pushes name commits, pull request events name pulls.
    const shas = new Set([...busiest.mainCommits, ...busiest.pulls.flatMap((p) => p.commits)].map((c) => c.sha));
    const numbers = new Set([...busiest.pulls, ...busiest.issues].map((t) => t.number));
    for (const e of events) {
      if (e.type === "PushEvent") expect(shas.has(e.payload.head), e.id).toBe(true);
      if (e.type === "PullRequestEvent" || e.type === "PullRequestReviewEvent")
        expect(numbers.has(e.payload.pull_request.number), e.id).toBe(true);
      if (e.type === "IssuesEvent" || e.type === "IssueCommentEvent") expect(numbers.has(e.payload.issue.number), e.id).toBe(true);
    }
    // Every pull request opened within the window is in the feed, unless the feed is full.
    const windowStart = Math.min(...times);
    const opened = busiest.pulls
      .filter((p) => p.createdAt > windowStart)
      .map((p) => p.number)
      .sort((a, b) => a - b);
    const inside = events.filter((e) => Date.parse(e.created_at) > windowStart);
    expect(
      inside
        .filter((e) => e.type === "PullRequestEvent" && e.payload.action === "opened")
        .map((e) => e.payload.pull_request.number)
        .sort((a: number, b: number) => a - b),
    ).toStrictEqual(opened);
    const released = busiest.releases
      .filter((r) => r.publishedAt > windowStart)
      .map((r) => r.tag)
      .sort();
    expect(
      inside
        .filter((e) => e.type === "ReleaseEvent")
        .map((e) => e.payload.release.tag_name)
        .sort(),
    ).toStrictEqual(released);
    // The org's public feed is empty (every repository is private); the token holder sees their own events.
    expect((await get(`${api}/orgs/${org}/events`)).body).toStrictEqual([]);
    const admin = world.people.find((p) => p.admin)!;
    const mine = await airbyte(`${api}/users/${admin.handles.github}/events`);
    expect(mine.every((e) => e.actor.login === admin.handles.github)).toBe(true);
  });

  it.skipIf(skip)(
    "search/issues: q qualifiers evaluated over the org's issues and pull requests, sorted and paged as GitHub does",
    async () => {
      const threads = world.repos.flatMap((r) => [
        ...r.pulls.map((p) => ({ r, t: p, pr: true })),
        ...r.issues.map((i) => ({ r, t: i, pr: false })),
      ]);
      const search = async (q: string, extra: Record<string, string> = {}) => airbyte(`${api}/search/issues`, { q, ...extra }, "items");
      const key = (items: Item[]) => items.map((i) => `${i.repository_url.split("/").pop()}#${i.number}`).sort();
      const want = (pick: (x: (typeof threads)[number]) => boolean) =>
        threads
          .filter(pick)
          .map((x) => `${x.r.name}#${x.t.number}`)
          .sort();
      expect(key(await search(`repo:${org}/${busiest.name} is:pr is:merged`))).toStrictEqual(
        want((x) => x.r === busiest && x.pr && (x.t as { mergedAt?: number }).mergedAt !== undefined),
      );
      expect(key(await search(`org:${org} is:issue is:open`))).toStrictEqual(want((x) => !x.pr && x.t.state === "open"));
      const day = new Date(world.asOf - 30 * 86_400_000).toISOString().slice(0, 10);
      expect(key(await search(`org:${org} type:pr updated:>=${day}`))).toStrictEqual(want((x) => x.pr && x.t.updatedAt >= Date.parse(day)));
      const a = new Date(world.asOf - 60 * 86_400_000).toISOString().slice(0, 10),
        b = new Date(world.asOf - 45 * 86_400_000).toISOString().slice(0, 10);
      expect(key(await search(`repo:${org}/${busiest.name} created:${a}..${b}`))).toStrictEqual(
        want((x) => x.r === busiest && x.t.createdAt >= Date.parse(a) && x.t.createdAt < Date.parse(b) + 86_400_000),
      );
      const author = busiest.pulls[0]!.authorId;
      expect(key(await search(`is:pr author:${login(author)} repo:${org}/${busiest.name}`))).toStrictEqual(
        want((x) => x.r === busiest && x.pr && x.t.authorId === author),
      );
      const label = world.labels.find((l) => !l.name.includes(" "))!.name;
      const labelled = (x: (typeof threads)[number]) => ("labels" in x.t ? x.t.labels : []).includes(label);
      expect(key(await search(`org:${org} label:${label}`))).toStrictEqual(want(labelled));
      expect(key(await search(`org:${org} -label:${label} is:issue`))).toStrictEqual(want((x) => !x.pr && !labelled(x)));
      // sort/order; per_page above 100 is clamped; order without sort is ignored.
      const byUpdated = await search(`repo:${org}/${busiest.name}`, { sort: "updated", order: "asc" });
      expect(byUpdated.map((i) => i.updated_at)).toStrictEqual(byUpdated.map((i) => i.updated_at).sort());
      const page = await get(`${api}/search/issues?q=${encodeURIComponent(`org:${org}`)}&per_page=500`);
      expect([page.body.total_count, page.body.items.length, page.body.incomplete_results]).toStrictEqual([
        threads.length,
        Math.min(100, threads.length),
        false,
      ]);
      expect(page.body.items.every((i: Item) => i.score === 1)).toBe(true);
      const plain = await get(`${api}/search/issues?q=${encodeURIComponent(`repo:${org}/${busiest.name}`)}`);
      expect((await get(`${api}/search/issues?q=${encodeURIComponent(`repo:${org}/${busiest.name}`)}&order=asc`)).body).toStrictEqual(
        plain.body,
      );
      // GitHub's 422 without q.
      const missing = await get(`${api}/search/issues?per_page=10`);
      expect([missing.status, missing.body.message, missing.body.errors]).toStrictEqual([
        422,
        "Validation Failed",
        [{ resource: "Search", field: "q", code: "missing" }],
      ]);
    },
  );

  it.skipIf(skip)("search/repositories and search/commits agree with the lists they search", async () => {
    const repos = await airbyte(`${api}/search/repositories`, { q: `org:${org}` }, "items");
    expect(repos.map((r) => r.full_name).sort()).toStrictEqual(world.repos.map((r) => `${org}/${r.name}`).sort());
    const lang = world.repos[0]!.language;
    expect(
      (await airbyte(`${api}/search/repositories`, { q: `org:${org} language:${lang}` }, "items")).map((r) => r.name).sort(),
    ).toStrictEqual(
      world.repos
        .filter((r) => r.language === lang)
        .map((r) => r.name)
        .sort(),
    );
    expect((await get(`${api}/search/repositories`)).status).toBe(422);
    // Commits: the default branch only, as GitHub's commit search indexes it.
    const from = new Date(world.asOf - 40 * 86_400_000).toISOString().slice(0, 10);
    const commits = await airbyte(
      `${api}/search/commits`,
      { q: `repo:${org}/${busiest.name} committer-date:>=${from}`, sort: "committer-date", order: "asc" },
      "items",
    );
    const want = busiest.mainCommits.filter((c) => c.committedAt >= Date.parse(from)).map((c) => c.sha);
    expect(commits.map((c) => c.sha)).toStrictEqual(want);
    expect(commits.every((c) => c.repository.full_name === `${org}/${busiest.name}`)).toBe(true);
    const author = busiest.mainCommits.at(-1)!.authorId;
    expect((await airbyte(`${api}/search/commits`, { q: `org:${org} author:${login(author)}` }, "items")).length).toBe(
      world.repos.reduce((n, r) => n + r.mainCommits.filter((c) => c.authorId === author).length, 0),
    );
  });

  it.skipIf(skip)("compare/{base}...{head}: ahead/behind, merge base, commits paged, files, over the frozen commits", async () => {
    const pr =
      busiest.pulls.find((p) => p.state === "open" && busiest.branches.some((b) => b.name === p.headBranch)) ?? busiest.pulls.at(-1)!;
    const branch = busiest.branches.find((b) => b.name === pr.headBranch);
    const head = branch ? branch.name : pr.commits.at(-1)!.sha;
    const url = `${repo}/compare/${busiest.defaultBranch}...${head}`;
    const reply = await get(url);
    expect(reply.status, url).toBe(200);
    valid(url, reply.body);
    const mainShas = new Set(busiest.mainCommits.map((c) => c.sha));
    const ahead = pr.commits.filter((c) => !mainShas.has(c.sha)).map((c) => c.sha);
    expect([
      reply.body.status === "ahead" || reply.body.status === "diverged",
      reply.body.ahead_by,
      reply.body.commits.map((c: Item) => c.sha),
      reply.body.merge_base_commit.sha,
    ]).toStrictEqual([true, ahead.length, ahead, pr.baseSha]);
    expect(reply.body.files.map((f: Item) => f.filename).sort()).toStrictEqual(
      [...new Set(pr.commits.flatMap((c) => c.files.map((f) => f.path)))].sort(),
    );
    // Two tags, paged: commits chronological, the Link header, files on the first page only.
    const [older, newer] = [busiest.releases[0]!, busiest.releases.at(-1)!];
    const whole = (await get(`${repo}/compare/${older.tag}...${newer.tag}`)).body;
    const index = (sha: string) => busiest.mainCommits.findIndex((c) => c.sha === sha);
    const range = busiest.mainCommits.slice(index(older.targetSha) + 1, index(newer.targetSha) + 1).map((c) => c.sha);
    expect([whole.status, whole.ahead_by, whole.behind_by, whole.commits.map((c: Item) => c.sha)]).toStrictEqual([
      range.length ? "ahead" : "identical",
      range.length,
      0,
      range,
    ]);
    const paged: string[] = [];
    let next: string | undefined = `${repo}/compare/${older.tag}...${newer.tag}?per_page=5`;
    for (let n = 0; next; n++) {
      const p = await get(next);
      paged.push(...p.body.commits.map((c: Item) => c.sha));
      if (n > 0) expect(p.body.files).toStrictEqual([]);
      next = rel(p.headers.get("link"), "next");
    }
    expect(paged).toStrictEqual(range);
    // Reversed, the same range is behind; two dots read as three; an unknown ref is GitHub's 404.
    const back = (await get(`${repo}/compare/${newer.tag}...${older.tag}`)).body;
    expect([back.ahead_by, back.behind_by]).toStrictEqual([0, range.length]);
    expect((await get(`${repo}/compare/${older.tag}..${newer.tag}`)).body.commits).toStrictEqual(whole.commits);
    expect((await get(`${repo}/compare/${busiest.defaultBranch}...no-such-branch`)).status).toBe(404);
  });
});
