import { workspaceIdOf } from "../../../generator/providers/chatgpt/context.js";
import type { World } from "../../../generator/world/types.js";
import { activeDays, liveHostSelected, liveWorld } from "../../support/live-hosts.js";

export { activeDays, liveWorld };

/**
 * The live universe the test setup serves at `/chatgpt` (built by the live job as of TEST_LIVE_NOW),
 * rebuilt here so expected values come from the world model, not from the served files.
 */
export const PREFIX = "chatgpt";

/** The workspace id a customer reads off ChatGPT's admin settings: derived from the company slug. */
export function workspaceId(world: World): string {
  return workspaceIdOf(world.company.slug);
}

/** Whether the test run includes this live host. */
export const selected = (): boolean => liveHostSelected(PREFIX);
