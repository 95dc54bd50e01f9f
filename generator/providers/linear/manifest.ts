import type { ProviderManifest } from "../../core/provider.js";

/** Linear: what the catalog, the MCP tool and an unavailable host say of it. */
export const manifest: ProviderManifest = {
  id: "linear",
  name: "Linear",
  unavailable: {
    status: 503,
    body: {
      errors: [{ message: "{message}", extensions: { code: "SERVICE_UNAVAILABLE", type: "service unavailable", userError: false } }],
    },
  },
  snippet:
    'import { LinearClient } from "@linear/sdk";\nconst pin = "{{base_url}}";\nconst linear = new LinearClient({ apiKey: "any", apiUrl: ' +
    "`${pin}/graphql` });",
};
