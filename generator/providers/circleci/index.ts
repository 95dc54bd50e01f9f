import type { PinContext, Resource, ServingProfile } from "../../core/provider.js";
import type { World } from "../../world/types.js";
import { CciContext } from "./context.js";
import { badRequest, notFound, permissionDenied, unauthorized } from "./errors.js";
import { insightsResources } from "./insights.js";
import { jobResources } from "./jobs.js";
import { DEFAULT_WINDOW, PAGE_PARAM, PAGE_SIZE, SIZE_PARAM, cciPagination, listProfiles } from "./lists.js";
import { contextResources, organizationResources } from "./organization.js";
import { circleciRefusals } from "./params.js";
import { pipelineResources } from "./pipelines.js";
import { v1Resources } from "./v1.js";
import { defineProvider } from "../../core/define-provider.js";

/**
 * CircleCI's API v2 (`https://circleci.com/api/v2`): the token holder, the organization and its
 * projects, pipelines (of the organization, of a project, by branch, the holder's own), workflows, jobs,
 * job details, test metadata and artifacts, and the Insights summaries dashboards read. A live host
 * only; see README.md.
 */
/**
 * Other spellings of a project slug: `github/<org>/<repo>` (the long VCS name), and
 * `circleci/<org id>/<project id>` (the form of GitHub App organizations, which Airbyte's connector sends).
 */
function projectAliases(c: CciContext): Array<{ from: string; to: string }> {
  return [
    { from: "^api/v2/(project|insights|insights/pages)/github/", to: "api/v2/$1/gh/" },
    ...c.projects.map((p) => ({
      from: `^api/v2/(project|insights|insights/pages)/circleci/${c.orgId}/${p.id}(?=/|$)`,
      to: `api/v2/$1/${p.slug}`,
    })),
  ];
}

export default defineProvider({
  // What the catalog, the MCP tool and an unavailable host say of it.
  id: "circleci",
  name: "CircleCI",
  unavailable: { status: 503, body: { message: "{message}" } },
  snippet: [
    "// CircleCI's API v2 with fetch, as its docs show: a Circle-Token header (any token)",
    'const host = "{{base_url}}";',
    'const headers = { "Circle-Token": "any" };',
    "const [org] = await (await fetch(`${host}/api/v2/me/collaborations`, { headers })).json();",
    "const { items, next_page_token } = await (await fetch(`${host}/api/v2/pipeline?org-slug=${org.slug}`, { headers })).json();",
  ].join("\n"),
  serving(pin: PinContext, world: World): ServingProfile {
    const c = new CciContext(world, pin);
    return {
      provider: "circleci",
      headers: {},
      query: {
        keep: [
          PAGE_PARAM,
          SIZE_PARAM,
          "org-slug",
          "mine",
          "owner-id",
          "owner-slug",
          "owner-type",
          "reporting-window",
          "branch",
          "all-branches",
          "workflow-name",
        ],
        defaults: [
          { param: SIZE_PARAM, value: String(PAGE_SIZE) },
          { param: "reporting-window", value: DEFAULT_WINDOW },
          { param: "all-branches", value: "false" },
          { param: "mine", value: "false" },
          { param: "owner-type", value: "organization" },
        ],
        anyValue: [],
        clamp: [],
        // Documented parameters this host cannot answer: CircleCI's 400 naming them (params.ts, issue 37).
        refuse: circleciRefusals(),
      },
      errors: { notFound, methodNotAllowed: permissionDenied, badRequest },
      // A personal API token in `Circle-Token`, or as the user of HTTP basic auth; any token passes.
      auth: {
        header: "circle-token",
        pattern: "\\S",
        error: unauthorized,
        alternatives: [
          { header: "authorization", pattern: "^[Bb]asic \\S" },
          { query: "circle-token", pattern: "\\S" },
        ],
      },
      pagination: cciPagination(pin.origin),
      lists: listProfiles(pin.origin, c.me.handles.github),
      aliases: projectAliases(c),
    };
  },
  *resources(world: World, pin: PinContext): Generator<Resource> {
    const c = new CciContext(world, pin);
    yield* organizationResources(c);
    yield* contextResources(c);
    yield* pipelineResources(c);
    yield* jobResources(c);
    yield* insightsResources(c);
    yield* v1Resources(c);
  },
});
