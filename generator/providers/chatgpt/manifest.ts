import type { ProviderManifest } from "../../core/provider.js";

/** ChatGPT: what the catalog, the MCP tool and an unavailable host say of it. */
export const manifest: ProviderManifest = {
  id: "chatgpt",
  name: "ChatGPT",
  unavailable: { status: 503, body: { error: { message: "{message}", type: "server_error", param: null, code: "service_unavailable" } } },
  snippet:
    "// The Compliance API has no official client: plain fetch, as OpenAI's reference shows " +
    "(workspace id: see the provider README)\nconst " +
    'api = "{{base_url}}/v1/compliance/workspaces/<workspace_id>";\nconst users = await (await ' +
    'fetch(`${api}/users?limit=200`, { headers: { authorization: "Bearer any" } })).json();',
};
