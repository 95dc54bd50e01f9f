import { describe, expect, inject, it } from "vitest";
import { liveWorld, stateOf, worldPipelines } from "./world.js";

/**
 * Issue 14's coherence for Buildkite: every build is a CI run of a repository that builds on Buildkite
 * from its `since` on, so its commit and branch exist in that repository (on the default branch or a
 * pull request's), its pull request number is one of the repository's pull requests on that branch, and
 * its creator, times and jobs are the run's. Read over HTTP, checked against the world.
 */
const host = `${inject("baseUrl")}/buildkite`;
const world = liveWorld();
const pipelines = worldPipelines(world);

type Any = Record<string, any>;

async function everyBuild(): Promise<Any[]> {
  const out: Any[] = [];
  for (let url: string | undefined = `${host}/v2/organizations/${world.company.slug}/builds?per_page=100`; url;) {
    const res: Response = await fetch(url, { headers: { authorization: "Bearer bkua_coherence" } });
    out.push(...((await res.json()) as Any[]));
    url = /<([^>]+)>; rel="next"/.exec(res.headers.get("link") ?? "")?.[1];
  }
  return out;
}

describe("Buildkite host: coherence with the world", () => {
  it("serves exactly the Buildkite-hosted repositories, each from its day on", () => {
    expect(pipelines.length).toBeGreaterThan(0);
    expect(pipelines.every((p) => p.runs.every((r) => r.createdAt >= p.since))).toBe(true);
  });

  it("builds only commits and branches of the repository, and pull requests it has", async () => {
    const builds = await everyBuild();
    expect(builds.length).toBe(pipelines.reduce((n, p) => n + p.runs.length, 0));
    const problems: string[] = [];
    for (const b of builds) {
      const p = pipelines.find((x) => x.repo.name === b.pipeline.slug)!;
      const { repo } = p;
      const shas = new Set([...repo.mainCommits.map((c) => c.sha), ...repo.pulls.flatMap((pr) => pr.commits.map((c) => c.sha))]);
      const branches = new Set([repo.defaultBranch, ...repo.branches.map((x) => x.name), ...repo.pulls.map((pr) => pr.headBranch)]);
      if (!shas.has(b.commit)) problems.push(`${repo.name}#${b.number}: commit ${b.commit} is not in the repository`);
      if (!branches.has(b.branch)) problems.push(`${repo.name}#${b.number}: branch ${b.branch} is not in the repository`);
      if (b.pull_request) {
        const pr = repo.pulls.find((x) => String(x.number) === b.pull_request.id);
        if (!pr) problems.push(`${repo.name}#${b.number}: pull request ${b.pull_request.id} does not exist`);
        else if (pr.headBranch !== b.branch)
          problems.push(`${repo.name}#${b.number}: pull request ${pr.number} is on ${pr.headBranch}, not ${b.branch}`);
        if (pr && !pr.commits.some((c) => c.sha === b.commit) && pr.mergeCommitSha !== b.commit)
          problems.push(`${repo.name}#${b.number}: ${b.commit} is not a commit of pull request ${pr.number}`);
      }
      const run = p.runs[b.number - 1]!;
      if (run.headSha !== b.commit || run.headBranch !== b.branch || stateOf(run) !== b.state)
        problems.push(`${repo.name}#${b.number}: not run ${run.id}`);
      if (new Date(run.createdAt).toISOString() !== b.created_at)
        problems.push(`${repo.name}#${b.number}: created ${b.created_at}, run at ${new Date(run.createdAt).toISOString()}`);
      const actor = world.people.find((x) => x.id === run.actorId)!;
      if (b.creator?.email !== actor.email) problems.push(`${repo.name}#${b.number}: creator ${b.creator?.email}, run by ${actor.email}`);
      if (b.jobs.map((j: Any) => j.name).join() !== run.jobs.map((j) => j.name).join())
        problems.push(`${repo.name}#${b.number}: jobs differ from the run's`);
    }
    expect(problems.slice(0, 10)).toStrictEqual([]);
  });

  it("numbers each pipeline's builds 1, 2, 3 … in creation order, and names its repository", async () => {
    for (const p of pipelines) {
      const res = await fetch(`${host}/v2/organizations/${world.company.slug}/pipelines/${p.repo.name}/builds?per_page=100`, {
        headers: { authorization: "Bearer x" },
      });
      const got = (await res.json()) as Any[];
      expect(got.map((b) => b.number)).toStrictEqual(
        p.runs
          .map((_, i) => i + 1)
          .reverse()
          .slice(0, 100),
      );
      expect(
        got.every(
          (b) =>
            b.pipeline.repository === `git@github.com:${world.company.slug}/${p.repo.name}.git` &&
            b.pipeline.default_branch === p.repo.defaultBranch,
        ),
      ).toBe(true);
    }
  });
});
