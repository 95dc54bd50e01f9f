import { describe, expect, inject, it } from "vitest";
import { DAY } from "../../../generator/world/clock.js";
import { CircleciSchema } from "./schema.js";
import { type Any, circleRepos, liveWorld, tokenHolder } from "./world.js";

/**
 * Two clients, unchanged but for the base URL.
 *
 * - Plain `fetch` exactly as CircleCI's API docs and developer's guide show it: `Circle-Token` header,
 *   `GET /me`, `/me/collaborations`, a project, its pipelines on a branch paged with `page-token` to the
 *   end, a pipeline's config and workflows, a workflow's jobs, each job's details, tests and artifacts,
 *   and the Insights summary. Every body validates against the published description.
 * - A replay of DevLake's CircleCI plugin (backend/plugins/circleci): the connection test (`/v2/me`),
 *   remote scopes (`private/me`), then the collectors in order with the requests they send: accounts
 *   (`/v2/me/collaborations`), the project, pipelines (`/v2/project/{slug}/pipeline`, `page-token` from
 *   `next_page_token`, stopping at the first pipeline older than the sync's time-after), workflows of
 *   each pipeline and jobs of each workflow (`page-token` until the token is empty). Its endpoint is
 *   `https://circleci.com/api/`, so its paths are relative to `/api/`.
 * - A replay of Airbyte's source-circleci (manifest-only, airbyte-integrations/connectors/source-circleci):
 *   its check stream (`v2/context?owner-id=`), then each stream's request with the parameters the
 *   manifest adds (`owner-id` and `org-slug=circleci/<org id>` everywhere, projects as
 *   `circleci/<org id>/<project id>`), v1.1 `me` and `projects` included, paged by `next_page_token`.
 */
const world = liveWorld();
const repos = circleRepos(world);
const schema = new CircleciSchema();
const HOST = `${inject("baseUrl")}/circleci`;

async function fetchJson(url: string): Promise<Any> {
  const res = await fetch(url, { headers: { "Circle-Token": "CCIPAT_docs_example", accept: "application/json" } });
  expect(res.status, url).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  const body = (await res.json()) as Any;
  const path = new URL(url).pathname.replace(/^\/circleci\//, "");
  expect(schema.validate(path, body), url).toBeUndefined();
  return body;
}

/** Every item of a list, following `next_page_token` with `page-token` until it is null. */
async function all(url: string): Promise<Any[]> {
  const out: Any[] = [];
  let token: string | null = null;
  do {
    const page = await fetchJson(token ? `${url}${url.includes("?") ? "&" : "?"}page-token=${encodeURIComponent(token)}` : url);
    out.push(...(page.items as Any[]));
    token = page.next_page_token ?? null;
  } while (token);
  return out;
}

describe("CircleCI API v2 with fetch, as its docs show", () => {
  const api = `${HOST}/api/v2`;

  it("finds the organization and its project, pages a branch's pipelines and reads every job", async () => {
    const me = await fetchJson(`${api}/me`);
    expect(me.login).toBe(tokenHolder(world).handles.github);
    const [org] = (await fetchJson(`${api}/me/collaborations`)) as Any[];
    expect(org!.slug).toBe(`gh/${world.company.slug}`);
    const { repo, runs } = repos[0]!;
    const project = await fetchJson(`${api}/project/${org!.slug}/${repo.name}`);
    expect(project.vcs_info.default_branch).toBe(repo.defaultBranch);

    const pipelines: Any[] = [];
    let token: string | null = null;
    do {
      const params = new URLSearchParams({ branch: repo.defaultBranch, ...(token ? { "page-token": token } : {}) });
      const page = await fetchJson(`${api}/project/${project.slug}/pipeline?${params}`);
      pipelines.push(...(page.items as Any[]));
      token = page.next_page_token ?? null;
    } while (token);
    expect(pipelines.map((p) => p.vcs.revision)).toStrictEqual(
      runs
        .filter((r) => r.headBranch === repo.defaultBranch)
        .reverse()
        .map((r) => r.headSha),
    );

    for (const pipeline of pipelines.slice(0, 4)) {
      const config = await fetchJson(`${api}/pipeline/${pipeline.id}/config`);
      expect(config.source).toContain("workflows:");
      const workflows = await fetchJson(`${api}/pipeline/${pipeline.id}/workflow`);
      for (const wf of workflows.items as Any[]) {
        const jobs = await fetchJson(`${api}/workflow/${wf.id}/job`);
        for (const job of jobs.items as Any[]) {
          const detail = await fetchJson(`${api}/project/${project.slug}/job/${job.job_number}`);
          expect(detail.number).toBe(job.job_number);
          const tests = await all(`${api}/project/${project.slug}/${job.job_number}/tests`);
          const artifacts = await all(`${api}/project/${project.slug}/${job.job_number}/artifacts`);
          if (job.name === "test" && job.status !== "running") {
            expect(tests.length).toBeGreaterThan(0);
            expect(tests.some((t) => t.result === "failure")).toBe(job.status === "failed");
            expect(artifacts.map((a) => a.path)).toStrictEqual(["test-results/junit.xml"]);
          } else {
            expect(tests).toStrictEqual([]);
          }
        }
      }
    }
    const insights = await fetchJson(`${api}/insights/${project.slug}/workflows?reporting-window=last-30-days`);
    expect((insights.items as Any[]).map((w) => w.name)).toContain("ci");
  });
});

describe("DevLake's CircleCI collectors, replayed", () => {
  const endpoint = `${HOST}/api/`;
  const get = (path: string, query: Record<string, string> = {}) => {
    const q = new URLSearchParams(query).toString();
    return fetchJson(`${endpoint}${path.replace(/^\//, "")}${q ? `?${q}` : ""}`);
  };
  /** DevLake's ExtractNextPageToken and BuildQueryParamsWithPageToken: `page-token` until the token is empty. */
  async function collect(path: string, stop?: (item: Any) => boolean): Promise<Any[]> {
    const out: Any[] = [];
    let token = "";
    for (;;) {
      const page = await get(path, token ? { "page-token": token } : {});
      for (const item of page.items as Any[]) {
        if (stop?.(item)) return out;
        out.push(item);
      }
      token = (page.next_page_token as string | null) ?? "";
      if (token === "") return out;
    }
  }

  it("tests the connection, lists remote scopes, and collects accounts, the project, pipelines, workflows and jobs", async () => {
    expect((await get("/v2/me")).id).toMatch(/^[0-9a-f-]{36}$/);
    const scopes = (await get("private/me")).followed_projects as Any[];
    expect(scopes.map((p) => p.slug)).toStrictEqual(repos.map((r) => r.slug));
    const accounts = (await get("/v2/me/collaborations")) as unknown as Any[];
    expect(accounts.map((a) => a["vcs-type"])).toStrictEqual(["github"]);

    const { slug, runs } = repos[1]!;
    expect((await get(`/v2/project/${slug}`)).slug).toBe(slug);
    const timeAfter = world.asOf - 30 * DAY;
    const pipelines = await collect(`/v2/project/${slug}/pipeline`, (p) => Date.parse(p.created_at) < timeAfter);
    const recent = runs.filter((r) => r.createdAt >= timeAfter).reverse();
    expect(pipelines.map((p) => p.vcs.revision)).toStrictEqual(recent.map((r) => r.headSha));
    let jobs = 0;
    for (const pipeline of pipelines) {
      const workflows = await collect(`/v2/pipeline/${pipeline.id}/workflow`);
      expect(workflows.map((w) => w.pipeline_number)).toStrictEqual([pipeline.number]);
      for (const wf of workflows) jobs += (await collect(`/v2/workflow/${wf.id}/job`)).length;
    }
    expect(jobs).toBe(recent.reduce((a, r) => a + r.jobs.length, 0));
  });
});

describe("Airbyte's source-circleci streams, replayed", () => {
  const base = `${HOST}/api/`;
  /** The manifest's CursorPagination: `page-token` while `response.get("next_page_token", {})` is truthy. */
  async function stream(path: string, params: Record<string, string>, field?: string): Promise<Any[]> {
    const out: Any[] = [];
    let token = "";
    for (;;) {
      const q = new URLSearchParams({ ...params, ...(token ? { "page-token": token } : {}) });
      const body = await fetchJson(`${base}${path}?${q}`);
      out.push(...(field ? (body[field] as Any[]) : Array.isArray(body) ? body : [body]));
      token = !Array.isArray(body) && typeof body.next_page_token === "string" ? body.next_page_token : "";
      if (!token) return out;
    }
  }

  it(
    "checks with contexts, then reads me, collaborations, v1.1 me and projects, pipelines, the " + "project, jobs, workflows and insights",
    async () => {
      const [org] = (await fetchJson(`${HOST}/api/v2/me/collaborations`)) as Any[];
      const orgId = org!.id as string;
      const owner = { "owner-id": orgId };
      expect((await stream("v2/context", owner, "items")).map((c) => c.name)).toStrictEqual(["org-global", "docker-hub-creds"]);
      expect((await stream("v2/me", owner))[0]!.login).toBe(tokenHolder(world).handles.github);
      expect((await stream("v2/me/collaborations", owner)).map((c) => c.id)).toStrictEqual([orgId]);
      const me = (await stream("v1.1/me", owner))[0]!;
      expect(me.analytics_id).toMatch(/^[0-9a-f-]{36}$/);
      const projects = await stream("v1.1/projects", owner);
      expect(projects.map((p) => p.reponame)).toStrictEqual(repos.map((r) => r.repo.name));
      for (const [i, p] of projects.entries()) {
        const built = new Set(repos[i]!.runs.map((r) => r.headBranch));
        expect(Object.keys(p.branches).every((b) => built.has(b))).toBe(true);
      }

      const slug = { "org-slug": `circleci/${orgId}` };
      const pipelines = await stream("v2/pipeline", slug, "items");
      expect(pipelines.length).toBe(repos.reduce((a, r) => a + r.runs.length, 0));
      const { repo } = repos[0]!;
      const found = await fetchJson(`${HOST}/api/v2/project/gh/${world.company.slug}/${repo.name}`);
      const project = (await stream(`v2/project/circleci/${orgId}/${found.id}`, slug))[0]!;
      expect(project.slug).toBe(found.slug);
      const job = (await stream(`v2/project/circleci/${orgId}/${found.id}/job/2`, {}))[0]!;
      expect(job.number).toBe(2);
      const workflow = (await stream(`v2/workflow/${job.latest_workflow.id}`, {}))[0]!;
      expect((await stream(`v2/workflow/${workflow.id}/job`, {}, "items")).map((j) => j.job_number)).toContain(2);
      const metrics = (await stream(`v2/insights/pages/circleci/${orgId}/${found.id}/summary`, slug))[0]!;
      expect(metrics.project_id).toBe(found.id);
      const branches = (await stream(`v2/insights/circleci/${orgId}/${found.id}/branches`, slug))[0]!;
      expect(branches.branches).toContain(repo.defaultBranch);
    },
  );
});
