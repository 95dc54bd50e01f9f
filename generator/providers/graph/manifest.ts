import type { ProviderManifest } from "../../core/provider.js";

/** Microsoft Graph: what the catalog, the MCP tool and an unavailable host say of it. */
export const manifest: ProviderManifest = {
  id: "graph",
  name: "Microsoft Graph",
  unavailable: { status: 503, body: { error: { code: "serviceNotAvailable", message: "{message}", innerError: {} } } },
};
