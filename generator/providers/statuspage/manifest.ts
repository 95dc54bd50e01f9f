import type { ProviderManifest } from "../../core/provider.js";

/** Statuspage: what the catalog, the MCP tool and an unavailable host say of it. */
export const manifest: ProviderManifest = {
  id: "statuspage",
  name: "Statuspage",
  // Statuspage's error body is `{"message": …}` (its published ErrorEntity).
  unavailable: { status: 503, body: { message: "{message}" } },
  snippet:
    'const host = "{{base_url}}";\nconst headers = { Authorization: "OAuth any-api-key" };' +
    "\nconst [page] = await (await fetch(`${host}/v1/" +
    "pages`, { headers })).json();\nconst incidents = await (await fetch(`${host}/v1/pages/" +
    "${page.id}/incidents?limit=100&page=1`, { headers })).json();",
};
