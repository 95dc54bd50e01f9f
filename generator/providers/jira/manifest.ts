import type { ProviderManifest } from "../../core/provider.js";

/** Jira Cloud: what the catalog, the MCP tool and an unavailable host say of it. */
export const manifest: ProviderManifest = {
  id: "jira",
  name: "Jira Cloud",
  unavailable: { status: 503, body: { errorMessages: ["{message}"], errors: {} } },
  snippet:
    'import { Version3Client } from "jira.js";\nconst jira = new Version3Client({ host: ' +
    '"{{base_url}}", authentication: { basic: { email: ' +
    '"you@example.com", apiToken: "any" } } });',
};
