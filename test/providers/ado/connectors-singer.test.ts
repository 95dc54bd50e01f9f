import { describe, expect, inject, it } from "vitest";
import { type Answer, type Item, adoPin, ok } from "./connector-client.js";

/**
 * Issue 12 (the second connector; DevLake's requests are in connectors.test.ts): the Azure DevOps requests of two
 * connectors, each sent as the connector spells it (path,
 * parameters, `api-version`, paging) and walked to its end the way the connector walks, with the fields
 * the connector reads checked against the world and the pin's other lists.
 *
 * - Apache DevLake, `backend/plugins/azuredevops_go` (apache/incubator-devlake): the connection test and
 *   remote scopes (`api/connection_api.go`, `api/remote_helper.go`, `api/azuredevops/client.go`), and the
 *   collectors in `tasks/` (`account_collector.go`, `pr_collector.go`, `pr_commit_collector.go`,
 *   `commit_collector.go`, `ci_cd_build_collector.go`, `ci_cd_timeline_records_collector.go`), paged by
 *   `helpers/pluginhelper/api/api_collector.go` with `tasks/shared.go`'s `BuildPaginator` and `ExtractContToken`.
 * - Singer `tap-azure-git` (minwareco/tap-azure-git, `tap_azure_git/__init__.py`): repositories,
 *   commits, pull requests with their commits and threads, builds with their timelines, pipelines and
 *   runs, paged by its `authed_get_all_pages`.
 */
const baseUrl = inject("baseUrl");
const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
const TIMEOUT = 120_000;

describe.each(["ado-7-1", "ado-7-1-g5"].filter((p) => !only || only.includes(p)))("tap-azure-git requests on %s", (pinName) => {
  const { world, org, host, projectName, project, repos, pullId } = adoPin(baseUrl, pinName);

  // --- tap-azure-git ---------------------------------------------------------------------------------

  /**
   * `authed_get_all_pages(source, url, page_param_name, skip_param_name, no_stop_indicator)`: `&$top=100`
   * appended; with `skip_param_name='continuationToken'` the next page adds the `x-ms-continuationtoken`
   * header's token; with `no_stop_indicator` it steps `$skip` until `count < 100`; a `link` header with
   * `rel="next"` steps the skip too; anything else ends after one page.
   */
  async function singerPages(url: string, pageParam = "", skipParam = "", noStop = false): Promise<Answer[]> {
    const base = pageParam ? `${url}&${pageParam}=100` : url;
    const out: Answer[] = [];
    let offset = 0;
    let token = "";
    for (let n = 0; n < 1000; n++) {
      const current =
        skipParam === "continuationToken"
          ? token
            ? `${base}&continuationToken=${token}`
            : base
          : pageParam
            ? `${base}&${skipParam}=${offset}`
            : base;
      const r = await ok(current);
      out.push(r);
      const link = r.headers.get("link");
      if (pageParam && link !== null && (link.includes('rel="next"') || link === "")) offset += 100;
      else if (noStop) {
        if (r.body.count < 100) return out;
        offset += 100;
      } else if (r.headers.get("x-ms-continuationtoken")) token = r.headers.get("x-ms-continuationtoken")!;
      else return out;
    }
    throw new Error("the walk did not end (a threads list that sent a continuation token would loop forever)");
  }

  const tapRepo = (name: string) => `${host}/${org}/${project}/_apis/git/repositories/${name}`;

  it(
    "discovery and repositories: commits?searchCriteria.$top=1, projects by $top/$skip, repositories by project name " +
      "(verify_access_for_repo, get_all_repositories)",
    async () => {
      for (const repo of repos) {
        const probe = await ok(`${tapRepo(repo.name)}/commits?searchCriteria.$top=1&searchCriteria.$skip=0&api-version=6.0`);
        expect(probe.body.count).toBe(1);
      }
      const projects = (await singerPages(`${host}/${org}/_apis/projects?api-version=6.0`, "$top", "$skip", true)).flatMap(
        (r) => r.body.value as Item[],
      );
      expect(projects.map((p) => p.name)).toStrictEqual([projectName]);
      const list = (await ok(`${host}/${org}/${encodeURIComponent(projects[0]!.name)}/_apis/git/repositories?api-version=6.0`)).body
        .value as Item[];
      // transform_repo_to_write reads these.
      const written = list
        .filter((r) => r.isDisabled !== true)
        .map((r) => ({ repo: `${r.project.name}/${r.name}`, public: r.project.visibility === "public", branch: r.defaultBranch }));
      expect(written.map((w) => w.repo).sort()).toStrictEqual(world.repos.map((r) => `${projectName}/${r.name}`).sort());
      expect(written.every((w) => !w.public && w.branch === "refs/heads/main")).toBe(true);
      // get_repository: one repository by name, its id read.
      const one = (await ok(`${tapRepo(repos[0]!.name)}?api-version=6.0`)).body;
      expect(one.id).toBe(list.find((r) => r.name === repos[0]!.name)!.id);
    },
    TIMEOUT,
  );

  it(
    "commits: searchCriteria.fromDate with searchCriteria.$top/$skip, then each commit's parents, every parent found (get_all_commits, " +
      "write_commit_detail)",
    async () => {
      for (const repo of repos.slice(0, 4)) {
        const fetched = new Set<string>();
        const missing = new Set<string>();
        const pages = await singerPages(
          `${tapRepo(repo.name)}/commits?api-version=6.0&searchCriteria.fromDate=1970-01-01`,
          "searchCriteria.$top",
          "searchCriteria.$skip",
        );
        for (const page of pages) {
          for (const c of page.body.value as Item[]) {
            const detail = (await ok(`${tapRepo(repo.name)}/commits/${c.commitId}?api-version=6.0`)).body;
            fetched.add(c.commitId);
            missing.delete(c.commitId);
            for (const parent of detail.parents as string[]) if (!fetched.has(parent)) missing.add(parent);
          }
        }
        // The tap raises "Some commit parents never found" otherwise.
        expect([...missing]).toStrictEqual([]);
        expect(fetched.size).toBe(repo.mainCommits.length);
      }
    },
    TIMEOUT,
  );

  it(
    "pull requests: searchCriteria.status=all by $top/$skip, each with its commits by continuation token and its threads " +
      "(get_all_pull_requests, get_threads_for_pr)",
    async () => {
      for (const repo of repos.slice(0, 2)) {
        const prs = (
          await singerPages(`${tapRepo(repo.name)}/pullrequests?api-version=6.0&searchCriteria.status=all`, "$top", "$skip", true)
        ).flatMap((r) => r.body.value as Item[]);
        expect(prs.length).toBe(repo.pulls.length);
        for (const pr of prs) {
          const w = repo.pulls.find((x) => pullId(repo.id, x.number) === pr.pullRequestId)!;
          const commits = (
            await singerPages(`${tapRepo(repo.name)}/pullrequests/${pr.pullRequestId}/commits?api-version=6.0`, "$top", "continuationToken")
          ).flatMap((r) => r.body.value as Item[]);
          expect(commits.map((c) => c.commitId).sort()).toStrictEqual(w.commits.map((c) => c.sha).sort());
          // The artifact id the tap builds from the repository's project and id.
          expect(`vstfs:///Git/PullRequestId/${pr.repository.project.id}%2f${pr.repository.id}%2f${pr.pullRequestId}`).toMatch(
            /^vstfs:\/\/\/Git\/PullRequestId\/[0-9a-f-]{36}%2f[0-9a-f-]{36}%2f\d+$/,
          );
          expect(pr.lastMergeSourceCommit.commitId).toBe(w.commits.at(-1)!.sha);
          const threads = await singerPages(`${tapRepo(repo.name)}/pullrequests/${pr.pullRequestId}/threads?api-version=6.0`);
          expect(threads).toHaveLength(1);
          const texts = (threads[0]!.body.value as Item[]).flatMap((t) => (t.comments as Item[]).map((c) => c.content));
          for (const c of [...w.comments, ...w.reviews.flatMap((r) => r.comments)]) expect(texts).toContain(c.body);
        }
      }
    },
    TIMEOUT,
  );

  it(
    "builds: queryOrder=finishTimeDescending&repositoryId&repositoryType=TfsGit with $top=100 and continuation tokens, each build's " +
      "Timeline (get_all_builds, get_build_timeline)",
    async () => {
      for (const repo of repos.slice(0, 3)) {
        const id = (await ok(`${tapRepo(repo.name)}?api-version=7.1`)).body.id as string;
        const builds = (
          await singerPages(
            `${host}/${org}/${project}/_apis/build/builds?queryOrder=finishTimeDescending&` +
              `repositoryId=${id}&repositoryType=TfsGit&api-version=7.1`,
            "$top",
            "continuationToken",
          )
        ).flatMap((r) => r.body.value as Item[]);
        expect(builds.map((b) => b.id).sort((a, b) => a - b)).toStrictEqual(repo.runs.map((r) => r.id).sort((a, b) => a - b));
        const finished = builds.filter((b) => b.finishTime).map((b) => Date.parse(b.finishTime));
        expect(finished).toStrictEqual([...finished].sort((a, b) => b - a));
        for (const b of builds.slice(0, 10)) {
          const t = await ok(`${host}/${org}/${project}/_apis/build/builds/${b.id}/Timeline?api-version=7.1`);
          expect(typeof t.body.id).toBe("string");
          expect((t.body.records as Item[]).length).toBeGreaterThan(0);
        }
      }
    },
    TIMEOUT,
  );

  it(
    "pipelines: $top=100 with continuation tokens, each pipeline's configuration.repository.id," +
      " its runs and each run (get_all_pipelines, " +
      "get_all_pipeline_runs)",
    async () => {
      const pipelines = (
        await singerPages(`${host}/${org}/${project}/_apis/pipelines?api-version=7.1`, "$top", "continuationToken")
      ).flatMap((r) => r.body.value as Item[]);
      expect(pipelines.length).toBe(world.repos.length);
      for (const repo of repos.slice(0, 3)) {
        const repoId = (await ok(`${tapRepo(repo.name)}?api-version=7.1`)).body.id as string;
        const mine: Item[] = [];
        for (const p of pipelines) {
          const full = (await ok(`${host}/${org}/${project}/_apis/pipelines/${p.id}?api-version=7.1`)).body;
          if (full.configuration?.repository?.id === repoId) mine.push(full);
        }
        expect(mine).toHaveLength(1);
        const runs = (await ok(`${host}/${org}/${project}/_apis/pipelines/${mine[0]!.id}/runs?api-version=7.1`)).body.value as Item[];
        expect(runs.map((r) => r.id).sort((a, b) => a - b)).toStrictEqual(repo.runs.map((r) => r.id).sort((a, b) => a - b));
        for (const r of runs.slice(0, 10)) {
          const run = (await ok(`${host}/${org}/${project}/_apis/pipelines/${mine[0]!.id}/runs/${r.id}?api-version=7.1`)).body;
          expect(run.id).toBe(r.id);
        }
      }
    },
    TIMEOUT,
  );
});
