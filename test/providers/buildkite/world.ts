import type { CiRun, Repo, World } from "../../../generator/world/types.js";
import { liveWorld } from "../../support/live-hosts.js";

export { liveWorld };

/** A pipeline as the world defines it: a repository that builds on Buildkite, and its runs from `since` on, oldest first. */
export interface WorldPipeline {
  repo: Repo;
  since: number;
  runs: CiRun[];
}

export function worldPipelines(world: World): WorldPipeline[] {
  return world.operations.ciHosting
    .filter((h) => h.host === "buildkite")
    .map((h) => {
      const repo = world.repos.find((r) => r.id === h.repoId)!;
      const runs = repo.runs
        .filter((r) => r.createdAt >= h.since && r.createdAt <= world.asOf)
        .sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
      return { repo, since: h.since, runs };
    })
    .sort((a, b) => (a.repo.name < b.repo.name ? -1 : 1));
}

/** Buildkite's state for a run. */
export function stateOf(run: CiRun): string {
  if (run.status === "queued") return "scheduled";
  if (run.status === "in_progress") return run.jobs.some((j) => j.conclusion === "failure") ? "failing" : "running";
  return run.conclusion === "failure" ? "failed" : "passed";
}

export const iso = (ms: number) => new Date(ms).toISOString();
