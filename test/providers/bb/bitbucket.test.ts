import { createHash } from "node:crypto";
import bitbucketModule from "bitbucket";
import type { APIClient, Schema } from "bitbucket";
import { describe, expect, inject, it } from "vitest";
import { loadCatalog } from "../../../generator/catalog/index.js";
import { buildWorld, loadTemplates } from "../../../generator/world/index.js";
import type { PullRequest, Repo, World } from "../../../generator/world/types.js";

const { Bitbucket } = bitbucketModule;
const baseUrl = inject("baseUrl");
const catalog = loadCatalog("catalog.yaml");
const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);

type Page<T> = { values?: T[]; next?: string; pagelen?: number; size?: number; page?: number };
type HttpError = { status: number; error: { type: string; error: { message: string; detail?: string } } };

/** Every item of a list, following the body's `next` with the client's own getNextPage. */
async function all<T>(bitbucket: APIClient, first: Promise<{ data: unknown }>): Promise<{ items: T[]; pages: Array<Page<T>> }> {
  let { data } = (await first) as { data: Page<T> };
  const pages = [data];
  const items = [...(data.values ?? [])];
  while (bitbucket.hasNextPage(data as never)) {
    ({ data } = (await bitbucket.getNextPage(data as never)) as unknown as { data: Page<T> });
    pages.push(data);
    items.push(...(data.values ?? []));
  }
  return { items, pages };
}

function failure(promise: Promise<unknown>): Promise<HttpError> {
  return promise.then(
    () => expect.fail("expected an error"),
    (e: unknown) => e as HttpError,
  );
}

function bbState(pr: PullRequest): string {
  return pr.state === "open" ? "OPEN" : pr.mergedAt !== undefined ? "MERGED" : "DECLINED";
}

/** The commits reachable from a branch head by first parents, newest first. */
function history(repo: Repo, head: string): string[] {
  const bySha = new Map([...repo.mainCommits, ...repo.pulls.flatMap((p) => p.commits)].map((c) => [c.sha, c]));
  const out: string[] = [];
  for (let c = bySha.get(head); c; c = c.parents[0] ? bySha.get(c.parents[0]) : undefined) out.push(c.sha);
  return out;
}

/**
 * The `bitbucket` client (2.12), unchanged but for baseUrl, running the read workflow an integration runs:
 * the user and workspace, repositories, pull requests in every state with activity and comments, commits,
 * pipelines and steps, deployments, and on generation 5 the source browser. Expected values come from the
 * world model, not from the served files.
 */
describe.each(["bb-v2-g5", "bb-v2"])("bitbucket client against %s", (pinName) => {
  const pin = catalog.pins.find((p) => p.name === pinName)!;
  const world: World = buildWorld(catalog.generations.get(pin.generation)!, { render: loadTemplates("templates/repo") });
  const ws = world.company.slug;
  const busiest = [...world.repos].sort((a, b) => b.pulls.length - a.pulls.length || (a.name < b.name ? -1 : 1))[0]!;
  const bitbucket = new Bitbucket({ baseUrl: `${baseUrl}/${pinName}/2.0`, notice: false });
  const admin = world.people.find((p) => p.admin)!;

  it("reads the user, the workspace (current and deprecated listings), its members and projects", async () => {
    const { data: me, headers } = await bitbucket.user.get({});
    expect(`${me.display_name} ${me.nickname} ${me.type}`).toBe(`${admin.name} ${admin.handles.bitbucket} user`);
    expect(headers["x-ratelimit-limit"]).toBe("1000");
    // Users are addressed by {uuid} (braces included) and by Atlassian account id, which name one user.
    const byUuid = await bitbucket.users.get({ selected_user: me.uuid! });
    const byAccount = await bitbucket.users.get({ selected_user: String(me.account_id) });
    expect(JSON.stringify(byAccount.data)).toBe(JSON.stringify(byUuid.data));
    expect((byUuid.data.links as { self?: { href?: string } } | undefined)?.self?.href).toBe(
      `${baseUrl}/${pinName}/2.0/users/${encodeURIComponent(me.uuid!)}`,
    );

    const current = await all<{ workspace: { slug: string }; administrator: boolean }>(
      bitbucket,
      bitbucket.request({ method: "GET", url: "/user/workspaces" }),
    );
    expect(current.items.map((w) => `${w.workspace.slug} ${w.administrator}`)).toStrictEqual([`${ws} true`]);
    const { data: listed } = await bitbucket.workspaces.getWorkspaces({});
    expect(listed.values?.map((w) => w.slug)).toStrictEqual([ws]);
    const { data: permissions } = await bitbucket.user.listPermissionsForWorkspaces({});
    expect(permissions.values?.map((m) => `${m.workspace?.slug} ${String(m.permission)}`)).toStrictEqual([`${ws} owner`]);
    const { data: workspace } = await bitbucket.workspaces.getWorkspace({ workspace: ws });
    expect(workspace.name).toBe(world.company.name);
    // The workspace answers to its {uuid} as well.
    expect((await bitbucket.workspaces.getWorkspace({ workspace: workspace.uuid! })).data.slug).toBe(ws);

    const members = await all<Schema.WorkspaceMembership>(bitbucket, bitbucket.workspaces.getMembersForWorkspace({ workspace: ws }));
    expect(members.pages.length).toBe(Math.ceil(world.people.length / 10));
    expect(members.items.map((m) => m.user?.nickname).sort()).toStrictEqual(world.people.map((p) => p.handles.bitbucket).sort());
    const someone = members.items[3]!.user!;
    const { data: member } = await bitbucket.workspaces.getMemberForWorkspace({ workspace: ws, member: String(someone.account_id) });
    expect(member.user?.uuid).toBe(someone.uuid);
    const projects = await all<Schema.Project>(bitbucket, bitbucket.workspaces.getProjects({ workspace: ws }));
    expect(projects.items.map((p) => p.key).sort()).toStrictEqual(world.teams.map((t) => t.key).sort());
  });

  it("lists the workspace's repositories and reads each one, by slug and by {uuid}", async () => {
    const repos = await all<Schema.Repository>(bitbucket, bitbucket.repositories.list({ workspace: ws }));
    expect(repos.items.map((r) => r.name)).toStrictEqual(world.repos.map((r) => r.name).sort());
    const wide = await all<Schema.Repository>(bitbucket, bitbucket.repositories.list({ workspace: ws, pagelen: 100 } as never));
    expect(wide.pages.length).toBe(1);
    const { data: repo } = await bitbucket.repositories.get({ workspace: ws, repo_slug: busiest.name });
    expect(`${repo.full_name} ${repo.mainbranch?.name} ${repo.language}`).toBe(
      `${ws}/${busiest.name} ${busiest.defaultBranch} ${busiest.language.toLowerCase()}`,
    );
    expect((repo.project as Schema.Project).key).toBe(world.teams.find((t) => t.id === busiest.teamId)!.key);
    const { data: again } = await bitbucket.repositories.get({ workspace: ws, repo_slug: repo.uuid! });
    expect(JSON.stringify(again)).toBe(JSON.stringify(repo));
  });

  it("pages pull requests in every state to the end, one state at a time and all at once, at 10, 50 and cut sizes", async () => {
    const newestFirst = [...busiest.pulls].sort((a, b) => b.number - a.number);
    for (const state of ["OPEN", "MERGED", "DECLINED", "SUPERSEDED"] as const) {
      const { items } = await all<Schema.Pullrequest>(
        bitbucket,
        bitbucket.pullrequests.list({ workspace: ws, repo_slug: busiest.name, state }),
      );
      expect(
        items.map((p) => p.id),
        state,
      ).toStrictEqual(newestFirst.filter((p) => bbState(p) === state).map((p) => p.number));
      expect(items.every((p) => p.state === state)).toBe(true);
    }
    const open = await all<Schema.Pullrequest>(bitbucket, bitbucket.pullrequests.list({ workspace: ws, repo_slug: busiest.name }));
    expect(open.items.map((p) => p.id)).toStrictEqual(newestFirst.filter((p) => p.state === "open").map((p) => p.number));
    // Several states: `state` repeated, which the client's typed method refuses, so the plain request.
    const everything = newestFirst.map((p) => p.number);
    for (const pagelen of [undefined, 50, 7]) {
      const url = "/repositories/{workspace}/{repo_slug}/pullrequests";
      const { items, pages } = await all<Schema.Pullrequest>(
        bitbucket,
        bitbucket.request({
          method: "GET",
          url,
          workspace: ws,
          repo_slug: busiest.name,
          state: ["MERGED", "OPEN", "DECLINED", "SUPERSEDED"],
          ...(pagelen ? { pagelen } : {}),
        }),
      );
      expect(
        items.map((p) => p.id),
        `pagelen ${pagelen}`,
      ).toStrictEqual(everything);
      expect(pages.length).toBe(Math.ceil(everything.length / (pagelen ?? 10)));
      expect(pages.map((p) => `${p.pagelen} ${p.size} ${p.page}`)).toStrictEqual(
        pages.map((_, i) => `${pagelen ?? 10} ${everything.length} ${i + 1}`),
      );
      expect(pages.at(-1)!.next).toBeUndefined();
    }
  });

  it("reads a reviewed pull request: its participants, commits, comments, activity and build statuses", async () => {
    const pr = [...busiest.pulls]
      .reverse()
      .find((p) => p.mergedAt !== undefined && p.reviews.some((r) => r.state === "APPROVED") && p.comments.length > 0)!;
    const { data } = await bitbucket.pullrequests.get({ workspace: ws, repo_slug: busiest.name, pull_request_id: pr.number });
    expect(`${data.title} ${data.state} ${data.source?.branch?.name} ${data.merge_commit?.hash}`).toBe(
      `${pr.title} MERGED ${pr.headBranch} ${pr.mergeCommitSha}`,
    );
    expect(data.title).toContain(pr.workItemKey);
    const approvers = [...new Set(pr.reviews.filter((r) => r.state === "APPROVED").map((r) => r.reviewerId))];
    expect(
      data.participants
        ?.filter((p) => p.approved)
        .map((p) => p.user?.nickname)
        .sort(),
    ).toStrictEqual(approvers.map((id) => world.people[id - 1]!.handles.bitbucket).sort());
    const commits = await all<Schema.Commit>(
      bitbucket,
      bitbucket.pullrequests.listCommits({ workspace: ws, repo_slug: busiest.name, pull_request_id: pr.number }),
    );
    expect(commits.items.map((c) => c.hash)).toStrictEqual([...pr.commits].reverse().map((c) => c.sha));
    const comments = await all<Schema.PullrequestComment>(
      bitbucket,
      bitbucket.pullrequests.listComments({ workspace: ws, repo_slug: busiest.name, pull_request_id: pr.number }),
    );
    const inline = pr.reviews.flatMap((r) => r.comments);
    const summaries = pr.reviews.filter((r) => r.body.trim() !== "");
    expect(comments.items.length).toBe(pr.comments.length + inline.length + summaries.length);
    expect(
      comments.items
        .filter((c) => c.inline)
        .map((c) => `${c.inline!.path}:${c.inline!.to}`)
        .sort(),
    ).toStrictEqual(inline.map((c) => `${c.path}:${c.line}`).sort());
    const one = comments.items[0]!;
    const { data: single } = await bitbucket.pullrequests.getComment({
      workspace: ws,
      repo_slug: busiest.name,
      pull_request_id: pr.number,
      comment_id: one.id!,
    });
    expect(single.content?.raw).toBe(one.content?.raw);
    const activity = await all<Record<string, { user?: Schema.Account; state?: string }>>(
      bitbucket,
      bitbucket.pullrequests.listActivities({ workspace: ws, repo_slug: busiest.name, pull_request_id: pr.number }),
    );
    expect(
      activity.items
        .filter((a) => a.approval)
        .map((a) => a.approval!.user!.nickname)
        .sort(),
    ).toStrictEqual(
      pr.reviews
        .filter((r) => r.state === "APPROVED")
        .map((r) => world.people[r.reviewerId - 1]!.handles.bitbucket)
        .sort(),
    );
    expect(activity.items[0]!.update?.state).toBe("MERGED");
    expect(activity.items.at(-1)!.update?.state).toBe("OPEN");
    const head = pr.commits.at(-1)!.sha;
    const statuses = await all<Schema.Commitstatus>(
      bitbucket,
      bitbucket.pullrequests.listStatuses({ workspace: ws, repo_slug: busiest.name, pull_request_id: pr.number }),
    );
    expect(statuses.items.length).toBe(busiest.runs.filter((r) => r.headSha === head).length);
  });

  it("walks the commits of every branch and of the default branch, at 30, 10 and 100, and reads single commits", async () => {
    const main = history(busiest, busiest.mainCommits.at(-1)!.sha);
    const onMain = await all<Schema.Commit>(
      bitbucket,
      bitbucket.commits.listAt({ workspace: ws, repo_slug: busiest.name, revision: busiest.defaultBranch }),
    );
    expect(onMain.items.map((c) => c.hash)).toStrictEqual(main);
    expect(onMain.pages[0]!.pagelen).toBe(30);
    expect(onMain.pages[0]!.size).toBeUndefined();
    for (const pagelen of [10, 100]) {
      const { items } = await all<Schema.Commit>(
        bitbucket,
        bitbucket.commits.listAt({ workspace: ws, repo_slug: busiest.name, revision: busiest.defaultBranch, pagelen } as never),
      );
      expect(items.map((c) => c.hash)).toStrictEqual(main);
    }
    const everywhere = await all<Schema.Commit>(bitbucket, bitbucket.commits.list({ workspace: ws, repo_slug: busiest.name }));
    const reachable = new Set(busiest.branches.flatMap((b) => history(busiest, b.headSha)));
    expect(new Set(everywhere.items.map((c) => c.hash))).toStrictEqual(reachable);
    const merge = busiest.pulls.find((p) => p.mergeCommitSha)!;
    const { data: commit } = await bitbucket.commits.get({ workspace: ws, repo_slug: busiest.name, commit: merge.mergeCommitSha! });
    const c = busiest.mainCommits.find((x) => x.sha === merge.mergeCommitSha)!;
    const author = world.people[c.authorId - 1]!;
    expect(`${commit.hash} ${commit.author?.raw} ${commit.parents?.map((p) => p.hash).join(",")}`).toBe(
      `${c.sha} ${author.name} <${author.email}> ${c.parents.join(",")}`,
    );
    expect(commit.message).toBe(c.message);
    const { data: statuses } = await bitbucket.commitstatuses.list({ workspace: ws, repo_slug: busiest.name, commit: c.sha });
    expect(statuses.values?.length).toBe(busiest.runs.filter((r) => r.headSha === c.sha).length);
    const branches = await all<Schema.Branch>(bitbucket, bitbucket.refs.listBranches({ workspace: ws, repo_slug: busiest.name }));
    expect(branches.items.map((b) => `${b.name} ${b.target?.hash}`)).toStrictEqual(
      [...busiest.branches].sort((a, b) => (a.name < b.name ? -1 : 1)).map((b) => `${b.name} ${b.headSha}`),
    );
    const feature = world.repos.flatMap((r) => r.branches.map((b) => [r, b] as const)).find(([, b]) => b.name.includes("/"));
    if (feature) {
      const [repo, b] = feature;
      const { data: one } = await bitbucket.refs.getBranch({ workspace: ws, repo_slug: repo.name, name: b.name });
      expect(one.target?.hash).toBe(b.headSha);
      const { items } = await all<Schema.Commit>(
        bitbucket,
        bitbucket.commits.listAt({ workspace: ws, repo_slug: repo.name, revision: b.name }),
      );
      expect(items.map((x) => x.hash)).toStrictEqual(history(repo, b.headSha));
    }
  });

  it("pages every pipeline and reads a failed one's steps; lists environments and deployments", async () => {
    const { items, pages } = await all<Schema.Pipeline>(bitbucket, bitbucket.pipelines.list({ workspace: ws, repo_slug: busiest.name }));
    expect(items.map((p) => p.build_number)).toStrictEqual(busiest.runs.map((r) => r.runNumber).sort((a, b) => a - b));
    expect(pages.length).toBe(Math.ceil(busiest.runs.length / 10));
    const failed = busiest.runs.find((r) => r.conclusion === "failure")!;
    const listed = items.find((p) => p.build_number === failed.runNumber)!;
    expect((listed.state as { result?: { name: string } }).result?.name).toBe("FAILED");
    const { data: one } = await bitbucket.pipelines.get({ workspace: ws, repo_slug: busiest.name, pipeline_uuid: listed.uuid! });
    expect(JSON.stringify(one)).toBe(JSON.stringify(listed));
    const steps = await all<Schema.PipelineStep>(
      bitbucket,
      bitbucket.pipelines.listSteps({ workspace: ws, repo_slug: busiest.name, pipeline_uuid: listed.uuid! }),
    );
    expect(steps.items.map((s) => `${String(s.name)} ${(s.state as { result?: { name: string } }).result?.name}`)).toStrictEqual(
      failed.jobs.map((j) => `${j.name} ${j.conclusion === "failure" ? "FAILED" : "SUCCESSFUL"}`),
    );
    const environments = await all<Schema.DeploymentEnvironment>(
      bitbucket,
      bitbucket.deployments.listEnvironments({ workspace: ws, repo_slug: busiest.name }),
    );
    expect(environments.items.map((e) => e.name)).toStrictEqual(["Staging", "Production"]);
    const deployments = await all<Schema.Deployment>(bitbucket, bitbucket.deployments.list({ workspace: ws, repo_slug: busiest.name }));
    expect(deployments.items.length).toBe(busiest.deployments.length);
    const production = environments.items.find((e) => e.name === "Production")!.uuid;
    expect(
      deployments.items
        .filter((d) => d.environment?.uuid === production)
        .map((d) => d.release?.commit?.hash)
        .sort(),
    ).toStrictEqual(
      busiest.deployments
        .filter((d) => d.environment === "production")
        .map((d) => d.sha)
        .sort(),
    );
    const { data: env } = await bitbucket.deployments.getEnvironment({
      workspace: ws,
      repo_slug: busiest.name,
      environment_uuid: production!,
    });
    expect(env.name).toBe("Production");
  });

  it("answers unknown resources and writes with Bitbucket's error envelope", async () => {
    const missing = await failure(bitbucket.repositories.get({ workspace: ws, repo_slug: "no-such-repo" }));
    expect(missing.status).toBe(404);
    expect(`${missing.error.type} ${missing.error.error.message}`).toBe("error Resource not found");
    const write = await failure(
      bitbucket.pullrequests.create({
        workspace: ws,
        repo_slug: busiest.name,
        _body: { title: "x", source: { branch: { name: "main" } } },
      } as never),
    );
    expect(write.status).toBe(403);
    expect(write.error.type).toBe("error");
  });

  if (pin.files) {
    it("browses the source at the default branch's head: listings page, files are git's bytes", async () => {
      const head = busiest.mainCommits.at(-1)!;
      const root = busiest.objects.trees.get(head.treeSha)!;
      // `src` alone answers the root of the default branch's head, as Bitbucket's redirect lands there.
      const listing = await all<Schema.Treeentry & { path: string; commit: { hash: string }; size?: number }>(
        bitbucket,
        bitbucket.source.readRoot({ workspace: ws, repo_slug: busiest.name }),
      );
      expect(listing.items.map((e) => `${e.type} ${e.path}`)).toStrictEqual(
        root.map((e) => `${e.type === "tree" ? "commit_directory" : "commit_file"} ${e.name}`),
      );
      expect(listing.items.every((e) => e.commit.hash === head.sha)).toBe(true);
      const byBranch = await all<{ path: string }>(
        bitbucket,
        bitbucket.source.read({ workspace: ws, repo_slug: busiest.name, commit: busiest.defaultBranch, path: "" } as never),
      );
      expect(byBranch.items.map((e) => e.path)).toStrictEqual(listing.items.map((e) => e.path));

      const files = [...busiest.objects.walk(head.treeSha)].filter(([, e]) => e.type === "blob");
      expect(files.length).toBeGreaterThan(5);
      for (const [path, entry] of files.slice(0, 15)) {
        const { data, headers } = await bitbucket.source.read({ workspace: ws, repo_slug: busiest.name, commit: head.sha, path });
        expect(headers["content-type"]).toContain("text/plain");
        const bytes = Buffer.from(data as unknown as string, "utf8");
        expect(bytes.equals(busiest.objects.blobs.get(entry.sha)!), path).toBe(true);
        expect(createHash("sha1").update(`blob ${bytes.length}\0`).update(bytes).digest("hex")).toBe(entry.sha);
      }
      const [dir] = [...busiest.objects.walk(head.treeSha)].find(([, e]) => e.type === "tree")!;
      const { data: meta } = await bitbucket.source.read({
        workspace: ws,
        repo_slug: busiest.name,
        commit: head.sha,
        path: dir,
        format: "meta",
      });
      expect(`${(meta as { type?: string }).type} ${(meta as { path?: string }).path}`).toBe(`commit_directory ${dir}`);
      const nested = await all<{ path: string }>(
        bitbucket,
        bitbucket.source.read({ workspace: ws, repo_slug: busiest.name, commit: head.sha, path: dir }),
      );
      expect(nested.items.every((e) => e.path.startsWith(`${dir}/`))).toBe(true);
    });
  } else {
    it("has no repository files: the source browser answers Bitbucket's 404", async () => {
      const head = busiest.mainCommits.at(-1)!;
      // Each request starts only when awaited: a second request started early would
      // reject before anything handles it.
      for (const request of [
        () => bitbucket.source.readRoot({ workspace: ws, repo_slug: busiest.name }),
        () => bitbucket.source.read({ workspace: ws, repo_slug: busiest.name, commit: head.sha, path: "README.md" }),
      ]) {
        const error = await failure(request());
        expect(`${error.status} ${error.error.type} ${error.error.error.message}`).toBe("404 error Resource not found");
      }
    });
  }

  const ghPin = catalog.pins.find((p) => p.provider === "gh" && p.generation === pin.generation)!.name;
  it.skipIf(only !== undefined && !only.includes(ghPin))(`agrees with ${ghPin} on SHAs, people and work-item keys`, async () => {
    const gh = async <T>(path: string) => {
      const res = await fetch(`${baseUrl}/${ghPin}/${path}`);
      expect(res.status, path).toBe(200);
      return (await res.json()) as T;
    };
    const ghCommits = await gh<Array<{ sha: string; commit: { author: { name: string; email: string } } }>>(
      `repos/${ws}/${busiest.name}/commits?per_page=100`,
    );
    const bbCommits = await all<Schema.Commit>(
      bitbucket,
      bitbucket.commits.listAt({ workspace: ws, repo_slug: busiest.name, revision: busiest.defaultBranch, pagelen: 100 } as never),
    );
    expect(bbCommits.items.map((c) => `${c.hash} ${c.author?.raw}`)).toStrictEqual(
      ghCommits.map((c) => `${c.sha} ${c.commit.author.name} <${c.commit.author.email}>`),
    );
    const ghPulls = await gh<Array<{ number: number; title: string; head: { ref: string; sha: string }; user: { login: string } }>>(
      `repos/${ws}/${busiest.name}/pulls?state=all&per_page=100`,
    );
    const bbPulls = await all<Schema.Pullrequest>(
      bitbucket,
      bitbucket.request({
        method: "GET",
        url: "/repositories/{workspace}/{repo_slug}/pullrequests",
        workspace: ws,
        repo_slug: busiest.name,
        state: ["OPEN", "MERGED", "DECLINED"],
        pagelen: 50,
      }),
    );
    expect(bbPulls.items.map((p) => `${p.id} ${p.title} ${p.source?.branch?.name} ${p.source?.commit?.hash}`)).toStrictEqual(
      ghPulls.map((p) => `${p.number} ${p.title} ${p.head.ref} ${p.head.sha}`),
    );
    expect(bbPulls.items.every((p) => /^[A-Z]+-\d+: /.test(p.title ?? ""))).toBe(true);
    const handles = new Map(world.people.map((p) => [p.handles.github, p.handles.bitbucket]));
    expect(bbPulls.items.map((p) => p.author?.nickname)).toStrictEqual(ghPulls.map((p) => handles.get(p.user.login)));
  });
});
