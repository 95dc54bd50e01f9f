import type { ProviderManifest } from "../../core/provider.js";

/** Buildkite: what the catalog, the MCP tool and an unavailable host say of it. */
export const manifest: ProviderManifest = {
  id: "buildkite",
  name: "Buildkite",
  unavailable: { status: 503, body: { message: "{message}" } },
};
