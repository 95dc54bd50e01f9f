import type { CiJob, CiRun, Deployment, Repo } from "../../world/types.js";

/**
 * The job behind each deployment (its `deployable`): a manual `deploy:<environment>` job in the deploy
 * stage of the push pipeline on the deployed commit, played by the deployment's creator when it started,
 * finished when its last status came (allow_failure, as manual jobs are by default, so a failed deploy
 * leaves its pipeline's status alone). A deployment with no push pipeline on its commit has none, as one
 * made through the deployments API has not. The job's world id is the deployment's, negated: it never
 * meets a CI job's.
 */
export interface DeployJob {
  deployment: Deployment;
  run: CiRun;
  job: CiJob;
}

export function deployJobs(repo: Repo): DeployJob[] {
  const out: DeployJob[] = [];
  for (const d of repo.deployments) {
    const run = repo.runs.find((r) => r.headSha === d.sha && r.event === "push" && r.status === "completed");
    if (!run) continue;
    const last = d.statuses.at(-1);
    const final = last && last.state !== "in_progress" ? last : undefined;
    const started = d.statuses[0]?.createdAt ?? d.createdAt;
    const conclusion: CiJob["conclusion"] = final ? (final.state === "success" ? "success" : "failure") : null;
    const step = {
      name: `Run ./scripts/deploy ${d.environment}`,
      number: 1,
      conclusion,
      startedAt: started,
      ...(final ? { completedAt: final.createdAt } : {}),
    };
    out.push({
      deployment: d,
      run,
      job: {
        id: -d.id,
        name: `deploy:${d.environment}`,
        status: final ? "completed" : "in_progress",
        conclusion,
        startedAt: started,
        ...(final ? { completedAt: final.createdAt } : {}),
        steps: [step],
      },
    });
  }
  return out;
}
