import { newest, type Activity, type ActivityProbe } from "../../support/activity.js";

const DAY = 86_400;

/**
 * OpenAI: what happened last in the organization is the newest API usage (the usage and costs reports)
 * or the newest audit log event. A usage bucket says how much was used in it, not when the last request
 * came, so it vouches only for its start: the probe narrows down to one-minute buckets to make that close.
 */
export const newestActivity: ActivityProbe = async (client) => {
  // The audit log is newest first; its head is activity, and also where the usage window starts, since a
  // probe has no clock of the host's (the reports stop at the host's now by themselves).
  const [event] = (await client.json("/v1/organization/audit_logs?limit=1")).data;
  if (!event) return newest([], "openai");
  const found: Activity[] = [{ at: event.effective_at * 1000, what: `audit log ${event.type}` }];
  // Spend by day, from a month before the anchor up to now (180 days a page): the newest day with spend.
  let day: number | undefined;
  let page = "";
  for (let n = 0; n < 5; n++) {
    const costs = await client.json(`/v1/organization/costs?start_time=${event.effective_at - 30 * DAY}&limit=180${page}`);
    for (const b of costs.data) if (b.results.some((r: any) => r.amount.value > 0)) day = b.start_time;
    if (!costs.has_more) break;
    page = `&page=${costs.next_page}`;
  }
  // That day by the minute (1,440 buckets in one page), for the two endpoints the organization uses.
  for (const kind of day === undefined ? [] : ["completions", "embeddings"]) {
    const usage = await client.json(`/v1/organization/usage/${kind}?start_time=${day}&end_time=${day! + DAY}&bucket_width=1m&limit=1440`);
    const used = usage.data.filter((b: any) => b.results.some((r: any) => r.num_model_requests > 0)).at(-1);
    if (used)
      found.push({
        at: used.start_time * 1000,
        what: `${kind} usage in the minute from ${new Date(used.start_time * 1000).toISOString()}`,
      });
  }
  return newest(found, "openai");
};
