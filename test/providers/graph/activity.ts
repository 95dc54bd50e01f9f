import { newest, type Activity, type ActivityProbe } from "../../support/activity.js";

/**
 * Microsoft Graph: the tenant's activity is its people signing in, and what happens on its calendars (this
 * host serves no mail, chats or files).
 *
 * - Sign-ins: `auditLogs/signIns` is newest first by `createdDateTime` (Graph's only order for the log),
 *   so one request at `$top=1` reads the newest; a failed attempt counts as well (someone was there).
 * - Calendars: meetings being scheduled (an event's `createdDateTime`/`lastModifiedDateTime`) and invitees
 *   answering (`attendees[].status.time`). Each team's group is owned by its lead, whose mailbox holds
 *   every meeting the team's sprint ceremonies and incident reviews put on it, so the probe reads the
 *   groups, their owners, and each owner's events. Graph's event list here is ordered by start (no
 *   `$orderby` on events), so the whole calendar is read at `$top=999`, following `@odata.nextLink`.
 *   A meeting's start is not counted: it may lie in the future, and the probe has no clock to tell.
 */
type Event = {
  subject: string;
  createdDateTime: string;
  lastModifiedDateTime: string;
  attendees: Array<{ status: { response: string; time: string }; emailAddress: { name: string } }>;
};
type SignIn = { createdDateTime: string; userDisplayName: string; appDisplayName: string; status: { errorCode: number } };

export const newestActivity: ActivityProbe = async (client) => {
  const found: Activity[] = [];
  const { value: signIns } = await client.json<{ value: SignIn[] }>("/v1.0/auditLogs/signIns?$top=1");
  for (const s of signIns)
    found.push({
      at: Date.parse(s.createdDateTime),
      what: `${s.userDisplayName} signed in to ${s.appDisplayName}${s.status.errorCode ? ` (error ${s.status.errorCode})` : ""}`,
    });

  const { value: groups } = await client.json<{ value: Array<{ id: string; displayName: string }> }>("/v1.0/groups?$top=999");
  const seen = new Set<string>();
  for (const g of groups) {
    const { value: owners } = await client.json<{ value: Array<{ id: string; displayName: string }> }>(`/v1.0/groups/${g.id}/owners`);
    for (const o of owners.filter((o) => !seen.has(o.id) && seen.add(o.id))) {
      let page: string | undefined = `/v1.0/users/${o.id}/events?$top=999`;
      for (let n = 0; page && n < 5; n++) {
        const body: { value: Event[]; "@odata.nextLink"?: string } = await client.json(page);
        for (const e of body.value) {
          found.push({
            at: Math.max(Date.parse(e.createdDateTime), Date.parse(e.lastModifiedDateTime)),
            what: `"${e.subject}" scheduled (${o.displayName}'s calendar)`,
          });
          for (const a of e.attendees)
            if (a.status.response !== "none")
              found.push({ at: Date.parse(a.status.time), what: `${a.emailAddress.name} ${a.status.response} "${e.subject}"` });
        }
        const next = body["@odata.nextLink"];
        page = next ? next.slice(next.indexOf("/v1.0/")) : undefined;
      }
    }
  }
  return newest(found, "graph");
};
