import type { PinContext, Resource, ServingProfile } from "../../core/provider.js";
import type { World } from "../../world/types.js";
import { aiCodeItems, aiCodeRoutes } from "./ai-code.js";
import { CursorContext } from "./context.js";
import { dataResources } from "./data.js";
import { badRequest, invalid, methodNotAllowed, notFound, unauthorized } from "./errors.js";
import { aiCodeListProfiles, aiCodePages, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "./lists.js";
import { memberResources } from "./members.js";
import { usageRoutes } from "./usage.js";
import { writeRoutes } from "./writes.js";
import { defineProvider } from "../../core/define-provider.js";

/**
 * The Cursor Admin API and AI Code Tracking API (`https://api.cursor.com`), a live host only: the team's
 * members, its daily usage, spend and usage events, and the commits and changes Cursor's AI wrote. The
 * POST reports and the CSV downloads are computed from frozen data (data.ts) for each request; the JSON
 * lists of commits and changes are the query engine's (lists.ts). See README.md.
 */
export default defineProvider({
  // What the catalog, the MCP tool and an unavailable host say of it.
  id: "cursor",
  name: "Cursor",
  // Cursor's error shape (https://cursor.com/docs/api#common-error-responses): the HTTP reason and a message.
  unavailable: { status: 503, body: { error: "Service Unavailable", message: "{message}" } },
  snippet:
    "// Cursor has no official client for its Admin API: fetch with Basic auth, the key as " +
    'the username\nconst base = "{{base_url}}";\nconst auth = { authorization: `Basic ' +
    '${btoa("key_any:")}`, "content-type": "application/json" };\nconst members = await (await ' +
    "fetch(`${base}/teams/members`, { headers: auth })).json();\nconst usage = await (await " +
    'fetch(`${base}/teams/daily-usage-data`, { method: "POST", headers: auth, body: ' +
    'JSON.stringify({ startDate: Date.parse("2026-09-01"), endDate: Date.parse("2026-09-30") ' +
    "}) })).json();",
  computed: [...usageRoutes, ...aiCodeRoutes, ...writeRoutes],
  serving(pin: PinContext, world: World, computed): ServingProfile {
    const c = new CursorContext(world, pin);
    return {
      provider: "cursor",
      headers: {},
      // The pre-rendered pages of the AI code tracking lists are keyed by page and size; every request
      // for them is computed by the query engine (the default window always filters), see lists.ts.
      query: {
        keep: ["page", "pageSize"],
        defaults: [
          { param: "page", value: "1" },
          { param: "pageSize", value: String(DEFAULT_PAGE_SIZE) },
        ],
        anyValue: [],
        clamp: [],
      },
      errors: {
        notFound,
        methodNotAllowed,
        badRequest,
        // The documented refusals of the AI code tracking lists: a user outside the team, a page too large.
        badRequestByParam: { user: invalid("Some users are not in the team") },
        badRequestByReason: { range: invalid(`pageSize cannot exceed ${MAX_PAGE_SIZE}`) },
      },
      // Basic auth with the API key as the username and an empty password, as Cursor's docs say; their
      // caching examples send the key as a Bearer token, which is accepted too. Any key passes.
      auth: { header: "authorization", pattern: "^(?:[Bb]asic [A-Za-z0-9+/]+={0,2}|[Bb]earer \\S+)\\s*$", error: unauthorized },
      // Only the AI code tracking lists page (by `page` and `pageSize`): their profiles carry their paging.
      lists: aiCodeListProfiles(c),
      computed,
    };
  },
  *resources(world: World, pin: PinContext): Generator<Resource> {
    const c = new CursorContext(world, pin);
    const ai = aiCodeItems(c);
    yield* memberResources(c);
    yield* aiCodePages(pin.origin, ai);
    yield* dataResources(c, ai);
  },
});
