import type { PinContext, Resource, ServingProfile } from "../../core/provider.js";
import type { World } from "../../world/types.js";
import { SentryContext } from "./context.js";
import { badRequest, badRequestByParam, methodNotAllowed, notFound, unauthenticated } from "./errors.js";
import { listProfiles, PAGE_SIZE, type IssueFacts } from "./lists.js";
import { sentryRefusals } from "./params.js";
import { sentryResources } from "./resources.js";
import { defineProvider } from "../../core/define-provider.js";

/**
 * Sentry's Web API (`https://sentry.io/api/0/…`): the organization, its projects (one per service),
 * teams and members; issues (the world's error groups) with their events and tags; releases (deployed
 * commit SHAs) with their deploys and commits. A live host only. See README.md.
 */
export default defineProvider({
  // What the catalog, the MCP tool and an unavailable host say of it.
  id: "sentry",
  name: "Sentry",
  unavailable: { status: 503, body: { detail: "{message}" } },
  // Sentry's docs call the Web API with plain HTTP and a bearer token, following the Link header's
  // `rel="next"` while it says `results="true"`.
  snippet: [
    'const host = "{{base_url}}";',
    'const headers = { Authorization: "Bearer any-token" };',
    "const [project] = await (await fetch(`${host}/api/0/projects/`, { headers })).json();",
    "let url = `${host}/api/0/projects/${project.organization.slug}/${project.slug}/issues/?query=is:unresolved`;",
    "while (url) {",
    "  const res = await fetch(url, { headers });",
    "  console.log(await res.json());",
    '  url = /<([^>]+)>; rel="next"; results="true"/.exec(res.headers.get("link") ?? "")?.[1];',
    "}",
  ].join("\n"),
  serving(pin: PinContext, world: World): ServingProfile {
    const s = new SentryContext(world, pin);
    const org = `api/0/organizations/${s.orgSlug}`;
    const reset = String(Math.floor(world.asOf / 1000) + 1);
    return {
      provider: "sentry",
      headers: {
        allow: "GET, HEAD, OPTIONS",
        "x-sentry-rate-limit-limit": "40",
        "x-sentry-rate-limit-remaining": "39",
        "x-sentry-rate-limit-reset": reset,
        "x-sentry-rate-limit-concurrentlimit": "25",
        "x-sentry-rate-limit-concurrentremaining": "24",
        "x-frame-options": "deny",
        "x-content-type-options": "nosniff",
        "access-control-expose-headers": "X-Sentry-Error, X-Sentry-Direct-Hit, X-Hits, X-Max-Hits, Endpoint, Retry-After, Link",
      },
      query: {
        keep: ["cursor", "per_page", "limit", "query", "statsPeriod"],
        defaults: [
          { param: "per_page", value: String(PAGE_SIZE) },
          { param: "limit", value: String(PAGE_SIZE) },
          { param: "query", value: "is:unresolved", path: "/issues$" },
          { param: "statsPeriod", value: "14d", path: "^api/0/organizations/[^/]+/issues$" },
        ],
        anyValue: [],
        clamp: [],
        // Documented parameters this host cannot answer: Sentry's 400 naming them (params.ts, issue 37).
        refuse: sentryRefusals(),
      },
      errors: { notFound, methodNotAllowed, badRequest, badRequestByParam },
      // Sentry takes a user or internal-integration token as `Bearer`, a legacy API key as `Basic`, and
      // a DSN as `DSN` on the endpoints that allow it; any value is accepted here.
      auth: { header: "authorization", pattern: "^(?:[Bb]earer|[Bb]asic|DSN) \\S", error: unauthenticated },
      lists: listProfiles(pin.origin, world.asOf, s.environments(), issueFacts(s)),
      // `organization_id_or_slug` and `project_id_or_slug` take ids too, and the issue endpoints are also
      // served without the organization (`/api/0/issues/{id}/…`, the older spelling clients still use).
      aliases: [
        { from: `^api/0/(organizations|projects|teams)/${s.orgId}(/|$)`, to: `api/0/$1/${s.orgSlug}$2` },
        ...s.projects.map((p) => ({
          from: `^api/0/projects/${s.orgSlug}/${p.id}(/|$)`,
          to: `api/0/projects/${s.orgSlug}/${p.service.slug}$1`,
        })),
        { from: "^api/0/issues/(\\d+)(/|$)", to: `${org}/issues/$1$2` },
        // A project's release commits are the organization's release commits (versions are SHAs: one project each).
        { from: `^api/0/projects/${s.orgSlug}/[^/]+/releases/([^/]+)/commits$`, to: `${org}/releases/$1/commits` },
      ],
    };
  },
  resources(world: World, pin: PinContext): Iterable<Resource> {
    return sentryResources(new SentryContext(world, pin));
  },
});

/** What the issue search's `release:` and `environment:` select, by issue id (lists.ts IssueFacts). */
function issueFacts(s: SentryContext): IssueFacts {
  const byRelease: Record<string, string[]> = {},
    byEnvironment: Record<string, string[]> = {};
  for (const issue of s.issues) {
    const id = String(issue.group.id);
    // The detail's `firstRelease` is null when the introducing SHA was never deployed successfully.
    if (s.release(issue.group.firstRelease)) (byRelease[issue.group.firstRelease] ??= []).push(id);
    for (const env of new Set(issue.events.map((e) => e.environment))) (byEnvironment[env] ??= []).push(id);
  }
  return { byRelease, byEnvironment, teams: [...new Set(s.projects.map((p) => p.team.slug))].sort() };
}
