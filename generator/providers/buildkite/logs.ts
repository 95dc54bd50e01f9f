import type { JsonValue } from "../../core/provider.js";
import type { BkContext, BkJob } from "./context.js";
import { jobCommands } from "./pipelines.js";

/**
 * A job's log (pages/apis/rest_api/jobs.md, "Get a job's log output"): the agent's sections (`~~~`
 * headers, each with its time in `header_times`, nanoseconds), the checkout of the build's commit, and
 * each command with the outcome of the CI step it stands for. `/log` is the JSON form, `/log.txt` the
 * raw text.
 */
export function logText(bk: BkContext, j: BkJob): { content: string; headerTimes: number[] } {
  const { job } = j;
  const { build } = j;
  const lines: string[] = [];
  const times: number[] = [];
  const header = (at: number, text: string) => {
    lines.push(text);
    times.push(at * 1_000_000);
  };
  const dir = `/var/lib/buildkite-agent/builds/${j.agent.name}/${bk.org.slug}/${build.pipeline.slug}`;
  header(job.startedAt, `~~~ Running agent ${j.agent.name}`);
  header(job.startedAt, "~~~ Preparing working directory");
  lines.push(
    `$ cd ${dir}`,
    `$ git fetch -v --prune -- origin ${build.run.headSha}`,
    `$ git checkout -f ${build.run.headSha}`,
    `HEAD is now at ${build.run.headSha.slice(0, 7)} ${(build.pipeline.commits.get(build.run.headSha)?.message ?? "").split("\n")[0]}`,
  );
  const commands = jobCommands(job);
  const steps = job.steps.filter((s) => s.name.startsWith("Run ") && !s.name.startsWith("Run actions/"));
  header(steps[0]?.startedAt ?? job.startedAt, "~~~ Running commands");
  for (const [i, command] of commands.entries()) {
    const step = steps[i];
    if (!step || step.conclusion === "skipped" || step.conclusion === null) break;
    lines.push(`$ ${command}`);
    if (step.conclusion === "failure") {
      header(step.completedAt ?? step.startedAt, `+++ :x: ${command}`);
      lines.push("^^^ +++", "🚨 Error: The command exited with status 1");
      break;
    }
    lines.push(`# ${command} finished in ${Math.round(((step.completedAt ?? step.startedAt) - step.startedAt) / 1000)}s`);
  }
  return { content: `${lines.join("\n")}\n`, headerTimes: times };
}

export function logJson(bk: BkContext, j: BkJob): JsonValue {
  const { content, headerTimes } = logText(bk, j);
  return { url: bk.jobApi(j, "/log"), content, size: Buffer.byteLength(content, "utf8"), header_times: headerTimes };
}
