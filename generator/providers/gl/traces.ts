import type { CiJob, CiRun, Repo } from "../../world/types.js";
import { type GlContext } from "./context.js";
import { RUNNER_VERSION, runner, runnerSystemId } from "./pipelines.js";

/**
 * A job's log, as the runner streams it to `GET /projects/:id/jobs/:job_id/trace` (text/plain): ANSI
 * colours and the collapsible sections GitLab's job page folds (`section_start:<unix>:<name>\r\e[0K`),
 * the runner and executor, the checkout of the pipeline's commit, then the job's commands (the world's CI
 * steps, `$ npm ci`), each as it ran, up to the one that failed, and the verdict. A job still running has
 * no verdict yet; a pending one has no log. Every finished job lists the log as its `trace` artifact, with
 * this text's size.
 */
const ESC = "\u001b";
const bold = (colour: number, text: string) => `${ESC}[${colour};1m${text}${ESC}[0;m`;
const unix = (ms: number) => Math.floor(ms / 1000);

export function trace(gl: GlContext, repo: Repo, run: CiRun, j: CiJob): string {
  return gl.once(`trace/${j.id}`, () => {
    if (run.status === "queued") return "";
    const lines: string[] = [];
    const section = (name: string, from: number, to: number | undefined, title: string, body: string[]) => {
      lines.push(`section_start:${unix(from)}:${name}\r${ESC}[0K${ESC}[0K${bold(36, title)}`, ...body);
      if (to !== undefined) lines.push(`section_end:${unix(to)}:${name}\r${ESC}[0K`);
    };
    const r = runner(gl);
    const start = j.startedAt;
    const dir = `/builds/${gl.fullPath(repo)}`;
    lines.push(
      `${ESC}[0KRunning with gitlab-runner ${RUNNER_VERSION} (0f67ff19)${ESC}[0;m`,
      `${ESC}[0K  on ${String(r.description)} ${String(r.name)}, system ID: ${runnerSystemId(j)}${ESC}[0;m`,
    );
    section("prepare_executor", start, start + 2_000, 'Preparing the "docker+machine" executor', [
      `${ESC}[0KUsing Docker executor with image node:20-bookworm ...${ESC}[0;m`,
    ]);
    section("prepare_script", start + 2_000, start + 4_000, "Preparing environment", [
      `Running on runner-${runnerSystemId(j).slice(2)}-concurrent-0...`,
    ]);
    section("get_sources", start + 4_000, start + 6_000, "Getting source from Git repository", [
      bold(32, "Fetching changes with git depth set to 20..."),
      `Initialized empty Git repository in ${dir}/.git/`,
      bold(32, "Created fresh repository."),
      bold(
        32,
        `Checking out ${run.headSha.slice(0, 8)} as detached HEAD (ref is ${run.pullNumber === undefined ? run.headBranch : `refs/merge-requests/${run.pullNumber}/head`})...`,
      ),
      "",
      bold(32, "Skipping Git submodules setup"),
    ]);
    const steps = j.steps.filter((s) => s.name.startsWith("Run ") && !s.name.startsWith("Run actions/"));
    const script: string[] = [];
    let failed = false;
    let last = start + 6_000;
    for (const step of steps) {
      if (step.conclusion === "skipped" || step.conclusion === null) break;
      script.push(bold(32, `$ ${step.name.slice(4)}`));
      last = step.completedAt ?? step.startedAt;
      if (step.conclusion === "failure") {
        failed = true;
        break;
      }
    }
    const done = j.completedAt;
    section("step_script", start + 6_000, done === undefined ? undefined : last, 'Executing "step_script" stage of the job script', script);
    if (done === undefined) return `${lines.join("\n")}\n`;
    section("cleanup_file_variables", last, done, "Cleaning up project directory and file based variables", []);
    lines.push(failed ? bold(31, "ERROR: Job failed: exit code 1") : bold(32, "Job succeeded"));
    return `${lines.join("\n")}\n`;
  });
}
