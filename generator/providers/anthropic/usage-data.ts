import { createHash } from "node:crypto";
import { splitByWeights } from "../../core/keyed.js";
import type { JsonObject, Resource } from "../../core/provider.js";
import { DAY, HOUR, isoDay, startOfDay } from "../../world/clock.js";
import { type AnthContext, rfc3339 } from "./context.js";
import { centsString, tokenCost } from "./prices.js";

/**
 * The frozen data every usage and cost report is computed from, private to the host (`_snapverse/…` is
 * never served; handlers read it with `input.read`):
 *
 * - `usage.csv`: one row per UTC day, person, model and product of `world.ai.claude`, with the workspace
 *   and API key the Admin API names it by (API use under the team's workspace and the person's key there;
 *   Claude Code under the Claude Code workspace and its login key) and the UTC hours the person worked;
 *   on the as-of day, one row per hour already over (see usageRows). And one row per hour and model of
 *   the product's production use (`world.ai.claudeProduction`), under the Production workspace's key.
 * - `claude-code.json`: the Claude Code Analytics records by UTC day, already whole (one per user and
 *   day, with the per-model token breakdown and its estimated cost at the published prices).
 */
export const USAGE_KEY = "_snapverse/anthropic/usage.csv";
export const CLAUDE_CODE_KEY = "_snapverse/anthropic/claude-code.json";

const COLUMNS = [
  "day",
  "workspace_id",
  "api_key_id",
  "user_id",
  "model",
  "product",
  "service_tier",
  "context_window",
  "inference_geo",
  "requests",
  "uncached",
  "cache_5m",
  "cache_1h",
  "cache_read",
  "output",
  "web_searches",
  "hours",
] as const;

/** What a usage row counts (the report's token and request amounts). */
export interface Amounts {
  requests: number;
  uncached: number;
  cache5m: number;
  cache1h: number;
  cacheRead: number;
  output: number;
  webSearches: number;
}

export const FIELDS = ["requests", "uncached", "cache5m", "cache1h", "cacheRead", "output", "webSearches"] as const;
export const zero = (): Amounts => ({ requests: 0, uncached: 0, cache5m: 0, cache1h: 0, cacheRead: 0, output: 0, webSearches: 0 });

export interface UsageRow extends Amounts {
  /** The UTC day, ms. */
  day: number;
  workspaceId: string;
  apiKeyId: string;
  /** The user the key acts as. */
  userId: string;
  model: string;
  product: "api" | "claude_code";
  serviceTier: string;
  contextWindow: string;
  inferenceGeo: string;
  /** The UTC hours of the day in which the requests were made. */
  hours: number[];
}

/**
 * Models before the 4.6 generation (dated ids) take no `inference_geo` (the report says `not_available`);
 * newer ones run globally. Every request fits the 0–200k context window at the standard tier.
 */
function inferenceGeo(model: string): string {
  return /-\d{8}$/.test(model) ? "not_available" : "global";
}

// --- Spreading a day over hours and minutes -----------------------------------------------------------

export function weights(key: string, count: number, modulo: number, base: number): number[] {
  const out: number[] = [];
  for (let round = 0; out.length < count; round++) out.push(...createHash("sha256").update(`${key}/${round}`).digest());
  return out.slice(0, count).map((b) => base + (b % modulo));
}

/** Requests split by the weights, and every count split by the requests that carry it. */
export function spread(a: Amounts, w: number[]): Amounts[] {
  const requests = splitByWeights(a.requests, w);
  const parts = Object.fromEntries(FIELDS.filter((f) => f !== "requests").map((f) => [f, splitByWeights(a[f], requests)])) as Record<
    string,
    number[]
  >;
  return requests.map((r, i) => ({
    requests: r,
    uncached: parts.uncached![i]!,
    cache5m: parts.cache5m![i]!,
    cache1h: parts.cache1h![i]!,
    cacheRead: parts.cacheRead![i]!,
    output: parts.output![i]!,
    webSearches: parts.webSearches![i]!,
  }));
}

export function amountsOf(r: Amounts): Amounts {
  const a = zero();
  for (const f of FIELDS) a[f] = r[f];
  return a;
}

/** A row's amounts in each of its hours, with fixed weights keyed by its key, day and model. */
export function hourParts(r: UsageRow): Amounts[] {
  return spread(amountsOf(r), weights(`${r.apiKeyId}/${isoDay(r.day)}/${r.model}/hours`, r.hours.length, 4, 1));
}

/**
 * The frozen rows. A person's day is spread over all the hours they work; on the as-of day only the
 * hours already over are frozen, each as a row of its own holding exactly that hour's share of the whole
 * day (the share the whole day's row gives it once the day is over, minutes included: same key, same
 * weights). So a later build only adds hours, never moves usage between them.
 */
export function usageRows(a: AnthContext): UsageRow[] {
  const out: UsageRow[] = [];
  for (const u of a.world.ai.usage.filter((x) => x.tool === "claude")) {
    const key = a.keyOf(u);
    if (!key) continue;
    const row: UsageRow = {
      day: u.day,
      workspaceId: key.workspace.id,
      apiKeyId: key.id,
      userId: key.user.id,
      model: u.model,
      product: u.product === "agent" ? "claude_code" : "api",
      serviceTier: "standard",
      contextWindow: "0-200k",
      inferenceGeo: inferenceGeo(u.model),
      requests: u.requests,
      uncached: u.inputTokens,
      cache5m: u.cacheWriteTokens,
      cache1h: 0,
      cacheRead: u.cacheReadTokens,
      output: u.outputTokens,
      webSearches: u.webSearches,
      hours: a.workHours(a.person(u.personId), u.day),
    };
    if (u.day + DAY <= a.asOf) {
      out.push(row);
      continue;
    }
    const parts = hourParts(row);
    row.hours.forEach((h, i) => {
      if (u.day + (h + 1) * HOUR <= a.asOf && parts[i]!.requests > 0) out.push({ ...row, ...parts[i]!, hours: [h] });
    });
  }
  // The product's production use: one row per complete hour and model (the world holds no other).
  const prod = a.production;
  for (const h of prod ? a.world.ai.claudeProduction!.hours : []) {
    const day = startOfDay(h.hour);
    out.push({
      day,
      workspaceId: prod!.workspace.id,
      apiKeyId: prod!.key.id,
      userId: prod!.key.user.id,
      model: h.model,
      product: "api",
      serviceTier: "standard",
      contextWindow: "0-200k",
      inferenceGeo: inferenceGeo(h.model),
      requests: h.requests,
      uncached: h.inputTokens,
      cache5m: h.cacheWriteTokens,
      cache1h: 0,
      cacheRead: h.cacheReadTokens,
      output: h.outputTokens,
      webSearches: h.webSearches,
      hours: [(h.hour - day) / HOUR],
    });
  }
  return out;
}

export function usageCsv(rows: UsageRow[]): string {
  const lines = rows.map((r) =>
    [
      isoDay(r.day),
      r.workspaceId,
      r.apiKeyId,
      r.userId,
      r.model,
      r.product,
      r.serviceTier,
      r.contextWindow,
      r.inferenceGeo,
      r.requests,
      r.uncached,
      r.cache5m,
      r.cache1h,
      r.cacheRead,
      r.output,
      r.webSearches,
      r.hours.join(";"),
    ].join(","),
  );
  return `${COLUMNS.join(",")}\n${lines.join("\n")}\n`;
}

export function parseUsageCsv(text: string): UsageRow[] {
  return text
    .split("\n")
    .slice(1)
    .filter((l) => l !== "")
    .map((line) => {
      const f = line.split(",");
      return {
        day: Date.parse(`${f[0]}T00:00:00Z`),
        workspaceId: f[1]!,
        apiKeyId: f[2]!,
        userId: f[3]!,
        model: f[4]!,
        product: f[5] as UsageRow["product"],
        serviceTier: f[6]!,
        contextWindow: f[7]!,
        inferenceGeo: f[8]!,
        requests: Number(f[9]),
        uncached: Number(f[10]),
        cache5m: Number(f[11]),
        cache1h: Number(f[12]),
        cacheRead: Number(f[13]),
        output: Number(f[14]),
        webSearches: Number(f[15]),
        hours: f[16]!.split(";").map(Number),
      };
    });
}

/** The Claude Code Analytics records of every day, by `YYYY-MM-DD`, each day's records by the actor's email. */
export function claudeCodeRecords(a: AnthContext): Record<string, JsonObject[]> {
  const byDay: Record<string, JsonObject[]> = {};
  const days = [...a.world.ai.claudeCode].sort(
    (x, y) => x.day - y.day || (a.person(x.personId).email < a.person(y.personId).email ? -1 : 1),
  );
  for (const d of days) {
    const person = a.person(d.personId);
    if (!a.user(person.id)) continue;
    const usage = a.world.ai.usage
      .filter((u) => u.tool === "claude" && u.day === d.day && u.personId === d.personId && u.product === "agent")
      .sort((x, y) => (x.model < y.model ? -1 : x.model > y.model ? 1 : 0));
    const breakdown = usage.map((u): JsonObject => {
      const cost = tokenCost(u.model, {
        uncached: u.inputTokens,
        cacheWrite5m: u.cacheWriteTokens,
        cacheWrite1h: 0,
        cacheRead: u.cacheReadTokens,
        output: u.outputTokens,
      });
      return {
        model: u.model,
        tokens: { input: u.inputTokens, output: u.outputTokens, cache_read: u.cacheReadTokens, cache_creation: u.cacheWriteTokens },
        estimated_cost: { currency: "USD", amount: Number(centsString(cost)) },
      };
    });
    const record: JsonObject = {
      date: rfc3339(d.day),
      actor: { type: "user_actor", email_address: person.email },
      organization_id: a.orgId,
      customer_type: "api",
      terminal_type: d.terminal,
      core_metrics: {
        num_sessions: d.sessions,
        lines_of_code: { added: d.linesAdded, removed: d.linesRemoved },
        commits_by_claude_code: d.commits,
        pull_requests_by_claude_code: d.pullRequests,
      },
      tool_actions: {
        edit_tool: d.tools.edit,
        multi_edit_tool: d.tools.multi_edit,
        write_tool: d.tools.write,
        notebook_edit_tool: d.tools.notebook_edit,
      },
      model_breakdown: breakdown,
      subscription_type: null,
    };
    (byDay[isoDay(d.day)] ??= []).push(record);
  }
  return byDay;
}

export function* usageDataResources(a: AnthContext): Generator<Resource> {
  yield { path: USAGE_KEY, body: { raw: usageCsv(usageRows(a)), contentType: "text/csv; charset=utf-8" } };
  yield { path: CLAUDE_CODE_KEY, body: claudeCodeRecords(a) };
}
