import { createHash } from "node:crypto";
import type { JsonObject, ComputeHandler, ComputeInput, JsonValue } from "../../core/provider.js";
import { errorReply } from "./completions.js";
import { invalidType, invalidValue, missingParameter, openAiError } from "./errors.js";
import { priceOf } from "./models.js";
import { parseUsageCsv, USAGE_DATA_KEY, type UsageRow } from "./usage-data.js";
import { splitByWeights } from "../../core/keyed.js";
import type { ComputedRoute } from "../../core/define-provider.js";

/**
 * The usage and costs endpoints, computed from the frozen per-day usage (see usage-data.ts): any
 * `start_time`, `end_time`, `bucket_width`, filter, `group_by`, `limit` and `page` gets the answer OpenAI
 * would give for the frozen organization, so a sync client that asks for "the last 30 days" by its own
 * clock, in 31-day chunks, by hour or with any grouping, reads consistent numbers. Time stops at the
 * pin's as-of: no bucket starts after it.
 *
 * - Buckets start at `start_time` rounded down to the bucket width (UTC) and run up to `end_time`
 *   (exclusive) or as-of; `limit` buckets a page, `next_page` a cursor for the next bucket.
 * - Hours: each person's daily usage is spread over the UTC hours of their working day (9:00–18:00
 *   local); minutes: each hour's requests over its minutes. The spreads are fixed by the row, so 24
 *   hours always add up to their day and 60 minutes to their hour.
 * - Costs: usage times the price table in models.ts, per line item `<model>, input` (uncached input),
 *   `<model>, cached input` and `<model>, output`, in US dollars.
 */
type Reply = { status: number; headers: Record<string, string>; body: string };

const DAY = 86_400;
const WIDTHS: Record<string, { seconds: number; defaultLimit: number; maxLimit: number }> = {
  "1m": { seconds: 60, defaultLimit: 60, maxLimit: 1440 },
  "1h": { seconds: 3600, defaultLimit: 24, maxLimit: 168 },
  "1d": { seconds: DAY, defaultLimit: 7, maxLimit: 31 },
};

const isEmbedding = (model: string) => model.startsWith("text-embedding");

interface Amounts {
  requests: number;
  uncached: number;
  cached: number;
  output: number;
}

/** One usage endpoint: its result object, its groupings and filters, and which rows it counts. */
interface UsageType {
  object: string;
  groups: string[];
  /** Filter parameter → the row field it matches. */
  filters: Record<string, keyof UsageRow | null>;
  rows: (r: UsageRow) => boolean;
  result?: (a: Amounts, group: JsonObject) => JsonObject;
}

const IDS = { project_ids: "projectId", user_ids: "userId", api_key_ids: "apiKeyId", models: "model" } as const;
const none = () => false;

const TYPES: Record<string, UsageType> = {
  completions: {
    object: "organization.usage.completions.result",
    groups: ["project_id", "user_id", "api_key_id", "model", "batch", "service_tier"],
    filters: { ...IDS, batch: "batch" },
    rows: (r) => !isEmbedding(r.model),
    result: (a, g) => ({
      object: "organization.usage.completions.result",
      input_tokens: a.uncached + a.cached,
      input_cached_tokens: a.cached,
      input_cache_write_tokens: 0,
      input_uncached_tokens: a.uncached,
      output_tokens: a.output,
      input_text_tokens: a.uncached + a.cached,
      output_text_tokens: a.output,
      input_cached_text_tokens: a.cached,
      input_audio_tokens: 0,
      input_cached_audio_tokens: 0,
      output_audio_tokens: 0,
      input_image_tokens: 0,
      input_cached_image_tokens: 0,
      output_image_tokens: 0,
      num_model_requests: a.requests,
      project_id: g.project_id ?? null,
      user_id: g.user_id ?? null,
      api_key_id: g.api_key_id ?? null,
      model: g.model ?? null,
      batch: g.batch ?? null,
      service_tier: g.service_tier ?? null,
    }),
  },
  embeddings: {
    object: "organization.usage.embeddings.result",
    groups: ["project_id", "user_id", "api_key_id", "model"],
    filters: { ...IDS },
    rows: (r) => isEmbedding(r.model),
    result: (a, g) => ({
      object: "organization.usage.embeddings.result",
      input_tokens: a.uncached + a.cached,
      num_model_requests: a.requests,
      project_id: g.project_id ?? null,
      user_id: g.user_id ?? null,
      api_key_id: g.api_key_id ?? null,
      model: g.model ?? null,
    }),
  },
  moderations: {
    object: "organization.usage.moderations.result",
    groups: ["project_id", "user_id", "api_key_id", "model"],
    filters: { ...IDS },
    rows: none,
  },
  images: {
    object: "organization.usage.images.result",
    groups: ["project_id", "user_id", "api_key_id", "model", "size", "source"],
    filters: { ...IDS, sources: null, sizes: null },
    rows: none,
  },
  audio_speeches: {
    object: "organization.usage.audio_speeches.result",
    groups: ["project_id", "user_id", "api_key_id", "model"],
    filters: { ...IDS },
    rows: none,
  },
  audio_transcriptions: {
    object: "organization.usage.audio_transcriptions.result",
    groups: ["project_id", "user_id", "api_key_id", "model"],
    filters: { ...IDS },
    rows: none,
  },
  vector_stores: {
    object: "organization.usage.vector_stores.result",
    groups: ["project_id"],
    filters: { project_ids: "projectId" },
    rows: none,
  },
  code_interpreter_sessions: {
    object: "organization.usage.code_interpreter_sessions.result",
    groups: ["project_id"],
    filters: { project_ids: "projectId" },
    rows: none,
  },
  file_search_calls: {
    object: "organization.usage.file_searches.result",
    groups: ["project_id", "user_id", "api_key_id", "vector_store_id"],
    filters: { project_ids: "projectId", user_ids: "userId", api_key_ids: "apiKeyId", vector_store_ids: null },
    rows: none,
  },
  web_search_calls: {
    object: "organization.usage.web_searches.result",
    groups: ["project_id", "user_id", "api_key_id", "model", "context_level"],
    filters: { ...IDS, context_levels: null },
    rows: none,
  },
};

export const USAGE_TYPES = Object.keys(TYPES);

// --- Spreading a day over hours and minutes -----------------------------------------------------------

function weightBytes(key: string, count: number): number[] {
  const out: number[] = [];
  for (let round = 0; out.length < count; round++) out.push(...createHash("sha256").update(`${key}/${round}`).digest());
  return out.slice(0, count);
}

/** Requests split by the weights, and each token count split by the requests that carry it. */
function spread(a: Amounts, weights: number[]): Amounts[] {
  const requests = splitByWeights(a.requests, weights);
  const uncached = splitByWeights(a.uncached, requests);
  const cached = splitByWeights(a.cached, requests);
  const output = splitByWeights(a.output, requests);
  return requests.map((r, i) => ({ requests: r, uncached: uncached[i]!, cached: cached[i]!, output: output[i]! }));
}

function amountsOf(r: UsageRow): Amounts {
  return { requests: r.requests, uncached: r.input - r.cached, cached: r.cached, output: r.output };
}

/** A row's usage as (instant, amounts) at the bucket width's grain. */
function* contributions(r: UsageRow, width: number): Generator<[number, Amounts]> {
  const whole = amountsOf(r);
  if (width >= DAY) {
    yield [r.day, whole];
    return;
  }
  const key = `${r.userId}/${r.day}/${r.model}`;
  const perHour = spread(
    whole,
    weightBytes(`${key}/hours`, r.hours.length).map((b) => 1 + (b % 4)),
  );
  for (let i = 0; i < r.hours.length; i++) {
    const at = r.day + r.hours[i]! * 3600;
    const hour = perHour[i]!;
    if (hour.requests === 0) continue;
    if (width >= 3600) {
      yield [at, hour];
      continue;
    }
    const weights = weightBytes(`${key}/${r.hours[i]}/minutes`, 60).map((b) => b % 4);
    if (!weights.some((w) => w > 0)) weights[0] = 1;
    const perMinute = spread(hour, weights);
    for (let m = 0; m < 60; m++) if (perMinute[m]!.requests > 0) yield [at + m * 60, perMinute[m]!];
  }
}

// --- Requests ------------------------------------------------------------------------------------------

/** Query parameters by name: `group_by[]=a&group_by[]=b` and `group_by=a&group_by=b` alike. */
function params(input: ComputeInput): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [raw, value] of input.query) {
    const name = raw.endsWith("[]") ? raw.slice(0, -2) : raw;
    out.set(name, [...(out.get(name) ?? []), value]);
  }
  return out;
}

function integer(value: string | undefined): number | undefined {
  return value !== undefined && /^-?\d+$/.test(value) ? Number(value) : undefined;
}

function pageToken(asOf: number, listing: string, next: number): string {
  const b = Buffer.alloc(20);
  b.writeUInt32BE(asOf >>> 0, 4);
  b.writeUInt32BE(createHash("sha256").update(listing).digest().readUInt32BE(0), 8);
  b.writeUInt32BE(next >>> 0, 16);
  return `page_${b.toString("base64")}`;
}

function readPageToken(token: string): number | undefined {
  if (!token.startsWith("page_")) return undefined;
  const b = Buffer.from(token.slice(5), "base64");
  return b.length === 20 ? b.readUInt32BE(16) : undefined;
}

interface Window {
  width: number;
  /** Aligned start of the whole listing, the page's first bucket, the page's buckets, and the end (exclusive). */
  start: number;
  from: number;
  count: number;
  end: number;
  hasMore: boolean;
  nextPage: string | null;
}

/** Reads start_time, end_time, bucket_width, limit and page; an error reply when one is wrong. */
function window(
  input: ComputeInput,
  q: Map<string, string[]>,
  widths: string[],
  limits: { defaultLimit?: number; maxLimit?: number } = {},
): Window | Reply {
  const asOf = Math.floor(Date.parse(input.serving.asOf ?? "1970-01-01T00:00:00Z") / 1000);
  const startRaw = q.get("start_time")?.[0];
  if (startRaw === undefined) return errorReply(400, missingParameter("start_time"), input);
  const startTime = integer(startRaw);
  if (startTime === undefined) return errorReply(400, invalidType("start_time", "an integer"), input);
  const endRaw = q.get("end_time")?.[0];
  const endTime = endRaw === undefined ? undefined : integer(endRaw);
  if (endRaw !== undefined && endTime === undefined) return errorReply(400, invalidType("end_time", "an integer"), input);
  const widthName = q.get("bucket_width")?.[0] ?? "1d";
  if (!widths.includes(widthName)) {
    return errorReply(
      400,
      invalidValue("bucket_width", `Invalid value: '${widthName}'. Supported values are: ${widths.map((w) => `'${w}'`).join(", ")}.`),
      input,
    );
  }
  const spec = WIDTHS[widthName]!;
  const defaultLimit = limits.defaultLimit ?? spec.defaultLimit;
  const maxLimit = limits.maxLimit ?? spec.maxLimit;
  const limitRaw = q.get("limit")?.[0];
  const limit = limitRaw === undefined ? defaultLimit : integer(limitRaw);
  if (limit === undefined) return errorReply(400, invalidType("limit", "an integer"), input);
  if (limit < 1 || limit > maxLimit)
    return errorReply(
      400,
      invalidValue("limit", `Invalid 'limit': must be between 1 and ${maxLimit} for bucket_width '${widthName}'.`),
      input,
    );
  const width = spec.seconds;
  const start = Math.floor(startTime / width) * width;
  const end = Math.min(endTime ?? asOf, asOf);
  const pageRaw = q.get("page")?.[0];
  let from = start;
  if (pageRaw !== undefined) {
    const at = readPageToken(pageRaw);
    if (at === undefined || at % width !== 0)
      return errorReply(
        400,
        openAiError("Invalid 'page': not a page cursor this endpoint gave.", "invalid_request_error", "page", "invalid_value"),
        input,
      );
    from = Math.max(at, start);
  }
  const available = from >= end ? 0 : Math.ceil((end - from) / width);
  const count = Math.min(limit, available);
  const next = from + count * width;
  const hasMore = next < end;
  const listing = [
    input.path,
    ...[...q]
      .filter(([k]) => k !== "page" && k !== "limit")
      .map(([k, v]) => `${k}=${[...v].sort().join(",")}`)
      .sort(),
  ].join("&");
  return { width, start, from, count, end, hasMore, nextPage: hasMore ? pageToken(asOf, listing, next) : null };
}

function reply(input: ComputeInput, body: JsonValue): Reply {
  const canonicalRequest = [input.path, ...input.query.map(([k, v]) => `${k.replace(/\[\]$/, "")}=${v}`).sort()].join("&");
  const hash = createHash("sha256")
    .update(`${input.serving.headers["openai-organization"] ?? ""}\u0000${canonicalRequest}`)
    .digest();
  return {
    status: 200,
    headers: {
      "content-type": "application/json",
      "openai-processing-ms": String(40 + (hash[0]! % 200)),
      "x-request-id": `req_${hash.toString("hex").slice(0, 32)}`,
    },
    body: JSON.stringify(body),
  };
}

function groupBy(input: ComputeInput, q: Map<string, string[]>, allowed: string[]): string[] | Reply {
  const groups = q.get("group_by") ?? [];
  for (const g of groups) {
    if (!allowed.includes(g))
      return errorReply(
        400,
        invalidValue("group_by", `Invalid value: '${g}'. Supported values are: ${allowed.map((a) => `'${a}'`).join(", ")}.`),
        input,
      );
  }
  return allowed.filter((a) => groups.includes(a));
}

const GROUP_FIELD: Record<string, (r: UsageRow) => JsonValue> = {
  project_id: (r) => r.projectId,
  user_id: (r) => r.userId,
  api_key_id: (r) => r.apiKeyId,
  model: (r) => r.model,
  batch: (r) => r.batch,
  service_tier: (r) => r.serviceTier,
};

async function rowsOf(input: ComputeInput): Promise<UsageRow[] | Reply> {
  const text = await input.read(USAGE_DATA_KEY);
  if (text === undefined) return errorReply(404, input.serving.errors.notFound.body, input);
  return parseUsageCsv(text);
}

/** Rows the filters keep: each filter lists the values it accepts (`models` takes an alias or a snapshot). */
function filtered(rows: UsageRow[], q: Map<string, string[]>, filters: Record<string, keyof UsageRow | null>): UsageRow[] {
  let out = rows;
  for (const [param, field] of Object.entries(filters)) {
    const wanted = q.get(param);
    if (!wanted || wanted.length === 0) continue;
    if (field === null) {
      out = [];
      continue;
    }
    if (field === "batch") {
      const b = wanted[0] === "true";
      out = out.filter((r) => r.batch === b);
      continue;
    }
    out = out.filter((r) =>
      wanted.some(
        (w) =>
          String(r[field]) === w ||
          (field === "model" && r.model.startsWith(`${w}-`) && /^\d{4}-\d{2}-\d{2}$/.test(r.model.slice(w.length + 1))),
      ),
    );
  }
  return out;
}

const usage =
  (type: UsageType): ComputeHandler =>
  async (input) => {
    const q = params(input);
    const w = window(input, q, ["1m", "1h", "1d"]);
    if ("status" in w) return w;
    const groups = groupBy(input, q, type.groups);
    if (!Array.isArray(groups)) return groups;
    const all = await rowsOf(input);
    if (!Array.isArray(all)) return all;
    const pageEnd = w.from + w.count * w.width;
    const rows = filtered(all.filter(type.rows), q, type.filters).filter((r) => r.day + DAY > w.from && r.day < pageEnd);
    const buckets = Array.from({ length: w.count }, () => new Map<string, { group: JsonObject; a: Amounts }>());
    for (const r of rows) {
      const group: JsonObject = {};
      for (const g of groups) group[g] = GROUP_FIELD[g]!(r);
      const key = JSON.stringify(groups.map((g) => group[g]));
      for (const [at, a] of contributions(r, w.width)) {
        if (at < w.from || at >= pageEnd) continue;
        const bucket = buckets[Math.floor((at - w.from) / w.width)]!;
        const slot = bucket.get(key) ?? { group, a: { requests: 0, uncached: 0, cached: 0, output: 0 } };
        slot.a.requests += a.requests;
        slot.a.uncached += a.uncached;
        slot.a.cached += a.cached;
        slot.a.output += a.output;
        bucket.set(key, slot);
      }
    }
    const data = buckets.map((bucket, i): JsonObject => ({
      object: "bucket",
      start_time: w.from + i * w.width,
      end_time: w.from + (i + 1) * w.width,
      results: [...bucket.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, s]) => type.result!(s.a, s.group)),
    }));
    return reply(input, { object: "page", data, has_more: w.hasMore, next_page: w.nextPage });
  };

function round(value: number): number {
  return Math.round(value * 1e10) / 1e10;
}

/** A row's cost per line item: tokens and dollars. */
function lineItems(r: UsageRow): Array<{ item: string; quantity: number; value: number }> {
  const price = priceOf(r.model);
  const out = [
    { item: `${r.model}, input`, quantity: r.input - r.cached, value: ((r.input - r.cached) * price.input) / 1e6 },
    { item: `${r.model}, cached input`, quantity: r.cached, value: (r.cached * price.cached) / 1e6 },
    { item: `${r.model}, output`, quantity: r.output, value: (r.output * price.output) / 1e6 },
  ];
  return out.filter((l) => l.quantity > 0);
}

const costs: ComputeHandler = async (input) => {
  const q = params(input);
  const w = window(input, q, ["1d"], { defaultLimit: 7, maxLimit: 180 });
  if ("status" in w) return w;
  const groups = groupBy(input, q, ["project_id", "line_item", "api_key_id"]);
  if (!Array.isArray(groups)) return groups;
  const all = await rowsOf(input);
  if (!Array.isArray(all)) return all;
  const pageEnd = w.from + w.count * w.width;
  const rows = filtered(all, q, { project_ids: "projectId", api_key_ids: "apiKeyId" }).filter((r) => r.day >= w.from && r.day < pageEnd);
  const buckets = Array.from({ length: w.count }, () => new Map<string, { group: JsonObject; value: number; quantity: number }>());
  for (const r of rows) {
    const bucket = buckets[Math.floor((r.day - w.from) / w.width)]!;
    for (const line of lineItems(r)) {
      const group: JsonObject = {
        line_item: groups.includes("line_item") ? line.item : null,
        project_id: groups.includes("project_id") ? r.projectId : null,
        api_key_id: groups.includes("api_key_id") ? r.apiKeyId : null,
      };
      const key = JSON.stringify([group.line_item, group.project_id, group.api_key_id]);
      const slot = bucket.get(key) ?? { group, value: 0, quantity: 0 };
      slot.value += line.value;
      slot.quantity += line.quantity;
      bucket.set(key, slot);
    }
  }
  const byLine = groups.includes("line_item");
  const data = buckets.map((bucket, i): JsonObject => ({
    object: "bucket",
    start_time: w.from + i * w.width,
    end_time: w.from + (i + 1) * w.width,
    results: [...bucket.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, s]) => ({
        object: "organization.costs.result",
        amount: { value: round(s.value), currency: "usd" },
        line_item: s.group.line_item ?? null,
        project_id: s.group.project_id ?? null,
        api_key_id: s.group.api_key_id ?? null,
        quantity: byLine ? s.quantity : null,
        quantity_unit: byLine ? "tokens" : null,
      })),
  }));
  return reply(input, { object: "page", data, has_more: w.hasMore, next_page: w.nextPage });
};

export const usageRoutes: ComputedRoute[] = [
  ...Object.entries(TYPES).flatMap(([name, type]) => {
    const run = usage(type);
    return ["GET", "HEAD"].map((method) => ({ method, path: `^v1/organization/usage/${name}$`, handler: `usage-${name}`, run }));
  }),
  ...["GET", "HEAD"].map((method) => ({ method, path: "^v1/organization/costs$", handler: "costs", run: costs })),
];
