import type { ComputedRoute } from "../../core/define-provider.js";
import type { ComputeHandler } from "../../core/provider.js";

/**
 * Writes never change the host: the token it answers as is read-only, and Buildkite refuses a request
 * that needs a scope the token lacks with a 403 naming it (`Your access token doesn't have the
 * write_builds scope`, as buildkite/cli quotes the API). Each write route names the scope its resource
 * needs (pages/apis/rest_api/*.md, "Required scope"); any other write gets the profile's `Forbidden`.
 */
const SCOPES: Array<{ path: string; scope: string }> = [
  { path: "^v2/organizations/[^/]+/pipelines/[^/]+/builds/\\d+/artifacts(?:/.*)?$", scope: "write_artifacts" },
  // A build-scoped job path reads as its organization-scoped alias (build-resources.ts) before these apply.
  { path: "^v2/organizations/[^/]+/jobs/[^/]+/artifacts(?:/.*)?$", scope: "write_artifacts" },
  { path: "^v2/organizations/[^/]+/jobs/[^/]+/log$", scope: "write_build_logs" },
  { path: "^v2/organizations/[^/]+/(?:pipelines/[^/]+/)?builds(?:/.*)?$", scope: "write_builds" },
  { path: "^v2/organizations/[^/]+/jobs(?:/.*)?$", scope: "write_builds" },
  { path: "^v2/organizations/[^/]+/pipelines(?:/.*)?$", scope: "write_pipelines" },
  { path: "^v2/organizations/[^/]+/agents(?:/.*)?$", scope: "write_agents" },
  { path: "^v2/organizations/[^/]+/teams(?:/.*)?$", scope: "write_teams" },
  { path: "^v2/organizations/[^/]+/members(?:/.*)?$", scope: "write_organizations" },
];

const refuse =
  (scope: string): ComputeHandler =>
  async () => ({
    status: 403,
    headers: { "content-type": "application/json; charset=utf-8" },
    body: JSON.stringify({ message: `Your access token doesn't have the ${scope} scope` }),
  });

/** One refusal per scope, shared by the routes that need it. */
const refusals = new Map([...new Set(SCOPES.map((s) => s.scope))].map((scope) => [scope, refuse(scope)]));

export const writeRoutes: ComputedRoute[] = ["POST", "PUT", "PATCH", "DELETE"].flatMap((method) =>
  SCOPES.map((s) => ({ method, path: s.path, handler: `refuse-${s.scope}`, run: refusals.get(s.scope)! })),
);
