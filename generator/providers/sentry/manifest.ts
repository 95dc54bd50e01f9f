import type { ProviderManifest } from "../../core/provider.js";

/** Sentry: what the catalog, the MCP tool and an unavailable host say of it. */
export const manifest: ProviderManifest = {
  id: "sentry",
  name: "Sentry",
  unavailable: { status: 503, body: { detail: "{message}" } },
};
