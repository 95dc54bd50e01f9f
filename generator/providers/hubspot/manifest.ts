import type { ProviderManifest } from "../../core/provider.js";

/** HubSpot: what the catalog, the MCP tool and an unavailable host say of it. */
export const manifest: ProviderManifest = {
  id: "hubspot",
  name: "HubSpot",
  unavailable: {
    status: 503,
    body: { status: "error", message: "{message}", correlationId: "00000000-0000-0000-0000-000000000000", category: "SERVICE_UNAVAILABLE" },
  },
  snippet: 'import { Client } from "@hubspot/api-client";\nconst hubspot = new Client({ accessToken: "any", basePath: "{{base_url}}" });',
};
