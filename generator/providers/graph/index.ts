import { withKeyedHeaders } from "../../core/keyed.js";
import type { PinContext, Resource, ServingProfile } from "../../core/provider.js";
import { isoSeconds } from "../../world/clock.js";
import type { World } from "../../world/types.js";
import { calendarResources } from "./calendar.js";
import { GraphContext, V } from "./context.js";
import { deltaResources } from "./delta.js";
import { directoryResources } from "./directory.js";
import { type ErrorIds, badRequest, badRequestByParam, badRequestByReason, missingToken, notFound, writeRefused } from "./errors.js";
import { computedRoutes } from "./handlers.js";
import { DIRECTORY_TOP, MAX_TOP, OUTLOOK_TOP, SIGN_IN_TOP, listProfiles } from "./lists.js";
import { metadataResources } from "./metadata.js";
import { signInResources } from "./signins.js";
import { defineProvider } from "../../core/define-provider.js";

const JSON_TYPE = "application/json;odata.metadata=minimal;odata.streaming=true;IEEE754Compatible=false;charset=utf-8";
const OUTLOOK_LISTS = `^${V.replace(".", "\\.")}/(users|groups)/[^/]+/(events|calendars)$`;
const SIGN_IN_LIST = `^${V.replace(".", "\\.")}/auditLogs/signIns$`;

function errorIds(c: GraphContext): ErrorIds {
  return { requestId: c.guid("request/error"), date: isoSeconds(c.asOf) };
}

/**
 * Microsoft Graph v1.0 (`https://graph.microsoft.com/v1.0/…`): the company's Microsoft 365 tenant, its
 * users, groups, managers, licences, calendars, delta queries and its sign-in log. A live host only. See README.md.
 */
export default defineProvider({
  // What the catalog, the MCP tool and an unavailable host say of it.
  id: "graph",
  name: "Microsoft Graph",
  unavailable: { status: 503, body: { error: { code: "serviceNotAvailable", message: "{message}", innerError: {} } } },
  snippet:
    'import { Client, PageIterator } from "@microsoft/microsoft-graph-client";\n// The client ' +
    "insists on https: trust the host's certificate (NODE_EXTRA_CA_CERTS) and point it at the " +
    'host.\nconst client = Client.init({ baseUrl: "{{base_url}}", authProvider: (done) => ' +
    'done(null, "any-token") });\nconst users = await client.api("/users").top(100).get();' +
    "\nawait new PageIterator(client, users, (user) => { console.log(user.displayName); return " +
    "true; }).iterate();",
  computed: computedRoutes,
  serving(pin: PinContext, world: World, computed): ServingProfile {
    const c = new GraphContext(world, pin);
    const ids = errorIds(c);
    const v = V.replace(".", "\\.");
    return {
      provider: "graph",
      headers: {
        "content-type": JSON_TYPE,
        "odata-version": "4.0",
        "request-id": ids.requestId,
        "client-request-id": ids.requestId,
        "strict-transport-security": "max-age=31536000",
        "x-ms-ags-diagnostic": JSON.stringify({
          ServerInfo: { DataCenter: "West US 2", Slice: "E", Ring: "1", ScaleUnit: "002", RoleInstance: "MW2PEPF00001A2B" },
        }),
        "x-ms-resource-unit": "1",
        "access-control-expose-headers": "request-id, client-request-id, odata-version, x-ms-ags-diagnostic, x-ms-resource-unit",
      },
      query: {
        keep: ["$top", "$skiptoken"],
        defaults: [
          { param: "$top", value: String(OUTLOOK_TOP), path: OUTLOOK_LISTS },
          { param: "$top", value: String(SIGN_IN_TOP), path: SIGN_IN_LIST },
          { param: "$top", value: String(DIRECTORY_TOP), path: `^(?!${OUTLOOK_LISTS.slice(1, -1)}$|${SIGN_IN_LIST.slice(1, -1)}$)` },
        ],
        anyValue: [],
        clamp: [],
      },
      errors: {
        notFound: notFound(ids),
        methodNotAllowed: writeRefused(ids),
        badRequest: badRequest(ids),
        badRequestByParam: badRequestByParam(ids),
        badRequestByReason: badRequestByReason(ids, MAX_TOP),
      },
      auth: { header: "authorization", pattern: "^[Bb]earer \\S", error: missingToken(ids) },
      lists: listProfiles(pin.origin),
      aliases: [
        { from: `^${v}/me/calendar/events(/.*)?$`, to: `${V}/users/${c.me.id}/events$1` },
        { from: `^${v}/me/calendar/calendarView$`, to: `${V}/users/${c.me.id}/calendarView` },
        { from: `^${v}/me/(.+)$`, to: `${V}/users/${c.me.id}/$1` },
        { from: `^${v}/(users|groups)/([^/]+)/calendar/events(/.*)?$`, to: `${V}/$1/$2/events$3` },
        { from: `^${v}/(users|groups)/([^/]+)/calendar/calendarView$`, to: `${V}/$1/$2/calendarView` },
      ],
      computed,
    };
  },
  *resources(world: World, pin: PinContext): Generator<Resource> {
    const c = new GraphContext(world, pin);
    yield* withKeyedHeaders(
      (function* () {
        yield* directoryResources(c);
        yield* deltaResources(c);
        yield* calendarResources(c);
        yield* signInResources(c);
      })(),
      (key) => {
        const id = c.guid(`request/${key}`);
        return { "content-type": JSON_TYPE, "request-id": id, "client-request-id": id };
      },
    );
    // The CSDL document keeps its own XML content type.
    yield* withKeyedHeaders(metadataResources(), (key) => {
      const id = c.guid(`request/${key}`);
      return { "request-id": id, "client-request-id": id };
    });
  },
});
