import { keyedHex } from "../../core/keyed.js";
import type { JsonObject, Resource } from "../../core/provider.js";
import type { CiJob, Repo } from "../../world/types.js";
import { type CciContext, type CciJob, type CciProject, jobStatus } from "./context.js";
import { pagesOf } from "./lists.js";
import { time } from "./pipelines.js";

/**
 * Job details (`/project/{slug}/job/{number}`), test metadata and artifacts of every job.
 *
 * - A job queues when its workflow is created and starts when the world's job starts; `duration` is in
 *   milliseconds, null while it runs. Every job runs on a `medium` Docker executor, one run wide.
 * - Test metadata: the `test` job of a pipeline reports one case per test function of the repository's
 *   test files (the files whose path names them tests, over the repository's history); when the job
 *   failed, one case failed, keyed by the run. Other jobs report no tests.
 * - Artifacts: `test` stores its JUnit report, `build` its bundle; `lint` stores none. Their URLs are
 *   CircleCI's artifact host, which this host does not serve.
 */
export function* jobResources(c: CciContext): Generator<Resource> {
  for (const project of c.projects) {
    const base = `api/v2/project/${project.slug}`;
    const tests = testCatalog(project.repo);
    for (const j of project.jobs) {
      yield { path: `${base}/job/${j.number}`, body: jobDetails(c, project, j) };
      yield* pagesOf(
        c.pin.origin,
        `${base}/${j.number}/tests`,
        j.job.name === "test" && j.job.status === "completed" ? testsOf(c, j, tests) : [],
      );
      yield* pagesOf(c.pin.origin, `${base}/${j.number}/artifacts`, artifactsOf(j, project.repo));
    }
  }
}

function jobDetails(c: CciContext, project: CciProject, j: CciJob): JsonObject {
  const { job, workflow } = j;
  const queuedAt = Math.min(workflow.pipeline.run.createdAt, job.startedAt);
  const status = jobStatus(job);
  return {
    web_url: `https://app.circleci.com/pipelines/${project.slug}/${workflow.pipeline.number}/workflows/${workflow.id}/jobs/${j.number}`,
    project: { id: project.id, slug: project.slug, name: project.repo.name, external_url: c.repoUrl(project.repo) },
    parallel_runs: [{ index: 0, status }],
    started_at: time(job.startedAt),
    latest_workflow: { id: workflow.id, name: workflow.name },
    name: job.name,
    executor: { resource_class: "medium", type: "docker" },
    parallelism: 1,
    status,
    number: j.number,
    pipeline: { id: workflow.pipeline.id },
    duration: job.completedAt === undefined ? null : job.completedAt - job.startedAt,
    created_at: time(queuedAt),
    messages: [],
    contexts: [],
    organization: { name: c.orgName },
    queued_at: time(queuedAt),
    stopped_at: job.completedAt === undefined ? null : time(job.completedAt),
  };
}

interface TestCase {
  file: string;
  classname: string;
  name: string;
}

const CASES = ["returns the expected result", "handles empty input", "rejects invalid input", "retries on timeout", "keeps the order"];

/** The repository's test files, from the files its commits touched, and three cases each. */
function testCatalog(repo: Repo): TestCase[] {
  const files = new Set<string>();
  const add = (path: string) => {
    if (/(^|\/)(tests?|spec)\/|_test\.|\.test\.|Test\.|_spec\.|test_/.test(path)) files.add(path);
  };
  for (const commit of repo.mainCommits) for (const f of commit.files) add(f.path);
  for (const pr of repo.pulls) for (const commit of pr.commits) for (const f of commit.files) add(f.path);
  const sorted = [...files].sort().slice(0, 12);
  return sorted.flatMap((file) => {
    const stem = file
      .split("/")
      .pop()!
      .replace(/\.[^.]+$/, "");
    const classname = file.replace(/\.[^.]+$/, "").replace(/\//g, ".");
    const first = Number.parseInt(keyedHex([repo.name, file], 2), 16) % CASES.length;
    return [0, 1, 2].map((k) => ({ file, classname, name: `${stem} ${CASES[(first + k) % CASES.length]}` }));
  });
}

function testsOf(c: CciContext, j: CciJob, cases: TestCase[]): JsonObject[] {
  const failed = j.job.conclusion === "failure";
  const failing = cases.length ? Number.parseInt(keyedHex([c.seed, "circleci", `failing/${j.id}`], 4), 16) % cases.length : -1;
  return cases.map((t, i) => {
    const ms = 5 + (Number.parseInt(keyedHex([c.seed, "circleci", `test/${j.id}/${i}`], 4), 16) % 1500);
    const fails = failed && i === failing;
    return {
      message: fails ? `AssertionError: ${t.name}: expected the call to succeed` : null,
      source: "unknown",
      run_time: ms / 1000,
      file: t.file,
      result: fails ? "failure" : "success",
      name: t.name,
      classname: t.classname,
    };
  });
}

function artifactsOf(j: CciJob, repo: Repo): JsonObject[] {
  if (j.job.status !== "completed") return [];
  const paths = artifactPaths(j.job, repo);
  return paths.map((path) => ({ path, node_index: 0, url: `https://output.circle-artifacts.com/output/job/${j.id}/artifacts/0/${path}` }));
}

function artifactPaths(job: CiJob, repo: Repo): string[] {
  if (job.name === "test") return ["test-results/junit.xml"];
  if (job.name === "build" && job.conclusion === "success") return [`dist/${repo.name}.tar.gz`];
  return [];
}
