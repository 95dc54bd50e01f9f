import type { ProviderManifest } from "../../core/provider.js";

/** Buildkite: what the catalog, the MCP tool and an unavailable host say of it. */
export const manifest: ProviderManifest = {
  id: "buildkite",
  name: "Buildkite",
  unavailable: { status: 503, body: { message: "{message}" } },
  snippet:
    'const host = "{{base_url}}";\nconst headers = { Authorization: "Bearer any-token" };\nconst org = await (await fetch(`${host}/v2/' +
    "organizations`, { headers })).json();\nconst builds = await fetch(`${host}/v2/" +
    "organizations/${org[0].slug}/builds?state=failed&per_page=100`, { headers });" +
    '\nconsole.log(builds.headers.get("link"), await builds.json());',
};
