import { listPages } from "../../core/paginate.js";
import type { JsonValue, PinContext, Resource, ServingProfile } from "../../core/provider.js";
import type { World } from "../../world/types.js";
import { annotationResources, buildResources, jobAlias } from "./build-resources.js";
import { BkContext, bkContext } from "./context.js";
import { badArtifactState, badRequest, methodNotAllowed, notAuthenticated, notFound } from "./errors.js";
import { BUILD_SELECTORS, bkPagination, listProfiles } from "./lists.js";
import { buildkiteRefusals } from "./params.js";
import { missingRoutes } from "./missing.js";
import { pipelineJson } from "./pipelines.js";
import { writeRoutes } from "./writes.js";
import { accessTokenJson, agentJson, memberJson, organizationJson, userJson } from "./users.js";
import { defineProvider } from "../../core/define-provider.js";

/**
 * Buildkite's REST API v2 (`https://api.buildkite.com/v2/…`): the token's user and the token itself,
 * the organization (the company), its members and agents, its pipelines (the repositories that build on
 * Buildkite), their builds with jobs, job logs, artifacts and annotations. A live host only. See README.md.
 */
export default defineProvider({
  // What the catalog, the MCP tool and an unavailable host say of it.
  id: "buildkite",
  name: "Buildkite",
  unavailable: { status: 503, body: { message: "{message}" } },
  snippet:
    'const host = "{{base_url}}";\nconst headers = { Authorization: "Bearer any-token" };' +
    "\nconst org = await (await fetch(`${host}/v2/organizations`, { headers })).json();\nconst " +
    "builds = await fetch(`${host}/v2/organizations/${org[0].slug}/builds?state=failed&" +
    'per_page=100`, { headers });\nconsole.log(builds.headers.get("link"), await ' +
    "builds.json());",
  computed: [...writeRoutes, ...missingRoutes],
  serving(pin: PinContext, world: World, computed): ServingProfile {
    const bk = bkContext(world, pin);
    return {
      provider: "buildkite",
      headers: {
        // Documented on every answer (pages/apis/rest_api.md, "Rate limiting"); the snapshot never runs out.
        "ratelimit-scope": "rest",
        "ratelimit-remaining": "199",
        "ratelimit-limit": "200",
        "ratelimit-reset": "60",
        "ratelimit-user-scope": "rest_user",
        "ratelimit-user-remaining": "49",
        "ratelimit-user-limit": "50",
        "ratelimit-user-reset": "60",
        "access-control-expose-headers": "Link",
      },
      query: {
        keep: ["page", "per_page", ...BUILD_SELECTORS],
        // `exclude_jobs=false` is the default answer; only `true` selects another variant.
        defaults: [
          { param: "per_page", value: "30" },
          { param: "page", value: "1" },
          ...BUILD_SELECTORS.flatMap((param) => ["false", "0"].map((value) => ({ param, value }))),
        ],
        anyValue: [],
        clamp: [{ param: "per_page", min: 1, max: 100 }],
        // Documented parameters this host cannot answer: Buildkite's 422 naming them (params.ts, issue 37).
        refuse: buildkiteRefusals(),
      },
      errors: { notFound, methodNotAllowed, badRequest, badRequestByParam: { state: badArtifactState } },
      // Every request needs `Authorization: Bearer <token>`, reads included; any token passes.
      auth: { header: "authorization", pattern: "^[Bb]earer \\S", error: notAuthenticated },
      pagination: bkPagination(pin.origin),
      lists: listProfiles(pin.origin),
      aliases: [jobAlias(bk.org.slug)],
      computed,
    };
  },
  *resources(world: World, pin: PinContext): Generator<Resource> {
    const bk = new BkContext(world, pin);
    const p = bkPagination(pin.origin);
    const org = `v2/organizations/${bk.org.slug}`;
    yield { path: "v2/user", body: userJson(bk, bk.holder) };
    yield { path: "v2/access-token", body: accessTokenJson(bk) };
    yield* listPages(p, "v2/organizations", [organizationJson(bk)]);
    yield { path: org, body: organizationJson(bk) };
    const members = [...bk.members].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
    yield* listPages(
      p,
      `${org}/members`,
      members.map((m) => memberJson(bk, m)),
    );
    for (const m of members) yield { path: `${org}/members/${bk.userId(m)}`, body: memberJson(bk, m) };
    yield* listPages(
      p,
      `${org}/agents`,
      bk.agents.map((a) => agentJson(bk, a)),
    );
    for (const a of bk.agents) yield { path: `${org}/agents/${a.id}`, body: agentJson(bk, a) };
    // The organization has no custom emoji, and its agents run unclustered (the `default` queue).
    yield { path: `${org}/emojis`, body: [] as JsonValue };
    yield { path: `${org}/clusters`, body: [] as JsonValue };
    yield* listPages(
      p,
      `${org}/pipelines`,
      bk.pipelines.map((pl) => pipelineJson(bk, pl)),
    );
    for (const pl of bk.pipelines) yield { path: `${org}/pipelines/${pl.slug}`, body: pipelineJson(bk, pl) };
    yield* buildResources(bk, p);
    yield* annotationResources(bk, p);
  },
});
