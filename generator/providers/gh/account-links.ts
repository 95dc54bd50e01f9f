import type { JsonObject, Resource } from "../../core/provider.js";
import type { Person } from "../../world/types.js";
import type { GhContext } from "./context.js";
import { viewer } from "./discovery.js";
import { listResources } from "./lists.js";
import { fullRepo, minimalRepo } from "./repos.js";
import { issueObject } from "./threads.js";
import { rootResources } from "./root.js";

/**
 * The account lists GitHub's user, team and organization objects link to (issue 37): nobody here follows,
 * stars, watches or owns a public repository, so GitHub's answers are empty lists; a team's repositories
 * and the org's issues assigned to the token's user come from the world.
 */
export function* linkedAccountResources(gh: GhContext, people: Person[]): Generator<Resource> {
  const logins = [...people.map((p) => p.handles.github), "web-flow", "github", gh.org];
  for (const login of logins)
    for (const list of ["followers", "following", "repos", "subscriptions", "received_events", "starred", "gists"])
      yield* listResources(gh, `users/${login}/${list}`, []);
  // The token's user is an owner of the org: its (no) webhooks are visible to them.
  yield* listResources(gh, `orgs/${gh.org}/hooks`, []);
  const issues = orgIssues(gh);
  yield* rootResources(gh, issues);
  for (const state of ["open", "closed", "all"] as const)
    yield* listResources(
      gh,
      `orgs/${gh.org}/issues`,
      issues.filter((i) => state === "all" || i.state === state),
      { query: { state } },
    );
  for (const t of gh.world.teams) {
    const repos = gh.world.repos
      .filter((r) => r.teamId === t.id)
      .sort((a, b) => (a.name < b.name ? -1 : 1))
      .map((r) => ({
        ...minimalRepo(gh, r),
        permissions: { admin: false, maintain: false, push: true, triage: true, pull: true },
        role_name: "write",
      }));
    yield* listResources(gh, `orgs/${gh.org}/teams/${t.slug}/repos`, repos);
    yield* listResources(gh, `organizations/${gh.orgId()}/team/${gh.teamId(t.id)}/repos`, repos);
  }
}

/**
 * `GET /orgs/{org}/issues` (filter=assigned): issues and pull requests of the org's repositories assigned
 * to the token's user, each with its repository, newest first. The frozen source is every state; the
 * query engine applies `state` (open by default) as on a repository's issues.
 */
export function orgIssues(gh: GhContext): JsonObject[] {
  const me = viewer(gh).id;
  return gh.world.repos
    .flatMap((repo) =>
      [...repo.pulls, ...repo.issues].filter((t) => ("headBranch" in t ? t.authorId : t.assigneeId) === me).map((t) => ({ t, repo })),
    )
    .sort((a, b) => b.t.createdAt - a.t.createdAt || b.t.id - a.t.id)
    .map(({ t, repo }) => ({ ...issueObject(gh, repo, t), repository: fullRepo(gh, repo) }));
}
