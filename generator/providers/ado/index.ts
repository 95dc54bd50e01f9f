import type { PinContext, Resource, ServingProfile } from "../../core/provider.js";
import type { World } from "../../world/types.js";
import { aliasRules } from "./aliases.js";
import { boardResources, MAX_DEPTH } from "./boards.js";
import { buildLinkResources } from "./build-links.js";
import { buildResources } from "./builds.js";
import { AdoContext, guidOf } from "./context.js";
import { coreResources } from "./core.js";
import { badRequestDoc, methodNotAllowed, notFound } from "./errors.js";
import { adoRefusals } from "./params.js";
import { fileResources } from "./files.js";
import { gitResources } from "./git.js";
import { computedRoutes } from "./handlers.js";
import { identityResources } from "./identities.js";
import { iterationResources } from "./iterations.js";
import { adoPagination, BUILDS_TOP, DEFAULT_TOP, MAX_TOP } from "./lists.js";
import { discovery } from "./locations.js";
import { adoLists } from "./profiles.js";
import { pullResources } from "./pulls.js";
import { pushResources } from "./pushes.js";
import { wiqlResources } from "./wiql.js";
import { workItemResources } from "./workitems.js";
import { workItemTypeResources } from "./work-item-types.js";
import { defineProvider } from "../../core/define-provider.js";

/**
 * Generation 1 has no repository files (DESIGN.md: generations): commits still name their tree and
 * changed items as the service does, and these answer the provider's 404 there (decision 0030).
 */
export const FILE_LINKS = /\/_apis\/git\/repositories\/[^/]+\/(items|trees|blobs)(\/|$)/;

const BUILDS = "/_apis/build/builds$";

export default defineProvider({
  // What the catalog, the MCP tool and an unavailable host say of it.
  id: "ado",
  name: "Azure DevOps",
  unavailable: {
    status: 503,
    body: {
      $id: "1",
      innerException: null,
      message: "{message}",
      typeName: "Microsoft.TeamFoundation.Framework.Server.ServiceUnavailableException, Microsoft.TeamFoundation.Framework.Server",
      typeKey: "ServiceUnavailableException",
      errorCode: 0,
      eventId: 3000,
    },
  },
  snippet:
    'import * as azdev from "azure-devops-node-api";\nconst pin = "{{base_url}}";\n' +
    "// The organization is the company's slug in this universe.\n" +
    'const connection = new azdev.WebApi(`${pin}/{{organization}}`, azdev.getPersonalAccessTokenHandler("any"));',
  computed: computedRoutes(),
  serving(pin: PinContext, world: World, computed): ServingProfile {
    return {
      provider: "ado",
      headers: {
        "x-tfs-processid": guidOf(`${pin.pin.name}/process`),
        "x-vss-senderdeploymentid": guidOf(`${pin.pin.name}/deployment`),
        "x-content-type-options": "nosniff",
        "x-frame-options": "SAMEORIGIN",
        p3p: 'CP="CAO DSP COR ADMa DEV CONo TELo CUR PSA PSD TAI IVDo OUR SAMi BUS DEM NAV STA UNI COM INT PHY ONL FIN PUR LOC CNT"',
        "access-control-expose-headers": "Request-Context, x-ms-continuationtoken",
      },
      query: {
        keep: [
          "$top",
          "$skip",
          "continuationToken",
          "searchCriteria.$top",
          "searchCriteria.$skip",
          "searchCriteria.itemVersion.version",
          "searchCriteria.author",
          "searchCriteria.status",
          "filter",
          "name",
          "definitions",
          "$expand",
          "$timeframe",
          "recursive",
          "revision",
          "version",
          "$depth",
        ],
        defaults: [
          { param: "$skip", value: "0" },
          { param: "$top", value: String(DEFAULT_TOP), path: `^(?!.*${BUILDS})` },
          { param: "$top", value: String(BUILDS_TOP), path: BUILDS },
          { param: "searchCriteria.$top", value: String(DEFAULT_TOP) },
          { param: "searchCriteria.$skip", value: "0" },
          { param: "searchCriteria.itemVersion.version", value: "main", path: "/_apis/git/repositories/[^/]+/commits$" },
          { param: "searchCriteria.status", value: "active", path: "/_apis/git/(repositories/[^/]+/)?pullRequests$" },
          { param: "searchCriteria.status", value: "1", path: "/_apis/git/(repositories/[^/]+/)?pullRequests$" },
          { param: "revision", value: "1", path: "/_apis/(build/definitions|pipelines)/\\d+$" },
          { param: "version", value: "main", path: "/_apis/git/repositories/[^/]+/items/" },
          { param: "$depth", value: "0" },
        ],
        // Work items: any `$expand` (relations, links, all, or the SDK's numbers) gets the expanded item.
        anyValue: [{ param: "$expand", value: "all" }],
        clamp: [
          { param: "$top", min: 1, max: MAX_TOP },
          { param: "$skip", min: 0, max: 1_000_000 },
          { param: "$depth", min: 0, max: MAX_DEPTH },
        ],
        // Documented parameters this snapshot cannot answer, and api-version's checks (params.ts).
        refuse: adoRefusals(),
      },
      errors: { notFound, methodNotAllowed, badRequest: badRequestDoc },
      pagination: adoPagination(pin.origin),
      lists: adoLists(pin.origin),
      aliases: aliasRules(new AdoContext(world, pin)),
      // The SDK's discovery: OPTIONS {org}/_apis/{area} is answered like a GET of the same key.
      rpc: [{ method: "OPTIONS", path: "^[^/]+/_apis/[^/]+$", params: [] }],
      computed,
    };
  },
  *resources(world: World, pin: PinContext): Generator<Resource> {
    const ado = new AdoContext(world, pin);
    const p = adoPagination(pin.origin);
    yield* discovery(ado);
    yield* coreResources(ado, p);
    yield* identityResources(ado, p);
    yield* gitResources(ado, p);
    yield* pushResources(ado, p);
    yield* pullResources(ado, p);
    yield* buildResources(ado, p);
    yield* buildLinkResources(ado);
    yield* workItemResources(ado, p);
    yield* workItemTypeResources(ado);
    yield* wiqlResources(ado);
    yield* iterationResources(ado, p);
    yield* boardResources(ado);
    // Service connections: the company builds from Azure Repos only, so there are none.
    yield { path: `${ado.projectPath()}/_apis/serviceendpoint/endpoints`, body: { count: 0, value: [] } };
    if (ado.files) yield* fileResources(ado);
  },
});
