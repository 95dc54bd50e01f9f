import { activeDays, liveHostSelected, liveWorld } from "../../support/live-hosts.js";

export { activeDays, liveWorld };

/**
 * The live universe the test setup serves at `/cursor` (built by the live job as of TEST_LIVE_NOW),
 * rebuilt here so expected values come from the world model, not from the served files.
 */
export const PREFIX = "cursor";
export const DAY = 86_400_000;

/** `Authorization: Basic base64("<key>:")`: the API key as the username, an empty password (curl -u KEY:). */
export function basicAuth(key = "key_c25hcHZlcnNlY3Vyc29ydGVzdGtleWZvcmFkbWluYXBpMDAwMDAwMDAwMDAwMDA"): Record<string, string> {
  return { Authorization: `Basic ${Buffer.from(`${key}:`).toString("base64")}` };
}

/** Whether the test run includes this live host. */
export const selected = (): boolean => liveHostSelected(PREFIX);
