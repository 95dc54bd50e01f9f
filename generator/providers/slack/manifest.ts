import type { ProviderManifest } from "../../core/provider.js";

/** Slack: what the catalog, the MCP tool and an unavailable host say of it. */
export const manifest: ProviderManifest = {
  id: "slack",
  name: "Slack",
  unavailable: { status: 503, body: { ok: false, error: "service_unavailable", warning: "{message}" } },
  snippet:
    'import { WebClient } from "@slack/web-api";\nconst host = "{{base_url}}";\nconst slack = new WebClient("xoxb-any", { slackApiUrl: ' +
    '`${host}/api/` });\nfor await (const page of slack.paginate("conversations.history", { ' +
    'channel: "<channel id from conversations.list>" })) console.log(page.messages);',
};
