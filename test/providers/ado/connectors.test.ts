import { describe, expect, inject, it } from "vitest";
import { type Item, adoPin, ok, q } from "./connector-client.js";

/**
 * Issue 12 (tap-azure-git's requests are in connectors-singer.test.ts, so each file stays well under the per-file
 * budget): the Azure DevOps requests of two connectors, each sent as the connector spells it (path,
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

describe.each(["ado-7-1", "ado-7-1-g5"].filter((p) => !only || only.includes(p)))("DevLake requests on %s", (pinName) => {
  const { world, org, host, projectName, project, repos, pullId, scope } = adoPin(baseUrl, pinName);

  // --- DevLake ----------------------------------------------------------------------------------------

  /**
   * `fetchPagesUndetermined` (api_collector.go): `$skip` steps by PageSize (several pages in flight at
   * once; their order does not matter here) until a page holds fewer than PageSize items.
   */
  async function devlakeUndetermined(url: string, extra: Record<string, string>, pageSize: number): Promise<Item[]> {
    const out: Item[] = [];
    for (let skip = 0; ; skip += pageSize) {
      const page = (await ok(`${url}&${q({ ...extra, $skip: skip, $top: pageSize })}`)).body;
      out.push(...(page.value as Item[]));
      if ((page.value as Item[]).length < pageSize) return out;
      expect(skip).toBeLessThan(100_000);
    }
  }

  /**
   * `fetchPagesSequentially` with `GetNextPageCustomData: ExtractContToken` and `BuildPaginator(true)`
   * (shared.go): the first page asks `$skip=0&$top=N`, the next ones `continuationToken=<X-Ms-Continuationtoken>&$top=N`;
   * a page shorter than N, or one without the header, ends the walk.
   */
  async function devlakeSequential(url: string, pageSize: number, extra: Record<string, string> = {}, field = "value"): Promise<Item[]> {
    const out: Item[] = [];
    let token: string | undefined;
    for (let n = 0; n < 10_000; n++) {
      const params = token === undefined ? { ...extra, $skip: 0, $top: pageSize } : { ...extra, continuationToken: token, $top: pageSize };
      const page = await ok(`${url}&${q(params)}`);
      const items = page.body[field] as Item[];
      out.push(...items);
      if (items.length < pageSize) return out;
      const next = page.headers.get("x-ms-continuationtoken");
      if (!next) return out;
      token = next;
    }
    throw new Error("the walk did not end");
  }

  it(
    "connection test: GET {org}/_apis/projects?$top=100&$skip=0, paged until count < $top (api/connection_api.go testConnection, api/" +
      "azuredevops/client.go GetProjects)",
    async () => {
      const projects: Item[] = [];
      for (let skip = 0; ; skip += 100) {
        const page = (await ok(`${host}/${org}/_apis/projects?${q({ "api-version": "7.1", $top: 100, $skip: skip })}`)).body;
        projects.push(...(page.value as Item[]));
        if (page.count < 100) break;
      }
      expect(projects.map((p) => p.name)).toStrictEqual([projectName]);
      for (const k of ["id", "name", "description", "url", "state", "revision", "visibility", "lastUpdateTime"])
        expect(projects[0], k).toHaveProperty(k);
      expect(projects[0]!.state).toBe("wellFormed");
    },
  );

  it(
    "remote scopes: repositories and service endpoints of the project, by name (api/remote_helper.go listAzuredevopsRepos, client.go " +
      "GetRepositories, GetServiceEndpoints)",
    async () => {
      const list = (await ok(`${host}/${org}/${project}/_apis/git/repositories?api-version=7.1`)).body.value as Item[];
      expect(list.map((r) => r.name).sort()).toStrictEqual(world.repos.map((r) => r.name).sort());
      for (const r of list) {
        for (const k of [
          "id",
          "name",
          "url",
          "project",
          "defaultBranch",
          "size",
          "remoteUrl",
          "sshUrl",
          "webUrl",
          "isDisabled",
          "isInMaintenance",
        ])
          expect(r, k).toHaveProperty(k);
        expect(r.project.name).toBe(projectName);
        expect(r.defaultBranch).toBe(`refs/heads/${world.repos.find((x) => x.name === r.name)!.defaultBranch}`);
      }
      // The trailing slash is DevLake's; the company has no service connections (no GitHub-hosted code).
      const endpoints = await ok(`${host}/${org}/${project}/_apis/serviceendpoint/endpoints/?api-version=7.1`);
      expect(endpoints.body).toStrictEqual({ count: 0, value: [] });
    },
  );

  it(
    "accounts: graph users, $top=500 with continuation tokens (tasks/account_collector.go)",
    async () => {
      const users = await devlakeSequential(`${host}/${org}/_apis/graph/users?api-version=7.0-preview.1`, 500);
      expect(users.map((u) => u.mailAddress).sort()).toStrictEqual(world.people.map((p) => p.email).sort());
      for (const u of users) {
        for (const k of [
          "subjectKind",
          "metaType",
          "domain",
          "principalName",
          "mailAddress",
          "origin",
          "originId",
          "displayName",
          "url",
          "descriptor",
        ])
          expect(u, k).toHaveProperty(k);
      }
    },
    TIMEOUT,
  );

  it(
    "pull requests: searchCriteria.status=all, $skip/$top=100, then searchCriteria.minTime (tasks/pr_collector.go)",
    async () => {
      const { projectId, repoIds } = await scope();
      for (const repo of repos) {
        const url = `${host}/${org}/${projectId}/_apis/git/repositories/${repoIds.get(repo.name)}/pullrequests?api-version=7.1`;
        const all = await devlakeUndetermined(url, { "searchCriteria.status": "all" }, 100);
        expect(all.map((p) => p.pullRequestId).sort((a, b) => a - b)).toStrictEqual(
          repo.pulls.map((p) => pullId(repo.id, p.number)).sort((a, b) => a - b),
        );
        for (const p of all) {
          const w = repo.pulls.find((x) => pullId(repo.id, x.number) === p.pullRequestId)!;
          // convertAzuredevopsPullRequest (tasks/pr_extractor.go) maps these.
          expect(p.status).toBe(w.mergedAt !== undefined ? "completed" : w.state === "closed" ? "abandoned" : "active");
          expect(p.repository.id).toBe(repoIds.get(repo.name));
          expect(p.createdBy.id).toMatch(/^[0-9a-f-]{36}$/);
          expect(Date.parse(p.creationDate)).toBe(w.createdAt);
          expect(p.closedDate === undefined ? undefined : Date.parse(p.closedDate)).toBe(w.mergedAt ?? w.closedAt);
          expect(p.lastMergeSourceCommit.commitId).toBe(w.commits.at(-1)!.sha);
          expect(p.lastMergeTargetCommit.commitId).toBe(w.baseSha);
          expect(p.lastMergeCommit?.commitId).toBe(w.mergeCommitSha);
          expect([p.title, p.sourceRefName, p.targetRefName]).toStrictEqual([
            w.title,
            `refs/heads/${w.headBranch}`,
            `refs/heads/${repo.defaultBranch}`,
          ]);
          expect(Array.isArray(p.labels ?? [])).toBe(true);
        }
        // The incremental run: created at or after the last sync (RFC 3339), with queryTimeRangeType=created.
        const since = [...repo.pulls].sort((a, b) => a.createdAt - b.createdAt)[Math.floor(repo.pulls.length / 2)]!.createdAt;
        const minTime = new Date(since).toISOString().replace(/\.\d{3}Z$/, "Z");
        const recent = await devlakeUndetermined(
          url,
          { "searchCriteria.status": "all", "searchCriteria.queryTimeRangeType": "created", "searchCriteria.minTime": minTime },
          100,
        );
        expect(recent.map((p) => p.pullRequestId).sort((a, b) => a - b)).toStrictEqual(
          repo.pulls
            .filter((p) => Math.floor(p.createdAt / 1000) * 1000 >= Date.parse(minTime))
            .map((p) => pullId(repo.id, p.number))
            .sort((a, b) => a - b),
        );
      }
    },
    TIMEOUT,
  );

  it(
    "pull request commits: $skip=0&$top=100, then continuationToken (tasks/pr_commit_collector.go)",
    async () => {
      const { projectId, repoIds } = await scope();
      for (const repo of repos.slice(0, 2)) {
        for (const pr of repo.pulls) {
          const url =
            `${host}/${org}/${projectId}/_apis/git/repositories/${repoIds.get(repo.name)}/` +
            `pullRequests/${pullId(repo.id, pr.number)}/commits?` +
            `api-version=7.1`;
          const commits = await devlakeSequential(url, 100);
          expect(commits.map((c) => c.commitId).sort()).toStrictEqual(pr.commits.map((c) => c.sha).sort());
          for (const c of commits) for (const k of ["commitId", "author", "committer", "comment", "url"]) expect(c, k).toHaveProperty(k);
        }
      }
    },
    TIMEOUT,
  );

  it(
    "commits: $skip/$top=100 until a short page (tasks/commit_collector.go), the fields commit_extractor.go reads",
    async () => {
      const { projectId, repoIds } = await scope();
      for (const repo of repos) {
        const url = `${host}/${org}/${projectId}/_apis/git/repositories/${repoIds.get(repo.name)}/commits?api-version=7.1`;
        const commits = await devlakeUndetermined(url, {}, 100);
        const main = new Set(repo.mainCommits.map((c) => c.sha));
        expect(commits.length).toBeGreaterThan(0);
        for (const c of commits) {
          expect(main.has(c.commitId), c.commitId).toBe(true);
          const w = repo.mainCommits.find((x) => x.sha === c.commitId)!;
          expect(c.author.email).toBe(world.people.find((p) => p.id === w.authorId)!.email);
          expect(Number.isNaN(Date.parse(c.author.date))).toBe(false);
          expect(w.message.startsWith(c.comment)).toBe(true);
          expect(typeof c.changeCounts).toBe("object");
          expect(c.url).toContain(`/commits/${c.commitId}`);
        }
      }
    },
    TIMEOUT,
  );

  /** The builds DevLake collects for a repository: ci_cd_build_collector.go's query, walked by token. */
  async function devlakeBuilds(projectId: string, repoId: string, minTime?: string): Promise<Item[]> {
    const url = `${host}/${org}/${projectId}/_apis/build/builds?api-version=7.1`;
    const out: Item[] = [];
    let token: string | undefined;
    for (let n = 0; n < 1000; n++) {
      const params: Record<string, string> = {
        repositoryType: "TfsGit",
        repositoryId: repoId,
        $top: "100",
        queryOrder: "queueTimeDescending",
      };
      if (token) params.continuationToken = token;
      if (minTime) params.minTime = minTime;
      const page = await ok(`${url}&${q(params)}`);
      out.push(...(page.body.value as Item[]));
      const next = page.headers.get("x-ms-continuationtoken");
      if ((page.body.value as Item[]).length < 100 || !next) return out;
      token = next;
    }
    throw new Error("the walk did not end");
  }

  it(
    "builds: repositoryType=TfsGit, repositoryId, $top=100, queryOrder=queueTimeDescending, continuationToken, minTime (tasks/" +
      "ci_cd_build_collector.go)",
    async () => {
      const { projectId, repoIds } = await scope();
      for (const repo of repos.slice(0, 4)) {
        const builds = await devlakeBuilds(projectId, repoIds.get(repo.name)!);
        expect(builds.map((b) => b.id).sort((a, b) => a - b)).toStrictEqual(repo.runs.map((r) => r.id).sort((a, b) => a - b));
        const queued = builds.map((b) => Date.parse(b.queueTime));
        expect(queued).toStrictEqual([...queued].sort((a, b) => b - a));
        for (const b of builds) {
          for (const k of [
            "id",
            "buildNumber",
            "status",
            "queueTime",
            "url",
            "definition",
            "uri",
            "sourceBranch",
            "sourceVersion",
            "priority",
            "reason",
          ])
            expect(b, k).toHaveProperty(k);
          expect(b.sourceVersion).toBe(repo.runs.find((r) => r.id === b.id)!.headSha);
        }
        // GetCreated reads queueTime; the next run sends minTime as RFC 3339.
        const minTime = String(builds[Math.floor(builds.length / 2)]!.queueTime).replace(/\.\d+Z$/, "Z");
        const recent = await devlakeBuilds(projectId, repoIds.get(repo.name)!, minTime);
        expect(recent.map((b) => b.id)).toStrictEqual(
          builds.filter((b) => Date.parse(b.queueTime) >= Date.parse(minTime)).map((b) => b.id),
        );
      }
    },
    TIMEOUT,
  );

  it(
    "timeline records: builds/{id}/Timeline?$skip=0&$top=0 for builds not failed or none, " +
      "`records` read (tasks/ci_cd_timeline_records_collector.go)",
    async () => {
      const { projectId, repoIds } = await scope();
      for (const repo of repos.slice(0, 2)) {
        const builds = (await devlakeBuilds(projectId, repoIds.get(repo.name)!)).filter(
          (b) => !["failed", "none"].includes(b.result ?? ""),
        );
        expect(builds.length).toBeGreaterThan(0);
        for (const b of builds.slice(0, 8)) {
          // PageSize 0: one request, and BuildPaginator(true) still writes $skip=0 and $top=0.
          const t = await ok(
            `${host}/${org}/${projectId}/_apis/build/builds/${b.id}/Timeline?${q({ "api-version": "7.1", $skip: 0, $top: 0 })}`,
          );
          const plain = await ok(`${host}/${org}/${projectId}/_apis/build/builds/${b.id}/Timeline?api-version=7.1`);
          expect(JSON.stringify(t.body)).toBe(JSON.stringify(plain.body));
          const records = t.body.records as Item[];
          const run = repo.runs.find((r) => r.id === b.id)!;
          expect(
            records
              .filter((r) => r.type === "Job")
              .map((r) => r.name)
              .sort(),
          ).toStrictEqual(run.jobs.map((j) => j.name).sort());
          for (const r of records)
            for (const k of [
              "id",
              "parentId",
              "type",
              "name",
              "startTime",
              "finishTime",
              "state",
              "result",
              "changeId",
              "lastModified",
              "identifier",
            ])
              expect(r, k).toHaveProperty(k);
        }
      }
    },
    TIMEOUT,
  );
});
