import type { ProviderManifest } from "../../core/provider.js";

/** Zendesk: what the catalog, the MCP tool and an unavailable host say of it. */
export const manifest: ProviderManifest = {
  id: "zendesk",
  name: "Zendesk",
  unavailable: { status: 503, body: { error: "ServiceUnavailable", description: "{message}" } },
  snippet:
    'const zendesk = require("node-zendesk");\nconst client = zendesk.createClient({ username: "agent@example.com", token: "any-token", ' +
    'endpointUri: "{{base_url}}/api/v2" });\nconst tickets = await client.tickets.list();' +
    '\nconst page = (await client.ticketexport.exportCursor(0, "")).result;',
};
