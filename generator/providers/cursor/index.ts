import type { PinContext, Provider, Resource, ServingProfile } from "../../core/provider.js";
import type { World } from "../../world/types.js";
import { aiCodeHandlers, aiCodeItems, aiCodeRoutes } from "./ai-code.js";
import { CursorContext } from "./context.js";
import { dataResources } from "./data.js";
import { badRequest, invalid, methodNotAllowed, notFound, unauthorized } from "./errors.js";
import { aiCodeListProfiles, aiCodePages, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "./lists.js";
import { memberResources } from "./members.js";
import { usageHandlers, usageRoutes } from "./usage.js";
import { writeHandlers, writeRoutes } from "./writes.js";

/** Cursor's bodies carry no URLs, so no link is left unserved. */
export const UNSERVED_LINKS: RegExp[] = [];

/**
 * The Cursor Admin API and AI Code Tracking API (`https://api.cursor.com`), a live host only: the team's
 * members, its daily usage, spend and usage events, and the commits and changes Cursor's AI wrote. The
 * POST reports and the CSV downloads are computed from frozen data (data.ts) for each request; the JSON
 * lists of commits and changes are the query engine's (lists.ts). See README.md.
 */
export const cursor: Provider = {
  id: "cursor",
  title: "Cursor Admin API",
  serving(pin: PinContext, world: World): ServingProfile {
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
      computed: [...usageRoutes, ...aiCodeRoutes, ...writeRoutes],
    };
  },
  handlers: { ...usageHandlers, ...aiCodeHandlers, ...writeHandlers },
  *resources(world: World, pin: PinContext): Generator<Resource> {
    const c = new CursorContext(world, pin);
    const ai = aiCodeItems(c);
    yield* memberResources(c);
    yield* aiCodePages(pin.origin, ai);
    yield* dataResources(c, ai);
  },
};
