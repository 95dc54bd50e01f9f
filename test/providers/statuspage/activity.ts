import { newest, type Activity, type ActivityProbe } from "../../support/activity.js";

/**
 * Statuspage: what happened last on the status page is the newest incident or maintenance posted, the
 * newest update posted on one (investigating → … → resolved; scheduled → in progress → … → completed), or
 * the newest data point of its system metrics (fetched from their provider every few minutes): a page
 * quiet for weeks still shows its metrics moving.
 */
export const newestActivity: ActivityProbe = async (client) => {
  // The API key's page: the company has one, its id read from the API.
  const [page] = await client.json<Array<{ id: string }>>("/v1/pages");
  // Incidents (realtime and scheduled) come newest created first. An update can be posted on an older one
  // (an incident open for hours; a maintenance runs two weeks after it was announced), so read a page of
  // recent ones, and the newest maintenances on their own: one announced later sits above the one running.
  const recent = await client.json<any[]>(`/v1/pages/${page!.id}/incidents?limit=25`);
  const maintenances = await client.json<any[]>(`/v1/pages/${page!.id}/incidents/scheduled?per_page=5`);
  // Every metric of the page (fewer than a page of them), each with the time of its newest data point.
  const metrics = await client.json<any[]>(`/v1/pages/${page!.id}/metrics?per_page=100`);
  const found: Activity[] = [];
  for (const i of [...recent, ...maintenances]) {
    const kind = i.scheduled_for ? "maintenance" : "incident";
    found.push({ at: Date.parse(i.created_at), what: `${kind} "${i.name}" posted` });
    for (const u of i.incident_updates ?? []) found.push({ at: Date.parse(u.created_at), what: `${kind} "${i.name}" update: ${u.status}` });
  }
  for (const m of metrics)
    if (m.most_recent_data_at) found.push({ at: Date.parse(m.most_recent_data_at), what: `metric "${m.name}" data point` });
  return newest(found, "statuspage");
};
