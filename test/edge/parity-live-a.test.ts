import { DOMAIN, GROUPS, parity } from "./harness.js";

/** The edge against the local server on the live hosts of Slack, Sentry, CircleCI, Zendesk, Anthropic and Cursor (harness.ts). */
parity(GROUPS.liveA, {
  extra: () => [
    {
      provider: "slack",
      host: `slack.${DOMAIN}`,
      path: "/api/conversations.list",
      init: {
        method: "POST",
        headers: { authorization: "Bearer xoxb-test", "content-type": "application/x-www-form-urlencoded", "accept-encoding": "gzip" },
        body: "limit=2",
      },
    },
  ],
});
