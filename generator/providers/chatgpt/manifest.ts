import type { ProviderManifest } from "../../core/provider.js";

/** ChatGPT: what the catalog, the MCP tool and an unavailable host say of it. */
export const manifest: ProviderManifest = {
  id: "chatgpt",
  name: "ChatGPT",
  unavailable: { status: 503, body: { error: { message: "{message}", type: "server_error", param: null, code: "service_unavailable" } } },
};
