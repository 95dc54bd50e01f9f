import type { ProviderManifest } from "../../core/provider.js";

/** Anthropic: what the catalog, the MCP tool and an unavailable host say of it. */
export const manifest: ProviderManifest = {
  id: "anthropic",
  name: "Anthropic",
  unavailable: { status: 503, body: { type: "error", error: { type: "overloaded_error", message: "{message}" } } },
};
