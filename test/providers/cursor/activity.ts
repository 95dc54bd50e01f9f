import { newest, type ActivityProbe } from "../../support/activity.js";

/**
 * Cursor: what happened last on the team is the newest metered request (agent, chat, Cmd-K) in the Admin
 * API's usage events. Each event carries its own instant, finer than the daily usage rows (a row vouches
 * for a UTC day, not an hour of it), so the events are what this asks.
 */
export const newestActivity: ActivityProbe = async (client) => {
  // Without bounds the events are those of the 30 days up to now, newest first: the head is the last one.
  const { usageEvents } = await client.json("/teams/filtered-usage-events", {
    method: "POST",
    body: JSON.stringify({ page: 1, pageSize: 1 }),
  });
  const event = usageEvents[0];
  return newest([event && { at: Number(event.timestamp), what: `${event.model} request by ${event.userEmail} (${event.kind})` }], "cursor");
};
