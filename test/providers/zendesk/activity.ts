import { newest, type Activity, type ActivityProbe } from "../../support/activity.js";

/**
 * Zendesk: the newest ticket update, ticket event and satisfaction rating. The ticket list sorted by
 * `-updated_at` puts the last-updated ticket first. The ticket events export is read the way sync clients
 * poll it: from a checkpoint (here a day before that update) to `end_of_stream`, the last event being the
 * newest. Satisfaction ratings sorted by `-updated_at` add a customer's rating, which can come after the
 * ticket's last update.
 */
export const newestActivity: ActivityProbe = async (client) => {
  const found: Array<Activity | undefined> = [];
  const { tickets } = await client.json<{ tickets: Array<{ id: number; subject: string; updated_at: string }> }>(
    "/api/v2/tickets.json?sort=-updated_at&page[size]=1",
  );
  const t = tickets[0];
  if (t) found.push({ at: Date.parse(t.updated_at), what: `ticket #${t.id} "${t.subject}" updated` });

  let page: string | undefined =
    `/api/v2/incremental/ticket_events.json?start_time=${t ? Math.floor(Date.parse(t.updated_at) / 1000) - 86_400 : 0}`;
  for (let n = 0; page && n < 10; n++) {
    const body: {
      ticket_events: Array<{ ticket_id: number; timestamp: number; event_type: string }>;
      end_of_stream: boolean;
      next_page?: string;
    } = await client.json(page);
    for (const e of body.ticket_events) found.push({ at: e.timestamp * 1000, what: `${e.event_type} event on ticket #${e.ticket_id}` });
    // next_page is absolute (on the host's public origin): keep its path from /api/v2/ on.
    page = body.end_of_stream || !body.next_page ? undefined : body.next_page.slice(body.next_page.indexOf("/api/v2/"));
  }

  const { satisfaction_ratings: ratings } = await client.json<{
    satisfaction_ratings: Array<{ ticket_id: number; score: string; updated_at: string }>;
  }>("/api/v2/satisfaction_ratings.json?sort=-updated_at&page[size]=1");
  const r = ratings[0];
  if (r) found.push({ at: Date.parse(r.updated_at), what: `satisfaction rating (${r.score}) on ticket #${r.ticket_id}` });
  return newest(found, "zendesk");
};
