import type { ProviderManifest } from "../../core/provider.js";

/** Bitbucket Cloud: what the catalog, the MCP tool and an unavailable host say of it. */
export const manifest: ProviderManifest = {
  id: "bb",
  name: "Bitbucket Cloud",
  unavailable: { status: 503, body: { type: "error", error: { message: "{message}" } } },
  snippet:
    'import { Bitbucket } from "bitbucket";\nconst pin = "{{base_url}}";\nconst bitbucket = new Bitbucket({ baseUrl: `${pin}/2.0` });',
};
