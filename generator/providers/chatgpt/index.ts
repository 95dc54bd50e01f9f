import { createHash } from "node:crypto";
import { withKeyedHeaders } from "../../core/keyed.js";
import type { PinContext, Resource, ServingProfile } from "../../core/provider.js";
import type { World } from "../../world/types.js";
import { CgContext } from "./context.js";
import { conversationResources } from "./conversations.js";
import { deleteRoutes } from "./deletes.js";
import { badRequest, methodNotAllowed, missingKey, notFound } from "./errors.js";
import { gptResources } from "./gpts.js";
import { logResources, logRoutes } from "./logs.js";
import { CONVERSATIONS, OBJECTS, USERS } from "./lists.js";
import { listProfiles } from "./profiles.js";
import { projectResources } from "./projects.js";
import { userResources } from "./users.js";
import { defineProvider } from "../../core/define-provider.js";

/** Every answer carries an `x-request-id`; a pre-rendered one gets it from its own key. */
function withRequestIds(pin: PinContext, resources: Iterable<Resource>): Generator<Resource> {
  return withKeyedHeaders(resources, (key) => ({
    "x-request-id": `req_${createHash("sha256").update(`${pin.pin.name}\u0000${key}`).digest("hex").slice(0, 32)}`,
  }));
}

const WS = "^v1/compliance/workspaces/[^/]+";

/**
 * ChatGPT Enterprise's Compliance API (`https://api.chatgpt.com/v1/compliance/workspaces/{id}/…`):
 * the workspace's users, conversations with their messages, custom GPTs and projects, and the Logs
 * Platform's conversation-message log files, projected from `world.ai.chatgpt` and the ChatGPT seats.
 * A live host only (`chatgpt.<domain>`). See README.md.
 */
export default defineProvider({
  // What the catalog, the MCP tool and an unavailable host say of it.
  id: "chatgpt",
  name: "ChatGPT",
  unavailable: { status: 503, body: { error: { message: "{message}", type: "server_error", param: null, code: "service_unavailable" } } },
  snippet:
    "// The Compliance API has no official client: plain fetch, as OpenAI's reference shows " +
    '(workspace id: see the provider README)\nconst api = "{{base_url}}/v1/compliance/' +
    'workspaces/<workspace_id>";\nconst users = await (await fetch(`${api}/users?limit=200`, { ' +
    'headers: { authorization: "Bearer any" } })).json();',
  computed: [...deleteRoutes, ...logRoutes],
  serving(pin: PinContext, _world: World, computed): ServingProfile {
    const h = createHash("sha256").update(`${pin.pin.name}\u0000error`).digest("hex");
    return {
      provider: "chatgpt",
      headers: {
        "x-request-id": `req_${h.slice(0, 32)}`,
        "x-content-type-options": "nosniff",
        "strict-transport-security": "max-age=31536000; includeSubDomains; preload",
        "access-control-expose-headers": "X-Request-ID",
      },
      query: {
        keep: ["limit", "after", "since_timestamp", "users"],
        defaults: [
          { param: "limit", value: String(CONVERSATIONS.default), path: `${WS}/conversations$` },
          { param: "limit", value: String(USERS.default), path: `${WS}/(users|gpts/[^/]+/shared_users|projects/[^/]+/shared_users)$` },
          { param: "limit", value: String(OBJECTS.default), path: `${WS}/(gpts|projects)(/[^/]+/configs)?$` },
        ],
        anyValue: [],
        clamp: [{ param: "limit", min: 1, max: CONVERSATIONS.max }],
      },
      errors: { notFound, methodNotAllowed, badRequest },
      lists: listProfiles(pin.origin),
      // The Compliance API answers 401 without `Authorization: Bearer <key>`; any key is accepted here.
      auth: { header: "authorization", pattern: "^[Bb]earer \\S", error: missingKey },
      computed,
    };
  },
  *resources(world: World, pin: PinContext): Generator<Resource> {
    const cg = new CgContext(world, pin);
    yield* withRequestIds(
      pin,
      (function* () {
        yield* userResources(cg);
        yield* conversationResources(cg);
        yield* gptResources(cg);
        yield* projectResources(cg);
        yield* logResources(cg);
      })(),
    );
  },
});
