import type { ProviderManifest } from "../../core/provider.js";

/** Statuspage: what the catalog, the MCP tool and an unavailable host say of it. */
export const manifest: ProviderManifest = {
  id: "statuspage",
  name: "Statuspage",
  unavailable: { status: 503, body: { error: "{message}" } },
};
