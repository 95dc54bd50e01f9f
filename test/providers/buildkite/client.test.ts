import { describe, expect, inject, it } from "vitest";
import { artifact, build, job, log, pipeline, user } from "./schema.js";
import { liveWorld, worldPipelines } from "./world.js";

/**
 * Buildkite has no official JavaScript client of its REST API (its docs list Ruby, Go, PowerShell,
 * Python, PHP, Swift and Java ones; `@buildkite/buildkite-sdk` writes pipeline YAML), so the workflow is
 * plain `fetch` exactly as the REST reference shows it: `Authorization: Bearer $TOKEN`, `per_page`, the
 * `Link` header's `rel="next"` followed to the end, and the URLs the answers carry (`builds_url`, a
 * build's `url`, a job's `log_url`, `raw_log_url` and `artifacts_url`). Only the base URL changes.
 */
const API = `${inject("baseUrl")}/buildkite`;
const TOKEN = "bkua_0123456789abcdef0123456789abcdef01234567";
const world = liveWorld();

type Any = Record<string, any>;

async function get(url: string): Promise<{ body: Any; link: string | null }> {
  const res = await fetch(url, { headers: { Authorization: `Bearer ${TOKEN}` } });
  expect(res.status, url).toBe(200);
  return { body: (await res.json()) as Any, link: res.headers.get("link") };
}

/** The docs' pagination: follow `rel="next"` until there is none. */
async function* paged(url: string): AsyncGenerator<Any> {
  for (let next: string | undefined = url; next;) {
    const { body, link } = await get(next);
    yield* body as Any[];
    next = /<([^>]+)>; rel="next"/.exec(link ?? "")?.[1];
  }
}

describe("Buildkite REST API with fetch, as the docs show it", () => {
  it(
    "finds the token's user and organization, lists pipelines, pages a pipeline's failed " +
      "builds to the end, and reads a build, its jobs, a " +
      "log, artifacts and annotations",
    async () => {
      const me = (await get(`${API}/v2/user`)).body;
      expect(user.safeParse(me).success).toBe(true);
      const token = (await get(`${API}/v2/access-token`)).body;
      expect(token.user.email).toBe(me.email);

      const orgs: Any[] = [];
      for await (const o of paged(`${API}/v2/organizations`)) orgs.push(o);
      expect(orgs.map((o) => o.slug)).toStrictEqual([world.company.slug]);

      const pipelines: Any[] = [];
      for await (const p of paged(orgs[0]!.pipelines_url)) pipelines.push(p);
      expect(pipelines.every((p) => pipeline.safeParse(p).success)).toBe(true);
      const expected = worldPipelines(world);
      expect(pipelines.map((p) => p.slug)).toStrictEqual(expected.map((p) => p.repo.name));

      // The busiest pipeline's builds, ten at a time, with a filter the links carry along.
      const busiest = expected.reduce((a, b) => (b.runs.length > a.runs.length ? b : a));
      const bp = pipelines.find((p) => p.slug === busiest.repo.name)!;
      const finished: Any[] = [];
      for await (const b of paged(`${bp.builds_url}?state=finished&per_page=10`)) finished.push(b);
      expect(finished.length).toBe(busiest.runs.filter((r) => r.status === "completed").length);
      expect(finished.length).toBeGreaterThan(10);
      expect(finished.every((b) => build.safeParse(b).success)).toBe(true);

      const failed: Any[] = [];
      for await (const b of paged(`${bp.builds_url}?state=failed&per_page=10`)) failed.push(b);
      expect(failed.length).toBe(busiest.runs.filter((r) => r.conclusion === "failure").length);
      const one = (await get(failed[0]!.url)).body;
      expect(build.safeParse(one).success).toBe(true);
      expect(one.job_state_counts.total).toBe(one.jobs.length);
      const broken = one.jobs.find((j: Any) => j.state === "failed");
      expect(job.safeParse(broken).success).toBe(true);

      const l = (await get(broken.log_url)).body;
      expect(log.safeParse(l).success).toBe(true);
      expect(l.content).toContain(one.commit);
      expect(l.content).toContain("exited with status 1");
      const raw = await fetch(broken.raw_log_url, { headers: { Authorization: `Bearer ${TOKEN}` } });
      expect(raw.headers.get("content-type")).toMatch(/^text\/plain/);
      expect(await raw.text()).toBe(l.content);

      const artifacts: Any[] = [];
      for (const j of one.jobs) for await (const a of paged(j.artifacts_url)) artifacts.push(a);
      const all: Any[] = [];
      for await (const a of paged(`${failed[0]!.url}/artifacts`)) all.push(a);
      expect(all.map((a) => a.id)).toStrictEqual(artifacts.map((a) => a.id));
      for (const a of all) expect(artifact.safeParse((await get(a.url)).body).success).toBe(true);

      const notes: Any[] = [];
      for await (const n of paged(`${failed[0]!.url}/annotations`)) notes.push(n);
      expect(notes.find((n) => n.context === "failures")?.body_html).toContain(broken.name);

      const env = (await get(`${failed[0]!.url}/jobs/${broken.id}/env`)).body.env;
      expect([env.BUILDKITE_COMMIT, env.BUILDKITE_BRANCH, env.BUILDKITE_BUILD_NUMBER, env.BUILDKITE_JOB_ID]).toStrictEqual([
        one.commit,
        one.branch,
        String(one.number),
        broken.id,
      ]);

      // The organization-scoped job routes, for a client that knows only the job's id.
      const byId = (await get(`${orgs[0]!.url}/jobs/${broken.id}`)).body;
      expect(byId.log_url).toBe(broken.log_url);
    },
  );
});
