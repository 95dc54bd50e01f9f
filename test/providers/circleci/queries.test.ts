import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DAY } from "../../../generator/world/clock.js";
import { API, type Any, circleRepos, get, liveWorld, ok, tokenHolder, walk } from "./world.js";

/**
 * The lists' parameters over HTTP, against the world: pipelines newest first and numbered per project,
 * `branch` (any branch, drawn by fast-check, and one that does not exist), `org-slug` and `mine`, the
 * holder's own pipelines, a workflow's jobs, `page-token` chains and the `page-size` extension, the
 * Insights windows, branch picks, `start-date`/`end-date` and `job-name`; and CircleCI's refusals:
 * no token, a bad token or parameter, an unknown path, a write.
 */
const world = liveWorld();
const repos = circleRepos(world);
const me = tokenHolder(world);
const iso = (ms: number) => new Date(ms).toISOString();

describe("CircleCI host: pipelines", () => {
  it("lists a project's pipelines newest first, numbered from 1 in creation order, 20 a page, the last page's token null", async () => {
    for (const { slug, runs } of repos) {
      const { items, pages } = await walk(`project/${slug}/pipeline`);
      expect(items.map((p) => p.vcs.revision)).toStrictEqual([...runs].reverse().map((r) => r.headSha));
      expect(items.map((p) => p.number)).toStrictEqual(runs.map((_, i) => i + 1).reverse());
      expect(pages.slice(0, -1).every((p) => p.items.length === 20)).toBe(true);
      expect(pages.at(-1)!.next_page_token).toBeNull();
    }
  });

  it("takes the token as the circle-token query parameter, and refuses a request without any", async () => {
    const { slug } = repos[0]!;
    expect((await get(`project/${slug}`, [["circle-token", "any-token"]], {})).status).toBe(200);
    const refused = await get(`project/${slug}`, [], {});
    expect(`${refused.status} ${JSON.stringify(refused.body)}`).toBe('401 {"message":"You must log in first."}');
  });

  it("filters by branch: any branch of the repository, and none for a branch that does not exist", async () => {
    const { slug, runs } = repos.find((r) => new Set(r.runs.map((x) => x.headBranch)).size > 2)!;
    const branches = [...new Set(runs.map((r) => r.headBranch))].sort();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...branches, "no-such-branch"), async (branch) => {
        const { items } = await walk(`project/${slug}/pipeline`, [["branch", branch]]);
        expect(items.map((p) => p.number)).toStrictEqual(
          runs
            .map((r, i) => ({ r, n: i + 1 }))
            .filter((x) => x.r.headBranch === branch)
            .map((x) => x.n)
            .reverse(),
        );
        expect(items.every((p) => p.vcs.branch === branch)).toBe(true);
      }),
      { numRuns: 8, seed: 14 },
    );
  });

  it("lists the organization's pipelines with org-slug, and only the token holder's with mine=true or /mine", async () => {
    const all = repos.flatMap((r) => r.runs).sort((a, b) => b.createdAt - a.createdAt);
    const { items } = await walk("pipeline", [["org-slug", `gh/${world.company.slug}`]]);
    expect(items.map((p) => p.created_at)).toStrictEqual(all.map((r) => iso(r.createdAt)));
    const mine = await walk("pipeline", [
      ["org-slug", `gh/${world.company.slug}`],
      ["mine", "true"],
    ]);
    expect(mine.items.length).toBe(all.filter((r) => r.actorId === me.id).length);
    expect(mine.items.length).toBeGreaterThan(0);
    expect(mine.items.every((p) => p.trigger.actor.login === me.handles.github)).toBe(true);
    expect(
      (
        await walk("pipeline", [
          ["org-slug", `gh/${world.company.slug}`],
          ["mine", "false"],
        ])
      ).items.length,
    ).toBe(all.length);
    for (const { slug, runs } of repos) {
      const own = await walk(`project/${slug}/pipeline/mine`);
      expect(own.items.map((p) => p.vcs.revision)).toStrictEqual(
        runs
          .filter((r) => r.actorId === me.id)
          .reverse()
          .map((r) => r.headSha),
      );
    }
    const refused = await get("pipeline", [
      ["org-slug", `gh/${world.company.slug}`],
      ["mine", "maybe"],
    ]);
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body)).toStrictEqual(["message"]);
  });

  it("gets a pipeline by id and by number, its workflow and the workflow's jobs, as the run has them", async () => {
    const { slug, runs } = repos[0]!;
    const n = runs.length - 3;
    const run = runs[n - 1]!;
    const byNumber = await ok(`project/${slug}/pipeline/${n}`);
    expect(await ok(`pipeline/${byNumber.id}`)).toStrictEqual(byNumber);
    expect([byNumber.vcs.revision, byNumber.vcs.branch, byNumber.created_at]).toStrictEqual([
      run.headSha,
      run.headBranch,
      iso(run.createdAt),
    ]);
    expect(byNumber.vcs.review_id).toBe(run.pullNumber === undefined ? undefined : String(run.pullNumber));
    const workflows = await walk(`pipeline/${byNumber.id}/workflow`);
    expect(workflows.items).toHaveLength(1);
    const wf = workflows.items[0]!;
    expect(await ok(`workflow/${wf.id}`)).toStrictEqual(wf);
    expect(wf.status).toBe(
      run.status !== "completed" ? expect.stringMatching(/running|failing/) : run.conclusion === "failure" ? "failed" : "success",
    );
    const jobs = await walk(`workflow/${wf.id}/job`);
    expect(jobs.items.map((j) => j.name).sort()).toStrictEqual(run.jobs.map((j) => j.name).sort());
    for (const j of jobs.items) {
      const detail = await ok(`project/${slug}/job/${j.job_number}`);
      expect([detail.name, detail.status, detail.pipeline.id, detail.latest_workflow.id]).toStrictEqual([
        j.name,
        j.status,
        byNumber.id,
        wf.id,
      ]);
    }
    // `github/…` is the long spelling of `gh/…`.
    expect(await ok(`project/${slug.replace(/^gh\//, "github/")}/pipeline/${n}`)).toStrictEqual(byNumber);
  });

  it("pages by page-token, and by a smaller page-size to the same items; a token that is no token is a 400", async () => {
    const { slug } = repos[0]!;
    const whole = (await walk(`project/${slug}/pipeline`)).items.map((p) => p.id);
    const small = await walk(`project/${slug}/pipeline`, [["page-size", "7"]]);
    expect(small.items.map((p) => p.id)).toStrictEqual(whole);
    expect(small.pages[0]!.items).toHaveLength(7);
    const bad = await get(`project/${slug}/pipeline`, [["page-token", "not-a-token"]]);
    expect(bad.status).toBe(400);
    expect(typeof bad.body.message).toBe("string");
  });
});

describe("CircleCI host: Insights", () => {
  /** Completed runs of a workflow on a branch pick within the last `days` days, from the world. */
  const completed = (i: number, days: number, branch?: string) => {
    const { runs } = repos[i]!;
    return runs.filter(
      (r) =>
        r.status === "completed" &&
        r.createdAt >= world.asOf - days * DAY &&
        r.event !== "schedule" &&
        (branch === undefined || r.headBranch === branch),
    );
  };

  it("summarizes a project's workflows per window, on the default branch by default and on every branch with all-branches", async () => {
    const { slug, repo } = repos[0]!;
    for (const [window, days] of [
      ["last-7-days", 7],
      ["last-30-days", 30],
      ["last-90-days", 90],
    ] as const) {
      const main = completed(0, days, repo.defaultBranch);
      const body = await ok(`insights/${slug}/workflows`, [["reporting-window", window]]);
      const ci = (body.items as Any[]).find((w) => w.name === "ci");
      expect(ci?.metrics.total_runs ?? 0).toBe(main.length);
      if (ci) expect(ci.metrics.failed_runs).toBe(main.filter((r) => r.conclusion === "failure").length);
      const all = await ok(`insights/${slug}/workflows`, [
        ["reporting-window", window],
        ["all-branches", "true"],
      ]);
      expect((all.items as Any[]).find((w) => w.name === "ci")?.metrics.total_runs ?? 0).toBe(completed(0, days).length);
    }
    // The default window is 90 days: naming it is the same answer.
    expect(await ok(`insights/${slug}/workflows`)).toStrictEqual(
      await ok(`insights/${slug}/workflows`, [["reporting-window", "last-90-days"]]),
    );
  });

  it("lists a workflow's runs newest first, filtered by start-date and end-date, and job summaries by job-name", async () => {
    const { slug, repo } = repos[0]!;
    const runs = completed(0, 90, repo.defaultBranch);
    const { items } = await walk(`insights/${slug}/workflows/ci`);
    expect(items.map((r) => r.created_at)).toStrictEqual(runs.map((r) => iso(r.createdAt)).reverse());
    const from = runs[Math.floor(runs.length / 2)]!.createdAt;
    const later = await walk(`insights/${slug}/workflows/ci`, [["start-date", iso(from)]]);
    expect(later.items.length).toBe(runs.filter((r) => r.createdAt >= from).length);
    const earlier = await walk(`insights/${slug}/workflows/ci`, [
      ["start-date", iso(runs[0]!.createdAt)],
      ["end-date", iso(from)],
    ]);
    expect(earlier.items.length + later.items.length).toBe(runs.length);
    const jobs = await ok(`insights/${slug}/workflows/ci/jobs`, [["job-name", "test"]]);
    expect((jobs.items as Any[]).map((j) => j.name)).toStrictEqual(["test"]);
    expect(jobs.items[0].metrics.total_runs).toBe(runs.length);
  });

  it("lists the branches that built, a workflow's summary, the project's Insights page and the organization's summary", async () => {
    for (const [i, { slug }] of repos.entries()) {
      const body = await ok(`insights/${slug}/branches`);
      const built = repos[i]!.runs.filter((r) => r.status === "completed" && r.createdAt >= world.asOf - 90 * DAY);
      expect(body.branches).toStrictEqual([...new Set(built.map((r) => r.headBranch))].sort());
    }
    const { slug } = repos[0]!;
    const wf = await ok(`insights/${slug}/workflows/ci/summary`, [["all-branches", "true"]]);
    expect(wf.metrics.total_runs).toBe(completed(0, 90).length);
    expect(wf.workflow_names).toContain("ci");
    const page = await ok(`insights/pages/${slug}/summary`, [["reporting-window", "last-7-days"]]);
    expect(page.project_data.metrics.total_runs).toBe(
      repos[0]!.runs.filter((r) => r.status === "completed" && r.createdAt >= world.asOf - 7 * DAY).length,
    );
    const summary = await ok(`insights/gh/${world.company.slug}/summary`, [["reporting-window", "last-30-days"]]);
    expect(summary.all_projects).toStrictEqual(repos.map((r) => r.repo.name));
    const total = repos.reduce(
      (a, r) => a + r.runs.filter((x) => x.status === "completed" && x.createdAt >= world.asOf - 30 * DAY).length,
      0,
    );
    expect(summary.org_data.metrics.total_runs).toBe(total);
  });
});

describe("CircleCI host: the organization", () => {
  it("lists its contexts by owner-id or owner-slug, and its pipelines by any spelling of its slug", async () => {
    const [org] = (await ok("me/collaborations")) as unknown as Any[];
    const byId = await walk("context", [["owner-id", org!.id]]);
    const bySlug = await walk("context", [
      ["owner-slug", org!.slug],
      ["owner-type", "organization"],
    ]);
    expect(byId.items).toStrictEqual(bySlug.items);
    expect(byId.items.map((c) => c.name)).toStrictEqual(["org-global", "docker-hub-creds"]);
    expect(await ok(`context/${byId.items[0]!.id}`)).toStrictEqual(byId.items[0]);
    const want = (await walk("pipeline", [["org-slug", org!.slug]])).items.map((p) => p.id);
    for (const slug of [`github/${world.company.slug}`, `circleci/${org!.id}`])
      expect((await walk("pipeline", [["org-slug", slug]])).items.map((p) => p.id)).toStrictEqual(want);
  });
});

describe("CircleCI host: refusals", () => {
  it("answers 401 without a token, and takes the token as the user of basic auth", async () => {
    const res = await fetch(`${API}/me`);
    expect([res.status, await res.text()]).toStrictEqual([401, JSON.stringify({ message: "You must log in first." })]);
    const basic = await get("me", [], { authorization: `Basic ${Buffer.from("CCIPAT_token:").toString("base64")}` });
    expect([basic.status, basic.body.login]).toStrictEqual([200, me.handles.github]);
  });

  it("answers an unknown project, pipeline or job with 404, and a write with 403", async () => {
    for (const path of [
      `project/gh/${world.company.slug}/no-such-repo`,
      "pipeline/00000000-0000-4000-8000-000000000000",
      `project/${repos[0]!.slug}/job/999999`,
    ]) {
      const r = await get(path);
      expect([r.status, r.body]).toStrictEqual([404, { message: "Not found." }]);
    }
    const res = await fetch(`${API}/project/${repos[0]!.slug}/pipeline`, {
      method: "POST",
      headers: { "Circle-Token": "x", "content-type": "application/json" },
      body: JSON.stringify({ branch: "main" }),
    });
    expect([res.status, await res.json()]).toStrictEqual([403, { message: "Permission denied" }]);
  });
});
