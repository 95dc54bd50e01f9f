import { describe, expect, inject, it } from "vitest";
import { loadCatalog } from "../../../generator/catalog/index.js";
import { buildWorld, loadTemplates } from "../../../generator/world/index.js";
import { GitHubOpenApi } from "./openapi.js";

/**
 * Token-holder discovery and repository-wide lists (issue 12), replayed as the connectors send them:
 * Apache DevLake's github plugin (backend/plugins/github/api/remote.go, tasks/*_collector.go) and
 * Airbyte's source-github (airbyte-integrations/connectors/source-github/source_github/streams.py).
 * Every answer is checked against @octokit/openapi as well as against the world it renders.
 */
const baseUrl = inject("baseUrl");
const catalog = loadCatalog("catalog.yaml");
const openapi = new GitHubOpenApi();

type Item = Record<string, unknown> & { id: number };

async function get(url: string): Promise<{ status: number; text: string; headers: Headers }> {
  const res = await fetch(url);
  return { status: res.status, text: await res.text(), headers: res.headers };
}

function rel(link: string | null, name: string): string | undefined {
  return link
    ?.split(", ")
    .map((part) => /^<([^>]+)>; rel="(\w+)"$/.exec(part))
    .find((m) => m?.[2] === name)?.[1];
}

/** Every item of a list, following rel="next"; each page validated against GitHub's description. */
async function walk(url: string): Promise<Item[]> {
  const items: Item[] = [];
  for (let next: string | undefined = url, n = 0; next; n++) {
    const reply = await get(next);
    expect(reply.status, next).toBe(200);
    const body = JSON.parse(reply.text) as Item[];
    const problem = openapi.validate(new URL(next).pathname.replace(/^\/[^/]+/, ""), body);
    expect(problem && `${problem.template}: ${problem.errors}`, next).toBeUndefined();
    items.push(...body);
    next = rel(reply.headers.get("link"), "next");
    expect(n).toBeLessThan(200);
  }
  return items;
}

const ids = (items: Item[]) => items.map((i) => i.id).join(",");
const ms = (s: unknown) => Date.parse(String(s));
const login = (u: unknown) => (u as { login: string }).login;

describe.each(["gh-2026-03", "gh-2026-03-g5"])("token-holder discovery and repository-wide lists on %s", (pinName) => {
  const pin = catalog.pins.find((p) => p.name === pinName)!;
  const generation = catalog.generations.get(pin.generation)!;
  const world = buildWorld(generation, { render: loadTemplates("templates/repo") });
  const org = world.company.slug;
  const api = `${baseUrl}/${pinName}`;
  const busiest = [...world.repos].sort((a, b) => b.pulls.length + b.issues.length - a.pulls.length - a.issues.length)[0]!;
  const repo = `${api}/repos/${org}/${busiest.name}`;
  const admin = world.people.find((p) => p.admin) ?? world.people[0]!;

  it("lists the token holder's orgs and memberships, as DevLake's remote scopes and account collector ask", async () => {
    // DevLake backend/plugins/github/api/remote.go (RemoteScopes): apiClient.Get("user/orgs", page, per_page), then "user".
    const orgs = await walk(`${api}/user/orgs?page=1&per_page=100`);
    expect(orgs.map(login)).toStrictEqual([org]);
    expect(orgs.map((o) => String(o.id))).toStrictEqual([String(JSON.parse((await get(`${api}/orgs/${org}`)).text).id)]);
    // DevLake tasks/account_org_collector.go: users/{login}/orgs for every account it collected.
    const person = [...world.people].sort((a, b) => (a.handles.github < b.handles.github ? -1 : 1))[0]!;
    expect((await walk(`${api}/users/${person.handles.github}/orgs?page=1&per_page=100`)).map(login)).toStrictEqual([org]);
    expect((await walk(`${api}/users/web-flow/orgs`)).length).toBe(0);
    // gh api user/memberships/orgs --jq '.[].organization.login', and the state filter apps send.
    const memberships = (await walk(`${api}/user/memberships/orgs?state=active&page=1&per_page=100`)) as unknown as Record<
      string,
      unknown
    >[];
    expect(memberships.map((m) => `${String(m.state)} ${String(m.role)} ${login(m.organization)} ${login(m.user)}`)).toStrictEqual([
      `active admin ${org} ${admin.handles.github}`,
    ]);
    expect((await walk(`${api}/user/memberships/orgs?state=pending`)).length).toBe(0);
    const one = await get(`${api}/user/memberships/orgs/${org}`);
    expect(one.status).toBe(200);
    expect(JSON.stringify(JSON.parse(one.text))).toBe(JSON.stringify(memberships[0]));
  });

  it("lists the token holder's repositories with type, affiliation, visibility and sort", async () => {
    const all = await walk(`${api}/user/repos?per_page=100`);
    expect(all.map((r) => String(r.name))).toStrictEqual(world.repos.map((r) => r.name).sort());
    // The default order is full_name ascending; per_page=7 walks the same list.
    expect(ids(await walk(`${api}/user/repos?per_page=7`))).toBe(ids(all));
    // Clients such as GitPont and editor plugins ask sort=updated (desc unless direction says otherwise).
    const upd = await walk(`${api}/user/repos?per_page=100&sort=updated`);
    expect(upd.map((r) => ms(r.updated_at))).toStrictEqual(all.map((r) => ms(r.updated_at)).sort((x, y) => y - x));
    const pushedAsc = await walk(`${api}/user/repos?sort=pushed&direction=asc&per_page=100`);
    expect(pushedAsc.map((r) => ms(r.pushed_at))).toStrictEqual(all.map((r) => ms(r.pushed_at)).sort((x, y) => x - y));
    // Every repository is the org's and private: the viewer owns none, is a member of all.
    expect((await walk(`${api}/user/repos?type=owner`)).length).toBe(0);
    expect((await walk(`${api}/user/repos?type=public`)).length).toBe(0);
    expect(ids(await walk(`${api}/user/repos?type=member&per_page=100`))).toBe(ids(all));
    expect(ids(await walk(`${api}/user/repos?visibility=private&per_page=100`))).toBe(ids(all));
    expect((await walk(`${api}/user/repos?visibility=public`)).length).toBe(0);
    expect(ids(await walk(`${api}/user/repos?affiliation=owner,collaborator,organization_member&per_page=100`))).toBe(ids(all));
    expect((await walk(`${api}/user/repos?affiliation=owner,collaborator`)).length).toBe(0);
  });

  it("answers GET /rate_limit from the as-of clock, matching the x-ratelimit headers", async () => {
    // Octokit's throttling plugin and Airbyte's MultipleTokenAuthenticatorWithRateLimiter read resources.core/graphql/search.
    const reply = await get(`${api}/rate_limit`);
    expect(reply.status).toBe(200);
    const body = JSON.parse(reply.text) as { resources: Record<string, Record<string, number>>; rate: Record<string, number> };
    expect(openapi.validate("/rate_limit", body)).toBeUndefined();
    const asOf = Math.floor(Date.parse(generation.asOf) / 1000);
    const line = (r: Record<string, number>) => `${r.limit} ${r.used} ${r.remaining} ${r.reset}`;
    expect([line(body.resources.core!), line(body.resources.search!), line(body.resources.graphql!), line(body.rate)]).toStrictEqual([
      `5000 1 4999 ${asOf + 3600}`,
      `30 0 30 ${asOf + 60}`,
      `5000 0 5000 ${asOf + 3600}`,
      `5000 1 4999 ${asOf + 3600}`,
    ]);
    expect(reply.headers.get("x-ratelimit-reset")).toBe(String(body.rate.reset));
    expect(reply.headers.get("x-ratelimit-remaining")).toBe(String(body.rate.remaining));
  });

  it("syncs repository-wide issue comments and review comments as DevLake and Airbyte ask", async () => {
    const threads = [...busiest.pulls, ...busiest.issues];
    const all = await walk(`${repo}/issues/comments?per_page=100`);
    expect(all.length).toBe(threads.reduce((n, t) => n + t.comments.length, 0));
    // Oldest first: GitHub's default, sort=created.
    expect(all.map((c) => ms(c.created_at))).toStrictEqual(all.map((c) => ms(c.created_at)).sort((x, y) => x - y));
    const bound = [...new Set(all.map((c) => String(c.updated_at)))].sort()[Math.floor(all.length / 2)]!;
    const since = all.filter((c) => ms(c.updated_at) >= ms(bound));
    // DevLake tasks/comment_collector.go: repos/{name}/issues/comments?state=all&since=…&page=&direction=asc&per_page=100.
    expect(ids(await walk(`${repo}/issues/comments?state=all&since=${bound}&page=1&direction=asc&per_page=100`))).toBe(ids(since));
    // Airbyte streams.py IssueComments: sort=updated&direction=asc&since=…, walked by Link.
    const ab = await walk(`${repo}/issues/comments?per_page=5&sort=updated&direction=asc&since=${bound}`);
    expect(ab.map((c) => ms(c.updated_at))).toStrictEqual(since.map((c) => ms(c.updated_at)).sort((x, y) => x - y));
    expect(ab.map((c) => String(c.issue_url)).every((u) => u.startsWith(`${repo}/issues/`))).toBe(true);
    const desc = await walk(`${repo}/issues/comments?sort=created&direction=desc&per_page=100`);
    expect(desc.map((c) => ms(c.created_at))).toStrictEqual(all.map((c) => ms(c.created_at)).sort((x, y) => y - x));
    expect([...desc.map((c) => c.id)].sort((x, y) => x - y)).toStrictEqual([...all.map((c) => c.id)].sort((x, y) => x - y));

    const reviews = await walk(`${repo}/pulls/comments?per_page=100`);
    expect(reviews.length).toBe(busiest.pulls.reduce((n, p) => n + p.reviews.reduce((m, r) => m + r.comments.length, 0), 0));
    const rb = [...new Set(reviews.map((c) => String(c.updated_at)))].sort()[Math.floor(reviews.length / 2)] ?? "2000-01-01T00:00:00Z";
    // DevLake tasks/pr_review_comment_collector.go: repos/{name}/pulls/comments?since=…&page=&direction=asc&per_page=100.
    const dl = await walk(`${repo}/pulls/comments?since=${rb}&page=1&direction=asc&per_page=100`);
    expect(ids(dl)).toBe(ids(reviews.filter((c) => ms(c.updated_at) >= ms(rb))));
    // Airbyte streams.py ReviewComments reads pull_request_url, user, body, updated_at.
    expect(dl.every((c) => String(c.pull_request_url).startsWith(`${repo}/pulls/`) && typeof login(c.user) === "string")).toBe(true);
  });

  it("lists issue events repository-wide, newest first, each with its issue (DevLake, Airbyte)", async () => {
    // DevLake tasks/event_collector.go: repos/{name}/issues/events?page=&per_page=100, reading issue.number;
    // Airbyte streams.py IssueEvents (cursor created_at, reads actor and issue).
    const events = await walk(`${repo}/issues/events?page=1&per_page=100`);
    const want = [...busiest.pulls, ...busiest.issues]
      .flatMap((t) => t.events.map((e) => ({ e, t })))
      .sort((a, b) => b.e.createdAt - a.e.createdAt || b.e.id - a.e.id)
      .map(({ e, t }) => `${e.id}:${t.number}`);
    expect(events.map((e) => `${e.id}:${String((e.issue as { number: number }).number)}`)).toStrictEqual(want);
    expect(ids(await walk(`${repo}/issues/events?per_page=13`))).toBe(ids(events));
  });

  it("lists assignees, collaborators, tags and the empty lists Airbyte's streams read", async () => {
    const pushers = world.people
      .filter((p) => p.admin || p.teamId === busiest.teamId)
      .map((p) => p.handles.github)
      .sort();
    // Airbyte streams.py Assignees and Collaborators; DevLake reads assignees through issues.
    expect((await walk(`${repo}/assignees?per_page=100`)).map(login)).toStrictEqual(pushers);
    const collaborators = (await walk(`${repo}/collaborators?per_page=100`)) as unknown as Record<string, unknown>[];
    expect(collaborators.map((c) => `${login(c)} ${String(c.role_name)}`)).toStrictEqual(
      pushers.map((h) => `${h} ${world.people.find((p) => p.handles.github === h)!.admin ? "admin" : "write"}`),
    );
    // Airbyte streams.py Tags: name and commit.sha, one per release, newest first.
    const tags = (await walk(`${repo}/tags?per_page=100`)) as unknown as { name: string; commit: { sha: string } }[];
    expect(tags.map((t) => `${t.name} ${t.commit.sha}`)).toStrictEqual(
      [...busiest.releases].reverse().map((r) => `${r.tag} ${r.targetSha}`),
    );
    // Airbyte streams.py Milestones sends sort=updated, which GitHub does not sort by: every milestone, answered.
    const ms = await walk(`${repo}/milestones?state=all&sort=updated&direction=desc&per_page=100`);
    expect(ms.length).toBe(busiest.milestones.length);
    // Airbyte streams.py Comments (commit comments), Stargazers: none in this world, GitHub's [].
    for (const path of ["comments", "stargazers"]) {
      const reply = await get(`${repo}/${path}`);
      expect(reply.status, path).toBe(200);
      expect(reply.text, path).toBe("[]");
    }
  });

  it("answers commit statuses and the combined status from the world's CI services: newest first, latest per context combined", async () => {
    // singer-io's tap-github and Octokit's repos.getCombinedStatusForRef read state, total_count and statuses;
    // the legacy statuses/{sha} (a status's `url`) lists what commits/{sha}/statuses lists.
    const openPull = busiest.branches.find((b) => b.name !== busiest.defaultBranch);
    const refs = [busiest.branches.find((b) => b.name === busiest.defaultBranch)!, ...(openPull ? [openPull] : [])];
    expect(busiest.statuses.some((s) => s.context === "deploy/preview")).toBe(true);
    expect(busiest.statuses.some((s) => s.context === "ci/coverage")).toBe(true);
    for (const branch of refs) {
      const mine = busiest.statuses.filter((s) => s.sha === branch.headSha);
      const latest = new Map(mine.map((s) => [s.context, s.state]));
      const states = [...latest.values()];
      const want = states.some((x) => x === "failure" || x === "error")
        ? "failure"
        : states.includes("pending") || !states.length
          ? "pending"
          : "success";
      for (const ref of [branch.headSha, branch.name]) {
        const reply = await get(`${repo}/commits/${ref}/status`);
        expect(reply.status, ref).toBe(200);
        const body = JSON.parse(reply.text) as {
          state: string;
          sha: string;
          total_count: number;
          statuses: Array<{ context: string; state: string }>;
        };
        expect(openapi.validate(`/repos/${org}/${busiest.name}/commits/${ref}/status`, body)).toBeUndefined();
        expect(`${body.state} ${body.sha} ${body.total_count}`).toBe(`${want} ${branch.headSha} ${latest.size}`);
        expect(body.statuses.map((x) => `${x.context}:${x.state}`).join(",")).toBe([...latest].map(([c, st]) => `${c}:${st}`).join(","));
        const listed = await walk(`${repo}/commits/${ref}/statuses?per_page=100`);
        expect(listed.map((x) => x.id).join(",")).toBe(
          [...mine]
            .reverse()
            .map((x) => x.id)
            .join(","),
        );
      }
      // No GET in GitHub's description for the legacy path: compared to the byte with its modern twin.
      const legacy = await get(`${repo}/statuses/${branch.headSha}?per_page=100`);
      expect(legacy.text).toBe((await get(`${repo}/commits/${branch.headSha}/statuses?per_page=100`)).text);
    }
  });

  it("lists milestones by state and due date, each with its issue counts, and filters issues by milestone", async () => {
    // DevLake's milestone collector and Airbyte's `milestones` stream read state=all; issue lists take milestone=N|*|none.
    const all = busiest.milestones;
    expect(all.length).toBeGreaterThan(1);
    const threads = [...busiest.pulls, ...busiest.issues];
    const listed = await walk(`${repo}/milestones?state=all&per_page=100`);
    expect(listed.map((m) => m.number).join(",")).toBe(
      [...all]
        .sort((a, b) => a.dueOn - b.dueOn)
        .map((m) => m.number)
        .join(","),
    );
    const open = await walk(`${repo}/milestones`);
    expect(open.map((m) => m.number).join(",")).toBe(
      all
        .filter((m) => m.closedAt === undefined)
        .map((m) => m.number)
        .join(","),
    );
    const desc = await walk(`${repo}/milestones?state=all&direction=desc`);
    expect(desc.map((m) => m.number).join(",")).toBe(
      listed
        .map((m) => m.number)
        .reverse()
        .join(","),
    );
    for (const m of listed as Array<Item & { number: number; open_issues: number; closed_issues: number }>) {
      const on = threads.filter((t) => t.milestoneNumber === m.number);
      expect(`${m.number} ${m.open_issues} ${m.closed_issues}`).toBe(
        `${m.number} ${on.filter((t) => t.state === "open").length} ${on.filter((t) => t.state === "closed").length}`,
      );
      const one = await get(`${repo}/milestones/${m.number}`);
      expect(one.text).toBe(JSON.stringify(m));
      const issues = await walk(`${repo}/issues?state=all&milestone=${m.number}&per_page=100`);
      expect(issues.map((t) => t.number).join(",")).toBe(
        on
          .map((t) => t.number)
          .sort((a, b) => b - a)
          .join(","),
      );
    }
    const none = await walk(`${repo}/issues?state=all&milestone=none&per_page=100`);
    const unplanned = threads.filter((t) => t.milestoneNumber === undefined);
    expect(unplanned.length).toBeGreaterThan(0);
    expect(none.map((t) => t.number).join(",")).toBe(
      unplanned
        .map((t) => t.number)
        .sort((a, b) => b - a)
        .join(","),
    );
    const any = await walk(`${repo}/issues?state=all&milestone=*&per_page=100`);
    expect(any.length).toBe(threads.length - unplanned.length);
  });
});
