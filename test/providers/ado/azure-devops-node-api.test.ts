import { execFileSync } from "node:child_process";
import * as azdev from "azure-devops-node-api";
import type { IRequestHandler, IRequestOptions } from "azure-devops-node-api/interfaces/common/VsoBaseInterfaces.js";
import { GitVersionType, PullRequestStatus, VersionControlRecursionType } from "azure-devops-node-api/interfaces/GitInterfaces.js";
import { WorkItemErrorPolicy, WorkItemExpand } from "azure-devops-node-api/interfaces/WorkItemTrackingInterfaces.js";
import { describe, expect, inject, it } from "vitest";
import { loadCatalog } from "../../../generator/catalog/index.js";
import { buildWorld, loadTemplates } from "../../../generator/world/index.js";
import type { Commit, Repo, WorkItem } from "../../../generator/world/types.js";

const baseUrl = inject("baseUrl");
const catalog = loadCatalog("catalog.yaml");
const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
const TIMEOUT = 120_000;

/** What `git hash-object` prints for these bytes, computed by git itself. */
function gitHashObject(bytes: Buffer): string {
  return execFileSync("git", ["hash-object", "--stdin"], { input: bytes }).toString().trim();
}

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  let text = "";
  for await (const chunk of stream) text += String(chunk);
  return text;
}

/** The PAT handler, also noting each request's method, path and Accept header (IRequestHandler is the SDK's hook). */
function recordingPat(seen: Array<{ method: string; path: string; accept: string }>): IRequestHandler {
  const pat = azdev.getPersonalAccessTokenHandler("x");
  return {
    prepareRequest(options: IRequestOptions & { method?: string; path?: string; headers?: Record<string, string> }) {
      pat.prepareRequest(options as never);
      seen.push({
        method: options.method ?? "",
        path: decodeURIComponent(options.path ?? ""),
        accept: String(options.headers?.accept ?? options.headers?.Accept ?? ""),
      });
    },
    canHandleAuthentication: () => false,
    handleAuthentication: () => Promise.reject(new Error("no re-authentication")),
  } as IRequestHandler;
}

/**
 * azure-devops-node-api, unchanged but for the organization URL, running the read workflow an
 * integration runs: discovery, projects and teams, repositories, commits (paged), pull requests and
 * their threads, builds and timelines, pipelines, WIQL, work items in batches, updates, iterations, and
 * on generation 5 the items API. Expected values come from the world model, not from the served files.
 */
describe.each(["ado-7-1-g5", "ado-7-1"].filter((p) => !only || only.includes(p)))("azure-devops-node-api against %s", (pinName) => {
  const pin = catalog.pins.find((p) => p.name === pinName)!;
  const world = buildWorld(catalog.generations.get(pin.generation)!, { render: loadTemplates("templates/repo") });
  const org = world.company.slug;
  const project = world.company.name;
  const orgUrl = `${baseUrl}/${pinName}/${org}`;
  const seen: Array<{ method: string; path: string; accept: string }> = [];
  const connection = new azdev.WebApi(orgUrl, recordingPat(seen));
  const busiest = [...world.repos].sort((a, b) => b.pulls.length - a.pulls.length || a.id - b.id)[0]!;
  const person = (id: number) => world.people[id - 1]!;
  const history = (repo: Repo, head: string): Commit[] => {
    const bySha = new Map([...repo.mainCommits, ...repo.pulls.flatMap((p) => p.commits)].map((c) => [c.sha, c]));
    const out: Commit[] = [];
    for (let c = bySha.get(head); c; c = c.parents[0] ? bySha.get(c.parents[0]) : undefined) out.push(c);
    return out;
  };
  const mainHead = (repo: Repo) => repo.branches.find((b) => b.name === repo.defaultBranch)!.headSha;
  const isOpen = (i: WorkItem) => !["Done", "Canceled"].includes(i.status);

  it("runs the discovery handshake and negotiates api-version 7.1", async () => {
    const git = await connection.getGitApi();
    await git.getRepositories(project);
    const discovery = seen.map((r) => `${r.method} ${r.path.replace(`/${pinName}`, "")}`);
    expect(discovery).toEqual(
      expect.arrayContaining([`OPTIONS /${org}/_apis/Location`, `GET /${org}/_apis/ResourceAreas`, `OPTIONS /${org}/_apis/git`]),
    );
    const list = seen.find((r) => r.method === "GET" && r.path.endsWith("/_apis/git/repositories"))!;
    expect(list.accept).toBe("application/json;api-version=7.1");
    // Every area lives at the organization URL, Graph included (vssps.dev.azure.com in the real service).
    const areas = (await (await fetch(`${orgUrl}/_apis/ResourceAreas`)).json()) as { value: Array<{ name: string; locationUrl: string }> };
    expect(areas.value.map((a) => a.name)).toEqual(expect.arrayContaining(["core", "git", "build", "wit", "work", "Graph"]));
    expect(new Set(areas.value.map((a) => a.locationUrl))).toStrictEqual(new Set([`${orgUrl}/`]));
  });

  it("lists the project, its teams and members, and the organization's users", async () => {
    const core = await connection.getCoreApi();
    const projects = await core.getProjects();
    expect(projects.map((p) => p.name)).toStrictEqual([project]);
    const byName = await core.getProject(project, true);
    const byId = await core.getProject(projects[0]!.id!);
    expect(`${byName.id} ${byName.capabilities?.processTemplate?.templateName}`).toBe(`${byId.id} Agile`);
    const teams = await core.getTeams(project);
    expect(teams.map((t) => t.name).sort()).toStrictEqual([...world.teams.map((t) => t.name), `${project} Team`].sort());
    for (const team of world.teams) {
      const members = await core.getTeamMembersWithExtendedProperties(project, team.name);
      expect(members.map((m) => m.identity!.uniqueName).sort()).toStrictEqual(team.memberIds.map((id) => person(id).email).sort());
      expect(members.filter((m) => m.isTeamAdmin).map((m) => m.identity!.uniqueName)).toStrictEqual([person(team.leadId).email]);
    }
    // Graph is not in the SDK; the Graph area's locationUrl serves it.
    const users = (await (await fetch(`${orgUrl}/_apis/graph/users?api-version=7.1-preview.1`)).json()) as {
      count: number;
      value: Array<{ mailAddress: string; displayName: string; descriptor: string }>;
    };
    expect(users.value.map((u) => u.mailAddress).sort()).toStrictEqual(world.people.map((p) => p.email).sort());
    const one = (await (await fetch(`${orgUrl}/_apis/graph/users/${users.value[0]!.descriptor}`)).json()) as { displayName: string };
    expect(one.displayName).toBe(users.value[0]!.displayName);
  });

  it(
    "reads repositories by name and id, pages each branch's commits to the end, and filters by author",
    async () => {
      const git = await connection.getGitApi();
      const repos = await git.getRepositories(project);
      expect(repos.map((r) => r.name).sort()).toStrictEqual(world.repos.map((r) => r.name).sort());
      const repo = await git.getRepository(busiest.name, project);
      const same = await git.getRepository(repo.id!);
      expect(`${same.name} ${same.defaultBranch} ${same.project?.name}`).toBe(`${busiest.name} refs/heads/main ${project}`);
      const expected = history(busiest, mainHead(busiest)).map((c) => c.sha);
      // searchCriteria paging, as the SDK's criteria object spells it.
      const paged: string[] = [];
      for (let skip = 0; ; skip += 10) {
        const page = await git.getCommits(
          repo.id!,
          { $top: 10, $skip: skip, itemVersion: { version: "main", versionType: GitVersionType.Branch } },
          project,
        );
        paged.push(...page.map((c) => c.commitId!));
        if (page.length < 10) break;
      }
      expect(paged).toStrictEqual(expected);
      // Top-level $skip/$top at a size that was not pre-rendered: cut from the pre-rendered pages.
      const sliced: string[] = [];
      for (let skip = 0; ; skip += 7) {
        const page = await git.getCommits(busiest.name, {}, project, skip, 7);
        sliced.push(...page.map((c) => c.commitId!));
        if (page.length < 7) break;
      }
      expect(sliced).toStrictEqual(expected);
      const head = await git.getCommit(expected[0]!, repo.id!, project);
      const world0 = busiest.mainCommits.at(-1)!;
      expect(`${head.treeId} ${head.parents?.join()} ${head.comment}`).toBe(`${world0.treeSha} ${world0.parents.join()} ${world0.message}`);
      const author = person(world0.authorId);
      const mine = await git.getCommits(repo.id!, { author: author.email }, project);
      expect(mine.map((c) => c.commitId)).toStrictEqual(
        history(busiest, mainHead(busiest))
          .filter((c) => c.authorId === world0.authorId)
          .map((c) => c.sha),
      );
      expect(new Set(mine.map((c) => c.author?.email))).toStrictEqual(new Set([author.email]));
      const refs = await git.getRefs(repo.id!, project, "heads/");
      expect(refs.map((r) => `${r.name} ${r.objectId}`).sort()).toStrictEqual(
        busiest.branches.map((b) => `refs/heads/${b.name} ${b.headSha}`).sort(),
      );
      const branches = await git.getBranches(repo.id!, project);
      expect(branches.find((b) => b.isBaseVersion)?.commit?.commitId).toBe(mainHead(busiest));
    },
    TIMEOUT,
  );

  it(
    "filters pull requests by status, pages the project's, and follows one to reviewers, threads, commits and work items",
    async () => {
      const git = await connection.getGitApi();
      const all = await git.getPullRequests(busiest.name, { status: PullRequestStatus.All }, project);
      expect(all.map((p) => p.title)).toStrictEqual([...busiest.pulls].reverse().map((p) => p.title));
      const completed = await git.getPullRequests(busiest.name, { status: PullRequestStatus.Completed }, project);
      expect(completed.length).toBe(busiest.pulls.filter((p) => p.mergedAt !== undefined).length);
      const active = await git.getPullRequests(busiest.name, {}, project);
      expect(active.length).toBe(busiest.pulls.filter((p) => p.state === "open").length);
      expect(active.every((p) => p.status === PullRequestStatus.Active)).toBe(true);
      // The project's pull requests, 100 at a time, then at a size cut at request time.
      const total = world.repos.reduce((n, r) => n + r.pulls.length, 0);
      expect(total).toBeGreaterThan(100);
      for (const top of [100, 33]) {
        const ids: number[] = [];
        for (let skip = 0; ; skip += top) {
          const page = await git.getPullRequestsByProject(project, { status: PullRequestStatus.All }, undefined, skip, top);
          ids.push(...page.map((p) => p.pullRequestId!));
          if (page.length < top) break;
        }
        expect(ids.length).toBe(total);
        expect(new Set(ids).size).toBe(total);
      }
      const pr = busiest.pulls.find((p) => p.mergedAt !== undefined && p.reviews.some((r) => r.comments.length > 0))!;
      const served = all.find((p) => p.title === pr.title)!;
      const byId = await git.getPullRequestById(served.pullRequestId!, project);
      expect(`${byId.sourceRefName} ${byId.lastMergeCommit?.commitId} ${byId.createdBy?.uniqueName}`).toBe(
        `refs/heads/${pr.headBranch} ${pr.mergeCommitSha} ${person(pr.authorId).email}`,
      );
      const reviewers = await git.getPullRequestReviewers(busiest.name, served.pullRequestId!, project);
      expect(reviewers.map((r) => r.uniqueName).sort()).toStrictEqual(
        [...new Set([...pr.reviewerIds, ...pr.reviews.map((r) => r.reviewerId)])].map((id) => person(id).email).sort(),
      );
      const threads = await git.getThreads(busiest.name, served.pullRequestId!, project);
      const texts = threads.flatMap((t) => t.comments!.map((c) => c.content));
      for (const c of [...pr.comments, ...pr.reviews.flatMap((r) => r.comments)]) expect(texts).toContain(c.body);
      const onFile = threads.find((t) => t.threadContext?.filePath)!;
      expect(pr.reviews.flatMap((r) => r.comments).map((c) => `/${c.path}`)).toContain(onFile.threadContext!.filePath);
      const comments = await git.getComments(busiest.name, served.pullRequestId!, onFile.id!, project);
      expect(comments[0]!.content).toBe(onFile.comments![0]!.content);
      const commits = await git.getPullRequestCommits(busiest.name, served.pullRequestId!, project);
      expect(commits.map((c) => c.commitId)).toStrictEqual([...pr.commits].reverse().map((c) => c.sha));
      const iterations = await git.getPullRequestIterations(busiest.name, served.pullRequestId!, project);
      expect(iterations.map((i) => i.sourceRefCommit!.commitId)).toStrictEqual(pr.commits.map((c) => c.sha));
      const refs = await git.getPullRequestWorkItemRefs(busiest.name, served.pullRequestId!, project);
      const item = world.workItems.find((w) => w.key === pr.workItemKey)!;
      expect(refs.map((r) => r.id)).toStrictEqual([String(item.id)]);
    },
    TIMEOUT,
  );

  it(
    "reads pipelines: definitions, builds per definition and for the project (with its continuation token), timelines, runs",
    async () => {
      const build = await connection.getBuildApi();
      const definitions = await build.getDefinitions(project);
      expect(definitions.map((d) => d.name).sort()).toStrictEqual(world.repos.map((r) => r.name).sort());
      const def = definitions.find((d) => d.name === busiest.name)!;
      const builds = await build.getBuilds(project, [def.id!]);
      const runs = [...busiest.runs].sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
      expect(builds.map((b) => b.id)).toStrictEqual(runs.map((r) => r.id));
      const shas = new Set([...busiest.mainCommits, ...busiest.pulls.flatMap((p) => p.commits)].map((c) => c.sha));
      expect(builds.every((b) => shas.has(b.sourceVersion!))).toBe(true);
      const failed = runs.find((r) => r.conclusion === "failure") ?? runs[0]!;
      const timeline = await build.getBuildTimeline(project, failed.id);
      expect(timeline.records!.filter((r) => r.type === "Job").map((r) => r.name)).toStrictEqual(failed.jobs.map((j) => j.name));
      expect(timeline.records!.filter((r) => r.type === "Task").length).toBe(failed.jobs.reduce((n, j) => n + j.steps.length, 0));
      // The project's builds: 1000 by default, and `x-ms-continuationtoken` for the rest.
      const everything = world.repos.flatMap((r) => r.runs);
      expect(everything.length).toBeGreaterThan(1000);
      const first = await build.getBuilds(project);
      expect(first.length).toBe(1000);
      const res = await fetch(`${baseUrl}/${pinName}/${org}/${encodeURIComponent(project)}/_apis/build/builds?api-version=7.1`);
      const token = res.headers.get("x-ms-continuationtoken")!;
      expect(token).toBeTruthy();
      const rest = await build.getBuilds(
        project,
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
        token,
      );
      expect(new Set([...first, ...rest].map((b) => b.id)).size).toBe(everything.length);
      const top = await build.getBuilds(
        project,
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
        25,
      );
      expect(top.map((b) => b.id)).toStrictEqual(first.slice(0, 25).map((b) => b.id));
      const pipelines = await connection.getPipelinesApi();
      const list = await pipelines.listPipelines(project);
      expect(list.length).toBe(world.repos.length);
      const pipelineRuns = await pipelines.listRuns(project, def.id!);
      expect(pipelineRuns.map((r) => r.id)).toStrictEqual(runs.map((r) => r.id));
      const run = await pipelines.getRun(project, def.id!, failed.id);
      expect(run.resources?.repositories?.self?.version).toBe(failed.headSha);
    },
    TIMEOUT,
  );

  it(
    "queries work items with WIQL, reads them in batches of 200, with their updates, and plans by team iteration",
    async () => {
      const wit = await connection.getWorkItemTrackingApi();
      const all = await wit.queryByWiql(
        {
          query:
            "SELECT [System.Id], [System.Title], [System.State] FROM WorkItems WHERE [System.TeamProject] = @project ORDER BY " +
            "[System.ChangedDate] DESC",
        },
        { project },
      );
      const newest = [...world.workItems].sort((a, b) => b.updatedAt - a.updatedAt || a.id - b.id);
      expect(all.workItems!.map((w) => w.id)).toStrictEqual(newest.map((w) => w.id));
      // Another spelling, and the project by name: the same query.
      const again = await wit.queryByWiql(
        { query: `select [System.Id] from workitems where [System.TeamProject]='${project}'  order by [System.ChangedDate] desc;` },
        { project },
      );
      expect(again.workItems!.map((w) => w.id)).toStrictEqual(newest.map((w) => w.id));
      expect(again.columns!.map((c) => c.referenceName)).toStrictEqual(["System.Id"]);
      const open = await wit.queryByWiql(
        {
          query:
            "SELECT [System.Id] FROM WorkItems WHERE [System.TeamProject] = @project AND " +
            "[System.State] <> 'Closed' AND [System.State] <> 'Removed'",
        },
        { project },
      );
      expect(open.workItems!.map((w) => w.id)).toStrictEqual(world.workItems.filter(isOpen).map((w) => w.id));
      const ids = all.workItems!.map((w) => w.id!);
      const items: Array<{ id?: number; fields?: Record<string, unknown> }> = [];
      for (let i = 0; i < ids.length; i += 200) items.push(...(await wit.getWorkItems(ids.slice(i, i + 200))));
      expect(items.map((i) => i.id)).toStrictEqual(ids);
      const byId = new Map(world.workItems.map((w) => [w.id, w]));
      for (const item of items) {
        const w = byId.get(item.id!)!;
        expect(`${String(item.fields!["System.Title"])} ${String(item.fields!["System.Tags"]).split("; ")[0]}`).toBe(`${w.title} ${w.key}`);
      }
      const linked = world.workItems.find((w) => w.pullNumber !== undefined)!;
      const batch = await wit.getWorkItemsBatch({
        ids: [linked.id, 999_999],
        fields: ["System.Title", "System.State"],
        errorPolicy: WorkItemErrorPolicy.Omit,
      } as never);
      expect(Object.keys(batch[0]!.fields!)).toStrictEqual(["System.State", "System.Title"]);
      expect(batch[1]).toBeNull();
      const expanded = await wit.getWorkItem(linked.id, undefined, undefined, WorkItemExpand.Relations);
      expect(expanded.relations!.some((r) => r.url!.startsWith("vstfs:///Git/PullRequestId/"))).toBe(true);
      const updates = await wit.getUpdates(linked.id);
      expect(updates.length).toBe(1 + linked.transitions.length);
      expect(updates.at(-1)!.revisedBy!.uniqueName).toBe(person(linked.transitions.at(-1)?.byId ?? linked.reporterId).email);
      // A statement that was not pre-rendered is evaluated over the frozen work items.
      const cache = await wit.queryByWiql(
        { query: "SELECT [System.Id] FROM WorkItems WHERE [System.Title] CONTAINS 'cache'" },
        { project },
      );
      expect(cache.workItems!.map((w) => w.id)).toStrictEqual(
        world.workItems
          .filter((w) => w.title.toLowerCase().includes("cache"))
          .map((w) => w.id)
          .sort((a, b) => a - b),
      );
      // One it does not evaluate (EVER) gets the service's QueryException 400.
      const links = (await wit
        .queryByWiql({ query: "SELECT [System.Id] FROM WorkItems WHERE [System.State] EVER 'Active'" }, { project })
        .catch((e: unknown) => e)) as { statusCode: number; message: string };
      expect(links.statusCode).toBe(400);
      const work = await connection.getWorkApi();
      const team = world.teams[0]!;
      const iterations = await work.getTeamIterations({ project, team: team.name });
      expect(iterations.map((i) => i.name)).toStrictEqual(world.sprints.map((s) => s.name));
      const [current] = await work.getTeamIterations({ project, team: team.name }, "current");
      const active = world.sprints.find((s) => s.state === "active")!;
      expect(current!.name).toBe(active.name);
      const planned = await work.getIterationWorkItems({ project, team: team.name }, current!.id!);
      expect(planned.workItemRelations!.map((r) => r.target!.id)).toStrictEqual(
        world.workItems.filter((w) => w.sprintId === active.id && w.teamId === team.id).map((w) => w.id),
      );
      const sprint = await wit.queryByWiql(
        { query: "SELECT [System.Id] FROM WorkItems WHERE [System.IterationPath] = @CurrentIteration" },
        { project, team: team.name },
      );
      expect(sprint.workItems!.map((w) => w.id)).toStrictEqual(world.workItems.filter((w) => w.sprintId === active.id).map((w) => w.id));
    },
    TIMEOUT,
  );

  it("answers with Azure DevOps' error bodies: unknown resources, writes, and names or ids in either form", async () => {
    const res = await fetch(`${orgUrl}/${encodeURIComponent(project)}/_apis/git/repositories/no-such-repo?api-version=7.1`);
    expect(res.status).toBe(404);
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toStrictEqual(["$id", "innerException", "message", "typeName", "typeKey", "errorCode", "eventId"]);
    const git = await connection.getGitApi();
    const write = (await git
      .createPullRequest({ title: "x", sourceRefName: "refs/heads/x", targetRefName: "refs/heads/main" }, busiest.name, project)
      .catch((e: unknown) => e)) as { statusCode: number; result: { typeKey: string } };
    expect(`${write.statusCode} ${write.result.typeKey}`).toBe("403 UnauthorizedRequestException");
    // The docs' spelling of the same route, and the api-version query parameter, find the same resource.
    const a = await (
      await fetch(
        `${orgUrl}/${encodeURIComponent(project)}/_apis/git/repositories/${busiest.name}/` +
          `pullrequests?searchCriteria.status=all&api-version=7.1`,
      )
    ).text();
    const b = await (
      await fetch(
        `${orgUrl}/_apis/git/repositories/${(await git.getRepository(busiest.name, project)).id}/pullRequests?searchCriteria.status=4`,
      )
    ).text();
    expect(a).toBe(b);
  });

  if (pin.files) {
    it(
      "reads files through the items API: metadata, content by Accept, folders, and git's own SHAs",
      async () => {
        const git = await connection.getGitApi();
        const item = await git.getItem(
          busiest.name,
          "/README.md",
          project,
          undefined,
          undefined,
          undefined,
          undefined,
          undefined,
          undefined,
          true,
        );
        expect(item.content).toContain(`# ${busiest.name}`);
        expect(gitHashObject(Buffer.from(item.content!, "utf8"))).toBe(item.objectId);
        expect(item.commitId).toBe(mainHead(busiest));
        const text = await streamText(await git.getItemText(busiest.name, "/README.md", project));
        const raw = await streamText(await git.getItemContent(busiest.name, "/README.md", project));
        expect(text).toBe(item.content);
        expect(raw).toBe(item.content);
        const tree = busiest.objects.commits.get(mainHead(busiest))!.tree;
        const entries = [...busiest.objects.walk(tree)];
        const full = await git.getItems(busiest.name, project, "/", VersionControlRecursionType.Full);
        expect(full.map((i) => i.path).slice(1)).toStrictEqual(entries.map(([p]) => `/${p}`));
        const top = await git.getItems(busiest.name, project, "/", VersionControlRecursionType.OneLevel);
        expect(top.length).toBe(1 + busiest.objects.trees.get(tree)!.length);
        // A file as it was at an older commit that changed it.
        const old = busiest.mainCommits.find((c) => c.files.some((f) => f.status === "modified"))!;
        const change = old.files.find((f) => f.status === "modified")!;
        const then = await git.getItem(
          busiest.name,
          `/${change.path}`,
          project,
          undefined,
          undefined,
          undefined,
          undefined,
          undefined,
          { version: old.sha, versionType: GitVersionType.Commit },
          true,
        );
        expect(then.objectId).toBe(change.blobSha);
        expect(gitHashObject(Buffer.from(then.content!, "utf8"))).toBe(change.blobSha);
        const recursive = await git.getTree(busiest.name, tree, project, undefined, true);
        expect(recursive.treeEntries!.map((e) => e.relativePath)).toStrictEqual(entries.map(([p]) => p));
        const missing = await fetch(`${orgUrl}/_apis/git/repositories/${busiest.name}/items?path=/nope.md`);
        expect(((await missing.json()) as { message: string }).message).toMatch(/^TF401174: The item '\/nope.md' could not be found/);
      },
      TIMEOUT,
    );
  } else {
    it("has no repository files: the items API answers the provider's 404", async () => {
      const res = await fetch(
        `${orgUrl}/${encodeURIComponent(project)}/_apis/git/repositories/${busiest.name}/items?path=/README.md&includeContent=true`,
      );
      expect(res.status).toBe(404);
      expect(((await res.json()) as { typeKey: string }).typeKey).toBe("VssResourceNotFoundException");
      const git = await connection.getGitApi();
      expect(await git.getItem(busiest.name, "/README.md", project)).toBeNull();
    });
  }

  it("negotiated 7.1 on every request (7.1-preview.N where the SDK asks for a 7.1 preview)", () => {
    const calls = seen.filter((r) => r.method !== "OPTIONS" && !r.path.endsWith("/_apis/ResourceAreas"));
    expect(calls.length).toBeGreaterThan(50);
    for (const r of calls) expect(r.accept, `${r.method} ${r.path}`).toMatch(/;api-version=7\.1(-preview\.\d+)?$/);
    expect(calls.filter((r) => !r.path.includes("/_apis/wit/")).every((r) => r.accept.endsWith("api-version=7.1"))).toBe(true);
  });

  const ghPin = pin.files ? "gh-2026-03-g5" : "gh-2026-03";
  it.skipIf(only !== undefined && !only.includes(ghPin))(
    `agrees with ${ghPin} on commit SHAs, people and work item keys`,
    async () => {
      const git = await connection.getGitApi();
      const gh = async <T>(path: string) => (await (await fetch(`${baseUrl}/${ghPin}/${path}`)).json()) as T;
      const ghCommits = await gh<Array<{ sha: string; commit: { author: { name: string; email: string } } }>>(
        `repos/${org}/${busiest.name}/commits?per_page=100`,
      );
      const adoCommits = await git.getCommits(busiest.name, { $top: 100 }, project);
      expect(adoCommits.map((c) => `${c.commitId} ${c.author!.name} ${c.author!.email}`)).toStrictEqual(
        ghCommits.map((c) => `${c.sha} ${c.commit.author.name} ${c.commit.author.email}`),
      );
      const ghPulls = await gh<Array<{ title: string; head: { ref: string } }>>(
        `repos/${org}/${busiest.name}/pulls?state=all&per_page=100`,
      );
      const adoPulls = await git.getPullRequests(busiest.name, { status: PullRequestStatus.All }, project);
      expect(adoPulls.map((p) => `${p.title} ${p.sourceRefName}`)).toStrictEqual(ghPulls.map((p) => `${p.title} refs/heads/${p.head.ref}`));
      const keys = ghPulls.map((p) => /^[A-Z]+-\d+/.exec(p.title)![0]);
      const wit = await connection.getWorkItemTrackingApi();
      const byKey = new Map(world.workItems.map((w) => [w.key, w.id]));
      const items = await wit.getWorkItems(keys.map((k) => byKey.get(k)!));
      expect(items.map((i) => String(i.fields!["System.Tags"]).split("; ")[0])).toStrictEqual(keys);
    },
    TIMEOUT,
  );
});
