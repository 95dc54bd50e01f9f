import type { ProviderManifest } from "../../core/provider.js";

/** Sentry: what the catalog, the MCP tool and an unavailable host say of it. */
export const manifest: ProviderManifest = {
  id: "sentry",
  name: "Sentry",
  unavailable: { status: 503, body: { detail: "{message}" } },
  // Sentry's docs call the Web API with plain HTTP and a bearer token, following the Link header's
  // `rel="next"` while it says `results="true"`.
  snippet: [
    'const host = "{{base_url}}";',
    'const headers = { Authorization: "Bearer any-token" };',
    "const [project] = await (await fetch(`${host}/api/0/projects/`, { headers })).json();",
    "let url = `${host}/api/0/projects/${project.organization.slug}/${project.slug}/issues/?query=is:unresolved`;",
    "while (url) {",
    "  const res = await fetch(url, { headers });",
    "  console.log(await res.json());",
    '  url = /<([^>]+)>; rel="next"; results="true"/.exec(res.headers.get("link") ?? "")?.[1];',
    "}",
  ].join("\n"),
};
