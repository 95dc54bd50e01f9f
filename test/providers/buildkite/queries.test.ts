import { describe, expect, inject, it } from "vitest";
import { errorBody, validateBuildkite } from "./schema.js";
import { iso, liveWorld, stateOf, worldPipelines } from "./world.js";

/**
 * The filters, paging and refusals of the Buildkite host over HTTP, as its REST reference describes
 * them (spec/). Expected values come from the world, never from the served files.
 */
const host = `${inject("baseUrl")}/buildkite`;
const auth = { authorization: "Bearer bkua_queries" };
const world = liveWorld();
const pipelines = worldPipelines(world);
const org = world.company.slug;

type Any = Record<string, any>;

async function call(
  path: string,
  query: Array<[string, string]> = [],
  init: { headers?: Record<string, string>; method?: string } = {},
): Promise<{ status: number; body: Any; headers: Headers }> {
  const q = query.length ? `?${new URLSearchParams(query)}` : "";
  const res = await fetch(`${host}/${path}${q}`, { method: init.method ?? "GET", headers: init.headers ?? auth });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Any) : {}, headers: res.headers };
}

async function ok(path: string, query: Array<[string, string]> = []): Promise<Any> {
  const r = await call(path, query);
  expect(r.status, `${path} ${JSON.stringify(query)}: ${JSON.stringify(r.body).slice(0, 300)}`).toBe(200);
  const problem = validateBuildkite(path, r.body);
  expect(problem, path).toBeUndefined();
  return r.body;
}

/** Every page of a list, following `Link: <…>; rel="next"` to the end. */
async function all(path: string, query: Array<[string, string]> = []): Promise<Any[]> {
  const out: Any[] = [];
  let url: string | undefined = `${host}/${path}${query.length ? `?${new URLSearchParams(query)}` : ""}`;
  for (let pages = 0; url && pages < 100; pages++) {
    const res: Response = await fetch(url, { headers: auth });
    expect(res.status, url).toBe(200);
    out.push(...((await res.json()) as Any[]));
    url = /<([^>]+)>;\s*rel="next"/.exec(res.headers.get("link") ?? "")?.[1];
  }
  return out;
}

const p = pipelines.find((x) => x.runs.some((r) => r.pullNumber !== undefined) && x.runs.some((r) => r.conclusion === "failure"))!;
const builds = `v2/organizations/${org}/pipelines/${p.repo.name}/builds`;
const numbersOf = (runs: typeof p.runs) => runs.map((r) => p.runs.indexOf(r) + 1).reverse();

describe("Buildkite host: build lists", () => {
  it("lists a pipeline's builds newest first, numbered from 1 in creation order, with the runs' commits and branches", async () => {
    const got = await all(builds, [["per_page", "100"]]);
    expect(got.map((b) => b.number)).toStrictEqual(numbersOf(p.runs));
    expect(got.map((b) => `${b.commit} ${b.branch} ${b.state}`)).toStrictEqual(
      [...p.runs].reverse().map((r) => `${r.headSha} ${r.headBranch} ${stateOf(r)}`),
    );
    const org_ = await all(`v2/organizations/${org}/builds`, [["per_page", "100"]]);
    expect(org_.length).toBe(pipelines.reduce((n, x) => n + x.runs.length, 0));
    expect((await all("v2/builds", [["per_page", "100"]])).map((b) => b.id)).toStrictEqual(org_.map((b) => b.id));
  });

  it("pages with page and per_page (30 by default, 100 at most) and a Link header of next and last, then prev and first", async () => {
    const first = await call(builds, [["per_page", "5"]]);
    const last = Math.ceil(p.runs.length / 5);
    expect(first.headers.get("link")).toBe(
      `<${host}/${builds}?per_page=5&page=2>; rel="next", <${host}/${builds}?per_page=5&page=${last}>; rel="last"`,
    );
    const second = await call(builds, [
      ["per_page", "5"],
      ["page", "2"],
    ]);
    const link = second.headers.get("link") ?? "";
    for (const rel of ["prev", "next", "last", "first"]) expect(link).toContain(`rel="${rel}"`);
    expect(second.body.map((b: Any) => b.number)).toStrictEqual(numbersOf(p.runs).slice(5, 10));
    const walked = await all(builds, [["per_page", "5"]]);
    expect(walked.map((b) => b.number)).toStrictEqual(numbersOf(p.runs));
    expect((await ok(builds)).length).toBe(Math.min(30, p.runs.length));
    expect((await ok(`v2/organizations/${org}/builds`, [["per_page", "500"]])).length).toBe(
      Math.min(
        100,
        pipelines.reduce((n, x) => n + x.runs.length, 0),
      ),
    );
    expect(
      await ok(builds, [
        ["page", String(last + 1)],
        ["per_page", "5"],
      ]),
    ).toStrictEqual([]);
  });

  it("filters by branch and branch[], commit, state and state[] (finished is passed, failed, blocked and canceled)", async () => {
    const pr = p.runs.find((r) => r.pullNumber !== undefined)!;
    const onBranch = p.runs.filter((r) => r.headBranch === pr.headBranch);
    expect((await all(builds, [["branch", pr.headBranch]])).map((b) => b.number)).toStrictEqual(numbersOf(onBranch));
    const both = p.runs.filter((r) => r.headBranch === pr.headBranch || r.headBranch === p.repo.defaultBranch);
    expect(
      (
        await all(builds, [
          ["branch[]", pr.headBranch],
          ["branch[]", p.repo.defaultBranch],
        ])
      ).map((b) => b.number),
    ).toStrictEqual(numbersOf(both));
    expect((await all(builds, [["commit", pr.headSha]])).map((b) => b.number)).toStrictEqual(
      numbersOf(p.runs.filter((r) => r.headSha === pr.headSha)),
    );
    const failed = p.runs.filter((r) => stateOf(r) === "failed");
    expect(failed.length).toBeGreaterThan(0);
    expect((await all(builds, [["state", "failed"]])).map((b) => b.number)).toStrictEqual(numbersOf(failed));
    const finished = p.runs.filter((r) => r.status === "completed");
    expect((await all(builds, [["state", "finished"]])).map((b) => b.number)).toStrictEqual(numbersOf(finished));
    const open = p.runs.filter((r) => r.status !== "completed");
    expect(
      (
        await all(builds, [
          ["state[]", "scheduled"],
          ["state[]", "running"],
        ])
      ).map((b) => b.number),
    ).toStrictEqual(numbersOf(open));
    expect(await ok(builds, [["branch", "no-such-branch"]])).toStrictEqual([]);
  });

  it("filters the organization's builds by created_from, created_to, finished_from and creator", async () => {
    const runs = pipelines.flatMap((x) => x.runs);
    const sorted = [...runs].sort((a, b) => a.createdAt - b.createdAt);
    const from = sorted[Math.floor(sorted.length / 2)]!.createdAt;
    const to = sorted[Math.floor((sorted.length * 3) / 4)]!.createdAt;
    const got = await all(`v2/organizations/${org}/builds`, [
      ["created_from", iso(from)],
      ["created_to", iso(to)],
    ]);
    expect(got.length).toBe(runs.filter((r) => r.createdAt >= from && r.createdAt < to).length);
    expect(got.every((b) => b.created_at >= iso(from) && b.created_at < iso(to))).toBe(true);
    const finished = await all(`v2/organizations/${org}/builds`, [["finished_from", iso(from)]]);
    expect(finished.length).toBe(runs.filter((r) => r.status === "completed" && r.updatedAt >= from).length);
    const actor = p.runs[0]!.actorId;
    const creatorId = (await ok(`${builds}/1`)).creator.id as string;
    const mine = await all(`v2/organizations/${org}/builds`, [["creator", creatorId]]);
    expect(mine.length).toBe(runs.filter((r) => r.actorId === actor).length);
    const bad = await call(`v2/organizations/${org}/builds`, [["created_from", "last tuesday"]]);
    expect(bad.status).toBe(422);
    expect(errorBody.safeParse(bad.body).success).toBe(true);
  });

  it("leaves jobs or the pipeline out with exclude_jobs=true and exclude_pipeline=true, in lists and a build", async () => {
    const lean = await ok(builds, [
      ["exclude_jobs", "true"],
      ["exclude_pipeline", "true"],
    ]);
    expect(lean.every((b: Any) => !("jobs" in b) && !("pipeline" in b))).toBe(true);
    const full = await ok(builds, [["exclude_jobs", "false"]]);
    expect(full.every((b: Any) => Array.isArray(b.jobs) && b.pipeline.slug === p.repo.name)).toBe(true);
    const one = await ok(`${builds}/1`, [["exclude_pipeline", "true"]]);
    expect("pipeline" in one).toBe(false);
    expect(one.jobs.length).toBe(p.runs[0]!.jobs.length);
    const filtered = await all(builds, [
      ["exclude_jobs", "true"],
      ["state", "failed"],
    ]);
    expect(filtered.length).toBe(p.runs.filter((r) => stateOf(r) === "failed").length);
    expect(filtered.every((b) => !("jobs" in b))).toBe(true);
  });
});

describe("Buildkite host: pipelines, artifacts and annotations", () => {
  it("lists the organization's pipelines, filtered by name and repository (partial, any case)", async () => {
    const got = await ok(`v2/organizations/${org}/pipelines`);
    expect(got.map((x: Any) => x.slug)).toStrictEqual(pipelines.map((x) => x.repo.name));
    const part = p.repo.name.slice(1, 6).toUpperCase();
    expect((await ok(`v2/organizations/${org}/pipelines`, [["name", part]])).map((x: Any) => x.slug)).toStrictEqual(
      pipelines.filter((x) => x.repo.name.toUpperCase().includes(part)).map((x) => x.repo.name),
    );
    expect(
      (await ok(`v2/organizations/${org}/pipelines`, [["repository", `${org}/${p.repo.name}`]])).map((x: Any) => x.slug),
    ).toStrictEqual([p.repo.name]);
    // Each pipeline was set up the hour before its first build (its hosting's `since`).
    const since = [...pipelines].sort((a, b) => a.since - b.since)[1]!.since;
    const recent = await ok(`v2/organizations/${org}/pipelines`, [["created_from", iso(since - 3_600_000)]]);
    expect(recent.map((x: Any) => x.slug)).toStrictEqual(pipelines.filter((x) => x.since >= since).map((x) => x.repo.name));
  });

  it("filters a build's artifacts by state and path, and refuses an unknown state with a 422", async () => {
    const n = p.runs.findIndex((r) => r.status === "completed" && r.jobs.some((j) => j.name === "test")) + 1;
    const arts = await ok(`${builds}/${n}/artifacts`);
    expect(arts.length).toBeGreaterThan(0);
    expect(await ok(`${builds}/${n}/artifacts`, [["state", "expired"]])).toStrictEqual([]);
    expect((await ok(`${builds}/${n}/artifacts`, [["path", "test-results/junit.xml"]])).map((a: Any) => a.path)).toStrictEqual([
      "test-results/junit.xml",
    ]);
    const bad = await call(`${builds}/${n}/artifacts`, [["state", "shiny"]]);
    expect(bad.status).toBe(422);
    expect(errorBody.safeParse(bad.body).success).toBe(true);
  });

  it("annotates failed builds; scope=build is the default, scope=job finds none, scope=all the same", async () => {
    const n = p.runs.findIndex((r) => r.conclusion === "failure") + 1;
    const notes = await ok(`${builds}/${n}/annotations`);
    expect(notes.some((a: Any) => a.style === "error" && a.context === "failures")).toBe(true);
    expect(await ok(`${builds}/${n}/annotations`, [["scope", "job"]])).toStrictEqual([]);
    expect(await ok(`${builds}/${n}/annotations`, [["scope", "all"]])).toStrictEqual(notes);
    const jobId = (await ok(`${builds}/${n}`)).jobs[0].id as string;
    expect(await ok(`v2/organizations/${org}/jobs/${jobId}/annotations`)).toStrictEqual([]);
  });
});

describe("Buildkite host: refusals", () => {
  it("answers 401 without a token, in Buildkite's words", async () => {
    const r = await call("v2/user", [], { headers: {} });
    expect(r.status).toBe(401);
    expect(JSON.stringify(r.body)).toBe(
      JSON.stringify({
        message: "Authentication required. Please supply a valid API Access Token: https://buildkite.com/docs/apis/rest-api#authentication",
      }),
    );
  });

  it("names what is missing: an organization, a pipeline, a build, a job", async () => {
    const expectMissing = async (path: string, message: string) => {
      const r = await call(path);
      expect(r.status, path).toBe(404);
      expect(JSON.stringify(r.body)).toBe(JSON.stringify({ message }));
    };
    await expectMissing("v2/organizations/no-such-org", "No organization found");
    await expectMissing("v2/organizations/no-such-org/pipelines", "No organization found");
    await expectMissing(`v2/organizations/${org}/pipelines/no-such-pipeline`, "No pipeline found");
    await expectMissing(`v2/organizations/${org}/pipelines/no-such-pipeline/builds`, "No pipeline found");
    await expectMissing(`${builds}/${p.runs.length + 1}`, "No build found");
    await expectMissing(`${builds}/0/annotations`, "No build found");
    await expectMissing(`${builds}/1/jobs/00000000-0000-4000-8000-000000000000`, "No job found");
    await expectMissing(`v2/organizations/${org}/jobs/00000000-0000-4000-8000-000000000000/log`, "No job found");
    expect((await call(`${builds}/${p.runs.length}`)).status).toBe(200);
    const jobId = (await ok(`${builds}/1`)).jobs[0]?.id as string | undefined;
    if (jobId) expect((await call(`v2/organizations/${org}/jobs/${jobId}/log`)).status).toBe(200);
  });

  it("refuses writes without changing anything", async () => {
    const r = await call(builds, [], { method: "POST" });
    expect(r.status).toBe(403);
    expect(JSON.stringify(r.body)).toBe(JSON.stringify({ message: "Your access token doesn't have the write_builds scope" }));
    const archive = await call(`v2/organizations/${org}/pipelines/${p.repo.name}/archive`, [], { method: "POST" });
    expect(JSON.stringify([archive.status, archive.body])).toBe(
      JSON.stringify([403, { message: "Your access token doesn't have the write_pipelines scope" }]),
    );
    const revoke = await call("v2/access-token", [], { method: "DELETE" });
    expect(JSON.stringify([revoke.status, revoke.body])).toBe(JSON.stringify([403, { message: "Forbidden" }]));
    expect((await ok(builds, [["per_page", "100"]])).length).toBe(p.runs.length);
  });
});
