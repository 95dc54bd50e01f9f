import type { PinContext, Resource, ServingProfile } from "../../core/provider.js";
import type { World } from "../../world/types.js";
import { LATEST, MASTER_RECORD_TYPE, base, describe, describeGlobal, globalEntry, limits, resourcesOf, versions } from "./describe.js";
import { layout, layouts } from "./layouts.js";
import { INVALID_SESSION, NOT_FOUND, READ_ONLY } from "./errors.js";
import { ORG_KEY, computedRoutes } from "./handlers.js";
import { orgData } from "./records.js";
import { OBJECTS } from "./schema.js";
import { defineProvider } from "../../core/define-provider.js";

/**
 * Salesforce's REST API (`https://<instance>.my.salesforce.com/services/data/…`) over the org a company
 * running Salesforce beside HubSpot would have: versions, resources, the global and per-object describe,
 * limits, record reads, and SOQL through `query` and `queryAll` (computed over the frozen records, paged
 * by `nextRecordsUrl`). A live host only. See README.md.
 */
export default defineProvider({
  // What the catalog, the MCP tool and an unavailable host say of it.
  id: "sf",
  name: "Salesforce",
  unavailable: { status: 503, body: [{ message: "{message}", errorCode: "SERVER_UNAVAILABLE" }] },
  computed: computedRoutes,
  serving(_pin: PinContext, _world: World, computed): ServingProfile {
    return {
      provider: "sf",
      headers: {
        "sforce-limit-info": "api-usage=1/100000",
        "x-content-type-options": "nosniff",
        "strict-transport-security": "max-age=63072000; includeSubDomains",
      },
      query: { keep: [], defaults: [], anyValue: [], clamp: [] },
      errors: { notFound: NOT_FOUND, methodNotAllowed: READ_ONLY },
      auth: { header: "authorization", pattern: "^(Bearer|OAuth) \\S", error: INVALID_SESSION },
      computed,
    };
  },
  *resources(world: World, _pin: PinContext): Generator<Resource> {
    const b = base(LATEST).slice(1);
    yield { path: "services/data", body: versions() };
    yield { path: b, body: resourcesOf(LATEST) };
    yield { path: `${b}/limits`, body: limits() };
    yield { path: `${b}/sobjects`, body: describeGlobal(LATEST) };
    for (const o of OBJECTS) {
      yield { path: `${b}/sobjects/${o.name}`, body: { objectDescribe: globalEntry(o, LATEST), recentItems: [] } };
      yield { path: `${b}/sobjects/${o.name}/describe`, body: describe(o, LATEST) };
      yield { path: `${b}/sobjects/${o.name}/describe/layouts`, body: layouts(o, LATEST) };
      yield { path: `${b}/sobjects/${o.name}/describe/layouts/${MASTER_RECORD_TYPE}`, body: layout(o) };
    }
    yield { path: ORG_KEY, body: orgData(world) as never };
  },
});
