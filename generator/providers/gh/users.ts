import type { JsonValue } from "../../core/provider.js";
import { isoSeconds } from "../../world/clock.js";
import type { Person } from "../../world/types.js";
import { type GhContext, nodeId } from "./context.js";

/** GitHub's web-flow identity, the committer of squash merges made in the web UI. */
export const WEB_FLOW = { login: "web-flow", id: 19_864_447, name: "GitHub" } as const;

function userUrls(gh: GhContext, login: string) {
  const u = `${gh.api}/users/${login}`;
  return {
    url: u,
    html_url: `${gh.web}/${login}`,
    followers_url: `${u}/followers`,
    following_url: `${u}/following{/other_user}`,
    gists_url: `${u}/gists{/gist_id}`,
    starred_url: `${u}/starred{/owner}{/repo}`,
    subscriptions_url: `${u}/subscriptions`,
    organizations_url: `${u}/orgs`,
    repos_url: `${u}/repos`,
    events_url: `${u}/events{/privacy}`,
    received_events_url: `${u}/received_events`,
  };
}

export function simpleUser(gh: GhContext, p: Person): { [k: string]: JsonValue } {
  return gh.once(`user/${p.id}`, () => simpleAccount(gh, p.handles.github, gh.userId(p), "User", p.admin));
}

export function simpleAccount(
  gh: GhContext,
  login: string,
  id: number,
  type: "User" | "Organization" | "Bot",
  siteAdmin = false,
): { [k: string]: JsonValue } {
  const urls = userUrls(gh, login);
  return {
    login,
    id,
    node_id: nodeId(type === "Organization" ? "O" : "U", id),
    avatar_url: `https://avatars.${gh.pin.catalog.serviceDomain}/u/${id}?v=4`,
    gravatar_id: "",
    url: urls.url,
    html_url: urls.html_url,
    followers_url: urls.followers_url,
    following_url: urls.following_url,
    gists_url: urls.gists_url,
    starred_url: urls.starred_url,
    subscriptions_url: urls.subscriptions_url,
    organizations_url: urls.organizations_url,
    repos_url: urls.repos_url,
    events_url: urls.events_url,
    received_events_url: urls.received_events_url,
    type,
    user_view_type: "public",
    site_admin: siteAdmin,
  };
}

export function webFlowUser(gh: GhContext): { [k: string]: JsonValue } {
  return simpleAccount(gh, WEB_FLOW.login, WEB_FLOW.id, "User");
}

/** `GET /users/{username}`: the public profile. */
export function publicUser(gh: GhContext, p: Person): { [k: string]: JsonValue } {
  return {
    ...simpleUser(gh, p),
    name: p.name,
    company: `@${gh.org}`,
    blog: "",
    location: p.timeZone.split("/")[1]!.replace(/_/g, " "),
    email: null,
    hireable: null,
    bio: `${p.role}, ${gh.world.teams[p.teamId - 1]!.name}`,
    twitter_username: null,
    public_repos: 0,
    public_gists: 0,
    followers: (p.id * 7) % 40,
    following: (p.id * 3) % 25,
    created_at: isoSeconds(p.joinedAt),
    updated_at: isoSeconds(Math.max(p.joinedAt, gh.world.start)),
  };
}

/** `GET /user`: the authenticated user's private profile. */
export function privateUser(gh: GhContext, p: Person): { [k: string]: JsonValue } {
  return {
    ...publicUser(gh, p),
    email: p.email,
    notification_email: p.email,
    private_gists: 0,
    total_private_repos: 0,
    owned_private_repos: 0,
    disk_usage: 0,
    collaborators: 0,
    two_factor_authentication: true,
    plan: { name: "pro", space: 976_562_499, private_repos: 9_999, collaborators: 0 },
  };
}

export function webFlowProfile(gh: GhContext): { [k: string]: JsonValue } {
  return {
    ...webFlowUser(gh),
    name: WEB_FLOW.name,
    company: null,
    blog: "",
    location: null,
    email: null,
    hireable: null,
    bio: null,
    twitter_username: null,
    public_repos: 0,
    public_gists: 0,
    followers: 0,
    following: 0,
    created_at: "2016-06-21T15:35:54Z",
    updated_at: "2016-06-21T15:35:54Z",
  };
}

/** `GET /users/github`: the owner of the GitHub Actions app. */
export function githubProfile(gh: GhContext): { [k: string]: JsonValue } {
  return {
    ...simpleAccount(gh, "github", 9_919, "Organization"),
    name: "GitHub",
    company: null,
    blog: "https://github.com/about",
    location: "San Francisco, CA",
    email: null,
    hireable: null,
    bio: "How people build software.",
    twitter_username: null,
    public_repos: 0,
    public_gists: 0,
    followers: 0,
    following: 0,
    created_at: "2008-05-11T04:37:31Z",
    updated_at: "2022-11-29T19:44:55Z",
  };
}

/** `GET /users/{org}`: an organization seen through the users endpoint. */
export function orgProfile(gh: GhContext): { [k: string]: JsonValue } {
  const c = gh.world.company;
  return {
    ...simpleAccount(gh, gh.org, gh.orgId(), "Organization"),
    name: c.name,
    company: null,
    blog: `https://${c.domain}`,
    location: null,
    email: null,
    hireable: null,
    bio: `${c.name} engineering`,
    twitter_username: null,
    public_repos: 0,
    public_gists: 0,
    followers: 0,
    following: 0,
    created_at: isoSeconds(c.foundedAt),
    updated_at: isoSeconds(gh.world.start),
  };
}
