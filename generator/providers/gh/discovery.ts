import type { JsonObject } from "../../core/provider.js";
import type { Person, Repo } from "../../world/types.js";
import { type GhContext, nodeId } from "./context.js";
import { minimalRepo, orgAccount } from "./repos.js";
import { simpleUser } from "./users.js";

/** The generation's as-of time in epoch seconds: the clock rate limits reset from. */
export function asOfSeconds(gh: GhContext): number {
  return Math.floor(Date.parse(gh.pin.catalog.generations.get(gh.pin.pin.generation)!.asOf) / 1000);
}

/**
 * `GET /rate_limit`: a fresh token at the generation's as-of, one core request used (the same numbers the
 * `x-ratelimit-*` headers carry). Core and GraphQL reset an hour later, search a minute later.
 */
export function rateLimit(gh: GhContext): JsonObject {
  const now = asOfSeconds(gh);
  const bucket = (limit: number, used: number, reset: number): JsonObject => ({ limit, used, remaining: limit - used, reset });
  const core = bucket(5000, 1, now + 3600);
  return {
    resources: {
      core,
      search: bucket(30, 0, now + 60),
      graphql: bucket(5000, 0, now + 3600),
      integration_manifest: bucket(5000, 0, now + 3600),
      code_search: bucket(10, 0, now + 60),
    },
    rate: core,
  };
}

/** The authenticated user (the org's admin), as `GET /user` answers. */
export function viewer(gh: GhContext): Person {
  return gh.world.people.find((p) => p.admin) ?? gh.world.people[0]!;
}

/** `GET /user/memberships/orgs[/{org}]`: the viewer's active admin membership of the org. */
export function orgMembership(gh: GhContext): JsonObject {
  const me = viewer(gh);
  return {
    url: `${gh.api}/user/memberships/orgs/${gh.org}`,
    state: "active",
    role: me.admin ? "admin" : "member",
    organization_url: `${gh.api}/orgs/${gh.org}`,
    organization: orgAccount(gh),
    user: simpleUser(gh, me),
    permissions: { can_create_repository: me.admin },
  };
}

/**
 * `GET /user/repos`: every repository the viewer reaches, all of them the org's (affiliation
 * `organization_member`), by `full_name` ascending (GitHub's default sort here). The viewer is an org
 * admin, so `permissions` says admin.
 */
export function userRepos(gh: GhContext): JsonObject[] {
  const admin = viewer(gh).admin;
  return [...gh.world.repos]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((r) => ({ ...minimalRepo(gh, r), permissions: { admin, maintain: admin, push: true, triage: true, pull: true } }));
}

/**
 * Who can be assigned in a repository (push access): the owning team's members and the org's admins,
 * by login. The same people are its collaborators.
 */
export function pushers(gh: GhContext, repo: Repo): Person[] {
  return gh.world.people
    .filter((p) => p.admin || p.teamId === repo.teamId)
    .sort((a, b) => (a.handles.github < b.handles.github ? -1 : a.handles.github > b.handles.github ? 1 : 0));
}

/** `GET /repos/{o}/{r}/collaborators`: a collaborator with the permissions and role it holds. */
export function collaborator(gh: GhContext, p: Person): JsonObject {
  return {
    ...simpleUser(gh, p),
    permissions: { admin: p.admin, maintain: p.admin, push: true, triage: true, pull: true },
    role_name: p.admin ? "admin" : "write",
  };
}

/** `GET /repos/{o}/{r}/tags`: one tag per release, newest first. */
export function tag(gh: GhContext, repo: Repo, name: string, sha: string): JsonObject {
  const u = gh.repoUrl(repo);
  return {
    name,
    commit: { sha, url: `${u}/commits/${sha}` },
    zipball_url: `${u}/zipball/refs/tags/${name}`,
    tarball_url: `${u}/tarball/refs/tags/${name}`,
    node_id: nodeId("REF", `refs/tags/${name}`),
  };
}

const WEEK = 7 * 86_400_000;
/** Sunday 00:00 UTC of the week that holds `ms` (GitHub's statistics weeks start on Sunday). */
function weekStart(ms: number): number {
  const day = Math.floor(ms / 86_400_000);
  // 1970-01-01 was a Thursday: day 0 is 4 days after a Sunday.
  return (day - ((day + 4) % 7)) * 86_400_000;
}

/**
 * `GET /repos/{o}/{r}/stats/contributors`: every author of the default branch's commits, with their
 * commit count and a weekly hash (`w` the week's Sunday in Unix seconds, `a` additions, `d` deletions,
 * `c` commits) over every week from the first commit's to the last one's; fewest commits first, as
 * GitHub orders them (ties by login).
 */
export function contributorStats(gh: GhContext, repo: Repo): JsonObject[] {
  const commits = repo.mainCommits;
  if (!commits.length) return [];
  const first = weekStart(Math.min(...commits.map((c) => c.authoredAt)));
  const last = weekStart(Math.max(...commits.map((c) => c.authoredAt)));
  const weeks = Math.round((last - first) / WEEK) + 1;
  const byAuthor = new Map<number, Array<{ a: number; d: number; c: number }>>();
  for (const c of commits) {
    const row = byAuthor.get(c.authorId) ?? Array.from({ length: weeks }, () => ({ a: 0, d: 0, c: 0 }));
    byAuthor.set(c.authorId, row);
    const cell = row[Math.round((weekStart(c.authoredAt) - first) / WEEK)]!;
    cell.a += c.files.reduce((n, f) => n + f.additions, 0);
    cell.d += c.files.reduce((n, f) => n + f.deletions, 0);
    cell.c += 1;
  }
  return [...byAuthor]
    .map(([id, row]) => ({ person: gh.person(id), total: row.reduce((n, w) => n + w.c, 0), row }))
    .sort((x, y) => x.total - y.total || (x.person.handles.github < y.person.handles.github ? -1 : 1))
    .map(({ person, total, row }) => ({
      author: simpleUser(gh, person),
      total,
      weeks: row.map((w, i) => ({ w: (first + i * WEEK) / 1000, a: w.a, d: w.d, c: w.c })),
    }));
}
