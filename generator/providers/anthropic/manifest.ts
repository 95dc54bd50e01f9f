import type { ProviderManifest } from "../../core/provider.js";

/** Anthropic: what the catalog, the MCP tool and an unavailable host say of it. */
export const manifest: ProviderManifest = {
  id: "anthropic",
  name: "Anthropic",
  unavailable: { status: 503, body: { type: "error", error: { type: "overloaded_error", message: "{message}" } } },
  snippet:
    'import Anthropic from "@anthropic-ai/sdk";\nconst host = "{{base_url}}";\nconst anthropic = new Anthropic({ apiKey: ' +
    '"sk-ant-admin01-any", baseURL: host });\nconst usage = await anthropic.get("/v1/' +
    'organizations/usage_report/messages", { query: { starting_at: "2026-09-01T00:00:00Z", ' +
    'group_by: ["model"] } });',
};
