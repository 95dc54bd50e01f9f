import type { PinContext, Resource, ServingProfile } from "../../core/provider.js";
import type { World } from "../../world/types.js";
import { associationResources } from "./associations.js";
import { HsContext, uuidOf } from "./context.js";
import { OBJECT_TYPES, spellings } from "./object-types.js";
import { badRequestDoc, notFoundDoc, readOnlyDoc } from "./errors.js";
import { CONTRACTS_FOLDER, fileResources, folderId } from "./files.js";
import { computedRoutes } from "./handlers.js";
import { ASSOCIATIONS_LIMIT, FILES_LIMIT, MAX_LIST_LIMIT, OBJECTS_LIMIT, OWNERS_LIMIT, listProfiles } from "./lists.js";
import { objectResources } from "./objects.js";
import { ownerResources } from "./owners.js";
import { pipelineResources } from "./pipelines.js";
import { propertyResources } from "./properties.js";
import { LEGACY_LISTS, legacyPagination, legacyResources } from "./legacy.js";
import { OTHER_TYPES, otherObjectResources, otherSpellings } from "./other-objects.js";
import { USERS_LIMIT, userResources } from "./users.js";
import { defineProvider } from "../../core/define-provider.js";

/** The rate-limit headers of a private app on a Professional portal (a snapshot never runs down). */
const RATE_LIMIT_HEADERS = {
  "x-hubspot-ratelimit-daily": "625000",
  "x-hubspot-ratelimit-daily-remaining": "624999",
  "x-hubspot-ratelimit-interval-milliseconds": "10000",
  "x-hubspot-ratelimit-max": "190",
  "x-hubspot-ratelimit-remaining": "189",
  "x-hubspot-ratelimit-secondly": "19",
  "x-hubspot-ratelimit-secondly-remaining": "18",
};

/**
 * Other names of the same resources: an object type by its singular or its type id (`contact`, `0-1`)
 * in the v3 objects, properties and pipelines APIs and in v4 associations, and the contracts folder by
 * its path.
 */
function aliasRules(world: World): Array<{ from: string; to: string }> {
  const rules: Array<{ from: string; to: string }> = [];
  for (const type of OBJECT_TYPES) {
    const other = spellings(type).split("|").slice(1).join("|");
    rules.push({ from: `^crm/v3/(objects|properties|pipelines)/(?:${other})(/.*)?$`, to: `crm/v3/$1/${type}$2` });
  }
  for (const from of OBJECT_TYPES) {
    for (const to of OBJECT_TYPES) {
      if (from === to) continue;
      rules.push({
        from: `^crm/v4/objects/(?:${spellings(from)})/([^/]+)/associations/(?:${spellings(to)})$`,
        to: `crm/v4/objects/${from}/$1/associations/${to}`,
      });
      rules.push({
        from: `^crm/v4/associations/(?:${spellings(from)})/(?:${spellings(to)})/batch/read$`,
        to: `crm/v4/associations/${from}/${to}/batch/read`,
      });
    }
  }
  for (const t of OTHER_TYPES) {
    const other = otherSpellings(t).slice(1).map(escape).join("|");
    if (other) rules.push({ from: `^crm/v3/(objects|properties)/(?:${other})(/.*)?$`, to: `crm/v3/$1/${t.type}$2` });
  }
  // crm/v4/objects/{type} and /{id} (Singer's tickets stream reads `crm/v4/objects/tickets`) are the v3 objects.
  // The legacy properties APIs by any spelling (Airbyte asks `properties/v2/deal/properties`).
  const every: Array<[string, string]> = [
    ...OBJECT_TYPES.map((t): [string, string] => [t, spellings(t)]),
    ...OTHER_TYPES.map((t): [string, string] => [t.type, otherSpellings(t).map(escape).join("|")]),
  ];
  for (const [type, sp] of every) {
    rules.push({ from: `^crm/v4/objects/(?:${sp})(/[^/]+)?$`, to: `crm/v3/objects/${type}$1` });
    rules.push({ from: `^properties/v[12]/(?:${sp})/properties$`, to: `properties/v2/${type}/properties` });
  }
  rules.push({ from: "^companies/v2/properties$", to: "properties/v2/companies/properties" });
  rules.push({ from: `^files/v3/folders/${CONTRACTS_FOLDER}$`, to: `files/v3/folders/${folderId(world)}` });
  return rules;
}

const OBJECT_LIST = "^crm/v3/objects/[^/]+$";

const escape = (s: string) => s.replace(/[-.*+?^${}()|[\]\\]/g, "\\$&");

export default defineProvider({
  // What the catalog, the MCP tool and an unavailable host say of it.
  id: "hubspot",
  name: "HubSpot",
  unavailable: {
    status: 503,
    body: { status: "error", message: "{message}", correlationId: "00000000-0000-0000-0000-000000000000", category: "SERVICE_UNAVAILABLE" },
  },
  snippet: 'import { Client } from "@hubspot/api-client";\nconst hubspot = new Client({ accessToken: "any", basePath: "{{base_url}}" });',
  computed: computedRoutes(),
  serving(pin: PinContext, world: World, computed): ServingProfile {
    return {
      provider: "hubspot",
      headers: { ...RATE_LIMIT_HEADERS },
      query: {
        // Not `properties`, `associations` or `propertiesWithHistory`: every answer carries them all (objects.ts).
        // `propertiesWithHistory` on a list selects the list with histories (any value: `anyValue`).
        keep: ["limit", "after", "archived", "email", "idProperty", "propertiesWithHistory", "count", "offset", "vidOffset"],
        defaults: [
          // Python clients (tap-hubspot) send `archived=False`; HubSpot reads booleans case-insensitively.
          { param: "archived", value: "false" },
          { param: "archived", value: "False" },
          { param: "archived", value: "FALSE" },
          { param: "after", value: "0" },
          { param: "limit", value: String(OBJECTS_LIMIT.default), path: OBJECT_LIST },
          { param: "limit", value: String(FILES_LIMIT.default), path: "^files/v3/(files|folders)/search$" },
          { param: "limit", value: String(OWNERS_LIMIT.default), path: "^crm/v3/owners$" },
          { param: "limit", value: String(ASSOCIATIONS_LIMIT.default), path: "^crm/v4/" },
          { param: "idProperty", value: "id", path: "^crm/v3/owners/" },
          { param: "idProperty", value: "hs_object_id" },
          { param: "limit", value: String(USERS_LIMIT.default), path: "^settings/v3/users$" },
          { param: "count", value: String(LEGACY_LISTS.contacts.default), path: "^contacts/v1/" },
          { param: "limit", value: String(LEGACY_LISTS.companies.default), path: "^(companies/v2|deals/v1)/" },
          { param: "offset", value: "0" },
          { param: "vidOffset", value: "0" },
        ],
        anyValue: [{ param: "propertiesWithHistory", value: "all" }],
        clamp: [{ param: "limit", min: 1, max: MAX_LIST_LIMIT }],
      },
      errors: {
        notFound: notFoundDoc(uuidOf(`${pin.pin.name}/not-found`)),
        methodNotAllowed: readOnlyDoc(uuidOf(`${pin.pin.name}/read-only`)),
        badRequest: badRequestDoc(uuidOf(`${pin.pin.name}/bad-request`)),
      },
      lists: [
        ...listProfiles(pin.origin),
        ...Object.values(LEGACY_LISTS).map((l) => ({ path: `^${l.path}$`, paging: legacyPagination(pin.origin, l) })),
      ],
      aliases: aliasRules(world),
      computed,
    };
  },
  *resources(world: World, pin: PinContext): Generator<Resource> {
    const hs = new HsContext(world, pin);
    yield* objectResources(hs);
    yield* associationResources(hs);
    yield* ownerResources(hs);
    yield* pipelineResources(hs);
    yield* propertyResources(hs);
    if (pin.pin.files) yield* fileResources(hs);
    yield* otherObjectResources(hs);
    yield* userResources(hs);
    yield* legacyResources(hs);
  },
});
