import { describe, expect, inject, it } from "vitest";
import { loadCatalog } from "../../../generator/catalog/index.js";
import { buildWorld, loadTemplates } from "../../../generator/world/index.js";
import type { PullRequest, Repo, World } from "../../../generator/world/types.js";

/**
 * Issue 12: every request Apache DevLake's bitbucket plugin and minware's Singer tap (tap-bitbucket) send,
 * spelled as their sources spell them (path, parameters, their encoding, pagination), paged as they page,
 * with the fields they read checked against the world the pin projects.
 *
 * Sources (apache/incubator-devlake, backend/plugins/bitbucket/):
 * - api/connection_api.go (TestConnection: `GET user`), api/remote_api.go (listBitbucketWorkspaces,
 *   listBitbucketRepos, searchBitbucketRepos), tasks/repo_convertor.go (GetApiRepo);
 * - tasks/api_common.go: GetQuery (`state=all`, `page`, `pagelen`), GetQueryCreatedAndUpdated (`fields`,
 *   `sort=created_on`, `q=updated_on>=<RFC 3339>`), GetQueryFields, GetTotalPagesFromResponse (`size` /
 *   page size), GetNextPageCustomData (`page` of `next`), ignoreHTTPStatus404;
 * - tasks/pr_collector.go, pr_comment_collector.go, pr_commit_collector.go, commit_collector.go,
 *   pipeline_collector.go, pipeline_steps_collector.go, deployment_collector.go, issue_collector.go,
 *   issue_comment_collector.go; helpers/pluginhelper/api/api_collector.go (fetchPagesDetermined,
 *   fetchPagesSequentially).
 * Source (minwareco/tap-bitbucket, tap_bitbucket/__init__.py): get_orgs, get_repos_for_org,
 * get_repo_metadata, verify_access_for_repo, sync_all_commits, get_pull_request_heads,
 * sync_all_pull_requests, sync_all_pull_request_comments, authed_get_all_pages (follows `next`).
 */
const baseUrl = inject("baseUrl");
const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
const catalog = loadCatalog("catalog.yaml");

type Item = Record<string, any>;
type Page = { pagelen: number; size?: number; page?: number; values: Item[]; next?: string };

const enc = encodeURIComponent;
const bbState = (pr: PullRequest) => (pr.state === "open" ? "OPEN" : pr.mergedAt !== undefined ? "MERGED" : "DECLINED");
/** Python's urllib.parse.quote (safe="/"), as the tap encodes its `q`. */
const quote = (s: string) => enc(s).replace(/%2F/g, "/");

function pickRepo(world: World): Repo {
  return [...world.repos].sort((a, b) => b.pulls.length - a.pulls.length || (a.name < b.name ? -1 : 1))[0]!;
}

describe.each(["bb-v2", "bb-v2-g5"])("Bitbucket connector requests on %s", (pinName) => {
  const skip = only !== undefined && !only.includes(pinName);
  const pin = catalog.pins.find((p) => p.name === pinName)!;
  const world: World = skip
    ? (undefined as never)
    : buildWorld(catalog.generations.get(pin.generation)!, { render: loadTemplates("templates/repo") });
  const api = `${baseUrl}/${pinName}/2.0`;

  async function get(pathOrUrl: string): Promise<{ status: number; body: any }> {
    const res = await fetch(pathOrUrl.startsWith("http") ? pathOrUrl : `${api}/${pathOrUrl}`, { headers: { authorization: "Basic eDp5" } });
    const text = await res.text();
    return { status: res.status, body: text.startsWith("{") ? JSON.parse(text) : text };
  }

  async function page(pathOrUrl: string): Promise<Page> {
    const { status, body } = await get(pathOrUrl);
    expect(status, `${pathOrUrl}: ${JSON.stringify(body).slice(0, 200)}`).toBe(200);
    return body as Page;
  }

  /**
   * DevLake's ApiCollector with GetTotalPages (fetchPagesDetermined): page 1, then pages 2…⌈size/pagelen⌉
   * with the same query; GetTotalPagesFromResponse reads `size`. `query` is the request's other parameters.
   */
  async function devlake(path: string, query: string, pagelen: number): Promise<{ items: Item[]; first: Page }> {
    const url = (n: number) => `${path}?state=all&page=${n}&pagelen=${pagelen}${query ? `&${query}` : ""}`;
    const first = await page(url(1));
    const pages = Math.ceil((first.size ?? 0) / pagelen);
    const items = [...first.values];
    for (let n = 2; n <= pages; n++) items.push(...(await page(url(n))).values);
    return { items, first };
  }

  /** The tap's authed_get_all_pages: the URL, then each `next` until a page has none. */
  async function allPages(url: string): Promise<Item[]> {
    const items: Item[] = [];
    for (let next: string | undefined = url, n = 0; next; n++) {
      const p = await page(next);
      items.push(...p.values);
      next = p.next;
      expect(n).toBeLessThan(1000);
    }
    return items;
  }

  it.skipIf(skip)(
    "DevLake's connection test, scope picker and repository (api/connection_api.go, api/remote_api.go, tasks/repo_convertor.go)",
    async () => {
      const admin = world.people.find((p) => p.admin)!;
      const user = await get("user");
      expect(user.status).toBe(200);
      expect(`${user.body.display_name} ${user.body.nickname}`).toBe(`${admin.name} ${admin.handles.bitbucket}`);
      expect(user.body.account_id).toMatch(/^\d+:[0-9a-f-]{36}$/);

      // listBitbucketWorkspaces
      const ws = await page(
        `user/permissions/workspaces?sort=workspace.slug&` +
          `fields=${enc("values.workspace.slug,values.workspace.name,pagelen,page,size")}&page=1&` +
          `pagelen=100`,
      );
      expect(ws.values.map((v) => `${v.workspace.slug} ${v.workspace.name}`)).toStrictEqual([
        `${world.company.slug} ${world.company.name}`,
      ]);

      // listBitbucketRepos
      const fields =
        "values.name,values.full_name,values.language,values.description,values.owner.display_name,values.created_on,values.updated_on," +
        "values.links.clone,values.links.html,pagelen,page,size";
      const repos = await page(`repositories/${world.company.slug}?fields=${enc(fields)}&page=1&pagelen=100`);
      const names = world.repos.map((r) => r.name).sort();
      expect(repos.values.map((r) => r.name)).toStrictEqual(names);
      expect(repos.size).toBe(names.length);
      for (const r of repos.values) {
        const repo = world.repos.find((x) => x.name === r.name)!;
        expect(`${r.full_name} ${r.language} ${r.description} ${r.owner.display_name}`).toBe(
          `${world.company.slug}/${repo.name} ${repo.language.toLowerCase()} ${repo.description} ${world.company.name}`,
        );
        expect(r.links.clone.map((c: Item) => c.name)).toStrictEqual(["https", "ssh"]);
        expect(Date.parse(r.created_on)).toBe(repo.createdAt);
        expect(typeof r.links.html.href).toBe("string");
      }

      // tasks/repo_convertor.go GetApiRepo: `GET repositories/{full name}`, no parameters; it needs an https clone link.
      for (const repo of world.repos) {
        const one = (await page(`repositories/${world.company.slug}/${repo.name}`)) as unknown as Item;
        expect(`${one.name} ${one.full_name} ${one.owner.display_name}`).toBe(
          `${repo.name} ${world.company.slug}/${repo.name} ${world.company.name}`,
        );
        expect(one.links.clone.find((c: Item) => c.name === "https").href).toMatch(
          new RegExp(`/${world.company.slug}/${repo.name}\\.git$`),
        );
        expect(Date.parse(one.updated_on)).toBeGreaterThanOrEqual(Date.parse(one.created_on));
      }

      // searchBitbucketRepos: the global listing, the caller's repositories (`role=member`), by name, q full_name~"…".
      const search = names[0]!.slice(0, 3);
      const found = await page(
        `repositories?sort=name&fields=${enc(fields)}&role=member&q=${enc(`full_name~"${search}"`)}&page=1&pagelen=10`,
      );
      const want = names.filter((n) => `${world.company.slug}/${n}`.includes(search));
      expect(found.values.map((r) => r.name)).toStrictEqual(want.slice(0, 10));
      expect(found.size).toBe(want.length);
      // Without `role` the global listing holds public repositories only: none, every repository is private.
      expect((await page("repositories?pagelen=100")).size).toBe(0);
    },
  );

  it.skipIf(skip)(
    "DevLake's pull requests, incremental by q=updated_on>=, with their comments and commits (tasks/pr_*_collector.go)",
    async () => {
      const repo = pickRepo(world);
      const full = `${world.company.slug}/${repo.name}`;
      const fields =
        "values.id,values.comment_count,values.type,values.state,values.title,values.description," +
        "values.closed_by.display_name,values.closed_by.account_id," +
        "values.merge_commit.hash,values.merge_commit.date,values.links.html,values.author,values.created_on,values.updated_on," +
        "values.destination.branch.name,values.destination.commit.hash,values.destination.repository.full_name," +
        "values.source.branch.name,values.source.commit.hash,values.source.repository.full_name," +
        "values.participants.user.account_id,values.participants.user.display_name," +
        "values.participants.role,values.participants.state,values.participants.approved,values.participants.participated_on," +
        "page,pagelen,size";
      const path = `repositories/${full}/pullrequests`;
      const { items } = await devlake(path, `fields=${enc(fields)}&sort=created_on`, 50);
      const byCreation = [...repo.pulls].sort((a, b) => a.createdAt - b.createdAt || b.number - a.number);
      expect(items.map((p) => p.id)).toStrictEqual(byCreation.map((p) => p.number));
      for (const p of items) {
        const pr = repo.pulls.find((x) => x.number === p.id)!;
        expect(`${p.type} ${p.state} ${p.title}`).toBe(`pullrequest ${bbState(pr)} ${pr.title}`);
        expect(`${p.source.branch.name} ${p.source.commit.hash} ${p.destination.branch.name} ${p.destination.commit.hash}`).toBe(
          `${pr.headBranch} ${pr.commits.at(-1)?.sha ?? pr.baseSha} ${repo.defaultBranch} ${pr.baseSha}`,
        );
        expect(`${p.source.repository.full_name} ${p.destination.repository.full_name}`).toBe(`${full} ${full}`);
        expect(p.merge_commit?.hash ?? null).toBe(pr.mergeCommitSha ?? null);
        expect(p.closed_by === null).toBe(pr.state === "open");
        expect(p.author.account_id).toMatch(/^\d+:/);
        expect(Date.parse(p.updated_on)).toBe(pr.updatedAt);
      }

      // The incremental run: GetQueryCreatedAndUpdated adds q=updated_on>=<since, RFC 3339>.
      const median = [...repo.pulls].map((p) => p.updatedAt).sort((a, b) => a - b)[Math.floor(repo.pulls.length / 2)]!;
      const since = new Date(Math.floor(median / 1000) * 1000).toISOString().replace(/\.000Z$/, "Z");
      const inc = await devlake(path, `fields=${enc(fields)}&sort=created_on&q=${enc(`updated_on>=${since}`)}`, 50);
      const newer = byCreation.filter((p) => p.updatedAt >= Date.parse(since));
      expect(newer.length).toBeGreaterThan(0);
      expect(inc.items.map((p) => p.id)).toStrictEqual(newer.map((p) => p.number));
      expect(inc.first.size).toBe(newer.length);

      // Comments (GetQueryFields, pagelen 100) and commits (sequential pages by `next`'s `page`) of each pull request.
      const commentFields =
        "values.id,values.type,values.created_on,values.updated_on,values.content.raw,values.pullrequest.id,values.user,page,pagelen,size";
      const commitFields =
        "values.hash,values.date,values.message,values.author.raw,values.author.user.username," +
        "values.author.user.account_id,values.links.self";
      for (const pr of newer.slice(0, 8)) {
        const comments = (await devlake(`${path}/${pr.number}/comments`, `fields=${enc(commentFields)}`, 100)).items;
        const inline = pr.reviews.flatMap((r) => r.comments).length;
        const summaries = pr.reviews.filter((r) => r.body.trim() !== "").length;
        expect(comments.length).toBe(pr.comments.length + inline + summaries);
        expect(
          comments.every(
            (c) =>
              c.type === "pullrequest_comment" && c.pullrequest.id === pr.number && typeof c.content.raw === "string" && c.user.account_id,
          ),
        ).toBe(true);

        const commits: Item[] = [];
        let custom: string | undefined;
        for (;;) {
          const q = `state=all&pagelen=100&sort=created_on&fields=${enc(commitFields)}${custom ? `&page=${custom}` : ""}`;
          const p = await page(`${path}/${pr.number}/commits?${q}`);
          commits.push(...p.values);
          if (p.values.length < 100 || !p.next) break;
          custom = new URL(p.next).searchParams.get("page")!;
        }
        expect(commits.map((c) => c.hash)).toStrictEqual([...pr.commits].reverse().map((c) => c.sha));
        for (const c of commits) {
          const author = world.people.find((x) => x.id === pr.commits.find((y) => y.sha === c.hash)!.authorId)!;
          expect(c.author.raw).toBe(`${author.name} <${author.email}>`);
          expect(c.author.user.account_id).toMatch(/^\d+:/);
        }
      }
    },
  );

  it.skipIf(skip)("DevLake's commits (tasks/commit_collector.go): one page of 100, no `size` to count pages by", async () => {
    for (const repo of world.repos) {
      const path = `repositories/${world.company.slug}/${repo.name}/commits`;
      const { items, first } = await devlake(path, "", 100);
      // Bitbucket's commits pages carry no `size`, so GetTotalPagesFromResponse finds 0 pages and DevLake
      // reads only the first page, as it does against bitbucket.org: the newest 100 of every branch.
      expect(first.size).toBeUndefined();
      const all = await allPages(`${api}/${path}?pagelen=100`);
      expect(items.map((c) => c.hash)).toStrictEqual(all.slice(0, 100).map((c) => c.hash));
      expect(first.next !== undefined).toBe(all.length > 100);
      const reachable = new Set(
        repo.branches.flatMap((b) => {
          const bySha = new Map([...repo.mainCommits, ...repo.pulls.flatMap((p) => p.commits)].map((c) => [c.sha, c]));
          const out: string[] = [];
          for (let c = bySha.get(b.headSha); c; c = c.parents[0] ? bySha.get(c.parents[0]) : undefined) out.push(c.sha);
          return out;
        }),
      );
      expect(new Set(all.map((c) => c.hash))).toStrictEqual(reachable);
      const dates = all.map((c) => Date.parse(c.date));
      expect(dates).toStrictEqual([...dates].sort((a, b) => b - a));
    }
  });

  it.skipIf(skip)(
    "DevLake's pipelines, their steps and deployments (tasks/pipeline_collector.go, pipeline_steps_collector.go, deployment_collector.go)",
    async () => {
      const repo = pickRepo(world);
      const base = `repositories/${world.company.slug}/${repo.name}`;
      const pipelineFields =
        "values.uuid,values.type,values.state.name,values.state.result.name," +
        "values.state.result.type,values.state.stage.name,values.state.stage.type," +
        ("values.target.ref_name,values.target.commit.hash,values.created_on,values.completed_on,values.duration_in_seconds," +
          "values.build_number,values.links.self,page,pagelen,size");
      const { items: pipelines } = await devlake(`${base}/pipelines/`, `fields=${enc(pipelineFields)}&sort=created_on`, 50);
      const runs = [...repo.runs].sort((a, b) => a.createdAt - b.createdAt || a.runNumber - b.runNumber);
      expect(pipelines.map((p) => p.build_number)).toStrictEqual(runs.map((r) => r.runNumber));
      for (const p of pipelines) {
        const run = repo.runs.find((r) => r.runNumber === p.build_number)!;
        expect(`${p.type} ${p.target.commit.hash} ${p.state.name}`).toBe(
          `pipeline ${run.headSha} ${run.status === "completed" ? "COMPLETED" : "IN_PROGRESS"}`,
        );
        if (run.status === "completed") expect(p.state.result.name).toBe(run.conclusion === "success" ? "SUCCESSFUL" : "FAILED");
        expect(Date.parse(p.created_on)).toBe(run.createdAt);
        expect(p.uuid).toMatch(/^\{[0-9a-f-]{36}\}$/);
      }
      // The incremental run sends q=updated_on>=…, which the pipelines service ignores: the same pipelines.
      const inc = await devlake(
        `${base}/pipelines/`,
        `fields=${enc(pipelineFields)}&sort=created_on&q=${enc("updated_on>=2000-01-01T00:00:00Z")}`,
        50,
      );
      expect(inc.items.map((p) => p.uuid)).toStrictEqual(pipelines.map((p) => p.uuid));

      const stepFields =
        "values.type,values.name,values.uuid,values.pipeline.uuid,values.trigger.type,values.state.name,values.state.result.name," +
        "values.maxTime,values.started_on," +
        "values.completed_on,values.duration_in_seconds,values.build_seconds_used,values.run_number,page,pagelen,size";
      for (const p of pipelines.slice(0, 6)) {
        const run = repo.runs.find((r) => r.runNumber === p.build_number)!;
        const { items: steps } = await devlake(`${base}/pipelines/${enc(p.uuid)}/steps/`, `fields=${enc(stepFields)}`, 100);
        expect(steps.map((s) => s.name)).toStrictEqual(run.jobs.map((j) => j.name));
        expect(
          steps.every((s) => s.type === "pipeline_step" && s.pipeline.uuid === p.uuid && s.trigger.type && s.state.name && s.started_on),
        ).toBe(true);
      }

      const deploymentFields =
        "values.type,values.uuid,values.environment.name,values.environment.environment_type.name,values.step.uuid," +
        "values.release.pipeline,values.release.key,values.release.name,values.release.url,values.release.created_on," +
        "values.release.commit.hash,values.release.commit.links.html," +
        "values.state.name,values.state.url,values.state.started_on,values.state.completed_on,values.last_update_time,page,pagelen,size";
      const { items: deployments } = await devlake(`${base}/deployments/`, `fields=${enc(deploymentFields)}`, 50);
      const newest = [...repo.deployments].sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
      expect(deployments.map((d) => d.release.commit.hash)).toStrictEqual(newest.map((d) => d.sha));
      expect(
        deployments.every((d) => d.type === "deployment" && d.state.name && d.last_update_time && d.release.commit.links.html.href),
      ).toBe(true);
    },
  );

  it.skipIf(skip)(
    "DevLake's issues and issue comments (tasks/issue_collector.go): Bitbucket's 404 for a repository without a tracker, which " +
      "ignoreHTTPStatus404 skips",
    async () => {
      const repo = pickRepo(world);
      const base = `repositories/${world.company.slug}/${repo.name}`;
      expect(((await page(base)) as unknown as Item).has_issues).toBe(false);
      const fields =
        "values.type,values.id,values.links.self,values.title,values.content.raw,values.reporter,values.assignee," +
        "values.state,values.milestone.id,values.component,values.priority,values.created_on,values.updated_on,page,pagelen,size";
      for (const url of [
        `${base}/issues?state=all&page=1&pagelen=100&fields=${enc(fields)}&sort=created_on`,
        `${base}/issues/1/comments?state=all&page=1&pagelen=100`,
      ]) {
        const res = await get(url);
        expect(res.status, url).toBe(404);
        expect(res.body).toStrictEqual({ type: "error", error: { message: "Repository has no issue tracker." } });
      }
    },
  );

  it.skipIf(skip)(
    "minware's tap-bitbucket: workspaces, repositories, commits with every parent, pull request heads (tap_bitbucket/__init__.py)",
    async () => {
      // get_orgs, get_repos_for_org, get_repo_metadata
      const orgs = (await allPages(`${api}/user/permissions/workspaces`)).map((m) => m.workspace.slug);
      expect(orgs).toStrictEqual([world.company.slug]);
      const repos = await allPages(`${api}/repositories/${orgs[0]}?pagelen=100`);
      expect(repos.map((r) => `${orgs[0]}/${r.slug}`)).toStrictEqual(world.repos.map((r) => `${world.company.slug}/${r.name}`).sort());
      const repo = pickRepo(world);
      const path = `${world.company.slug}/${repo.name}`;
      const meta = (await page(`${api}/repositories/${path}`)) as unknown as Item;
      expect(`${meta.is_private} ${meta.description} ${meta.mainbranch.name}`).toBe(`true ${repo.description} ${repo.defaultBranch}`);

      // verify_access_for_repo, then sync_all_commits: every page by `next`; the tap fails when a parent never shows up.
      expect((await get(`${api}/repositories/${path}/commits?`)).status).toBe(200);
      const commits = await allPages(`${api}/repositories/${path}/commits?pagelen=100`);
      const seen = new Set(commits.map((c) => c.hash));
      expect(seen.size).toBe(commits.length);
      const missing = commits.flatMap((c) => c.parents.map((p: Item) => p.hash as string)).filter((h) => !seen.has(h));
      expect(missing).toStrictEqual([]);
      expect(commits.every((c) => typeof c.date === "string")).toBe(true);

      // get_pull_request_heads: the states repeated, pagelen 50; each head and merge commit is a commit of the repository.
      const heads = await allPages(
        `${api}/repositories/${path}/pullrequests?pagelen=50&state=OPEN&state=MERGED&state=DECLINED&state=SUPERSEDED`,
      );
      expect(heads.map((p) => p.id)).toStrictEqual([...repo.pulls].sort((a, b) => b.number - a.number).map((p) => p.number));
      for (const p of heads.slice(0, 5)) {
        expect((await get(`${api}/repositories/${path}/commit/${p.source.commit.hash}`)).status).toBe(200);
        if (p.merge_commit) expect((await get(`${api}/repositories/${path}/commit/${p.merge_commit.hash}`)).status).toBe(200);
      }
    },
  );

  it.skipIf(skip)(
    "minware's tap-bitbucket: incremental pull requests by updated_on, each read whole, and " +
      "their comments by created_on (tap_bitbucket/__init__.py)",
    async () => {
      const repo = pickRepo(world);
      const path = `${world.company.slug}/${repo.name}`;
      // bookmarkTime.isoformat() of a UTC bookmark: `2026-04-02T09:14:00+00:00`, quoted by urllib.parse.quote.
      const sorted = repo.pulls.map((p) => p.updatedAt).sort((a, b) => a - b);
      const bookmark = new Date(Math.floor(sorted[Math.floor(sorted.length / 3)]! / 1000) * 1000)
        .toISOString()
        .replace(/\.000Z$/, "+00:00");
      const q = quote(`updated_on>=${bookmark}`);
      expect(q).toContain("%2B00%3A00");
      const prs = await allPages(
        `${api}/repositories/${path}/pullrequests?pagelen=50&q=${q}&sort=updated_on&state=OPEN&` +
          `state=MERGED&state=DECLINED&state=SUPERSEDED`,
      );
      const want = [...repo.pulls]
        .filter((p) => p.updatedAt >= Date.parse(bookmark))
        .sort((a, b) => a.updatedAt - b.updatedAt || b.number - a.number);
      expect(prs.map((p) => p.id)).toStrictEqual(want.map((p) => p.number));
      for (const listed of prs.slice(0, 6)) {
        const pr = repo.pulls.find((p) => p.number === listed.id)!;
        const whole = (await page(`${api}/repositories/${path}/pullrequests/${listed.id}`)) as unknown as Item;
        // The tap reads participants and reviewers from the single pull request, and normalizes source/destination.
        expect(whole.reviewers.map((r: Item) => r.nickname).sort()).toStrictEqual(
          pr.reviewerIds.map((id) => world.people.find((p) => p.id === id)!.handles.bitbucket).sort(),
        );
        expect(Array.isArray(whole.participants)).toBe(true);
        expect(`${whole.source.branch.name} ${whole.source.commit.hash} ${whole.destination.branch.name}`).toBe(
          `${pr.headBranch} ${pr.commits.at(-1)?.sha ?? pr.baseSha} ${repo.defaultBranch}`,
        );
        // sync_all_pull_request_comments: q=created_on>{bookmark} (the start: 1970), pagelen 100.
        const comments = await allPages(
          `${api}/repositories/${path}/pullrequests/${listed.id}/comments?q=${quote("created_on>1970-01-01T00:00:00+00:00")}&pagelen=100`,
        );
        const all = await allPages(`${api}/repositories/${path}/pullrequests/${listed.id}/comments?pagelen=100`);
        expect(comments.map((c) => c.id)).toStrictEqual(all.map((c) => c.id));
        const last = comments.at(-1);
        if (last) {
          const later = await allPages(
            `${api}/repositories/${path}/pullrequests/${listed.id}/comments?q=${quote(`created_on>${last.created_on}`)}&pagelen=100`,
          );
          expect(later).toStrictEqual([]);
        }
      }
    },
  );
});
