import { GROUPS, parity } from "./harness.js";

/** The edge against the local server on HubSpot (harness.ts): its own file, as its pin does not shrink with the scale. */
parity(GROUPS.hubspot);
