import type { JsonObject, ComputeHandler, ComputeInput, JsonValue } from "../../core/provider.js";
import { DAY, HOUR, MINUTE, isoDay } from "../../world/clock.js";
import { rfc3339 } from "./context.js";
import { type Reply, asOfOf, checkRequest, errorReply, instant, integer, invalid, jsonReply, params } from "./http.js";
import { MODELS } from "./models.js";
import { WEB_SEARCH_CENTS, centsString, microCents, priceOf } from "./prices.js";
import {
  type Amounts,
  CLAUDE_CODE_KEY,
  FIELDS,
  USAGE_KEY,
  type UsageRow,
  amountsOf,
  hourParts,
  parseUsageCsv,
  spread,
  weights,
  zero,
} from "./usage-data.js";
import type { ComputedRoute } from "../../core/define-provider.js";

/**
 * The Admin API's usage and cost reports, computed from the frozen usage (usage-data.ts), so any window,
 * bucket width, filter, grouping and page gets the answer Anthropic would give for the frozen
 * organization:
 *
 * - `GET /v1/organizations/usage_report/messages`: token buckets of 1d, 1h or 1m (limit 7/31, 24/168,
 *   60/1440), `group_by[]` any of api_key_id, workspace_id, model, service_tier, context_window,
 *   inference_geo, account_id, service_account_id (and speed, with the fast-mode beta header), and the
 *   matching filters.
 * - `GET /v1/organizations/cost_report`: daily costs in cents as decimal strings (limit 7, at most 31),
 *   `group_by[]` workspace_id and description; tokens × published price, exactly.
 * - `GET /v1/organizations/usage_report/claude_code`: one record per Claude Code user on one UTC day
 *   (`starting_at=YYYY-MM-DD`), `limit` 20 (at most 1000) records a page.
 *
 * Buckets start at `starting_at` snapped down to the bucket (UTC) and run until `ending_at` or as-of,
 * whichever is earlier; the bucket holding that instant is the last (partial) one. A page holds at most
 * `limit` buckets; `next_page` (`page_` and the base64 of the next bucket's start) continues the same
 * query. A day's usage is spread over the hours its person worked (9:00–18:00 local) and each hour's over
 * its minutes, with fixed weights, so hours add up to their day and minutes to their hour.
 */
const WIDTHS: Record<string, { ms: number; defaultLimit: number; maxLimit: number }> = {
  "1m": { ms: MINUTE, defaultLimit: 60, maxLimit: 1440 },
  "1h": { ms: HOUR, defaultLimit: 24, maxLimit: 168 },
  "1d": { ms: DAY, defaultLimit: 7, maxLimit: 31 },
};

const FAST_MODE_BETA = "fast-mode-2026-02-01";

// --- Spreading a day over hours and minutes (the weights: usage-data.ts) ---------------------------------

/** A row's usage as (instant, amounts) at a bucket width's grain. */
export function* contributions(r: UsageRow, width: number): Generator<[number, Amounts]> {
  const whole = amountsOf(r);
  if (width >= DAY) {
    yield [r.day, whole];
    return;
  }
  const key = `${r.apiKeyId}/${isoDay(r.day)}/${r.model}`;
  const perHour = hourParts(r);
  for (let i = 0; i < r.hours.length; i++) {
    const at = r.day + r.hours[i]! * HOUR;
    const hour = perHour[i]!;
    if (hour.requests === 0) continue;
    if (width >= HOUR) {
      yield [at, hour];
      continue;
    }
    const w = weights(`${key}/${r.hours[i]}/minutes`, 60, 4, 0);
    if (!w.some((x) => x > 0)) w[0] = 1;
    const perMinute = spread(hour, w);
    for (let m = 0; m < 60; m++) if (perMinute[m]!.requests > 0) yield [at + m * MINUTE, perMinute[m]!];
  }
}

// --- Windows and pages -----------------------------------------------------------------------------------

function pageToken(at: number): string {
  return `page_${Buffer.from(rfc3339(at)).toString("base64")}`;
}

function readPageToken(token: string): number | undefined {
  if (!token.startsWith("page_")) return undefined;
  const text = Buffer.from(token.slice(5), "base64").toString("utf8");
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(text) ? Date.parse(text) : undefined;
}

export interface Window {
  width: number;
  /** The page's first bucket, how many buckets it holds, and the next page's token. */
  from: number;
  count: number;
  hasMore: boolean;
  nextPage: string | null;
}

/** How a report reads its window: the bucket widths it takes, their limits, and (analytics) a bounded range. */
export interface WindowRules {
  widths: string[];
  /** Overrides of the widths' default and maximum limits. */
  limits?: Record<string, { defaultLimit: number; maxLimit: number }>;
  /** The longest range, and the default end of one without `ending_at` (else as-of). */
  maxRange?: number;
  /** The earliest `starting_at` accepted, besides a year before as-of. */
  earliest?: number;
}

/** Reads starting_at, ending_at, bucket_width, limit and page; an error reply when one is wrong. */
export function window(input: ComputeInput, q: Map<string, string[]>, rules: WindowRules): Window | Reply {
  const widths = rules.widths;
  const asOf = asOfOf(input);
  const startRaw = q.get("starting_at")?.[0];
  if (startRaw === undefined) return invalid(input, "starting_at: Field required");
  const startingAt = instant(startRaw);
  if (startingAt === undefined) return invalid(input, `starting_at: Input should be a valid datetime, got '${startRaw.slice(0, 64)}'`);
  const endRaw = q.get("ending_at")?.[0];
  const endingAt = endRaw === undefined ? undefined : instant(endRaw);
  if (endRaw !== undefined && endingAt === undefined)
    return invalid(input, `ending_at: Input should be a valid datetime, got '${endRaw.slice(0, 64)}'`);
  if (endingAt !== undefined && endingAt <= startingAt) return invalid(input, "ending_at must be after starting_at");
  if (rules.earliest !== undefined && (startingAt < rules.earliest || startingAt < asOf - 365 * DAY)) {
    return invalid(input, `starting_at must be within the last 365 days and no earlier than ${rfc3339(rules.earliest)}`);
  }
  if (rules.maxRange !== undefined && endingAt !== undefined && endingAt - startingAt > rules.maxRange)
    return invalid(input, "The range may span at most 31 days");
  const widthName = q.get("bucket_width")?.[0] ?? "1d";
  if (!widths.includes(widthName))
    return invalid(
      input,
      `bucket_width: Input should be ${widths
        .map((w) => `'${w}'`)
        .join(", ")
        .replace(/, ([^,]*)$/, " or $1")}`,
    );
  const spec = WIDTHS[widthName]!;
  const { defaultLimit, maxLimit } = rules.limits?.[widthName] ?? spec;
  const limitRaw = q.get("limit")?.[0];
  const limit = limitRaw === undefined ? defaultLimit : integer(limitRaw);
  if (limit === undefined) return invalid(input, "limit: Input should be a valid integer, unable to parse string as an integer");
  if (limit < 1) return invalid(input, "limit: Input should be greater than or equal to 1");
  if (limit > maxLimit) return invalid(input, `limit: Input should be less than or equal to ${maxLimit}`);
  const width = spec.ms;
  const start = Math.floor(startingAt / width) * width;
  const end = Math.min(endingAt ?? (rules.maxRange === undefined ? asOf : startingAt + rules.maxRange), asOf);
  let from = start;
  const pageRaw = q.get("page")?.[0];
  if (pageRaw !== undefined && pageRaw !== "") {
    const at = readPageToken(pageRaw);
    if (at === undefined || at % width !== 0 || at < start) return invalid(input, "page: Invalid page token");
    from = at;
  }
  const available = from >= end ? 0 : Math.ceil((end - from) / width);
  const count = Math.min(limit, available);
  const next = from + count * width;
  const hasMore = next < end;
  return { width, from, count, hasMore, nextPage: hasMore ? pageToken(next) : null };
}

export async function rowsOf(input: ComputeInput): Promise<UsageRow[] | Reply> {
  const text = await input.read(USAGE_KEY);
  if (text === undefined) return errorReply(input, 404, "not_found_error", "Not Found");
  return parseUsageCsv(text);
}

/** group_by values in the order asked, each known; an error reply for any other. */
export function groupBy(input: ComputeInput, q: Map<string, string[]>, allowed: string[]): string[] | Reply {
  const groups = q.get("group_by") ?? [];
  for (const g of groups)
    if (!allowed.includes(g))
      return invalid(input, `group_by.0: Input should be ${allowed.map((a) => `'${a}'`).join(", ")}, got '${g.slice(0, 64)}'`);
  return [...new Set(groups)];
}

/** A filter's values (when given), each accepted when `accepted` lists the valid ones. */
export function filterValues(
  input: ComputeInput,
  q: Map<string, string[]>,
  param: string,
  accepted?: string[],
): string[] | undefined | Reply {
  const values = q
    .get(param)
    ?.flatMap((v) => v.split(","))
    .filter((v) => v !== "");
  if (!values || values.length === 0) return undefined;
  const bad = accepted ? values.find((v) => !accepted.includes(v)) : undefined;
  if (bad !== undefined)
    return invalid(input, `${param}.0: Input should be ${accepted!.map((a) => `'${a}'`).join(", ")}, got '${bad.slice(0, 64)}'`);
  return values;
}

export const isReply = (x: unknown): x is Reply => typeof x === "object" && x !== null && "status" in x && "body" in x;

/** A requested model matches a row's by id or by its dateless alias. */
export function modelMatches(wanted: string, model: string): boolean {
  return wanted === model || MODELS.some((m) => m.id === model && m.alias === wanted);
}

// --- Messages usage ------------------------------------------------------------------------------------

const USAGE_GROUPS = [
  "api_key_id",
  "workspace_id",
  "model",
  "service_tier",
  "context_window",
  "inference_geo",
  "account_id",
  "service_account_id",
  "speed",
];

const GROUP_VALUE: Record<string, (r: UsageRow) => JsonValue> = {
  api_key_id: (r) => r.apiKeyId,
  workspace_id: (r) => r.workspaceId,
  model: (r) => r.model,
  service_tier: (r) => r.serviceTier,
  context_window: (r) => r.contextWindow,
  inference_geo: (r) => r.inferenceGeo,
  account_id: () => null,
  service_account_id: () => null,
  speed: () => "standard",
};

/** The usage filters: parameter, the row field it matches (null: rows never carry one), and the values Anthropic accepts. */
const USAGE_FILTERS: Array<{ param: string; match: (r: UsageRow, v: string) => boolean; accepted?: string[] }> = [
  { param: "api_key_ids", match: (r, v) => r.apiKeyId === v },
  { param: "workspace_ids", match: (r, v) => r.workspaceId === v },
  { param: "models", match: (r, v) => modelMatches(v, r.model) },
  {
    param: "service_tiers",
    match: (r, v) => r.serviceTier === v,
    accepted: ["batch", "flex", "flex_discount", "priority", "priority_on_demand", "standard"],
  },
  { param: "context_window", match: (r, v) => r.contextWindow === v, accepted: ["0-200k", "200k-1M"] },
  { param: "inference_geos", match: (r, v) => r.inferenceGeo === v, accepted: ["global", "us", "not_available"] },
  { param: "account_ids", match: () => false },
  { param: "service_account_ids", match: () => false },
  { param: "speeds", match: (_r, v) => v === "standard", accepted: ["fast", "standard"] },
];

function usageResult(a: Amounts, group: JsonObject, withSpeed: boolean): JsonObject {
  return {
    uncached_input_tokens: a.uncached,
    cache_creation: { ephemeral_1h_input_tokens: a.cache1h, ephemeral_5m_input_tokens: a.cache5m },
    cache_read_input_tokens: a.cacheRead,
    output_tokens: a.output,
    server_tool_use: { web_search_requests: a.webSearches },
    api_key_id: group.api_key_id ?? null,
    workspace_id: group.workspace_id ?? null,
    model: group.model ?? null,
    service_tier: group.service_tier ?? null,
    context_window: group.context_window ?? null,
    inference_geo: group.inference_geo ?? null,
    account_id: group.account_id ?? null,
    service_account_id: group.service_account_id ?? null,
    ...(withSpeed ? { speed: group.speed ?? null } : {}),
  };
}

const usageReport: ComputeHandler = async (input) => {
  const bad = checkRequest(input);
  if (bad) return bad;
  const q = params(input);
  const w = window(input, q, { widths: ["1d", "1h", "1m"] });
  if (isReply(w)) return w;
  const groups = groupBy(input, q, USAGE_GROUPS);
  if (isReply(groups)) return groups;
  const fastMode = (input.headers["anthropic-beta"] ?? "")
    .split(",")
    .map((b) => b.trim())
    .includes(FAST_MODE_BETA);
  if ((groups.includes("speed") || q.has("speeds")) && !fastMode)
    return invalid(input, `Grouping or filtering by speed requires the '${FAST_MODE_BETA}' beta header`);
  let rows = await rowsOf(input);
  if (isReply(rows)) return rows;
  for (const f of USAGE_FILTERS) {
    const values = filterValues(input, q, f.param, f.accepted);
    if (isReply(values)) return values;
    if (values) rows = rows.filter((r) => values.some((v) => f.match(r, v)));
  }
  const data = usageBuckets(rows, w, groups, GROUP_VALUE, USAGE_GROUPS, (a, group) => usageResult(a, group, fastMode));
  return jsonReply(input, { data, has_more: w.hasMore, next_page: w.nextPage });
};

/**
 * The page's time buckets of a usage report: each row's amounts spread over the buckets it touches,
 * summed per group of the requested dimensions, groups in a stable order (by their values in `all`).
 */
export function usageBuckets(
  rows: UsageRow[],
  w: Window,
  groups: string[],
  value: Record<string, (r: UsageRow) => JsonValue>,
  all: string[],
  result: (a: Amounts, group: JsonObject) => JsonObject,
): JsonObject[] {
  const pageEnd = w.from + w.count * w.width;
  const buckets = Array.from({ length: w.count }, () => new Map<string, { group: JsonObject; a: Amounts }>());
  for (const r of rows) {
    if (r.day + DAY <= w.from || r.day >= pageEnd) continue;
    const group: JsonObject = Object.fromEntries(groups.map((g) => [g, value[g]!(r)]));
    const key = JSON.stringify(all.map((g) => group[g] ?? null));
    for (const [at, a] of contributions(r, w.width)) {
      if (at < w.from || at >= pageEnd) continue;
      const bucket = buckets[Math.floor((at - w.from) / w.width)]!;
      const slot = bucket.get(key) ?? { group, a: zero() };
      for (const f of FIELDS) slot.a[f] += a[f];
      bucket.set(key, slot);
    }
  }
  return buckets.map((bucket, i): JsonObject => ({
    starting_at: rfc3339(w.from + i * w.width),
    ending_at: rfc3339(w.from + (i + 1) * w.width),
    results: [...bucket.entries()].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)).map(([, s]) => result(s.a, s.group)),
  }));
}

// --- Costs ---------------------------------------------------------------------------------------------

export interface LineItem {
  costType: "tokens" | "web_search";
  tokenType: string | null;
  model: string | null;
  description: string;
  micro: bigint;
}

const TOKEN_LINES = [
  { field: "uncached", tokenType: "uncached_input_tokens", label: "Input Tokens", price: "input" },
  {
    field: "cache5m",
    tokenType: "cache_creation.ephemeral_5m_input_tokens",
    label: "Input Tokens, Cache Write (5m)",
    price: "cacheWrite5m",
  },
  {
    field: "cache1h",
    tokenType: "cache_creation.ephemeral_1h_input_tokens",
    label: "Input Tokens, Cache Write (1h)",
    price: "cacheWrite1h",
  },
  { field: "cacheRead", tokenType: "cache_read_input_tokens", label: "Input Tokens, Cache Hits", price: "cacheRead" },
  { field: "output", tokenType: "output_tokens", label: "Output Tokens", price: "output" },
] as const;

/** What a usage row costs, line by line: tokens × the model's published price, and web searches at a cent each. */
export function lineItems(r: UsageRow): LineItem[] {
  const p = priceOf(r.model);
  const name = MODELS.find((m) => m.id === r.model)?.name ?? r.model;
  const out: LineItem[] = [];
  for (const t of TOKEN_LINES) {
    const tokens = r[t.field];
    if (tokens > 0)
      out.push({
        costType: "tokens",
        tokenType: t.tokenType,
        model: r.model,
        description: `${name} Usage - ${t.label}`,
        micro: microCents(tokens, p[t.price]),
      });
  }
  if (r.webSearches > 0)
    out.push({
      costType: "web_search",
      tokenType: null,
      model: null,
      description: "Web Search Usage",
      micro: microCents(r.webSearches, WEB_SEARCH_CENTS * 1_000_000),
    });
  return out;
}

const costReport: ComputeHandler = async (input) => {
  const bad = checkRequest(input);
  if (bad) return bad;
  const q = params(input);
  const w = window(input, q, { widths: ["1d"] });
  if (isReply(w)) return w;
  const groups = groupBy(input, q, ["workspace_id", "description"]);
  if (isReply(groups)) return groups;
  const rows = await rowsOf(input);
  if (isReply(rows)) return rows;
  const byWorkspace = groups.includes("workspace_id");
  const byDescription = groups.includes("description");
  const data = costBuckets(
    rows,
    w,
    (r, line) => {
      const tokens = line.costType === "tokens";
      return {
        workspace_id: byWorkspace ? r.workspaceId : null,
        description: byDescription ? line.description : null,
        cost_type: byDescription ? line.costType : null,
        context_window: byDescription && tokens ? r.contextWindow : null,
        model: byDescription ? line.model : null,
        service_tier: byDescription && tokens ? r.serviceTier : null,
        token_type: byDescription ? line.tokenType : null,
        inference_geo: byDescription && tokens ? r.inferenceGeo : null,
      };
    },
    (micro, fields) => ({ currency: "USD", amount: centsString(micro), ...fields }),
  );
  return jsonReply(input, { data, has_more: w.hasMore, next_page: w.nextPage });
};

// --- Claude Code -----------------------------------------------------------------------------------------

function codePageToken(day: string, index: number): string {
  return `page_${Buffer.from(`${day}T00:00:00Z/${index}`).toString("base64")}`;
}

function readCodePageToken(token: string, day: string): number | undefined {
  if (!token.startsWith("page_")) return undefined;
  const m = /^(\d{4}-\d{2}-\d{2})T00:00:00Z\/(\d{1,7})$/.exec(Buffer.from(token.slice(5), "base64").toString("utf8"));
  return m && m[1] === day ? Number(m[2]) : undefined;
}

const claudeCodeReport: ComputeHandler = async (input) => {
  const bad = checkRequest(input);
  if (bad) return bad;
  const q = params(input);
  const day = q.get("starting_at")?.[0];
  if (day === undefined) return invalid(input, "starting_at: Field required");
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`)))
    return invalid(input, `starting_at: Input should be a valid date in the format YYYY-MM-DD, got '${day.slice(0, 64)}'`);
  const limitRaw = q.get("limit")?.[0];
  const limit = limitRaw === undefined ? 20 : integer(limitRaw);
  if (limit === undefined) return invalid(input, "limit: Input should be a valid integer, unable to parse string as an integer");
  if (limit < 1) return invalid(input, "limit: Input should be greater than or equal to 1");
  if (limit > 1000) return invalid(input, "limit: Input should be less than or equal to 1000");
  const pageRaw = q.get("page")?.[0];
  let from = 0;
  if (pageRaw !== undefined && pageRaw !== "") {
    const at = readCodePageToken(pageRaw, day);
    if (at === undefined) return invalid(input, "page: Invalid page token");
    from = at;
  }
  const text = await input.read(CLAUDE_CODE_KEY);
  if (text === undefined) return errorReply(input, 404, "not_found_error", "Not Found");
  const records = (JSON.parse(text) as Record<string, JsonValue[]>)[day] ?? [];
  const data = records.slice(from, from + limit);
  const next = from + data.length;
  const hasMore = next < records.length;
  return jsonReply(input, { data, has_more: hasMore, next_page: hasMore ? codePageToken(day, next) : null });
};

export const reportRoutes: ComputedRoute[] = [
  ...["GET", "HEAD"].flatMap((method) => [
    { method, path: "^v1/organizations/usage_report/messages$", handler: "usage-report-messages", run: usageReport },
    { method, path: "^v1/organizations/cost_report$", handler: "cost-report", run: costReport },
    { method, path: "^v1/organizations/usage_report/claude_code$", handler: "usage-report-claude-code", run: claudeCodeReport },
  ]),
];

/**
 * The page's time buckets of a cost report: each row's cost line by line at the bucket width's grain,
 * summed in exact micro-cents per group of fields, groups in a stable order.
 */
export function costBuckets(
  rows: UsageRow[],
  w: Window,
  fieldsOf: (r: UsageRow, line: LineItem) => JsonObject,
  result: (micro: bigint, fields: JsonObject) => JsonObject,
): JsonObject[] {
  const pageEnd = w.from + w.count * w.width;
  const buckets = Array.from({ length: w.count }, () => new Map<string, { fields: JsonObject; micro: bigint }>());
  for (const r of rows) {
    if (r.day + DAY <= w.from || r.day >= pageEnd) continue;
    for (const [at, a] of contributions(r, w.width)) {
      if (at < w.from || at >= pageEnd) continue;
      const bucket = buckets[Math.floor((at - w.from) / w.width)]!;
      for (const line of lineItems({ ...r, ...a })) {
        const fields = fieldsOf(r, line);
        const key = JSON.stringify(fields);
        const slot = bucket.get(key) ?? { fields, micro: 0n };
        slot.micro += line.micro;
        bucket.set(key, slot);
      }
    }
  }
  return buckets.map((bucket, i): JsonObject => ({
    starting_at: rfc3339(w.from + i * w.width),
    ending_at: rfc3339(w.from + (i + 1) * w.width),
    results: [...bucket.entries()].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)).map(([, s]) => result(s.micro, s.fields)),
  }));
}
