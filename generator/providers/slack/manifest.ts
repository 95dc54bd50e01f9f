import type { ProviderManifest } from "../../core/provider.js";

/** Slack: what the catalog, the MCP tool and an unavailable host say of it. */
export const manifest: ProviderManifest = {
  id: "slack",
  name: "Slack",
  unavailable: { status: 503, body: { ok: false, error: "service_unavailable", warning: "{message}" } },
};
