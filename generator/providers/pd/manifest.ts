import type { ProviderManifest } from "../../core/provider.js";

/** PagerDuty: what the catalog, the MCP tool and an unavailable host say of it. */
export const manifest: ProviderManifest = {
  id: "pd",
  name: "PagerDuty",
  unavailable: { status: 503, body: { error: { message: "{message}", code: 2014, errors: ["Service unavailable"] } } },
  // @pagerduty/pdjs builds `https://<server>/<endpoint>`: the server is the host without its scheme. Its
  // `api.all` pages only hosts named `….com` (see README), so the snippet pages with `get` and `next()`.
  snippet:
    'import { api } from "@pagerduty/pdjs";\nconst pd = api({ token: "any", server: ' +
    '"{{base_url}}".replace(/^https:\\/\\//, "") });\nconst ' +
    '{ data } = await pd.get("/incidents", { data: { date_range: "all", limit: "100" } }); // ' +
    "data.incidents, data.more",
};
