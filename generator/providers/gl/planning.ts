import { DAY, weekday } from "../../world/clock.js";
import type { JsonObject } from "../../core/provider.js";
import type { Issue, PullRequest, Repo, Sprint } from "../../world/types.js";
import { type GlContext, day, ts } from "./context.js";
import { companyGroup, groupWeb } from "./groups.js";

/**
 * Milestones: one per weekly release of a project, named for its tag and closed once released, and one
 * active milestone for the next release. A merged merge request belongs to the release that shipped its
 * commit (the next one while unreleased); an open one to the next release; a closed one to none.
 */
export interface MilestoneRef {
  iid: number;
  title: string;
  description: string;
  state: "active" | "closed";
  start: number;
  due: number;
  createdAt: number;
  updatedAt: number;
}

export function milestones(gl: GlContext, repo: Repo): MilestoneRef[] {
  return gl.once(`milestones/${repo.id}`, () => {
    const out: MilestoneRef[] = [];
    let from = repo.createdAt;
    for (const r of repo.releases) {
      out.push({
        iid: out.length + 1,
        title: r.tag,
        description: `Weekly release ${r.tag} of ${repo.name}.`,
        state: "closed",
        start: from,
        due: r.createdAt,
        createdAt: from,
        updatedAt: r.publishedAt,
      });
      from = r.publishedAt;
    }
    let due = gl.world.asOf + DAY;
    while (weekday(due) !== 4) due += DAY;
    const last = repo.releases.at(-1)?.tag ?? "v1.0.0";
    const [major, minor, patch] = last.slice(1).split(".").map(Number) as [number, number, number];
    out.push({
      iid: out.length + 1,
      title: `v${major}.${minor}.${patch + 1}`,
      description: `The next weekly release of ${repo.name}.`,
      state: "active",
      start: from,
      due,
      createdAt: from,
      updatedAt: from,
    });
    return out;
  });
}

/** `Milestone`. */
export function milestone(gl: GlContext, repo: Repo, m: MilestoneRef): JsonObject {
  return gl.once(`milestone/${repo.id}/${m.iid}`, () => ({
    id: gl.milestoneId(repo, m.iid),
    iid: m.iid,
    project_id: gl.projectId(repo),
    title: m.title,
    description: m.description,
    state: m.state,
    created_at: ts(m.createdAt),
    updated_at: ts(m.updatedAt),
    due_date: day(m.due),
    start_date: day(m.start),
    expired: m.due < gl.world.asOf,
    web_url: `${gl.projectWeb(repo)}/-/milestones/${m.iid}`,
  }));
}

/** Milestones as GitLab lists them: by due date, then title. */
export function milestonesByDueDate(gl: GlContext, repo: Repo): MilestoneRef[] {
  return [...milestones(gl, repo)].sort((a, b) => a.due - b.due || (a.title < b.title ? -1 : 1));
}

export function pullMilestone(gl: GlContext, repo: Repo, pr: PullRequest): MilestoneRef | undefined {
  const all = milestones(gl, repo);
  if (pr.mergedAt === undefined) return pr.state === "open" ? all.at(-1) : undefined;
  const shipped = gl.gitCommit(repo, pr.mergeCommitSha!).committer.at;
  const releaseIndex = repo.releases.findIndex((r) => r.createdAt >= shipped);
  return releaseIndex === -1 ? all.at(-1) : all[releaseIndex];
}

/** The merge request that fixes a bug report: the one for the same work item. */
export function fixingPull(repo: Repo, issue: Issue): PullRequest | undefined {
  return issue.workItemKey === undefined ? undefined : repo.pulls.find((p) => p.workItemKey === issue.workItemKey);
}

export function issueMilestone(gl: GlContext, repo: Repo, issue: Issue): MilestoneRef | undefined {
  const pr = fixingPull(repo, issue);
  if (issue.state === "closed" && issue.stateReason !== "completed") return undefined;
  return pr ? pullMilestone(gl, repo, pr) : undefined;
}

/**
 * Iterations: the company's sprints as iterations of the company group (GitLab's cadence: two weeks).
 * `state` is GitLab's number: 1 upcoming, 2 current, 3 closed.
 */
export function iteration(gl: GlContext, s: Sprint): JsonObject {
  return gl.once(`iteration/${s.id}`, () => {
    const g = companyGroup(gl);
    const id = gl.iterationId(s.id);
    const createdAt = Math.max(gl.world.start, s.startAt - 14 * DAY);
    return {
      id,
      iid: s.number,
      sequence: s.number,
      group_id: g.id,
      title: s.name,
      description: null,
      state: s.state === "future" ? 1 : s.state === "active" ? 2 : 3,
      created_at: ts(createdAt),
      updated_at: ts(s.state === "closed" ? s.endAt + 1000 : createdAt),
      start_date: day(s.startAt),
      due_date: day(s.endAt),
      web_url: `${groupWeb(gl, g)}/-/iterations/${id}`,
    };
  });
}

/** The iteration list filters GitLab accepts, and which sprints each returns (`started` is the old `current`). */
export const ITERATION_STATES: Record<string, (s: Sprint) => boolean> = {
  all: () => true,
  opened: (s) => s.state !== "closed",
  upcoming: (s) => s.state === "future",
  current: (s) => s.state === "active",
  started: (s) => s.state === "active",
  closed: (s) => s.state === "closed",
};
