import { viewer } from "./discovery.js";
import type { JsonObject } from "../../core/provider.js";
import { isoSeconds } from "../../world/clock.js";
import type { Repo, Team } from "../../world/types.js";
import { type GhContext, nodeId } from "./context.js";
import { simpleAccount, simpleUser } from "./users.js";

export function orgAccount(gh: GhContext): JsonObject {
  const o = `${gh.api}/orgs/${gh.org}`;
  return {
    login: gh.org,
    id: gh.orgId(),
    node_id: nodeId("O", gh.orgId()),
    url: o,
    repos_url: `${o}/repos`,
    events_url: `${o}/events`,
    hooks_url: `${o}/hooks`,
    issues_url: `${o}/issues`,
    members_url: `${o}/members{/member}`,
    public_members_url: `${o}/public_members{/member}`,
    avatar_url: `https://avatars.${gh.pin.catalog.serviceDomain}/u/${gh.orgId()}?v=4`,
    description: `${gh.world.company.name} engineering`,
  };
}

/** `GET /orgs/{org}` */
export function organization(gh: GhContext): JsonObject {
  const c = gh.world.company;
  const repos = gh.world.repos.length;
  return {
    ...orgAccount(gh),
    name: c.name,
    company: "",
    blog: `https://${c.domain}`,
    location: "Remote",
    email: `engineering@${c.domain}`,
    twitter_username: null,
    is_verified: true,
    has_organization_projects: true,
    has_repository_projects: true,
    public_repos: 0,
    public_gists: 0,
    followers: 0,
    following: 0,
    html_url: `${gh.web}/${gh.org}`,
    type: "Organization",
    total_private_repos: repos,
    owned_private_repos: repos,
    private_gists: 0,
    disk_usage: repos * 2048,
    collaborators: 0,
    billing_email: `billing@${c.domain}`,
    default_repository_permission: "read",
    members_can_create_repositories: false,
    two_factor_requirement_enabled: true,
    members_allowed_repository_creation_type: "none",
    // What an owner's token reads (as the recorded get-organization answer orders them): only admins create
    // repositories here, so members create none of any visibility; Pages stay open, private forks closed.
    members_can_create_public_repositories: false,
    members_can_create_private_repositories: false,
    members_can_create_internal_repositories: false,
    members_can_create_pages: true,
    members_can_fork_private_repositories: false,
    members_can_create_public_pages: true,
    members_can_create_private_pages: true,
    // Squash merges are committed by web-flow with no Signed-off-by trailer: sign-off is not required.
    web_commit_signoff_required: false,
    plan: {
      name: "team",
      space: 976_562_499,
      private_repos: 999_999,
      filled_seats: gh.world.people.length,
      seats: gh.world.people.length + 5,
    },
    created_at: isoSeconds(c.foundedAt),
    updated_at: isoSeconds(gh.world.start),
    archived_at: null,
  };
}

export function teamSimple(gh: GhContext, t: Team): JsonObject {
  const id = gh.teamId(t.id);
  const u = `${gh.api}/organizations/${gh.orgId()}/team/${id}`;
  return {
    id,
    node_id: nodeId("T", id),
    url: u,
    html_url: `${gh.web}/orgs/${gh.org}/teams/${t.slug}`,
    name: t.name,
    slug: t.slug,
    description: t.description,
    privacy: "closed",
    notification_setting: "notifications_enabled",
    permission: "pull",
    members_url: `${u}/members{/member}`,
    repositories_url: `${u}/repos`,
    type: "organization",
    organization_id: gh.orgId(),
    parent: null,
  };
}

/** `GET /orgs/{org}/teams/{team_slug}` */
export function teamFull(gh: GhContext, t: Team): JsonObject {
  const { parent, ...rest } = teamSimple(gh, t);
  return {
    ...rest,
    parent: parent ?? null,
    members_count: t.memberIds.length,
    repos_count: gh.world.repos.filter((r) => r.teamId === t.id).length,
    created_at: isoSeconds(t.createdAt),
    updated_at: isoSeconds(gh.world.start),
    organization: organization(gh),
  };
}

function repoUrls(gh: GhContext, repo: Repo): JsonObject {
  const u = gh.repoUrl(repo);
  return {
    url: u,
    forks_url: `${u}/forks`,
    keys_url: `${u}/keys{/key_id}`,
    collaborators_url: `${u}/collaborators{/collaborator}`,
    teams_url: `${u}/teams`,
    hooks_url: `${u}/hooks`,
    issue_events_url: `${u}/issues/events{/number}`,
    events_url: `${u}/events`,
    assignees_url: `${u}/assignees{/user}`,
    branches_url: `${u}/branches{/branch}`,
    tags_url: `${u}/tags`,
    blobs_url: `${u}/git/blobs{/sha}`,
    git_tags_url: `${u}/git/tags{/sha}`,
    git_refs_url: `${u}/git/refs{/sha}`,
    trees_url: `${u}/git/trees{/sha}`,
    statuses_url: `${u}/statuses/{sha}`,
    languages_url: `${u}/languages`,
    stargazers_url: `${u}/stargazers`,
    contributors_url: `${u}/contributors`,
    subscribers_url: `${u}/subscribers`,
    subscription_url: `${u}/subscription`,
    commits_url: `${u}/commits{/sha}`,
    git_commits_url: `${u}/git/commits{/sha}`,
    comments_url: `${u}/comments{/number}`,
    issue_comment_url: `${u}/issues/comments{/number}`,
    contents_url: `${u}/contents/{+path}`,
    compare_url: `${u}/compare/{base}...{head}`,
    merges_url: `${u}/merges`,
    archive_url: `${u}/{archive_format}{/ref}`,
    downloads_url: `${u}/downloads`,
    issues_url: `${u}/issues{/number}`,
    pulls_url: `${u}/pulls{/number}`,
    milestones_url: `${u}/milestones{/number}`,
    notifications_url: `${u}/notifications{?since,all,participating}`,
    labels_url: `${u}/labels{/name}`,
    releases_url: `${u}/releases{/id}`,
    deployments_url: `${u}/deployments`,
  };
}

function pushedAt(repo: Repo): number {
  return Math.max(repo.mainCommits.at(-1)!.committedAt, ...repo.pulls.flatMap((p) => p.commits.map((c) => c.committedAt)));
}

/** The repository as lists show it (`minimal-repository`). */
function viewerPermissions(gh: GhContext): JsonObject {
  const admin = viewer(gh).admin;
  return { admin, maintain: admin, push: true, triage: true, pull: true };
}

export function minimalRepo(gh: GhContext, repo: Repo): JsonObject {
  return gh.once(`repo/${repo.id}`, () => buildMinimalRepo(gh, repo));
}

function buildMinimalRepo(gh: GhContext, repo: Repo): JsonObject {
  const id = gh.repoId(repo);
  const html = gh.repoHtml(repo);
  const { url, ...urls } = repoUrls(gh, repo);
  return {
    id,
    node_id: nodeId("R", id),
    name: repo.name,
    full_name: `${gh.org}/${repo.name}`,
    private: true,
    owner: simpleAccount(gh, gh.org, gh.orgId(), "Organization"),
    html_url: html,
    description: repo.description,
    fork: false,
    url: url ?? null,
    ...urls,
    git_url: `git://github.${gh.pin.catalog.serviceDomain}/${gh.org}/${repo.name}.git`,
    ssh_url: `git@github.${gh.pin.catalog.serviceDomain}:${gh.org}/${repo.name}.git`,
    clone_url: gh.cloneUrl(repo),
    mirror_url: null,
    svn_url: html,
    homepage: null,
    language: repo.language,
    forks_count: 0,
    stargazers_count: 0,
    watchers_count: 0,
    size: 1024 + repo.mainCommits.length * 3,
    default_branch: repo.defaultBranch,
    open_issues_count: openCount(repo),
    license: null,
    is_template: false,
    topics: repo.topics,
    has_issues: true,
    has_projects: true,
    has_wiki: false,
    has_pages: false,
    has_downloads: true,
    has_discussions: false,
    archived: false,
    disabled: false,
    visibility: "private",
    pushed_at: isoSeconds(pushedAt(repo)),
    created_at: isoSeconds(repo.createdAt),
    updated_at: isoSeconds(pushedAt(repo)),
    // The token's user's, as the collaborators list reports them (discovery.ts collaborator).
    permissions: viewerPermissions(gh),
    allow_forking: false,
    web_commit_signoff_required: false,
    forks: 0,
    open_issues: openCount(repo),
    watchers: 0,
  };
}

/** `GET /repos/{owner}/{repo}` (`full-repository`). */
export function fullRepo(gh: GhContext, repo: Repo): JsonObject {
  return {
    ...minimalRepo(gh, repo),
    allow_squash_merge: true,
    allow_merge_commit: false,
    allow_rebase_merge: false,
    allow_auto_merge: true,
    delete_branch_on_merge: true,
    allow_update_branch: true,
    use_squash_pr_title_as_default: true,
    squash_merge_commit_title: "PR_TITLE",
    squash_merge_commit_message: "COMMIT_MESSAGES",
    merge_commit_title: "MERGE_MESSAGE",
    merge_commit_message: "PR_TITLE",
    organization: simpleAccount(gh, gh.org, gh.orgId(), "Organization"),
    network_count: 0,
    subscribers_count: 0,
    security_and_analysis: { secret_scanning: { status: "enabled" }, secret_scanning_push_protection: { status: "enabled" } },
  };
}

function openCount(repo: Repo): number {
  return repo.pulls.filter((p) => p.state === "open").length + repo.issues.filter((i) => i.state === "open").length;
}

/** Team pages link to the org's team members by team; a person is an org member through their team. */
export function teamMembers(gh: GhContext, t: Team): JsonObject[] {
  return t.memberIds.map((id) => simpleUser(gh, gh.person(id)));
}

/**
 * `GET /orgs/{org}/teams/{team_slug}/memberships/{username}`: every member's membership is active; the
 * team's lead maintains it.
 */
export function teamMembership(gh: GhContext, t: Team, personId: number): JsonObject {
  return {
    url: `${gh.api}/organizations/${gh.orgId()}/team/${gh.teamId(t.id)}/memberships/${gh.person(personId).handles.github}`,
    role: personId === t.leadId ? "maintainer" : "member",
    state: "active",
  };
}
