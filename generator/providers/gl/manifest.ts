import type { ProviderManifest } from "../../core/provider.js";

/** GitLab: what the catalog, the MCP tool and an unavailable host say of it. */
export const manifest: ProviderManifest = {
  id: "gl",
  name: "GitLab",
  unavailable: { status: 503, body: { message: "503 Service Unavailable: {message}" } },
  snippet: 'import { Gitlab } from "@gitbeaker/rest";\nconst gitlab = new Gitlab({ host: "{{base_url}}", token: "any" });',
};
