import type { JsonValue, PinContext, Resource, ServingProfile } from "../../core/provider.js";
import type { DevinSession, World } from "../../world/types.js";
import { attachmentResources } from "./attachments.js";
import { DevinContext } from "./context.js";
import { badRequest, methodNotAllowed, notAuthenticated, notFound } from "./errors.js";
import { DEFAULT_LIMIT, MAX_LIMIT, devinPagination, sessionListProfile, sessionPages } from "./lists.js";
import { sessionDetail, sessionSummary } from "./sessions.js";
import { orgResources } from "./org.js";
import { writeRoutes } from "./writes.js";
import { defineProvider } from "../../core/define-provider.js";

/**
 * Devin API v1 (`https://api.devin.ai/v1`): the organization's sessions, each session with its messages,
 * and the files Devin attached to them. One pin, generation 5. See README.md for what is served.
 */
export default defineProvider({
  // What the catalog, the MCP tool and an unavailable host say of it.
  id: "devin",
  name: "Devin",
  unavailable: { status: 503, body: { detail: "{message}" } },
  snippet:
    "// Devin has no official client: its REST API with fetch, as its docs show\nconst pin = " +
    '"{{base_url}}";\nconst sessions = await (await fetch(`${pin}/v1/sessions?limit=100`, { ' +
    'headers: { authorization: "Bearer any" } })).json();',
  computed: writeRoutes,
  serving(pin: PinContext, _world: World, computed): ServingProfile {
    return {
      provider: "devin",
      headers: {},
      query: {
        keep: ["limit", "offset", "tags", "user_email"],
        defaults: [
          { param: "limit", value: String(DEFAULT_LIMIT) },
          { param: "offset", value: "0" },
        ],
        anyValue: [],
        // Not `offset`: one that is no integer must reach the engine, which answers FastAPI's 422.
        clamp: [{ param: "limit", min: 1, max: MAX_LIMIT }],
      },
      errors: { notFound, methodNotAllowed, badRequest },
      // Every request needs `Authorization: Bearer <key>`, reads included; any key passes.
      auth: { header: "authorization", pattern: "^Bearer \\S", error: notAuthenticated },
      pagination: devinPagination(pin.origin),
      lists: [sessionListProfile(pin.origin)],
      // Older docs and clients (e.g. Activepieces) spell the detail path in the singular.
      aliases: [{ from: "^v1/session/(.+)$", to: "v1/sessions/$1" }],
      computed,
    };
  },
  *resources(world: World, pin: PinContext): Generator<Resource> {
    const d = new DevinContext(world, pin);
    // Newest first, as Devin lists sessions.
    const sessions = [...world.ai.devin].sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1));
    const list = (pick: DevinSession[]): JsonValue[] => pick.map((s) => sessionSummary(d, s));
    yield* sessionPages(pin.origin, list(sessions));
    // One tag's and one person's lists stay pre-rendered (their bytes are locked); the engine answers the rest.
    const tags = [...new Set(sessions.flatMap((s) => s.tags))].sort();
    for (const tag of tags) yield* sessionPages(pin.origin, list(sessions.filter((s) => s.tags.includes(tag))), [["tags", tag]]);
    // Every engineer's list, empty for those who never started a session.
    for (const p of world.people)
      yield* sessionPages(pin.origin, list(sessions.filter((s) => s.personId === p.id)), [["user_email", p.email]]);
    for (const s of sessions) {
      yield { path: `v1/sessions/${s.id}`, body: sessionDetail(d, s) };
      yield* attachmentResources(d, s);
    }
    // The organization's knowledge, playbooks and secrets' metadata: whole lists, no parameters (org.ts).
    yield* orgResources(d);
  },
});
