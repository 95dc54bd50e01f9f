import { DAY, HOUR, MINUTE, days, isoDay, isoSeconds, scheduleSlots, weekday } from "../clock.js";
import { LAYOUTS } from "../code/languages.js";
import type { WorldInput } from "../input.js";
import type { CiJob, CiRun, Deployment, Release } from "./types.js";
import type { Commit, Repo } from "../code/types.js";
import type { Team } from "../org/types.js";

type Ctx = Pick<WorldInput, "seed" | "ids" | "rng" | "people" | "start" | "asOf" | "schedule">;

/**
 * The live universe's first repositories run CI on a cron (Generation.schedule): one of each kind of CI
 * hosting (operations.ts buildCiHosting deals repositories to CircleCI, Actions only and Buildkite in turn),
 * so every CI host has a run from each build's own instant.
 */
const SCHEDULED_REPOS = 3;

/**
 * CI runs on every pushed head, releases each week that main moved, and deployments of main to staging
 * and of releases to production. Everything is keyed by commit SHA or by date.
 */
export function buildDelivery(repo: Repo, team: Team, c: Ctx): void {
  const pushes: Array<{ at: number; sha: string; branch: string; actorId: number; event: CiRun["event"]; pullNumber?: number }> = [];
  for (const commit of repo.mainCommits.slice(1))
    pushes.push({ at: commit.committedAt, sha: commit.sha, branch: repo.defaultBranch, actorId: commit.authorId, event: "push" });
  for (const pr of repo.pulls) {
    for (const commit of pr.commits) {
      // The workflow runs on pull_request: commits pushed before the PR opened run once it opens.
      const at = Math.max(commit.committedAt, pr.createdAt);
      const later = pr.commits.find((x) => x !== commit && x.committedAt > commit.committedAt && x.committedAt <= pr.createdAt);
      if (later) continue;
      pushes.push({ at, sha: commit.sha, branch: pr.headBranch, actorId: commit.authorId, event: "pull_request", pullNumber: pr.number });
    }
  }
  // A scheduled run of main fires at the schedule's slots from the universe's start.
  if (c.schedule && repo.id <= SCHEDULED_REPOS) pushes.push(...scheduledRuns(repo, { ...c.schedule, since: c.start }, c.asOf));
  pushes.sort((a, b) => a.at - b.at || (a.sha < b.sha ? -1 : 1));
  const jobsOf = LAYOUTS[repo.language].ciJobs;
  pushes.forEach((p, i) => {
    // Scheduled runs can share a head SHA run after run: their key carries the instant.
    const runKey = p.event === "schedule" ? `${p.sha}/schedule/${isoSeconds(p.at)}` : `${p.sha}/${p.event}`;
    const r = c.rng(`repo/${repo.name}/run/${runKey}`);
    const idOf = (what: string) => c.ids.id(`repo/${repo.name}/run/${runKey}/${what}`);
    // A scheduled run starts on the minute; pushes start a few seconds after the push.
    const created = p.event === "schedule" ? p.at : p.at + r.int(5, 50) * 1000;
    const failing = r.chance(p.event === "push" ? 0.05 : 0.12) ? "test" : undefined;
    const jobs: CiJob[] = jobsOf.map((j) => {
      const startedAt = created + r.int(5, 40) * 1000;
      const completedAt = startedAt + r.int(40, 600) * 1000;
      const done = completedAt <= c.asOf;
      const failed = j.id === failing;
      const stepNames = ["Set up job", "Run actions/checkout@v4", ...j.steps.map((s) => `Run ${s}`), "Complete job"];
      const span = (completedAt - startedAt) / stepNames.length;
      return {
        id: idOf(`job/${j.id}`),
        name: j.id,
        status: done ? "completed" : "in_progress",
        conclusion: done ? (failed ? "failure" : "success") : null,
        startedAt,
        ...(done ? { completedAt } : {}),
        steps: stepNames.map((name, n) => {
          const s = Math.round(startedAt + n * span);
          const e = Math.round(startedAt + (n + 1) * span);
          const stepDone = e <= c.asOf;
          const conclusion = !stepDone
            ? null
            : failed && n === stepNames.length - 2
              ? "failure"
              : failed && n === stepNames.length - 1
                ? "skipped"
                : "success";
          return { name, number: n + 1, conclusion, startedAt: s, ...(stepDone ? { completedAt: e } : {}) } as CiJob["steps"][number];
        }),
      };
    });
    if (created > c.asOf) return;
    const started = jobs.filter((j) => j.startedAt <= c.asOf);
    const done = jobs.every((j) => j.status === "completed");
    const updated = Math.max(...jobs.map((j) => j.completedAt ?? j.startedAt));
    repo.runs.push({
      id: idOf("self"),
      runNumber: i + 1,
      workflowName: "CI",
      event: p.event,
      headBranch: p.branch,
      headSha: p.sha,
      actorId: p.actorId,
      status: done ? "completed" : started.length ? "in_progress" : "queued",
      conclusion: done ? (failing ? "failure" : "success") : null,
      createdAt: created,
      updatedAt: Math.max(created, Math.min(updated, c.asOf)),
      jobs: started,
      ...(p.pullNumber === undefined ? {} : { pullNumber: p.pullNumber }),
    });
  });

  releasesAndDeployments(repo, team, c);
}

/** At every slot of the schedule, CI runs on main's head, triggered by the schedule (a cron), acted by its author. */
function scheduledRuns(
  repo: Repo,
  schedule: { at: string; every: number; since: number },
  asOf: number,
): Array<{ at: number; sha: string; branch: string; actorId: number; event: CiRun["event"] }> {
  const main = repo.mainCommits;
  const out = [];
  let k = 0;
  // The cron came with the live universe: no runs before its first day, however old the repository.
  for (const when of scheduleSlots(schedule, Math.max(main[0]!.committedAt + DAY, schedule.since), asOf)) {
    while (k + 1 < main.length && main[k + 1]!.committedAt <= when) k++;
    const head = main[k]!;
    out.push({ at: when, sha: head.sha, branch: repo.defaultBranch, actorId: head.authorId, event: "schedule" as const });
  }
  return out;
}

function releasesAndDeployments(repo: Repo, team: Team, c: Ctx): void {
  const main = repo.mainCommits;
  const staging: Deployment[] = [];
  for (const commit of main.slice(1)) {
    const run = repo.runs.find((r) => r.headSha === commit.sha && r.event === "push");
    if (!run || run.conclusion !== "success") continue;
    staging.push(deployment(repo, commit, "staging", run.updatedAt + 2 * MINUTE, commit.authorId, c));
  }

  const releases: Release[] = [];
  let minor = 1;
  let patch = 0;
  let lastSha = main[0]!.sha;
  const first = main[0]!.committedAt;
  for (const day of days(first, c.asOf)) {
    if (weekday(day) !== 4) continue;
    const at = day + 15 * HOUR + c.rng(`repo/${repo.name}/release/${isoDay(day)}`).int(0, 120) * MINUTE;
    if (at > c.asOf) break;
    const head = [...main].reverse().find((cm) => cm.committedAt <= at);
    if (!head || head.sha === lastSha) continue;
    const since = main.filter((cm) => cm.committedAt <= at && cm.committedAt > (releases.at(-1)?.createdAt ?? 0) && cm !== main[0]);
    const features = since.some((cm) => /: (Add|Support|Migrate)/.test(cm.message));
    if (features) {
      minor++;
      patch = 0;
    } else patch++;
    const tag = `v1.${minor}.${patch}`;
    const authorId = team.leadId;
    releases.push({
      id: c.ids.id(`repo/${repo.name}/release/${tag}`),
      tag,
      name: tag,
      targetSha: head.sha,
      authorId,
      body: `## What's changed\n\n${since.map((cm) => `- ${cm.message.split("\n")[0]}`).join("\n")}\n`,
      createdAt: at,
      publishedAt: at + 2 * MINUTE,
      prerelease: false,
    });
    lastSha = head.sha;
  }
  repo.releases = releases;
  const production = releases
    .map((rel) =>
      deployment(
        repo,
        main.find((cm) => cm.sha === rel.targetSha)!,
        "production",
        rel.publishedAt + 10 * MINUTE,
        rel.authorId,
        c,
        rel.tag,
      ),
    )
    .filter((d) => d.createdAt <= c.asOf);
  repo.deployments = [...staging, ...production]
    .filter((d) => d.createdAt <= c.asOf)
    .sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
}

function deployment(
  repo: Repo,
  commit: Commit,
  environment: Deployment["environment"],
  at: number,
  creatorId: number,
  c: Ctx,
  ref?: string,
): Deployment {
  const idOf = (what: string) => c.ids.id(`repo/${repo.name}/deploy/${environment}/${commit.sha}/${what}`);
  const r = c.rng(`repo/${repo.name}/deploy/${environment}/${commit.sha}`);
  const finished = at + r.int(2, 9) * MINUTE;
  const failed = r.chance(0.04);
  const statuses: Deployment["statuses"] = [
    { id: idOf("status/1"), state: "in_progress", createdAt: at + 5000, creatorId, description: `Deploying to ${environment}` },
  ];
  if (finished <= c.asOf)
    statuses.push({
      id: idOf("status/2"),
      state: failed ? "failure" : "success",
      createdAt: finished,
      creatorId,
      description: failed ? "Health checks failed; rolled back" : `Deployed to ${environment}`,
    });
  return {
    id: idOf("self"),
    sha: commit.sha,
    ref: ref ?? repo.defaultBranch,
    environment,
    creatorId,
    createdAt: at,
    statuses: statuses.filter((s) => s.createdAt <= c.asOf),
  };
}
