import { newest, type ActivityProbe } from "../../support/activity.js";

/**
 * PagerDuty: what happened last is the newest incident and the newest entry of the account's log (every
 * trigger, assignment, notification, escalation, acknowledgement, note and resolution), as an on-call
 * dashboard asks for them.
 */
export const newestActivity: ActivityProbe = async (client) => {
  // Newest incident first. Without since/until the list is the 30 days before now; date_range=all drops
  // that window, so an idle month still reports its last incident (and its age) instead of nothing.
  const { incidents } = await client.json("/incidents?date_range=all&sort_by=created_at:desc&limit=1");
  // The account's log is served newest first: its head is the last thing anyone (or anything) did.
  const { log_entries } = await client.json("/log_entries?limit=1");
  const incident = incidents[0];
  const entry = log_entries[0];
  return newest(
    [
      incident && { at: Date.parse(incident.created_at), what: `incident #${incident.incident_number} triggered: ${incident.title}` },
      entry && {
        at: Date.parse(entry.created_at),
        what: `log entry ${entry.type} (${entry.summary}) on incident ${entry.incident?.summary ?? entry.incident?.id}`,
      },
    ],
    "pd",
  );
};
