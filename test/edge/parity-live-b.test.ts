import { GROUPS, parity } from "./harness.js";

/** The edge against the local server on the live hosts of ChatGPT, Microsoft Graph, PagerDuty, Salesforce, Buildkite and Statuspage (harness.ts). */
parity(GROUPS.liveB);
