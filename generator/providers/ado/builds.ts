import type { JsonValue, Pagination, Resource } from "../../core/provider.js";
import type { CiJob, CiRun, Repo } from "../../world/types.js";
import { isoFull, type AdoContext } from "./context.js";
import { listPages } from "../../core/paginate.js";
import { BUILDS_TOP, buildPaging, envelope, valueList, whole } from "./lists.js";

/**
 * Azure Pipelines: one YAML pipeline (build definition) per repository, and each CI run of the world as
 * a build of it, with its timeline (stage, phase and job per CI job, a task per step). The same runs are
 * served through the Pipelines API (pipelines, runs). Build ids are the world's run ids; the definition
 * and pipeline id is the repository's number. Builds are newest first; a project's list holds 1000
 * builds by default and continues with `x-ms-continuationtoken`.
 */
export const POOL = { id: 9, name: "Azure Pipelines", isHosted: true };

export function definitionId(repo: Repo): number {
  return repo.id;
}

function buildUrl(ado: AdoContext, id: number): string {
  return `${ado.orgUrl}/${ado.projectId}/_apis/build/Builds/${id}`;
}

function definitionUrl(ado: AdoContext, repo: Repo): string {
  return `${ado.orgUrl}/${ado.projectId}/_apis/build/Definitions/${definitionId(repo)}?revision=1`;
}

export function queue(ado: AdoContext): JsonValue {
  const url = `${ado.orgUrl}/_apis/build/Queues/${POOL.id + 30}`;
  return { _links: { self: { href: url } }, id: POOL.id + 30, name: POOL.name, url, pool: POOL };
}

function definitionRef(ado: AdoContext, repo: Repo): JsonValue {
  return {
    drafts: [],
    id: definitionId(repo),
    name: repo.name,
    url: definitionUrl(ado, repo),
    uri: `vstfs:///Build/Definition/${definitionId(repo)}`,
    path: "\\",
    type: "build",
    queueStatus: "enabled",
    revision: 1,
    project: ado.projectRef(),
  };
}

function buildRepository(ado: AdoContext, repo: Repo): JsonValue {
  return {
    id: ado.repoId(repo),
    type: "TfsGit",
    name: repo.name,
    url: ado.repoWeb(repo).replace("https://", `https://${ado.org}@`),
    clean: null,
    checkoutSubmodules: false,
  };
}

function definitionReference(ado: AdoContext, repo: Repo): Record<string, JsonValue> {
  const id = definitionId(repo);
  const web = `${ado.web}/${ado.org}/${encodeURIComponent(ado.projectName)}/_build/definition?definitionId=${id}`;
  return {
    _links: {
      self: { href: definitionUrl(ado, repo).replace(/\?revision=1$/, "") },
      web: { href: web },
      editor: { href: `${ado.web}/${ado.org}/${encodeURIComponent(ado.projectName)}/_build/designer?id=${id}&_a=edit-build-definition` },
      badge: { href: `${ado.orgUrl}/${ado.projectId}/_apis/build/status/${id}` },
    },
    quality: "definition",
    authoredBy: ado.identity(ado.person(ado.teamOf(repo).adminIds[0]!)),
    drafts: [],
    queue: queue(ado),
    id,
    name: repo.name,
    url: definitionUrl(ado, repo),
    uri: `vstfs:///Build/Definition/${id}`,
    path: "\\",
    type: "build",
    queueStatus: "enabled",
    revision: 1,
    createdDate: isoFull(repo.createdAt),
    project: ado.projectRef(),
  };
}

function definition(ado: AdoContext, repo: Repo): JsonValue {
  return {
    triggers: [
      {
        branchFilters: [`+refs/heads/${repo.defaultBranch}`],
        pathFilters: [],
        settingsSourceType: 2,
        batchChanges: false,
        maxConcurrentBuildsPerBranch: 1,
        triggerType: "continuousIntegration",
      },
      {
        settingsSourceType: 2,
        branchFilters: [`+refs/heads/${repo.defaultBranch}`],
        forks: { enabled: false, allowSecrets: false },
        pathFilters: [],
        requireCommentsForNonTeamMembersOnly: false,
        isCommentRequiredForPullRequest: false,
        triggerType: "pullRequest",
      },
    ],
    variables: {},
    properties: {},
    tags: [],
    jobAuthorizationScope: "projectCollection",
    jobTimeoutInMinutes: 60,
    jobCancelTimeoutInMinutes: 5,
    process: { yamlFilename: "azure-pipelines.yml", type: 2 },
    repository: {
      properties: { reportBuildStatus: "true" },
      ...(buildRepository(ado, repo) as object),
      defaultBranch: `refs/heads/${repo.defaultBranch}`,
    },
    ...definitionReference(ado, repo),
  };
}

function buildStatus(s: CiRun["status"]): string {
  return s === "completed" ? "completed" : s === "in_progress" ? "inProgress" : "notStarted";
}

function buildResult(run: CiRun): string | undefined {
  return run.status !== "completed" ? undefined : run.conclusion === "success" ? "succeeded" : "failed";
}

/** `yyyyMMdd.N`: the day the run was queued and its number among the definition's runs that day. */
function buildNumbers(repo: Repo): Map<number, [string, number]> {
  const out = new Map<number, [string, number]>();
  const perDay = new Map<string, number>();
  for (const run of [...repo.runs].sort((a, b) => a.createdAt - b.createdAt || a.id - b.id)) {
    const day = new Date(run.createdAt).toISOString().slice(0, 10).replaceAll("-", "");
    const n = (perDay.get(day) ?? 0) + 1;
    perDay.set(day, n);
    out.set(run.id, [`${day}.${n}`, n]);
  }
  return out;
}

function build(ado: AdoContext, repo: Repo, run: CiRun, numbers: Map<number, [string, number]>): JsonValue {
  const url = buildUrl(ado, run.id);
  const [buildNumber, revision] = numbers.get(run.id)!;
  const pr = run.pullNumber !== undefined ? repo.pulls.find((x) => x.number === run.pullNumber) : undefined;
  const prId = pr ? ado.pullId(repo, pr) : undefined;
  const result = buildResult(run);
  const started = run.jobs.length ? Math.min(...run.jobs.map((j) => j.startedAt)) : undefined;
  const actor = ado.identity(ado.person(run.actorId));
  const plan = ado.guid(`build/${run.id}/plan`);
  return {
    _links: {
      self: { href: url },
      web: { href: `${ado.web}/${ado.org}/${encodeURIComponent(ado.projectName)}/_build/results?buildId=${run.id}` },
      sourceVersionDisplayUri: { href: `${url}/sources` },
      timeline: { href: `${url}/Timeline` },
      badge: { href: `${ado.orgUrl}/${ado.projectId}/_apis/build/status/${definitionId(repo)}` },
    },
    properties: {},
    tags: [],
    validationResults: [],
    plans: [{ planId: plan }],
    triggerInfo:
      pr && prId !== undefined
        ? {
            "pr.number": String(prId),
            "pr.isFork": "False",
            "pr.triggerRepository": ado.repoId(repo),
            "pr.triggerRepository.Type": "TfsGit",
            "pr.sourceBranch": `refs/heads/${pr.headBranch}`,
            "pr.sourceSha": run.headSha,
            "pr.title": pr.title,
          }
        : {
            "ci.sourceBranch": `refs/heads/${run.headBranch}`,
            "ci.sourceSha": run.headSha,
            "ci.message": "",
            "ci.triggerRepository": ado.repoId(repo),
          },
    id: run.id,
    buildNumber,
    status: buildStatus(run.status),
    ...(result ? { result } : {}),
    queueTime: isoFull(run.createdAt),
    ...(started !== undefined && run.status !== "queued" ? { startTime: isoFull(started) } : {}),
    ...(run.status === "completed" ? { finishTime: isoFull(run.updatedAt) } : {}),
    url,
    definition: definitionRef(ado, repo),
    buildNumberRevision: revision,
    project: ado.projectRef(),
    uri: `vstfs:///Build/Build/${run.id}`,
    sourceBranch: prId !== undefined ? `refs/pull/${prId}/merge` : `refs/heads/${run.headBranch}`,
    sourceVersion: run.headSha,
    queue: { id: POOL.id + 30, name: POOL.name, pool: POOL },
    priority: "normal",
    reason: prId !== undefined ? "pullRequest" : run.event === "schedule" ? "schedule" : "individualCI",
    requestedFor: actor,
    requestedBy: actor,
    lastChangedDate: isoFull(run.updatedAt),
    lastChangedBy: actor,
    orchestrationPlan: { planId: plan },
    logs: { id: 0, type: "Container", url: `${url}/logs` },
    repository: buildRepository(ado, repo),
    retainedByRelease: false,
    triggeredByBuild: null,
    appendCommitMessageToRunName: true,
  };
}

function recordState(status: CiJob["status"]): string {
  return status === "completed" ? "completed" : status === "in_progress" ? "inProgress" : "pending";
}

function recordResult(conclusion: string | null): string | null {
  return conclusion === "success" ? "succeeded" : conclusion === "failure" ? "failed" : conclusion === "skipped" ? "skipped" : null;
}

/** The build's timeline: a stage, then per CI job a phase and a job, then a task per step. */
function timeline(ado: AdoContext, run: CiRun): JsonValue {
  const url = buildUrl(ado, run.id);
  const tid = ado.guid(`build/${run.id}/timeline`);
  let log = 0;
  const logRef = () => ({ id: ++log, type: "Container", url: `${url}/logs/${log}` });
  const base = (id: string, parentId: string | null, type: string, name: string) => ({ previousAttempts: [], id, parentId, type, name });
  const done = run.status === "completed";
  const stageId = ado.guid(`build/${run.id}/stage`);
  const firstStart = run.jobs.length ? Math.min(...run.jobs.map((j) => j.startedAt)) : run.createdAt;
  const records: JsonValue[] = [
    {
      ...base(stageId, null, "Stage", "__default"),
      startTime: isoFull(firstStart),
      finishTime: done ? isoFull(run.updatedAt) : null,
      currentOperation: null,
      percentComplete: null,
      state: recordState(run.status),
      result: done ? (run.conclusion === "success" ? "succeeded" : "failed") : null,
      resultCode: null,
      changeId: 1,
      lastModified: isoFull(run.updatedAt),
      workerName: null,
      order: 1,
      details: null,
      errorCount: 0,
      warningCount: 0,
      url: null,
      log: null,
      task: null,
      attempt: 1,
      identifier: "__default",
    },
  ];
  for (const [j, job] of run.jobs.entries()) {
    const phaseId = ado.guid(`build/${run.id}/phase/${job.id}`);
    const jobId = ado.guid(`build/${run.id}/job/${job.id}`);
    const finish = job.completedAt !== undefined ? isoFull(job.completedAt) : null;
    const failed = job.conclusion === "failure" ? 1 : 0;
    const common = {
      startTime: isoFull(job.startedAt),
      finishTime: finish,
      currentOperation: null,
      percentComplete: job.status === "completed" ? 100 : null,
      state: recordState(job.status),
      result: recordResult(job.conclusion),
      resultCode: null,
      changeId: 2 + j,
      lastModified: isoFull(job.completedAt ?? job.startedAt),
    };
    records.push({
      ...base(phaseId, stageId, "Phase", job.name),
      ...common,
      workerName: null,
      order: j + 1,
      details: null,
      errorCount: failed,
      warningCount: 0,
      url: null,
      log: null,
      task: null,
      attempt: 1,
      identifier: `__default.${job.name}`,
    });
    records.push({
      ...base(jobId, phaseId, "Job", job.name),
      ...common,
      workerName: `Hosted Agent`,
      order: 1,
      details: null,
      errorCount: failed,
      warningCount: 0,
      url: null,
      log: logRef(),
      task: null,
      attempt: 1,
      identifier: `__default.${job.name}.__default`,
    });
    for (const step of job.steps) {
      const stepFailed = step.conclusion === "failure";
      records.push({
        ...base(ado.guid(`build/${run.id}/step/${job.id}/${step.number}`), jobId, "Task", step.name),
        startTime: isoFull(step.startedAt),
        finishTime: step.completedAt !== undefined ? isoFull(step.completedAt) : null,
        currentOperation: null,
        percentComplete: step.completedAt !== undefined ? 100 : null,
        state: step.completedAt !== undefined ? "completed" : step.conclusion === null ? "inProgress" : "pending",
        result: recordResult(step.conclusion),
        resultCode: null,
        changeId: 2 + j,
        lastModified: isoFull(step.completedAt ?? step.startedAt),
        workerName: "Hosted Agent",
        order: step.number,
        details: null,
        errorCount: stepFailed ? 1 : 0,
        warningCount: 0,
        url: null,
        log: step.conclusion === "skipped" ? null : logRef(),
        task: null,
        attempt: 1,
        identifier: null,
        ...(stepFailed
          ? {
              issues: [
                {
                  type: "error",
                  category: "General",
                  message: "Bash exited with code '1'.",
                  data: { type: "error", logFileLineNumber: "42" },
                },
              ],
            }
          : {}),
      });
    }
  }
  return {
    records,
    lastChangedBy: "00000002-0000-8888-8000-000000000000",
    lastChangedOn: isoFull(run.updatedAt),
    id: tid,
    changeId: 1 + run.jobs.length,
    url: `${url}/Timeline/${tid}`,
  };
}

// --- Pipelines API ----------------------------------------------------------------------------------

function pipelineRef(ado: AdoContext, repo: Repo): Record<string, JsonValue> {
  const id = definitionId(repo);
  const url = `${ado.orgUrl}/${ado.projectId}/_apis/pipelines/${id}?revision=1`;
  return {
    _links: {
      self: { href: `${ado.orgUrl}/${ado.projectId}/_apis/pipelines/${id}?revision=1` },
      web: { href: `${ado.web}/${ado.org}/${encodeURIComponent(ado.projectName)}/_build/definition?definitionId=${id}` },
    },
    url,
    id,
    revision: 1,
    name: repo.name,
    folder: "\\",
  };
}

function pipelineRun(ado: AdoContext, repo: Repo, run: CiRun, numbers: Map<number, [string, number]>, full: boolean): JsonValue {
  const id = definitionId(repo);
  const runUrl = `${ado.orgUrl}/${ado.projectId}/_apis/pipelines/${id}/runs/${run.id}`;
  const { _links: _ignored, ...pipeline } = pipelineRef(ado, repo);
  const state = run.status === "completed" ? "completed" : run.status === "in_progress" ? "inProgress" : "unknown";
  const pr = run.pullNumber !== undefined ? repo.pulls.find((x) => x.number === run.pullNumber) : undefined;
  return {
    _links: {
      self: { href: runUrl },
      web: { href: `${ado.web}/${ado.org}/${encodeURIComponent(ado.projectName)}/_build/results?buildId=${run.id}` },
      "pipeline.web": { href: `${ado.web}/${ado.org}/${encodeURIComponent(ado.projectName)}/_build/definition?definitionId=${id}` },
      pipeline: { href: `${ado.orgUrl}/${ado.projectId}/_apis/pipelines/${id}?revision=1` },
    },
    pipeline,
    state,
    ...(run.status === "completed" ? { result: run.conclusion === "success" ? "succeeded" : "failed" } : {}),
    createdDate: isoFull(run.createdAt),
    ...(run.status === "completed" ? { finishedDate: isoFull(run.updatedAt) } : {}),
    url: runUrl,
    ...(full
      ? {
          resources: {
            repositories: {
              self: {
                repository: { id: ado.repoId(repo), type: "azureReposGit" },
                refName: pr ? `refs/pull/${ado.pullId(repo, pr)}/merge` : `refs/heads/${run.headBranch}`,
                version: run.headSha,
              },
            },
          },
        }
      : {}),
    id: run.id,
    name: numbers.get(run.id)![0],
  };
}

export function* buildResources(ado: AdoContext, p: Pagination): Generator<Resource> {
  const base = `${ado.projectPath()}/_apis/build`;
  const repos = [...ado.world.repos].sort((a, b) => a.id - b.id);
  yield* valueList(
    p,
    `${base}/definitions`,
    repos.map((r) => definitionReference(ado, r)),
  );
  for (const r of repos) yield* valueList(p, `${base}/definitions`, [definitionReference(ado, r)], [["name", r.name]]);
  const builds: Array<[CiRun, JsonValue]> = [];
  const bp = buildPaging(p.origin);
  const pipelines = `${ado.projectPath()}/_apis/pipelines`;
  yield* valueList(
    p,
    pipelines,
    repos.map((r) => pipelineRef(ado, r)),
  );
  for (const repo of repos) {
    const numbers = buildNumbers(repo);
    yield { path: `${base}/definitions/${definitionId(repo)}`, body: definition(ado, repo) };
    const runs = [...repo.runs].sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
    const mine = runs.map((run) => [run, build(ado, repo, run, numbers)] as [CiRun, JsonValue]);
    builds.push(...mine);
    yield* buildList(
      bp,
      `${base}/builds`,
      mine.map(([, b]) => b),
      [["definitions", String(definitionId(repo))]],
    );
    for (const [run, b] of mine) {
      yield { path: `${base}/builds/${run.id}`, body: b };
      const t = timeline(ado, run);
      yield { path: `${base}/builds/${run.id}/timeline`, body: t };
      yield { path: `${base}/builds/${run.id}/timeline/${(t as Record<string, JsonValue>).id as string}`, body: t };
    }
    const ref = pipelineRef(ado, repo);
    yield {
      path: `${pipelines}/${definitionId(repo)}`,
      body: {
        ...ref,
        configuration: { path: "azure-pipelines.yml", repository: { id: ado.repoId(repo), type: "azureReposGit" }, type: "yaml" },
      },
    };
    // Runs are not paged (the service returns up to 10000): the whole list, and `$top` cut from it.
    const runList = runs.map((r) => pipelineRun(ado, repo, r, numbers, false));
    yield whole(`${pipelines}/${definitionId(repo)}/runs`, runList);
    yield* valueList({ ...p, rendered: [p.max] }, `${pipelines}/${definitionId(repo)}/runs`, runList);
    for (const r of runs) yield { path: `${pipelines}/${definitionId(repo)}/runs/${r.id}`, body: pipelineRun(ado, repo, r, numbers, true) };
  }
  builds.sort(([a], [b]) => b.createdAt - a.createdAt || b.id - a.id);
  yield* buildList(
    bp,
    `${base}/builds`,
    builds.map(([, b]) => b),
    [],
  );
}

/**
 * A build list through the continuation-token mechanism: pages of 1000 (the default) with `x-ms-continuationtoken`
 * on every page but the last, the next pages under `continuationToken=<token>`, and the whole list at
 * `$top=5000`. The builds API has no `$skip`; the `$skip` copies of the pages and the empty page past an
 * exactly filled list stay pre-rendered as before (no list record: the engine never reads them).
 */
function* buildList(bp: Pagination, path: string, items: JsonValue[], filters: Array<[string, string]>): Generator<Resource> {
  for (const page of listPages(bp, path, items, { filters, envelope: "value", wrap: envelope })) {
    yield page;
    const { continuationToken: token, ...rest } = page.query ?? {};
    const { list: _l, ...copy } = page;
    if (typeof token === "string") yield { ...copy, query: { ...rest, $skip: token } };
  }
  for (const size of bp.rendered) {
    if (items.length === 0 || items.length % size !== 0) continue;
    const query: Record<string, string> = { ...Object.fromEntries(filters), $top: String(size) };
    const empty = { count: 0, value: [] };
    yield { path, query: { ...query, $skip: String(items.length) }, body: empty };
    if (size === BUILDS_TOP) yield { path, query: { ...query, continuationToken: String(items.length) }, body: empty };
  }
}
