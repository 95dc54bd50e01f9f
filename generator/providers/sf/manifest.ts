import type { ProviderManifest } from "../../core/provider.js";

/** Salesforce: what the catalog, the MCP tool and an unavailable host say of it. */
export const manifest: ProviderManifest = {
  id: "sf",
  name: "Salesforce",
  unavailable: { status: 503, body: [{ message: "{message}", errorCode: "SERVER_UNAVAILABLE" }] },
};
