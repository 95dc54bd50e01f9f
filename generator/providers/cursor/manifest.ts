import type { ProviderManifest } from "../../core/provider.js";

/** Cursor: what the catalog, the MCP tool and an unavailable host say of it. */
export const manifest: ProviderManifest = {
  id: "cursor",
  name: "Cursor",
  unavailable: { status: 503, body: { error: "service_unavailable", message: "{message}" } },
};
