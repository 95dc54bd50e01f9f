import type { PinContext, Resource, ServingProfile } from "../../core/provider.js";
import { isoSeconds } from "../../world/clock.js";
import type { World } from "../../world/types.js";
import { analyticsResources, analyticsRoutes } from "./analytics.js";
import { PdContext } from "./context.js";
import { argumentsError, invalidInput, notFound, readOnly, unauthorized } from "./errors.js";
import { incidentListRoutes } from "./incident-list.js";
import { incidentResources } from "./incidents.js";
import { objectResources } from "./includes.js";
import { listProfiles } from "./lists.js";
import { meResources, meRoutes } from "./me.js";
import { oncallResources, oncallRoutes } from "./oncall-data.js";
import { pdRefusals } from "./params.js";
import { DEFAULT_LIMIT, MAX_LIMIT, pdPagination } from "./paging.js";
import { peopleResources } from "./people.js";
import { scheduleResources, scheduleRoutes } from "./schedules.js";
import { serviceResources } from "./services.js";
import { defineProvider } from "../../core/define-provider.js";

/**
 * PagerDuty's REST API v2 (`https://api.pagerduty.com`, paths at the root; clients send
 * `Accept: application/vnd.pagerduty+json;version=2` and `Authorization: Token token=<key>`):
 * users, teams and members, services and their integrations, escalation policies, schedules and
 * on-calls, incidents with their log entries, notes and alerts, the account's log entries, priorities and
 * abilities, and the raw incident analytics (a POST read). A live host only. See README.md.
 */
export default defineProvider({
  // What the catalog, the MCP tool and an unavailable host say of it.
  id: "pd",
  name: "PagerDuty",
  unavailable: { status: 503, body: { error: { message: "{message}", code: 2014, errors: ["Service unavailable"] } } },
  // @pagerduty/pdjs builds `https://<server>/<endpoint>`: the server is the host without its scheme. Its
  // `api.all` pages only hosts named `….com` (see README), so the snippet pages with `get` and `next()`.
  snippet:
    'import { api } from "@pagerduty/pdjs";\nconst pd = api({ token: "any", server: ' +
    '"{{base_url}}".replace(/^https:\\/\\//, "") });\nconst { data } = await pd.get("/' +
    'incidents", { data: { date_range: "all", limit: "100" } }); // data.incidents, data.more',
  computed: [...incidentListRoutes, ...oncallRoutes, ...scheduleRoutes, ...meRoutes, ...analyticsRoutes],
  serving(pin: PinContext, world: World, computed): ServingProfile {
    const paging = pdPagination(pin.origin);
    return {
      provider: "pd",
      headers: {},
      query: {
        keep: ["limit", "offset", "total"],
        defaults: [
          { param: "limit", value: String(DEFAULT_LIMIT) },
          { param: "offset", value: "0" },
          { param: "total", value: "false" },
        ],
        anyValue: [],
        clamp: [{ param: "limit", min: 1, max: MAX_LIMIT }],
        refuse: pdRefusals(),
      },
      errors: { notFound, methodNotAllowed: readOnly, badRequest: invalidInput, badRequestByParam: { offset: argumentsError } },
      // Any token passes (the host is no secret); only a request without one is refused, as PagerDuty does.
      auth: { header: "authorization", pattern: "^(Token token=|[Bb]earer )\\S", error: unauthorized },
      pagination: paging,
      lists: listProfiles(paging, isoSeconds(world.asOf)),
      computed,
    };
  },
  *resources(world: World, pin: PinContext): Generator<Resource> {
    const pd = new PdContext(world, pin);
    const paging = pdPagination(pin.origin);
    yield* peopleResources(pd, paging);
    yield* serviceResources(pd, paging);
    yield* scheduleResources(pd, paging);
    yield* oncallResources(pd);
    yield* incidentResources(pd, paging);
    yield* meResources(pd);
    yield* analyticsResources(pd);
    yield* objectResources(pd);
  },
});
