import type { JsonObject, JsonValue, Resource } from "../../core/provider.js";
import { DAY, HOUR } from "../../world/clock.js";
import { type CciContext, type CciPipeline, type CciProject, workflowStatus, workflowStoppedAt } from "./context.js";
import { DEFAULT_WINDOW, WINDOWS, type Window, pagesOf } from "./lists.js";
import { time } from "./pipelines.js";

/**
 * The Insights endpoints dashboards read, computed over the builds at as-of.
 *
 * - A reporting window ends at as-of and reaches back 24 hours, 7, 30, 60 or 90 days (the default).
 * - Only completed workflow runs count (Insights leaves running ones out). A run's duration is from its
 *   creation to its last job's end, in seconds; a job's from its start to its end.
 * - `branch` picks one branch, the default being the project's default branch; `all-branches=true`
 *   takes every branch. Each pick is a pre-rendered list (`insights/{slug}/workflows?branch=…`) for the
 *   branches that built within 90 days.
 * - Credits: a `medium` Docker executor costs 10 credits a minute, each job billed by the started minute.
 * - `mttr` is the mean time from a failed run to the next successful run of the same workflow (and
 *   branch selection), in seconds; `total_recoveries` counts such recoveries. Trends compare a window
 *   with the one before it: the current value divided by the previous one (0 when there was none).
 */
const WINDOW_MS: Record<Window, number> = {
  "last-24-hours": 24 * HOUR,
  "last-7-days": 7 * DAY,
  "last-30-days": 30 * DAY,
  "last-60-days": 60 * DAY,
  "last-90-days": 90 * DAY,
};

/** Which branches a request picks: the default one, every one, or a named one. */
type Pick = { kind: "default" } | { kind: "all" } | { kind: "branch"; name: string };

interface Run {
  p: CciPipeline;
  created: number;
  stopped: number;
  seconds: number;
  success: boolean;
  credits: number;
}

function credits(ms: number): number {
  return Math.ceil(ms / 60_000) * 10;
}

function runsOf(project: CciProject, pick: Pick, from: number, to: number): Run[] {
  const out: Run[] = [];
  for (const p of project.pipelines) {
    const stopped = workflowStoppedAt(p.run);
    if (stopped === undefined || p.run.createdAt < from || p.run.createdAt > to) continue;
    const branch = p.run.headBranch;
    if (pick.kind === "default" && branch !== project.repo.defaultBranch) continue;
    if (pick.kind === "branch" && branch !== pick.name) continue;
    const jobCredits = p.run.jobs.reduce((sum, j) => sum + credits((j.completedAt ?? j.startedAt) - j.startedAt), 0);
    out.push({
      p,
      created: p.run.createdAt,
      stopped,
      seconds: Math.round((stopped - p.run.createdAt) / 1000),
      success: workflowStatus(p.run) === "success",
      credits: jobCredits,
    });
  }
  return out;
}

function durationMetrics(seconds: number[]): JsonObject {
  if (!seconds.length) return { min: null, mean: null, median: null, p95: null, max: null, standard_deviation: null };
  const s = [...seconds].sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  const at = (q: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]!;
  const variance = s.reduce((a, b) => a + (b - mean) ** 2, 0) / s.length;
  return {
    min: s[0]!,
    mean: Math.round(mean),
    median: at(0.5),
    p95: at(0.95),
    max: s.at(-1)!,
    standard_deviation: round(Math.sqrt(variance)),
  };
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

function rate(ok: number, total: number): number {
  return total ? round(ok / total) : 0;
}

function trend(now: number, before: number): number {
  return before ? round(now / before) : 0;
}

/** Mean time to recovery and the number of recoveries, over runs in creation order. */
function recoveries(runs: Run[]): { mttr: number | null; count: number } {
  const gaps: number[] = [];
  let failedAt: number | undefined;
  for (const r of [...runs].sort((a, b) => a.created - b.created)) {
    if (!r.success && failedAt === undefined) failedAt = r.stopped;
    if (r.success && failedAt !== undefined) {
      gaps.push(Math.round((r.stopped - failedAt) / 1000));
      failedAt = undefined;
    }
  }
  return { mttr: gaps.length ? Math.round(gaps.reduce((a, b) => a + b, 0) / gaps.length) : null, count: gaps.length };
}

function windowDays(w: Window): number {
  return WINDOW_MS[w] / DAY;
}

function workflowSummaries(c: CciContext, project: CciProject, w: Window, pick: Pick): JsonObject[] {
  const runs = runsOf(project, pick, c.asOf - WINDOW_MS[w], c.asOf);
  const names = [...new Set(runs.map((r) => r.p.workflow.name))].sort();
  return names.map((name) => {
    const mine = runs.filter((r) => r.p.workflow.name === name);
    const ok = mine.filter((r) => r.success).length;
    const rec = recoveries(mine);
    return {
      name,
      metrics: {
        total_runs: mine.length,
        successful_runs: ok,
        mttr: rec.mttr,
        total_credits_used: mine.reduce((a, r) => a + r.credits, 0),
        failed_runs: mine.length - ok,
        success_rate: rate(ok, mine.length),
        duration_metrics: durationMetrics(mine.map((r) => r.seconds)),
        total_recoveries: rec.count,
        throughput: round(mine.length / windowDays(w)),
      },
      window_start: time(Math.min(...mine.map((r) => r.created))),
      window_end: time(Math.max(...mine.map((r) => r.created))),
      project_id: project.id,
    };
  });
}

function jobSummaries(c: CciContext, project: CciProject, workflow: string, w: Window, pick: Pick): JsonObject[] {
  const runs = runsOf(project, pick, c.asOf - WINDOW_MS[w], c.asOf).filter((r) => r.p.workflow.name === workflow);
  const jobs = runs.flatMap((r) => r.p.run.jobs.filter((j) => j.completedAt !== undefined));
  const names = [...new Set(jobs.map((j) => j.name))].sort();
  return names.map((name) => {
    const mine = jobs.filter((j) => j.name === name);
    const ok = mine.filter((j) => j.conclusion === "success").length;
    return {
      name,
      metrics: {
        total_runs: mine.length,
        failed_runs: mine.length - ok,
        successful_runs: ok,
        duration_metrics: durationMetrics(mine.map((j) => Math.round((j.completedAt! - j.startedAt) / 1000))),
        success_rate: rate(ok, mine.length),
        total_credits_used: mine.reduce((a, j) => a + credits(j.completedAt! - j.startedAt), 0),
        throughput: round(mine.length / windowDays(w)),
      },
      window_start: time(Math.min(...mine.map((j) => j.startedAt))),
      window_end: time(Math.max(...mine.map((j) => j.startedAt))),
    };
  });
}

/** A workflow's recent runs, newest first (Insights keeps 90 days). */
function workflowRuns(c: CciContext, project: CciProject, workflow: string, pick: Pick): JsonObject[] {
  const runs = runsOf(project, pick, c.asOf - WINDOW_MS["last-90-days"], c.asOf).filter((r) => r.p.workflow.name === workflow);
  return runs
    .sort((a, b) => b.created - a.created || (a.p.id < b.p.id ? -1 : 1))
    .map((r) => ({
      id: r.p.workflow.id,
      branch: r.p.run.headBranch,
      duration: r.seconds,
      created_at: time(r.created),
      stopped_at: time(r.stopped),
      credits_used: r.credits,
      status: r.success ? "success" : "failed",
      is_approval: false,
    }));
}

/** The branches that built within 90 days, sorted. */
function recentBranches(c: CciContext, project: CciProject, workflow?: string): string[] {
  const runs = runsOf(project, { kind: "all" }, c.asOf - WINDOW_MS["last-90-days"], c.asOf).filter(
    (r) => workflow === undefined || r.p.workflow.name === workflow,
  );
  return [...new Set(runs.map((r) => r.p.run.headBranch))].sort();
}

/** The query that selects a window and a branch pick, the default ones left out as CircleCI's defaults. */
function selection(w: Window | undefined, pick: Pick): Array<[string, string]> {
  const q: Array<[string, string]> = [];
  if (pick.kind === "all") q.push(["all-branches", "true"]);
  if (pick.kind === "branch") q.push(["branch", pick.name]);
  if (w !== undefined && w !== DEFAULT_WINDOW) q.push(["reporting-window", w]);
  return q;
}

export function* insightsResources(c: CciContext): Generator<Resource> {
  const origin = c.pin.origin;
  for (const project of c.projects) {
    const base = `api/v2/insights/${project.slug}`;
    const picks: Pick[] = [
      { kind: "default" },
      { kind: "all" },
      ...recentBranches(c, project).map((name): Pick => ({ kind: "branch", name })),
    ];
    const workflows = [...new Set(project.pipelines.map((p) => p.workflow.name))].sort();
    for (const pick of picks) {
      for (const w of WINDOWS) {
        yield* pagesOf(origin, `${base}/workflows`, workflowSummaries(c, project, w, pick), selection(w, pick));
        for (const name of workflows)
          yield* pagesOf(origin, `${base}/workflows/${name}/jobs`, jobSummaries(c, project, name, w, pick), selection(w, pick));
      }
      for (const name of workflows) {
        yield* pagesOf(origin, `${base}/workflows/${name}`, workflowRuns(c, project, name, pick), selection(undefined, pick));
        yield {
          path: `${base}/workflows/${name}/summary`,
          ...query(selection(undefined, pick)),
          body: workflowSummary(c, project, name, workflows, pick),
        };
      }
    }
    for (const w of WINDOWS)
      yield {
        path: `api/v2/insights/pages/${project.slug}/summary`,
        ...query(selection(w, { kind: "default" })),
        body: pageSummary(c, project, w, workflows),
      };
    yield { path: `${base}/branches`, body: { org_id: c.orgId, project_id: project.id, branches: recentBranches(c, project) } };
    for (const name of workflows)
      yield {
        path: `${base}/branches`,
        query: { "workflow-name": name },
        body: { org_id: c.orgId, project_id: project.id, branches: recentBranches(c, project, name) },
      };
  }
  for (const w of WINDOWS) {
    yield { path: `api/v2/insights/${c.orgSlug}/summary`, ...query(selection(w, { kind: "default" })), body: orgSummary(c, w) };
  }
}

function query(pairs: Array<[string, string]>): { query?: Record<string, string> } {
  return pairs.length ? { query: Object.fromEntries(pairs) } : {};
}

/** What a set of runs sums to: runs, successes, seconds, credits, the p95 and median duration, mttr. */
function figures(runs: Run[]) {
  const ok = runs.filter((r) => r.success).length;
  const d = durationMetrics(runs.map((r) => r.seconds));
  return {
    runs: runs.length,
    ok,
    seconds: runs.reduce((a, r) => a + r.seconds, 0),
    credits: runs.reduce((a, r) => a + r.credits, 0),
    p95: (d.p95 as number | null) ?? 0,
    median: (d.median as number | null) ?? 0,
    mttr: recoveries(runs).mttr ?? 0,
    duration: d,
  };
}

/** One workflow over the last 90 days, on the branch pick, with trends against the 90 days before. */
function workflowSummary(c: CciContext, project: CciProject, name: string, workflows: string[], pick: Pick): JsonValue {
  const span = WINDOW_MS["last-90-days"];
  const now = runsOf(project, pick, c.asOf - span, c.asOf).filter((r) => r.p.workflow.name === name);
  const before = runsOf(project, pick, c.asOf - 2 * span, c.asOf - span - 1).filter((r) => r.p.workflow.name === name);
  const f = figures(now);
  const b = figures(before);
  const rec = recoveries(now);
  return {
    metrics: {
      total_runs: f.runs,
      successful_runs: f.ok,
      mttr: rec.mttr,
      total_credits_used: f.credits,
      failed_runs: f.runs - f.ok,
      success_rate: rate(f.ok, f.runs),
      completed_runs: f.runs,
      window_start: time(now.length ? Math.min(...now.map((r) => r.created)) : c.asOf - span),
      duration_metrics: f.duration,
      window_end: time(now.length ? Math.max(...now.map((r) => r.created)) : c.asOf),
      throughput: round(f.runs / 90),
    },
    trends: {
      total_runs: trend(f.runs, b.runs),
      failed_runs: trend(f.runs - f.ok, b.runs - b.ok),
      success_rate: trend(rate(f.ok, f.runs), rate(b.ok, b.runs)),
      p95_duration_secs: trend(f.p95, b.p95),
      median_duration_secs: trend(f.median, b.median),
      total_credits_used: trend(f.credits, b.credits),
      mttr: trend(f.mttr, b.mttr),
      throughput: trend(f.runs, b.runs),
    },
    workflow_names: workflows,
  };
}

/** The project's Insights page: the project, each workflow, and each workflow on each branch, over a window. */
function pageSummary(c: CciContext, project: CciProject, w: Window, workflows: string[]): JsonValue {
  const span = WINDOW_MS[w];
  const now = runsOf(project, { kind: "all" }, c.asOf - span, c.asOf);
  const before = runsOf(project, { kind: "all" }, c.asOf - 2 * span, c.asOf - span - 1);
  const part = (runs: Run[], prev: Run[]) => {
    const f = figures(runs);
    const b = figures(prev);
    return {
      metrics: { total_credits_used: f.credits, p95_duration_secs: f.p95, total_runs: f.runs, success_rate: rate(f.ok, f.runs) },
      trends: {
        total_credits_used: trend(f.credits, b.credits),
        p95_duration_secs: trend(f.p95, b.p95),
        total_runs: trend(f.runs, b.runs),
        success_rate: trend(rate(f.ok, f.runs), rate(b.ok, b.runs)),
      },
    };
  };
  const f = figures(now);
  const b = figures(before);
  const branches = [...new Set(now.map((r) => r.p.run.headBranch))].sort();
  return {
    org_id: c.orgId,
    project_id: project.id,
    project_data: {
      metrics: {
        total_runs: f.runs,
        total_duration_secs: f.seconds,
        total_credits_used: f.credits,
        success_rate: rate(f.ok, f.runs),
        throughput: round(f.runs / windowDays(w)),
      },
      trends: {
        total_runs: trend(f.runs, b.runs),
        total_duration_secs: trend(f.seconds, b.seconds),
        total_credits_used: trend(f.credits, b.credits),
        success_rate: trend(rate(f.ok, f.runs), rate(b.ok, b.runs)),
        throughput: trend(f.runs, b.runs),
      },
    },
    project_workflow_data: workflows
      .filter((name) => now.some((r) => r.p.workflow.name === name))
      .map((name) => ({
        workflow_name: name,
        ...part(
          now.filter((r) => r.p.workflow.name === name),
          before.filter((r) => r.p.workflow.name === name),
        ),
      })),
    project_workflow_branch_data: workflows.flatMap((name) =>
      branches
        .filter((br) => now.some((r) => r.p.workflow.name === name && r.p.run.headBranch === br))
        .map((br) => ({
          workflow_name: name,
          branch: br,
          ...part(
            now.filter((r) => r.p.workflow.name === name && r.p.run.headBranch === br),
            before.filter((r) => r.p.workflow.name === name && r.p.run.headBranch === br),
          ),
        })),
    ),
    all_branches: branches,
    all_workflows: workflows,
  };
}

interface Totals {
  runs: number;
  seconds: number;
  credits: number;
  ok: number;
}

function totals(project: CciProject, from: number, to: number): Totals {
  const runs = runsOf(project, { kind: "all" }, from, to);
  return {
    runs: runs.length,
    seconds: runs.reduce((a, r) => a + r.seconds, 0),
    credits: runs.reduce((a, r) => a + r.credits, 0),
    ok: runs.filter((r) => r.success).length,
  };
}

/** The organization's summary over every project and branch, with trends against the window before. */
function orgSummary(c: CciContext, w: Window): JsonValue {
  const span = WINDOW_MS[w];
  const now = c.projects.map((p) => totals(p, c.asOf - span, c.asOf));
  const before = c.projects.map((p) => totals(p, c.asOf - 2 * span, c.asOf - span - 1));
  const sum = (xs: Totals[]): Totals =>
    xs.reduce((a, t) => ({ runs: a.runs + t.runs, seconds: a.seconds + t.seconds, credits: a.credits + t.credits, ok: a.ok + t.ok }), {
      runs: 0,
      seconds: 0,
      credits: 0,
      ok: 0,
    });
  const all = sum(now);
  const prev = sum(before);
  const days = windowDays(w);
  return {
    org_data: {
      metrics: {
        total_runs: all.runs,
        total_duration_secs: all.seconds,
        total_credits_used: all.credits,
        success_rate: rate(all.ok, all.runs),
        throughput: round(all.runs / days),
      },
      trends: {
        total_runs: trend(all.runs, prev.runs),
        total_duration_secs: trend(all.seconds, prev.seconds),
        total_credits_used: trend(all.credits, prev.credits),
        success_rate: trend(rate(all.ok, all.runs), rate(prev.ok, prev.runs)),
        throughput: trend(all.runs, prev.runs),
      },
    },
    org_project_data: c.projects.map((p, i) => ({
      project_name: p.repo.name,
      metrics: {
        total_credits_used: now[i]!.credits,
        total_duration_secs: now[i]!.seconds,
        total_runs: now[i]!.runs,
        success_rate: rate(now[i]!.ok, now[i]!.runs),
      },
      trends: {
        total_credits_used: trend(now[i]!.credits, before[i]!.credits),
        total_duration_secs: trend(now[i]!.seconds, before[i]!.seconds),
        total_runs: trend(now[i]!.runs, before[i]!.runs),
        success_rate: trend(rate(now[i]!.ok, now[i]!.runs), rate(before[i]!.ok, before[i]!.runs)),
      },
    })),
    all_projects: c.projects.map((p) => p.repo.name),
  };
}
