import { describe, expect, inject, it } from "vitest";
import { loadCatalog } from "../../../generator/catalog/index.js";
import { buildWorld, loadTemplates } from "../../../generator/world/index.js";
import { GitHubOpenApi } from "./openapi.js";

/**
 * What GitHub's answers link to and the endpoints real clients call (issue 37, Why 6 and 7), over HTTP,
 * against the world each answer renders: the objects behind list items' `url`s, the lists GitHub answers
 * `[]` to here, the API root under the Enterprise mount, the writes behind `cancel_url`/`merges_url`, and
 * the token user's permissions as the collaborators list reports them.
 */
const baseUrl = inject("baseUrl");
const catalog = loadCatalog("catalog.yaml");
const openapi = new GitHubOpenApi();

type Obj = Record<string, any>;

async function get(url: string, init?: RequestInit): Promise<{ status: number; text: string; headers: Headers }> {
  const res = await fetch(url, { redirect: "manual", ...init });
  return { status: res.status, text: await res.text(), headers: res.headers };
}

async function json(url: string): Promise<any> {
  const reply = await get(url);
  expect(reply.status, url).toBe(200);
  const body = JSON.parse(reply.text) as unknown;
  const problem = openapi.validate(new URL(url).pathname.replace(/^\/[^/]+(\/api\/v3)?/, ""), body);
  expect(problem && `${problem.template}: ${problem.errors}`, url).toBeUndefined();
  return body;
}

describe.each(["gh-2026-03", "gh-2026-03-g5"])("links and client endpoints on %s", (pinName) => {
  const pin = catalog.pins.find((p) => p.name === pinName)!;
  const world = buildWorld(catalog.generations.get(pin.generation)!, { render: loadTemplates("templates/repo") });
  const org = world.company.slug;
  const api = `${baseUrl}/${pinName}`;
  const busiest = [...world.repos].sort((a, b) => b.pulls.length + b.issues.length - a.pulls.length - a.issues.length)[0]!;
  const repo = `${api}/repos/${org}/${busiest.name}`;

  it("serves each listed comment, event and review comment at its url, with the bytes of the list item", async () => {
    const comments = (await json(`${repo}/issues/comments?per_page=100`)) as Obj[];
    const reviewComments = (await json(`${repo}/pulls/comments?per_page=100`)) as Obj[];
    const events = (await json(`${repo}/issues/events?per_page=100`)) as Obj[];
    expect(comments.length * reviewComments.length * events.length).toBeGreaterThan(0);
    for (const item of [...comments.slice(0, 5), ...reviewComments.slice(0, 5), ...events.slice(0, 5)]) {
      const single = await get(item.url);
      expect(single.status, item.url).toBe(200);
      expect(single.text).toBe(JSON.stringify(item));
      // Comments carry reaction counts: their reactions list holds that many (none in this world).
      if (item.reactions) expect(((await json(item.reactions.url)) as Obj[]).length).toBe(item.reactions.total_count);
    }
  });

  it("serves check suites from runs and commits, with the runs' check runs", async () => {
    const runs = ((await json(`${repo}/actions/runs?per_page=5`)) as Obj).workflow_runs as Obj[];
    for (const run of runs) {
      const suite = (await json(run.check_suite_url)) as Obj;
      expect([suite.id, suite.head_sha, suite.status, suite.conclusion]).toStrictEqual([
        run.check_suite_id,
        run.head_sha,
        run.status,
        run.conclusion,
      ]);
      const inSuite = (await json(suite.check_runs_url)) as Obj;
      const onCommit = (await json(`${repo}/commits/${run.head_sha}/check-runs?per_page=100`)) as Obj;
      const mine = (onCommit.check_runs as Obj[]).filter((r) => r.check_suite.id === suite.id);
      expect(JSON.stringify(inSuite.check_runs)).toBe(JSON.stringify(mine));
      expect(suite.latest_check_runs_count).toBe(mine.length);
      const suites = (await json(`${repo}/commits/${run.head_sha}/check-suites`)) as Obj;
      expect((suites.check_suites as Obj[]).map((s) => s.id)).toContain(suite.id);
      // A failed job's check run says it has one annotation: its annotations list holds exactly that many.
      for (const r of mine) expect(((await json(r.output.annotations_url)) as Obj[]).length).toBe(r.output.annotations_count);
      expect((await json(run.artifacts_url)).total_count).toBe(0);
      expect((await get(run.logs_url)).status).toBe(302);
    }
    // The workflow's runs are the repository's (one workflow here), filtered as they are.
    const workflow = (await json(`${repo}/actions/workflows`)).workflows[0] as Obj;
    const all = await json(`${repo}/actions/runs?per_page=100`);
    const byWorkflow = await json(`${workflow.url}/runs?per_page=100`);
    expect(JSON.stringify(byWorkflow)).toBe(JSON.stringify(all));
    const pushes = await json(`${workflow.url}/runs?per_page=100&event=push`);
    expect(pushes.total_count).toBe(busiest.runs.filter((r) => r.event === "push").length);
  });

  it("answers labels, refs, languages, contributors, teams and topics from the world", async () => {
    for (const label of (await json(`${repo}/labels?per_page=100`)) as Obj[])
      expect((await get(label.url)).text).toBe(JSON.stringify(label));
    const tags = (await json(`${repo}/git/matching-refs/tags?per_page=100`)) as Obj[];
    expect(tags.map((t) => t.ref).sort()).toStrictEqual(busiest.releases.map((r) => `refs/tags/${r.tag}`).sort());
    for (const t of tags.slice(0, 3)) expect((await get(`${repo}/git/ref/${t.ref.slice(5)}`)).text).toBe(JSON.stringify(t));
    // `git/refs` (every ref) is missing from GitHub's description: its items are matching-refs' items.
    const refs = JSON.parse((await get(`${repo}/git/refs?per_page=100`)).text) as Obj[];
    expect(refs.filter((r) => r.ref.startsWith("refs/tags/")).map((r) => JSON.stringify(r))).toStrictEqual(
      tags.map((t) => JSON.stringify(t)),
    );
    expect(refs.length).toBe(busiest.branches.length + busiest.releases.length);
    const full = (await json(repo)) as Obj;
    expect(Object.keys(await json(full.languages_url))).toStrictEqual([busiest.language]);
    const contributors = (await json(`${full.contributors_url}?per_page=100`)) as Obj[];
    expect(contributors.reduce((n, c) => n + c.contributions, 0)).toBe(busiest.mainCommits.length);
    const team = world.teams.find((t) => t.id === busiest.teamId)!;
    expect(((await json(full.teams_url)) as Obj[]).map((t) => t.slug)).toStrictEqual([team.slug]);
    expect((await json(`${repo}/topics`)).names).toStrictEqual(busiest.topics);
    for (const empty of ["forks", "hooks", "invitations", "subscribers"]) expect(await json(`${repo}/${empty}`)).toStrictEqual([]);
  });

  it("gives the token user the permissions the collaborators list gives them, and answers collaborator checks", async () => {
    const me = (await json(`${api}/user`)) as Obj;
    const collaborators = (await json(`${repo}/collaborators?per_page=100`)) as Obj[];
    const mine = collaborators.find((c) => c.login === me.login)!;
    expect(JSON.stringify((await json(repo)).permissions)).toBe(JSON.stringify(mine.permissions));
    expect((await get(`${repo}/collaborators/${me.login}`)).status).toBe(204);
    expect((await get(`${repo}/assignees/${me.login}`)).status).toBe(204);
    expect((await get(`${repo}/collaborators/web-flow`)).status).toBe(404);
    expect((await json(`${repo}/collaborators/${me.login}/permission`)).permission).toBe(mine.role_name);
  });

  it("answers the API root with URL templates on the request's origin, under /api/v3 too", async () => {
    const root = (await json(`${api}/`)) as Obj;
    expect(root.current_user_url).toBe(`${api}/user`);
    const enterprise = (await json(`${api}/api/v3/`)) as Obj;
    expect(enterprise.repository_url).toBe(`${api}/api/v3/repos/{owner}/{repo}`);
    expect(Object.keys(enterprise)).toStrictEqual(Object.keys(root));
  });

  it("answers the writes behind cancel_url, rerun_url and merges_url as GitHub does, without changing the pin", async () => {
    const run = ((await json(`${repo}/actions/runs?per_page=100`)).workflow_runs as Obj[]).find((r) => r.status === "completed")!;
    const cancel = await get(run.cancel_url, { method: "POST" });
    expect([cancel.status, JSON.parse(cancel.text).message]).toStrictEqual([409, "Cannot cancel a workflow run that is completed."]);
    expect((await get(run.rerun_url, { method: "POST" })).status).toBe(201);
    const merges = (await json(repo)).merges_url as string;
    const post = (body: unknown) =>
      get(merges, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } });
    expect((await post({ base: busiest.defaultBranch })).status).toBe(422);
    expect(JSON.parse((await post({ base: busiest.defaultBranch, head: "no-such-branch" })).text).message).toBe("Head does not exist");
    expect((await post({ base: busiest.defaultBranch, head: busiest.defaultBranch })).status).toBe(204);
    // A branch that is not the default one, in any repository.
    const other = world.repos.find((r) => r.branches.some((b) => b.name !== r.defaultBranch))!;
    const branch = other.branches.find((b) => b.name !== other.defaultBranch)!;
    const otherMerges = `${api}/repos/${org}/${other.name}/merges`;
    const merged = await get(otherMerges, {
      method: "POST",
      body: JSON.stringify({ base: other.defaultBranch, head: branch.name }),
      headers: { "content-type": "application/json" },
    });
    expect(merged.status).toBe(201);
    expect((JSON.parse(merged.text) as Obj).parents.map((p: Obj) => p.sha)[1]).toBe(branch.headSha);
    expect((await get(run.url)).status).toBe(200);
  });
});
