import { newest, type Activity, type ActivityProbe } from "../../support/activity.js";

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.000Z$/, "Z");

/**
 * Anthropic: what happened last in the organization is the newest use of the API or of Claude Code, as
 * the Admin API's usage reports show it (the messages usage report counts both: Claude Code runs on its
 * login keys), and the newest day of the Claude Code analytics report. A bucket says how much was used
 * in it, not when the last request came, so it vouches only for its start: the probe narrows down to
 * one-minute buckets to make that close.
 */
export const newestActivity: ActivityProbe = async (client) => {
  // Every request names an API version, as the SDK does; the host refuses one without.
  const get = (path: string) => client.json(path, { headers: { "anthropic-version": "2023-06-01" } });
  // A probe has no clock of the host's; the newest invite (pending ones are sent in the last days) is
  // where the reports' window starts, and the reports stop at the host's now by themselves.
  const invites = (await get("/v1/organizations/invites?limit=1000")).data as Array<{ invited_at: string }>;
  const anchor = Math.max(...invites.map((i) => Date.parse(i.invited_at))) - 30 * DAY;
  if (!Number.isFinite(anchor)) return newest([], "anthropic");
  // Usage by day (31 a page) up to now: the newest day with any tokens (a year at most).
  let day: number | undefined;
  for (let page = "", n = 0; n < 13; n++) {
    const report = await get(`/v1/organizations/usage_report/messages?starting_at=${iso(anchor)}&bucket_width=1d&limit=31${page}`);
    for (const b of report.data) if (b.results.length > 0) day = Date.parse(b.starting_at);
    if (!report.has_more) break;
    page = `&page=${report.next_page}`;
  }
  if (day === undefined) return newest([], "anthropic");
  // That day by the minute (1,440 buckets in one page): the newest minute with usage.
  const minutes = await get(
    `/v1/organizations/usage_report/messages?starting_at=${iso(day)}&ending_at=${iso(day + DAY)}&bucket_width=1m&limit=1440`,
  );
  const used = minutes.data.filter((b: any) => b.results.length > 0).at(-1);
  const found: Activity[] = used
    ? [{ at: Date.parse(used.starting_at), what: `messages usage in the minute from ${used.starting_at}` }]
    : [];
  // Claude Code analytics: one record per user and day, oldest day first; a day vouches for its start only.
  const code = await get(`/v1/organizations/usage_report/claude_code?starting_at=${iso(day).slice(0, 10)}&limit=1000`);
  const record = code.data.at(-1);
  if (record)
    found.push({
      at: Date.parse(record.date),
      what: `Claude Code analytics day ${record.date.slice(0, 10)} (${record.actor.email_address ?? record.actor.api_key_name})`,
    });
  return newest(found, "anthropic");
};
