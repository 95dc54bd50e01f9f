import type { ProviderManifest } from "../../core/provider.js";

/** PagerDuty: what the catalog, the MCP tool and an unavailable host say of it. */
export const manifest: ProviderManifest = {
  id: "pd",
  name: "PagerDuty",
  unavailable: { status: 503, body: { error: { message: "{message}", code: 2014, errors: ["Service unavailable"] } } },
};
