import type { JsonObject, Resource } from "../../core/provider.js";
import type { GhContext } from "./context.js";
import { viewer } from "./discovery.js";
import { listResources } from "./lists.js";
import { metaResource } from "./meta.js";

/**
 * `GET /`: GitHub's root document of URL templates, in GitHub's key order, on the pin's origin (and so on
 * the request's, `/api/v3` included under the Enterprise mount). Each plain URL it names is served:
 * the token user's lists, GitHub's 404 for the retired OAuth Authorizations API, and the emoji map
 * (only the reactions' emoji: the full map is GitHub's own data).
 */
export function* rootResources(gh: GhContext, orgIssues: JsonObject[]): Generator<Resource> {
  const a = gh.api;
  const search = (kind: string, extra = "{&page,per_page,sort,order}") => `${a}/search/${kind}?q={query}${extra}`;
  yield {
    path: "",
    body: {
      current_user_url: `${a}/user`,
      current_user_authorizations_html_url: `${gh.web}/settings/connections/applications{/client_id}`,
      authorizations_url: `${a}/authorizations`,
      code_search_url: search("code"),
      commit_search_url: search("commits"),
      emails_url: `${a}/user/emails`,
      emojis_url: `${a}/emojis`,
      events_url: `${a}/events`,
      feeds_url: `${a}/feeds`,
      followers_url: `${a}/user/followers`,
      following_url: `${a}/user/following{/target}`,
      gists_url: `${a}/gists{/gist_id}`,
      issue_search_url: search("issues"),
      issues_url: `${a}/issues`,
      keys_url: `${a}/user/keys`,
      label_search_url: `${a}/search/labels?q={query}&repository_id={repository_id}{&page,per_page}`,
      notifications_url: `${a}/notifications`,
      organization_url: `${a}/orgs/{org}`,
      organization_repositories_url: `${a}/orgs/{org}/repos{?type,page,per_page,sort}`,
      organization_teams_url: `${a}/orgs/{org}/teams`,
      public_gists_url: `${a}/gists/public`,
      rate_limit_url: `${a}/rate_limit`,
      repository_url: `${a}/repos/{owner}/{repo}`,
      repository_search_url: search("repositories"),
      current_user_repositories_url: `${a}/user/repos{?type,page,per_page,sort}`,
      starred_url: `${a}/user/starred{/owner}{/repo}`,
      starred_gists_url: `${a}/gists/starred`,
      topic_search_url: `${a}/search/topics?q={query}{&page,per_page}`,
      user_url: `${a}/users/{user}`,
      user_organizations_url: `${a}/user/orgs`,
      user_repositories_url: `${a}/users/{user}/repos{?type,page,per_page,sort}`,
      user_search_url: search("users"),
    },
  };
  yield metaResource(gh);
  const me = viewer(gh);
  yield* listResources(gh, "user/emails", [{ email: me.email, primary: true, verified: true, visibility: "private" }]);
  // Nobody here follows anyone, keeps keys or gists, or has unread notifications; every repository is private.
  for (const empty of [
    "user/followers",
    "user/following",
    "user/keys",
    "notifications",
    "events",
    "gists",
    "gists/public",
    "gists/starred",
  ])
    yield* listResources(gh, empty, []);
  // Assigned to the token's user across the repositories it can see: the org's (account-links.ts).
  for (const state of ["open", "closed", "all"] as const)
    yield* listResources(
      gh,
      "issues",
      orgIssues.filter((i) => state === "all" || i.state === state),
      { query: { state } },
    );
  yield {
    path: "authorizations",
    status: 404,
    body: { message: "Not Found", documentation_url: "https://docs.github.com/rest", status: "404" },
  };
  yield { path: "emojis", body: Object.fromEntries(EMOJI.map(([name, code]) => [name, emojiUrl(gh, code)])) };
  yield {
    path: "feeds",
    body: {
      timeline_url: `${gh.web}/timeline`,
      user_url: `${gh.web}/{user}`,
      _links: {
        timeline: { href: `${gh.web}/timeline`, type: "application/atom+xml" },
        user: { href: `${gh.web}/{user}`, type: "application/atom+xml" },
      },
    },
  };
}

/** The reactions' emoji, by GitHub's names, sorted as GitHub sorts the map (by name). */
const EMOJI: [string, string][] = [
  ["+1", "1f44d"],
  ["-1", "1f44e"],
  ["confused", "1f615"],
  ["eyes", "1f440"],
  ["heart", "2764"],
  ["hooray", "1f389"],
  ["laughing", "1f606"],
  ["rocket", "1f680"],
];

function emojiUrl(gh: GhContext, code: string): string {
  return `https://github.githubassets.${gh.pin.catalog.serviceDomain}/images/icons/emoji/unicode/${code}.png?v8`;
}
