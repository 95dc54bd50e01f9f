import { describe, expect, it } from "vitest";
import { type Any, circleRepos, liveWorld, ok, walk } from "./world.js";

/**
 * The CircleCI host against the world it projects, read over HTTP:
 * - every pipeline's SHA is a commit of the repository (of main, or of the pull request it names), and
 *   its branch is main or that pull request's head branch; every pull request number exists;
 * - pipelines start at the repository's CircleCI `since` and end by as-of; their actors are people of
 *   the world (by GitHub login), and the projects are exactly the repositories hosted on CircleCI;
 * - job numbers are unique within a project, and each job runs within its pipeline's time.
 */
const world = liveWorld();
const repos = circleRepos(world);
const logins = new Set(world.people.map((p) => p.handles.github));

describe("CircleCI host: coherence with the world", () => {
  it("follows exactly the repositories that build on CircleCI", async () => {
    const me = await ok("../private/me");
    expect((me.followed_projects as Any[]).map((p) => p.name)).toStrictEqual(repos.map((r) => r.repo.name));
    const hosted = world.operations.ciHosting
      .filter((h) => h.host === "circleci")
      .map((h) => h.repoId)
      .sort((a, b) => a - b);
    expect(repos.map((r) => r.repo.id)).toStrictEqual(hosted);
  });

  it("builds only commits and branches of the repository, and pull requests that exist", async () => {
    for (const { repo, slug } of repos) {
      const main = new Set(repo.mainCommits.map((c) => c.sha));
      const since = world.operations.ciHosting.find((h) => h.repoId === repo.id)!.since;
      const { items } = await walk(`project/${slug}/pipeline`);
      expect(items.length).toBeGreaterThan(0);
      for (const p of items) {
        const { revision, branch, review_id: review } = p.vcs as Any;
        if (review === undefined) {
          expect(branch, `pipeline ${p.number}`).toBe(repo.defaultBranch);
          expect(main.has(revision), `${revision} on ${repo.defaultBranch}`).toBe(true);
        } else {
          const pull = repo.pulls.find((pr) => String(pr.number) === review);
          expect(pull, `pull request #${review} of ${repo.name}`).toBeDefined();
          expect(branch).toBe(pull!.headBranch);
          expect(
            pull!.commits.some((c) => c.sha === revision),
            `${revision} in #${review}`,
          ).toBe(true);
        }
        expect(Date.parse(p.created_at)).toBeGreaterThanOrEqual(since);
        expect(Date.parse(p.created_at)).toBeLessThanOrEqual(world.asOf);
        expect(logins.has(p.trigger.actor.login), p.trigger.actor.login).toBe(true);
      }
    }
  });

  it("numbers jobs uniquely per project, each within its pipeline's time", async () => {
    const { slug } = repos[2]!;
    const { items } = await walk(`project/${slug}/pipeline`);
    const numbers = new Set<number>();
    for (const p of items.slice(0, 15)) {
      for (const wf of (await walk(`pipeline/${p.id}/workflow`)).items) {
        for (const job of (await walk(`workflow/${wf.id}/job`)).items) {
          expect(numbers.has(job.job_number)).toBe(false);
          numbers.add(job.job_number);
          expect(Date.parse(job.started_at)).toBeGreaterThanOrEqual(Date.parse(p.created_at));
          if (job.stopped_at) expect(Date.parse(job.stopped_at)).toBeLessThanOrEqual(world.asOf);
        }
      }
    }
    expect(numbers.size).toBeGreaterThan(0);
  });
});
