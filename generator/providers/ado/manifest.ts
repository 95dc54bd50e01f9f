import type { ProviderManifest } from "../../core/provider.js";

/** Azure DevOps: what the catalog, the MCP tool and an unavailable host say of it. */
export const manifest: ProviderManifest = {
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
    'import * as azdev from "azure-devops-node-api";\nconst pin = "{{base_url}}"; // organization: the company\'s slug, northwind ' +
    "(generation 1) or lumenharbor (generation 5)\nconst connection = new azdev.WebApi(`${pin}/" +
    '<organization>`, azdev.getPersonalAccessTokenHandler("any"));',
};
