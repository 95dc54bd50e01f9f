import type { ProviderManifest } from "../../core/provider.js";

/** CircleCI: what the catalog, the MCP tool and an unavailable host say of it. */
export const manifest: ProviderManifest = {
  id: "circleci",
  name: "CircleCI",
  unavailable: { status: 503, body: { message: "{message}" } },
};
