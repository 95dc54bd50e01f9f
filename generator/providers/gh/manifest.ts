import type { ProviderManifest } from "../../core/provider.js";

/** GitHub: what the catalog, the MCP tool and an unavailable host say of it. */
export const manifest: ProviderManifest = {
  id: "gh",
  name: "GitHub",
  unavailable: { status: 503, body: { message: "{message}", documentation_url: "https://docs.github.com/rest", status: "503" } },
  snippet: 'import { Octokit } from "@octokit/rest";\nconst octokit = new Octokit({ baseUrl: "{{base_url}}" });',
};
