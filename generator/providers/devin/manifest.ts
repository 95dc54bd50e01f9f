import type { ProviderManifest } from "../../core/provider.js";

/** Devin: what the catalog, the MCP tool and an unavailable host say of it. */
export const manifest: ProviderManifest = {
  id: "devin",
  name: "Devin",
  unavailable: { status: 503, body: { detail: "{message}" } },
  snippet:
    "// Devin has no official client: its REST API with fetch, as its docs show\nconst pin = " +
    '"{{base_url}}";\nconst sessions = await (await ' +
    'fetch(`${pin}/v1/sessions?limit=100`, { headers: { authorization: "Bearer any" } })).json();',
};
