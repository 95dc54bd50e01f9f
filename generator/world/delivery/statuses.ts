import { MINUTE } from "../clock.js";
import type { WorldInput } from "../input.js";
import type { CommitStatus } from "./types.js";
import type { Repo } from "../code/types.js";
import type { Team } from "../org/types.js";

type Ctx = Pick<WorldInput, "ids" | "rng" | "asOf" | "company">;

/**
 * The company's other CI services post commit statuses beside the Actions runs: a coverage report on every
 * pushed head (main's and pull requests'), and a preview deployment of each pull request head. Each context
 * posts `pending` when the push arrives and its verdict minutes later, through the owning team lead's
 * service token. Every value is keyed by repository, SHA and context, never by the as-of: a later build only
 * adds the verdicts whose time has come.
 */
export function buildStatuses(repo: Repo, team: Team, c: Ctx): void {
  const out: CommitStatus[] = [];
  for (const run of repo.runs) {
    if (run.event === "schedule") continue;
    out.push(...context(repo, team, run.headSha, run.createdAt, "ci/coverage", c));
    if (run.pullNumber !== undefined) out.push(...context(repo, team, run.headSha, run.createdAt, "deploy/preview", c, run.pullNumber));
  }
  repo.statuses = out.filter((s) => s.createdAt <= c.asOf).sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
}

function context(repo: Repo, team: Team, sha: string, pushedAt: number, name: string, c: Ctx, pull?: number): CommitStatus[] {
  const key = `repo/${repo.name}/status/${sha}/${name}`;
  const r = c.rng(key);
  const pendingAt = pushedAt + r.int(3, 40) * 1000;
  const doneAt = pendingAt + r.int(2, 12) * MINUTE;
  const base = { sha, context: name, creatorId: team.leadId };
  if (name === "ci/coverage") {
    const percent = r.int(720, 940) / 10;
    const drop = r.chance(0.06);
    const targetUrl = `https://coverage.${c.company.domain}/${repo.name}/commit/${sha}`;
    return [
      {
        id: c.ids.id(`${key}/1`),
        ...base,
        state: "pending",
        description: "Waiting for the coverage report",
        targetUrl,
        createdAt: pendingAt,
      },
      {
        id: c.ids.id(`${key}/2`),
        ...base,
        state: drop ? "failure" : "success",
        description: drop
          ? `${percent.toFixed(1)}% (-${r.int(11, 40) / 10}%) is below the target`
          : `${percent.toFixed(1)}% of lines covered`,
        targetUrl,
        createdAt: doneAt,
      },
    ];
  }
  const failed = r.chance(0.05);
  const targetUrl = `https://pr-${pull}.preview.${c.company.domain}/`;
  return [
    { id: c.ids.id(`${key}/1`), ...base, state: "pending", description: "Building the preview", targetUrl, createdAt: pendingAt },
    {
      id: c.ids.id(`${key}/2`),
      ...base,
      state: failed ? "error" : "success",
      description: failed ? "The preview build failed" : "Preview deployed",
      targetUrl,
      createdAt: doneAt,
    },
  ];
}
