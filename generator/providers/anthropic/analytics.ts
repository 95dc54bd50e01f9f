import type { JsonObject, ComputeHandler, JsonValue } from "../../core/provider.js";
import { DAY, HOUR } from "../../world/clock.js";
import { rfc3339 } from "./context.js";
import { centsString } from "./prices.js";
import { asOfOf, checkRequest, invalid, jsonReply, params } from "./http.js";
import { costBuckets, filterValues, groupBy, isReply, modelMatches, rowsOf, usageBuckets, window } from "./reports.js";
import type { Amounts, UsageRow } from "./usage-data.js";
import type { ComputedRoute } from "../../core/define-provider.js";

/**
 * The legacy Claude Enterprise usage and cost reports the SDK reads with
 * `client.beta.organization.analytics.usageReport.list` and `.costReport.list`
 * (`GET /v1/organizations/analytics/usage_report` and `/cost_report`, `ReportPageCursor` pages:
 * `{data, has_more, next_page, data_refreshed_at}`), shaped as @anthropic-ai/sdk 1.12.0's
 * `BetaAnalyticsUsageBucketedResult` and `BetaAnalyticsCostBucketedResult`.
 *
 * They report claude.ai product surfaces, so of the world's Claude use they carry Claude Code (product
 * `claude_code`); API calls made with Console keys are the Admin API reports' alone. There are no RBAC
 * groups, Slack channels or Claude Tag usage here: grouping by those gives null, filtering by them
 * matches nothing. Ranges: `starting_at` no earlier than 2026-01-01 nor a year before as-of, at most
 * 31 days (the default end is the earlier of as-of and `starting_at` + 31 days); limits 7/31 (1d),
 * 24/168 (1h), 60/256 (1m).
 */
const RULES = {
  widths: ["1d", "1h", "1m"],
  limits: { "1m": { defaultLimit: 60, maxLimit: 256 } },
  maxRange: 31 * DAY,
  earliest: Date.parse("2026-01-01T00:00:00Z"),
};

const PRODUCTS = [
  "chat",
  "chat_cowork_unified",
  "claude-tag",
  "claude_code",
  "claude_design",
  "claude_in_chrome",
  "cowork",
  "office_agent",
];
const TAG_CATEGORIES = ["dm", "engaged", "monitoring", "proactive", "scheduled"];

const USAGE_GROUPS = [
  "claude_tag_category",
  "claude_tag_user_id",
  "context_window",
  "inference_geo",
  "model",
  "product",
  "rbac_group_id",
  "slack_channel_id",
  "speed",
];
const COST_GROUPS = [...USAGE_GROUPS.slice(0, 3), "cost_type", ...USAGE_GROUPS.slice(3), "token_type"].sort();

/** The region as these reports write it: `not_available` is an unset (null) region. */
const geo = (r: UsageRow): string | null => (r.inferenceGeo === "not_available" ? null : r.inferenceGeo);

const DIMENSION: Record<string, (r: UsageRow) => JsonValue> = {
  claude_tag_category: () => null,
  claude_tag_user_id: () => null,
  context_window: (r) => r.contextWindow,
  inference_geo: geo,
  model: (r) => r.model,
  product: (r) => r.product,
  rbac_group_id: () => null,
  slack_channel_id: () => null,
  speed: () => "standard",
};

const FILTERS: Array<{ param: string; match: (r: UsageRow, v: string) => boolean; accepted?: string[] }> = [
  { param: "models", match: (r, v) => modelMatches(v, r.model) },
  { param: "products", match: (r, v) => r.product === v, accepted: PRODUCTS },
  { param: "context_windows", match: (r, v) => r.contextWindow === v, accepted: ["0-200k", "200k-1M"] },
  {
    param: "inference_geos",
    match: (r, v) => (v === "not_available" ? geo(r) === null : geo(r) === v),
    accepted: ["global", "not_available", "us"],
  },
  { param: "speeds", match: (_r, v) => v === "standard", accepted: ["fast", "standard"] },
  { param: "user_ids", match: (r, v) => r.userId === v },
  { param: "rbac_group_ids", match: () => false },
  { param: "slack_channel_ids", match: () => false },
  { param: "claude_tag_categories", match: () => false, accepted: TAG_CATEGORIES },
  { param: "claude_tag_user_ids", match: () => false },
];

/** The reports' rows: Claude Code only, narrowed by the request's filters. */
type Rows = UsageRow[] | ReturnType<typeof invalid>;

async function rowsFor(input: Parameters<ComputeHandler>[0], q: Map<string, string[]>): Promise<Rows> {
  const all = await rowsOf(input);
  if (isReply(all)) return all;
  let rows = all.filter((r) => r.product === "claude_code");
  for (const f of FILTERS) {
    const values = filterValues(input, q, f.param, f.accepted);
    if (isReply(values)) return values;
    if (values) rows = rows.filter((r) => values.some((v) => f.match(r, v)));
  }
  return rows;
}

/** When the data was last refreshed: the hour before as-of. */
const refreshedAt = (asOf: number) => rfc3339(Math.floor(asOf / HOUR) * HOUR);

function usageResult(a: Amounts, g: JsonObject): JsonObject {
  return {
    uncached_input_tokens: a.uncached,
    cache_creation: { ephemeral_1h_input_tokens: a.cache1h, ephemeral_5m_input_tokens: a.cache5m },
    cache_read_input_tokens: a.cacheRead,
    output_tokens: a.output,
    server_tool_use: { web_search_requests: a.webSearches },
    requests: a.requests,
    product: g.product ?? null,
    model: g.model ?? null,
    context_window: g.context_window ?? null,
    inference_geo: g.inference_geo ?? null,
    speed: g.speed ?? null,
    rbac_group_id: g.rbac_group_id ?? null,
    slack_channel_id: g.slack_channel_id ?? null,
    claude_tag_category: g.claude_tag_category ?? null,
    claude_tag_user_id: g.claude_tag_user_id ?? null,
  };
}

const usageReport: ComputeHandler = async (input) => {
  const bad = checkRequest(input);
  if (bad) return bad;
  const q = params(input);
  const w = window(input, q, RULES);
  if (isReply(w)) return w;
  const groups = groupBy(input, q, USAGE_GROUPS);
  if (isReply(groups)) return groups;
  const rows = await rowsFor(input, q);
  if (isReply(rows)) return rows;
  const data = usageBuckets(rows, w, groups, DIMENSION, USAGE_GROUPS, usageResult);
  return jsonReply(input, { data, has_more: w.hasMore, next_page: w.nextPage, data_refreshed_at: refreshedAt(asOfOf(input)) });
};

const costReport: ComputeHandler = async (input) => {
  const bad = checkRequest(input);
  if (bad) return bad;
  const q = params(input);
  const w = window(input, q, RULES);
  if (isReply(w)) return w;
  const groups = groupBy(input, q, COST_GROUPS);
  if (isReply(groups)) return groups;
  const rows = await rowsFor(input, q);
  if (isReply(rows)) return rows;
  const by = (g: string) => groups.includes(g);
  const data = costBuckets(
    rows,
    w,
    (r, line) => {
      const tokens = line.costType === "tokens";
      return {
        claude_tag_category: null,
        claude_tag_user_id: null,
        context_window: by("context_window") && tokens ? r.contextWindow : null,
        cost_type: by("cost_type") ? line.costType : null,
        inference_geo: by("inference_geo") ? geo(r) : null,
        model: by("model") ? line.model : null,
        product: by("product") ? r.product : null,
        rbac_group_id: null,
        requests: null,
        slack_channel_id: null,
        speed: by("speed") ? "standard" : null,
        token_type: by("token_type") ? line.tokenType : null,
      };
    },
    (micro, fields) => ({ amount: centsString(micro), list_amount: centsString(micro), currency: "USD", ...fields }),
  );
  return jsonReply(input, { data, has_more: w.hasMore, next_page: w.nextPage, data_refreshed_at: refreshedAt(asOfOf(input)) });
};

export const analyticsRoutes: ComputedRoute[] = ["GET", "HEAD"].flatMap((method) => [
  { method, path: "^v1/organizations/analytics/usage_report$", handler: "analytics-usage-report", run: usageReport },
  { method, path: "^v1/organizations/analytics/cost_report$", handler: "analytics-cost-report", run: costReport },
]);
