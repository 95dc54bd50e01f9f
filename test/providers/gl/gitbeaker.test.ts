import { createHash } from "node:crypto";
import { Gitlab } from "@gitbeaker/rest";
import { describe, expect, inject, it } from "vitest";
import { loadCatalog } from "../../../generator/catalog/index.js";
import { buildWorld, loadTemplates } from "../../../generator/world/index.js";

const baseUrl = inject("baseUrl");
const catalog = loadCatalog("catalog.yaml");
const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);

type Any = Record<string, any>;

/** What git itself would name these bytes. */
function blobSha(bytes: Buffer): string {
  return createHash("sha1").update(`blob ${bytes.length}\0`).update(bytes).digest("hex");
}

/**
 * The most-used GitLab client, unchanged but for `host`, running the read workflow of a sync integration:
 * the viewer, the group and its members, projects by id and by path, every merge request and commit to
 * the end of their pages, a merge request's commits, approvals, notes and diffs, pipelines and jobs,
 * issues, milestones and iterations, releases and deployments, and on generation 5 the repository's files.
 * Expected values come from the world model, not from the served files.
 */
describe.each(["gl-v4-g5", "gl-v4"])("@gitbeaker/rest against %s", (pinName) => {
  const pin = catalog.pins.find((p) => p.name === pinName)!;
  const world = buildWorld(catalog.generations.get(pin.generation)!, { render: loadTemplates("templates/repo") });
  const group = world.company.slug;
  const viewer = world.people.find((p) => p.admin)!;
  const busiest = [...world.repos].sort((a, b) => b.pulls.length - a.pulls.length || a.id - b.id)[0]!;
  const busiestPath = `${group}/${busiest.name}`;
  const api = new Gitlab({ host: `${baseUrl}/${pinName}`, token: "x" });
  const handle = (personId: number) => world.people[personId - 1]!.handles.gitlab;
  const newestPulls = [...busiest.pulls].sort((a, b) => b.createdAt - a.createdAt || b.number - a.number);

  it("reads the viewer, the company group by path and all its members", async () => {
    const me = await api.Users.showCurrentUser();
    expect(`${me.username} ${me.name} ${me.email}`).toBe(`${viewer.handles.gitlab} ${viewer.name} ${viewer.email}`);
    const g = await api.Groups.show(group);
    expect(g.full_path).toBe(group);
    const members = await api.GroupMembers.all(g.id, { perPage: 7 });
    expect(members.map((m) => m.username).sort()).toStrictEqual(world.people.map((p) => p.handles.gitlab).sort());
    const subgroups = await api.Groups.allSubgroups(g.id);
    expect(subgroups.map((s) => s.full_path).sort()).toStrictEqual(world.teams.map((t) => `${group}/${t.slug}`).sort());
    const team = world.teams[0]!;
    const teamProjects = await api.Groups.allProjects(`${group}/${team.slug}`);
    expect(teamProjects.map((p) => p.name).sort()).toStrictEqual(
      world.repos
        .filter((r) => r.teamId === team.id)
        .map((r) => r.name)
        .sort(),
    );
  });

  it("lists every project, and reads one by id and by its url-encoded path", async () => {
    const all = await api.Projects.all({ perPage: 100 });
    expect(all.map((p) => p.path_with_namespace).sort()).toStrictEqual(world.repos.map((r) => `${group}/${r.name}`).sort());
    const inGroup = await api.Groups.allProjects(group);
    expect(inGroup.length).toBe(world.repos.length);
    const byPath = await api.Projects.show(busiestPath);
    const byId = await api.Projects.show(byPath.id);
    expect(JSON.stringify(byId)).toBe(JSON.stringify(byPath));
    expect(`${byPath.default_branch} ${byPath.open_issues_count}`).toBe(`main ${busiest.issues.filter((i) => i.state === "open").length}`);
  });

  it("pages every merge request of the busiest project to the end, at the default, maximum and other sizes", async () => {
    expect(busiest.pulls.length).toBeGreaterThan(20);
    const expected = newestPulls.map((p) => p.number);
    for (const perPage of [undefined, 100, 7, 45]) {
      const mrs = await api.MergeRequests.all({ projectId: busiestPath, ...(perPage ? { perPage } : {}) });
      expect(mrs.map((m) => m.iid)).toStrictEqual(expected);
    }
    const { data, paginationInfo } = await api.MergeRequests.all({ projectId: busiestPath, perPage: 20, showExpanded: true });
    expect(data.length).toBe(busiest.pulls.length);
    expect(paginationInfo).toMatchObject({ total: busiest.pulls.length, totalPages: Math.ceil(busiest.pulls.length / 20), perPage: 20 });
    const one = await api.MergeRequests.all({ projectId: busiestPath, perPage: 20, page: 2, showExpanded: true });
    expect(one.data.map((m) => m.iid)).toStrictEqual(expected.slice(20, 40));
    expect(one.paginationInfo).toMatchObject({ current: 2, previous: 1 });
    const state = (p: (typeof busiest.pulls)[number]) => (p.mergedAt !== undefined ? "merged" : p.state === "open" ? "opened" : "closed");
    for (const s of ["opened", "merged", "closed"] as const) {
      const mrs = await api.MergeRequests.all({ projectId: busiestPath, state: s });
      expect(mrs.map((m) => m.iid)).toStrictEqual(newestPulls.filter((p) => state(p) === s).map((p) => p.number));
    }
    // Across the group, and the viewer's own (scope=all for everyone's).
    const groupMrs = await api.MergeRequests.all({ groupId: group, perPage: 100 });
    expect(groupMrs.length).toBe(world.repos.reduce((n, r) => n + r.pulls.length, 0));
    const everyone = await api.MergeRequests.all({ scope: "all", state: "merged", perPage: 100 });
    expect(everyone.length).toBe(world.repos.reduce((n, r) => n + r.pulls.filter((p) => p.mergedAt !== undefined).length, 0));
    const mine = await api.MergeRequests.all({ scope: "created_by_me" });
    expect(mine.length).toBe(world.repos.reduce((n, r) => n + r.pulls.filter((p) => p.authorId === viewer.id).length, 0));
  });

  it("reads a merged merge request: its squash commit, commits, approvals, notes, diffs and pipeline", async () => {
    const pr = busiest.pulls.find(
      (p) => p.mergedAt !== undefined && p.reviews.some((r) => r.state === "APPROVED") && p.reviews.some((r) => r.comments.length > 0),
    )!;
    const mr = await api.MergeRequests.show(busiestPath, pr.number);
    expect(`${mr.title} ${mr.state} ${mr.author.username} ${mr.source_branch}`).toBe(
      `${pr.title} merged ${handle(pr.authorId)} ${pr.headBranch}`,
    );
    expect(`${mr.squash_commit_sha} ${mr.sha} ${mr.merge_commit_sha}`).toBe(`${pr.mergeCommitSha} ${pr.commits.at(-1)!.sha} null`);
    expect(mr.head_pipeline?.sha).toBe(pr.commits.at(-1)!.sha);
    const commits = await api.MergeRequests.allCommits(busiestPath, pr.number);
    expect(commits.map((c) => c.id)).toStrictEqual(pr.commits.map((c) => c.sha).reverse());
    const approvals = (await api.MergeRequestApprovals.showConfiguration(busiestPath, { mergerequestIId: pr.number })) as Any;
    const approver = pr.reviews.find((r) => r.state === "APPROVED")!.reviewerId;
    expect(approvals.approved).toBe(true);
    expect(approvals.approved_by.map((a: Any) => a.user.username)).toStrictEqual([handle(approver)]);
    const notes = await api.MergeRequestNotes.all(busiestPath, pr.number, { perPage: 3 });
    const lineComments = pr.reviews.flatMap((r) => r.comments);
    expect(
      notes
        .filter((n) => n.type === "DiffNote")
        .map((n) => n.body)
        .sort(),
    ).toStrictEqual(lineComments.map((c) => c.body).sort());
    expect(notes.filter((n) => !n.system).length).toBe(mr.user_notes_count);
    expect(notes.some((n) => n.system && n.body === "approved this merge request")).toBe(true);
    const diffs = await api.MergeRequests.allDiffs(busiestPath, pr.number);
    expect(diffs.map((d) => d.new_path)).toStrictEqual(pr.files.map((f) => f.path));
    const pipelines = await api.MergeRequests.allPipelines(busiestPath, pr.number);
    expect(pipelines.every((p) => p.ref === `refs/merge-requests/${pr.number}/head`)).toBe(true);
    // The squash commit on main links back to its merge request.
    const related = await api.Commits.allMergeRequests(busiestPath, pr.mergeCommitSha!);
    expect(related.map((m) => m.iid)).toStrictEqual([pr.number]);
  });

  it("pages every commit of the default branch to the end, with stats, and reads one with its diff", async () => {
    const expected = busiest.mainCommits.map((c) => c.sha).reverse();
    const commits = await api.Commits.all(busiestPath);
    expect(commits.map((c) => c.id)).toStrictEqual(expected);
    const withStats = await api.Commits.all(busiestPath, { withStats: true, perPage: 100 });
    const head = busiest.mainCommits.at(-1)!;
    const additions = head.files.reduce((n, f) => n + f.additions, 0);
    expect(withStats[0]!.stats?.additions).toBe(additions);
    const one = await api.Commits.show(busiestPath, head.sha);
    expect(`${one.id} ${one.stats?.additions} ${one.parent_ids?.[0]}`).toBe(`${head.sha} ${additions} ${head.parents[0]}`);
    expect(one.message.trimEnd()).toBe(head.message);
    const diff = await api.Commits.showDiff(busiestPath, head.sha);
    expect(diff.map((d) => d.new_path)).toStrictEqual(head.files.map((f) => f.path));
    const branches = await api.Branches.all(busiestPath);
    expect(branches.map((b) => `${b.name}@${b.commit.id}`).sort()).toStrictEqual(
      busiest.branches.map((b) => `${b.name}@${b.headSha}`).sort(),
    );
    const other = busiest.branches.find((b) => b.name.includes("/"));
    if (other) {
      const b = await api.Branches.show(busiestPath, other.name);
      expect(b.commit.id).toBe(other.headSha);
      const onBranch = await api.Commits.all(busiestPath, { refName: other.name });
      expect(onBranch[0]!.id).toBe(other.headSha);
    }
  });

  it("pages every pipeline to the end and follows one to its jobs", async () => {
    const pipelines = await api.Pipelines.all(busiestPath, { perPage: 100 });
    expect(pipelines.length).toBe(busiest.runs.length);
    const ids = pipelines.map((p) => p.id);
    expect([...ids].sort((a, b) => b - a)).toStrictEqual(ids);
    const run = busiest.runs.find((r) => r.conclusion === "failure") ?? busiest.runs[0]!;
    const pipeline = pipelines.find((p) => p.sha === run.headSha && p.source === (run.event === "push" ? "push" : "merge_request_event"))!;
    const jobs = await api.Jobs.all(busiestPath, { pipelineId: pipeline.id });
    expect(jobs.map((j) => j.name).sort()).toStrictEqual(run.jobs.map((j) => j.name).sort());
    if (run.conclusion === "failure") expect(jobs.some((j) => j.status === "failed" && j.failure_reason === "script_failure")).toBe(true);
    const job = await api.Jobs.show(busiestPath, jobs[0]!.id);
    expect(`${job.pipeline.id} ${job.commit.id}`).toBe(`${pipeline.id} ${run.headSha}`);
    const onMain = await api.Pipelines.all(busiestPath, { ref: "main", perPage: 100 });
    expect(onMain.length).toBe(busiest.runs.filter((r) => r.event === "push").length);
  });

  it("reads issues with their notes, milestones and the company's iterations", async () => {
    const repo = [...world.repos].sort((a, b) => b.issues.length - a.issues.length)[0]!;
    const path = `${group}/${repo.name}`;
    const issues = await api.Issues.all({ projectId: path, perPage: 5 });
    expect(issues.map((i) => i.iid).sort((a, b) => a - b)).toStrictEqual(repo.issues.map((i) => i.number));
    const closed = repo.issues.find((i) => i.state === "closed" && i.stateReason === "completed");
    if (closed) {
      const one = await api.Issues.show(closed.number, { projectId: path });
      expect(`${one.state} ${(one.milestone as Any | null)?.state}`).toBe("closed closed");
      const notes = await api.IssueNotes.all(path, closed.number);
      expect(notes.filter((n) => !n.system).map((n) => n.body)).toStrictEqual([...closed.comments].reverse().map((c) => c.body));
    }
    const milestones = await api.ProjectMilestones.all(path);
    expect(milestones.filter((m) => m.state === "closed").map((m) => m.title)).toStrictEqual(repo.releases.map((r) => r.tag));
    const iterations = await api.GroupIterations.all(group);
    expect(iterations.map((i) => i.title)).toStrictEqual(world.sprints.map((s) => s.name));
    const current = await api.GroupIterations.all(group, { state: "current" });
    expect(current.map((i) => i.title)).toStrictEqual(world.sprints.filter((s) => s.state === "active").map((s) => s.name));
    // A project's iterations are its group's. (gitbeaker's ProjectIterations asks for /project/:id/iterations,
    // singular, which GitLab does not serve either; the real path is read directly.)
    const res = await fetch(`${baseUrl}/${pinName}/api/v4/projects/${encodeURIComponent(path)}/iterations?per_page=100`);
    expect(((await res.json()) as unknown[]).length).toBe(world.sprints.length);
  });

  it("reads releases, environments and deployments", async () => {
    const releases = await api.ProjectReleases.all(busiestPath);
    expect(releases.map((r) => r.tag_name)).toStrictEqual([...busiest.releases].reverse().map((r) => r.tag));
    const latest = busiest.releases.at(-1)!;
    const one = await api.ProjectReleases.show(busiestPath, latest.tag);
    expect((one.commit as Any).id).toBe(latest.targetSha);
    const environments = await api.Environments.all(busiestPath);
    expect(environments.map((e) => e.name).sort()).toStrictEqual(["production", "staging"]);
    const deployments = await api.Deployments.all(busiestPath, { perPage: 100 });
    expect(deployments.map((d) => d.sha)).toStrictEqual(busiest.deployments.map((d) => d.sha));
  });

  it("answers an unknown project with GitLab's 404 and a write with its 403", async () => {
    const missing = (await api.Projects.show(`${group}/no-such-project`).catch((e: unknown) => e)) as Any;
    expect(missing.cause.response.status).toBe(404);
    expect(missing.cause.description).toBe("404 Not found");
    const write = (await api.Issues.create(busiestPath, "Flaky test").catch((e: unknown) => e)) as Any;
    expect(write.cause.response.status).toBe(403);
    expect(write.cause.description).toBe("403 Forbidden");
  });

  // The same universe as GitHub: same SHAs, same people, same work item keys. Needs the gh pin built.
  const ghPin = pin.files ? "gh-2026-03-g5" : "gh-2026-03";
  it.skipIf(only !== undefined && !only.includes(ghPin))(`agrees with ${ghPin} on commits, people and work item keys`, async () => {
    const gh = async (path: string): Promise<Any[]> => {
      const out: Any[] = [];
      for (let url: string | undefined = `${baseUrl}/${ghPin}/${path}`; url;) {
        const res: Response = await fetch(url);
        out.push(...((await res.json()) as Any[]));
        url = /<([^>]+)>;\s*rel="next"/.exec(res.headers.get("link") ?? "")?.[1];
      }
      return out;
    };
    const ghCommits = await gh(`repos/${group}/${busiest.name}/commits?per_page=100`);
    const glCommits = await api.Commits.all(busiestPath, { perPage: 100 });
    expect(glCommits.map((c) => c.id)).toStrictEqual(ghCommits.map((c) => c.sha));
    expect(glCommits.map((c) => c.author_email)).toStrictEqual(ghCommits.map((c) => c.commit.author.email));
    const ghPulls = await gh(`repos/${group}/${busiest.name}/pulls?state=all&per_page=100`);
    const glMrs = await api.MergeRequests.all({ projectId: busiestPath, perPage: 100 });
    const byLogin = new Map(world.people.map((p) => [p.handles.github, p.handles.gitlab]));
    const ghView = ghPulls.map((p) => `${p.number} ${p.title} ${byLogin.get(p.user.login)} ${p.merge_commit_sha}`).sort();
    const glView = glMrs.map((m) => `${m.iid} ${m.title} ${m.author.username} ${m.squash_commit_sha}`).sort();
    expect(glView).toStrictEqual(ghView);
    const keys = (titles: string[]) => [...new Set(titles.flatMap((t) => t.match(/[A-Z]+-\d+/g) ?? []))].sort();
    expect(keys(glMrs.map((m) => m.title))).toStrictEqual(keys(ghPulls.map((p) => p.title)));
  });

  if (pin.files) {
    it("walks the repository tree and reads files and blobs whose bytes and SHAs are git's own", async () => {
      const head = busiest.mainCommits.at(-1)!;
      const expected = [...busiest.objects.walk(head.treeSha)];
      const tree = await api.Repositories.allRepositoryTrees(busiestPath, { recursive: true, perPage: 100 });
      expect(tree.map((e) => e.path).sort()).toStrictEqual(expected.map(([p]) => p).sort());
      const dir = expected.find(([, e]) => e.type === "tree")![0];
      const listing = await api.Repositories.allRepositoryTrees(busiestPath, { path: dir });
      expect(listing.every((e) => e.path.startsWith(`${dir}/`))).toBe(true);
      const blobs = expected.filter(([, e]) => e.type === "blob");
      const nested = blobs.find(([p]) => p.includes("/"))!;
      for (const [path, entry] of [blobs.find(([p]) => p === "README.md")!, nested]) {
        const bytes = busiest.objects.blobs.get(entry.sha)!;
        const file = await api.RepositoryFiles.show(busiestPath, path, "main");
        const content = Buffer.from(file.content, "base64");
        expect(content.equals(bytes)).toBe(true);
        expect(`${file.blob_id} ${blobSha(content)} ${file.commit_id}`).toBe(`${entry.sha} ${entry.sha} ${head.sha}`);
        const raw = await api.RepositoryFiles.showRaw(busiestPath, path, "main");
        expect(raw).toBe(bytes.toString("utf8"));
        const blob = await api.Repositories.showBlob(busiestPath, entry.sha);
        expect(Buffer.from(blob.content, "base64").equals(bytes)).toBe(true);
        expect(await api.Repositories.showBlobRaw(busiestPath, entry.sha)).toBe(bytes.toString("utf8"));
      }
      // A file as a commit that changed it left it.
      const changed = busiest.mainCommits.at(-2)!.files.find((f) => f.status !== "removed")!;
      const atCommit = await api.RepositoryFiles.show(busiestPath, changed.path, busiest.mainCommits.at(-2)!.sha);
      expect(atCommit.blob_id).toBe(changed.blobSha);
      // `ref` is required: without it there is no such resource (GitLab answers 400 there; see the README).
      const res = await fetch(`${baseUrl}/${pinName}/api/v4/projects/${encodeURIComponent(busiestPath)}/repository/files/README.md`);
      expect(res.status).toBe(404);
    });
  } else {
    it("has no repository files: the tree, files and blobs answer GitLab's 404", async () => {
      const file = (await api.RepositoryFiles.show(busiestPath, "README.md", "main").catch((e: unknown) => e)) as Any;
      expect(`${file.cause.response.status} ${file.cause.description}`).toBe("404 404 Not found");
      const raw = (await api.RepositoryFiles.showRaw(busiestPath, "README.md", "main").catch((e: unknown) => e)) as Any;
      expect(`${raw.cause.response.status} ${raw.cause.description}`).toBe("404 404 File Not Found");
      const tree = (await api.Repositories.allRepositoryTrees(busiestPath).catch((e: unknown) => e)) as Any;
      expect(tree.cause.response.status).toBe(404);
    });
  }
});
