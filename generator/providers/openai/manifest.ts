import type { ProviderManifest } from "../../core/provider.js";

/** OpenAI: what the catalog, the MCP tool and an unavailable host say of it. */
export const manifest: ProviderManifest = {
  id: "openai",
  name: "OpenAI",
  unavailable: { status: 503, body: { error: { message: "{message}", type: "server_error", param: null, code: "service_unavailable" } } },
  snippet:
    'import OpenAI from "openai";\nconst pin = "{{base_url}}";\nconst openai = new OpenAI({ apiKey: "any", adminAPIKey: "any", baseURL: ' +
    "`${pin}/v1` });",
};
