import type { ProviderManifest } from "../../core/provider.js";

/** CircleCI: what the catalog, the MCP tool and an unavailable host say of it. */
export const manifest: ProviderManifest = {
  id: "circleci",
  name: "CircleCI",
  unavailable: { status: 503, body: { message: "{message}" } },
  snippet: [
    "// CircleCI's API v2 with fetch, as its docs show: a Circle-Token header (any token)",
    'const host = "{{base_url}}";',
    'const headers = { "Circle-Token": "any" };',
    "const [org] = await (await fetch(`${host}/api/v2/me/collaborations`, { headers })).json();",
    "const { items, next_page_token } = await (await fetch(`${host}/api/v2/pipeline?org-slug=${org.slug}`, { headers })).json();",
  ].join("\n"),
};
