import { newest, type ActivityProbe } from "../../support/activity.js";

/**
 * Sentry: when an error last happened and when a release was last deployed. The organization comes from
 * the API; its issue list sorted by `date` is newest last-seen first. `query=` and `statsPeriod=` lift the
 * default `is:unresolved` and 14-day window, since an ignored or resolved issue's new events are activity
 * too. The top issue's latest event gives the event's own time; the release list is newest first.
 */
export const newestActivity: ActivityProbe = async (client) => {
  const [org] = await client.json<Array<{ slug: string }>>("/api/0/organizations/");
  if (!org) throw new Error("sentry: no organization");
  const base = `/api/0/organizations/${encodeURIComponent(org.slug)}`;
  const [issue] = await client.json<Array<{ id: string; shortId: string; lastSeen: string }>>(
    `${base}/issues/?query=&statsPeriod=&sort=date&limit=1`,
  );
  const event = issue
    ? await client.json<{ eventID: string; dateCreated: string }>(`${base}/issues/${issue.id}/events/latest/`)
    : undefined;
  const [release] = await client.json<
    Array<{ version: string; dateCreated: string; lastDeploy?: { environment: string; dateFinished?: string | null } | null }>
  >(`${base}/releases/?per_page=1`);
  return newest(
    [
      issue && { at: Date.parse(issue.lastSeen), what: `issue ${issue.shortId} last seen` },
      event && { at: Date.parse(event.dateCreated), what: `event ${event.eventID} of ${issue!.shortId}` },
      release && { at: Date.parse(release.dateCreated), what: `release ${release.version.slice(0, 12)} created` },
      release?.lastDeploy?.dateFinished
        ? {
            at: Date.parse(release.lastDeploy.dateFinished),
            what: `release ${release.version.slice(0, 12)} deployed to ${release.lastDeploy.environment}`,
          }
        : undefined,
    ],
    "sentry",
  );
};
