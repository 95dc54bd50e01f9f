import { DOMAIN, GROUPS, parity } from "./harness.js";

/**
 * The edge against the local server on the live hosts of ChatGPT, Microsoft Graph, PagerDuty, Salesforce,
 * Buildkite and Statuspage (harness.ts), and the live status on the catalog host.
 */
parity(GROUPS.liveB, {
  extra: () =>
    ["/v1/live", "/v1/live/drift", "/v1/live/nope"].flatMap((path) => [
      { provider: "statuspage", host: `catalog.${DOMAIN}`, path, init: { headers: { "accept-encoding": "gzip" } } },
      { provider: "statuspage", host: `catalog.${DOMAIN}`, path, init: { method: "HEAD" } },
    ]),
});
