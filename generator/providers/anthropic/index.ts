import { withKeyedHeaders } from "../../core/keyed.js";
import type { PinContext, Resource, ServingProfile } from "../../core/provider.js";
import type { World } from "../../world/types.js";
import { analyticsRoutes } from "./analytics.js";
import { AnthContext, requestId } from "./context.js";
import {
  MISSING_VERSION,
  anthropicError,
  badRequest,
  badRequestByReason,
  badVersion,
  methodNotAllowed,
  missingKey,
  notFound,
} from "./errors.js";
import { DEFAULT_LIMIT, listProfiles } from "./lists.js";
import { messageRoutes } from "./messages.js";
import { modelAliases, modelResources } from "./models.js";
import { organizationResources } from "./organization.js";
import { reportRoutes } from "./reports.js";
import { usageDataResources } from "./usage-data.js";
import { defineProvider } from "../../core/define-provider.js";

/** The API versions `anthropic-version` may name: the two published ones and the one @anthropic-ai/sdk 1.x sends. */
export const API_VERSIONS = ["2023-01-01", "2023-06-01", "2026-10-21"];

/** Every pre-rendered answer carries its own `request-id`, derived from its key. */
function withRequestIds(pin: PinContext, resources: Iterable<Resource>): Generator<Resource> {
  return withKeyedHeaders(resources, (key) => ({ "request-id": requestId(`${pin.pin.name}/${key}`) }));
}

/**
 * Anthropic's API (`https://api.anthropic.com`, paths under `/v1`): models, the Messages API (computed),
 * and the Admin API an organization's dashboards read: the organization, users, invites, workspaces and
 * their members, API keys, and the usage, cost and Claude Code reports (computed over frozen usage).
 * A live host only. See README.md.
 */
export default defineProvider({
  // What the catalog, the MCP tool and an unavailable host say of it.
  id: "anthropic",
  name: "Anthropic",
  unavailable: { status: 503, body: { type: "error", error: { type: "overloaded_error", message: "{message}" } } },
  snippet:
    'import Anthropic from "@anthropic-ai/sdk";\nconst host = "{{base_url}}";\nconst ' +
    'anthropic = new Anthropic({ apiKey: "sk-ant-admin01-any", baseURL: host });\nconst usage ' +
    '= await anthropic.get("/v1/organizations/usage_report/messages", { query: { starting_at: ' +
    '"2026-09-01T00:00:00Z", group_by: ["model"] } });',
  computed: [...messageRoutes, ...reportRoutes, ...analyticsRoutes],
  serving(pin: PinContext, world: World, computed): ServingProfile {
    const a = new AnthContext(world, pin);
    const errorId = requestId(`${pin.pin.name}/error`);
    return {
      provider: "anthropic",
      headers: {
        "request-id": errorId,
        "anthropic-organization-id": a.orgId,
        "x-robots-tag": "none",
        "access-control-expose-headers":
          "request-id, anthropic-organization-id, anthropic-ratelimit-requests-remaining, anthropic-ratelimit-input-tokens-remaining, " +
          "anthropic-ratelimit-output-tokens-remaining",
      },
      query: {
        keep: ["limit", "after_id"],
        defaults: [{ param: "limit", value: String(DEFAULT_LIMIT) }],
        anyValue: [],
        clamp: [],
      },
      errors: {
        notFound: notFound(errorId),
        methodNotAllowed: methodNotAllowed(errorId),
        badRequest: badRequest(errorId),
        badRequestByReason: badRequestByReason(errorId),
        badVersion: badVersion(errorId),
      },
      // Every request names an API version and a credential: `x-api-key` (any key), or an OAuth bearer token.
      version: {
        requestHeader: "anthropic-version",
        supported: API_VERSIONS,
        required: { status: 400, body: anthropicError("invalid_request_error", MISSING_VERSION, errorId) },
      },
      auth: {
        header: "x-api-key",
        pattern: "\\S",
        error: missingKey(errorId),
        alternatives: [{ header: "authorization", pattern: "^[Bb]earer \\S" }],
      },
      lists: listProfiles(pin.origin),
      // `GET /v1/models/claude-sonnet-4-5` names the dated model it points at.
      aliases: modelAliases(world.asOf),
      computed,
    };
  },
  *resources(world: World, pin: PinContext): Generator<Resource> {
    const a = new AnthContext(world, pin);
    yield* withRequestIds(
      pin,
      (function* () {
        yield* modelResources(pin.origin, world.asOf);
        yield* organizationResources(a);
      })(),
    );
    yield* usageDataResources(a);
  },
});
