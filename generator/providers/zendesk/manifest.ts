import type { ProviderManifest } from "../../core/provider.js";

/** Zendesk: what the catalog, the MCP tool and an unavailable host say of it. */
export const manifest: ProviderManifest = {
  id: "zendesk",
  name: "Zendesk",
  unavailable: { status: 503, body: { error: "ServiceUnavailable", description: "{message}" } },
};
