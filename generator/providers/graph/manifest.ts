import type { ProviderManifest } from "../../core/provider.js";

/** Microsoft Graph: what the catalog, the MCP tool and an unavailable host say of it. */
export const manifest: ProviderManifest = {
  id: "graph",
  name: "Microsoft Graph",
  unavailable: { status: 503, body: { error: { code: "serviceNotAvailable", message: "{message}", innerError: {} } } },
  snippet:
    'import { Client, PageIterator } from "@microsoft/microsoft-graph-client";\n// The client insists on https: trust the host\'s ' +
    "certificate (NODE_EXTRA_CA_CERTS) and point it at the host.\nconst client = Client.init({ " +
    'baseUrl: "{{base_url}}", authProvider: (done) => done(null, "any-token") });\nconst users ' +
    '= await client.api("/users").top(100).get();\nawait new PageIterator(client, users, ' +
    "(user) => { console.log(user.displayName); return true; }).iterate();",
};
