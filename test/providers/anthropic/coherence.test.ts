import { describe, expect, inject, it } from "vitest";
import { PRICES } from "../../../generator/providers/anthropic/prices.js";
import { activeDays, claudeSeats, commitsByDay, isoDay, liveWorld } from "./world.js";

/**
 * The Anthropic host against the world it projects, read over HTTP as a dashboard would:
 * - every user with usage (API key usage in the messages report, actors of the Claude Code report) is a
 *   person of the world who committed, opened a pull request or reviewed on that UTC day; the product's
 *   own key (the Production workspace's) is used in every hour since its launch;
 * - the organization's members are exactly the Claude seat holders of the directory;
 * - every cost is tokens × the published price per model, exactly (decimal arithmetic on strings), and
 *   the hours and minutes of a day add up to the day.
 */
const base = `${inject("baseUrl")}/anthropic/v1`;
const headers = { "x-api-key": "sk-ant-admin01-coherence", "anthropic-version": "2023-06-01" };
const world = liveWorld();
const active = activeDays(world);
const commits = commitsByDay(world);
const byEmail = new Map(world.people.map((p) => [p.email, p]));
const START = "2026-08-01T00:00:00Z";

type Any = Record<string, any>;

async function get(path: string, query: Array<[string, string]> = []): Promise<Any> {
  const res = await fetch(`${base}/${path}${query.length ? `?${new URLSearchParams(query)}` : ""}`, { headers });
  expect(res.status, path).toBe(200);
  return (await res.json()) as Any;
}

/** A list paged to the end with after_id. */
async function list(path: string): Promise<Any[]> {
  const out: Any[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await get(path, [["limit", "100"], ...(after ? [["after_id", after] as [string, string]] : [])]);
    out.push(...(page.data as Any[]));
    if (!page.has_more) return out;
    after = page.last_id;
  }
}

/** A report paged to the end with `page`. */
async function report(path: string, query: Array<[string, string]>): Promise<Any[]> {
  const out: Any[] = [];
  let page: string | undefined;
  for (;;) {
    const body = await get(path, [...query, ...(page ? [["page", page] as [string, string]] : [])]);
    out.push(...(body.data as Any[]));
    if (!body.has_more) return out;
    page = body.next_page;
  }
}

/** Exact decimal arithmetic in micro-cents (six places), independent of the provider's own. */
const micro = (cents: string): bigint => {
  const [whole, frac = ""] = cents.split(".");
  return BigInt(whole!) * 1_000_000n + BigInt((frac + "000000").slice(0, 6));
};

describe("Anthropic host coherence with the world", () => {
  it("has exactly the Claude seat holders of the directory as members, with their names and the seat's role", async () => {
    const users = await list("organizations/users");
    const seats = claudeSeats(world);
    expect(users.length).toBe(seats.length);
    expect(users.map((u) => u.email).sort()).toStrictEqual(seats.map((p) => p.email).sort());
    for (const u of users) {
      const person = byEmail.get(u.email)!;
      expect(u.name).toBe(person.name);
      expect(u.role).toBe(person.admin ? "admin" : "developer");
      const seat = world.ai.seats.find((s) => s.tool === "claude" && s.personId === person.id)!;
      expect(u.added_at).toBe(new Date(seat.since).toISOString().replace(/\.\d{3}Z$/, "Z"));
    }
  });

  it("shows usage only for people active in the repositories that day (messages report by API key, Claude Code report)", async () => {
    const users = new Map((await list("organizations/users")).map((u) => [u.id, u.email as string]));
    const keys = await list("organizations/api_keys");
    const keyOwner = new Map(keys.map((k) => [k.id, users.get(k.principal.user_id)!]));
    const production = (await list("organizations/workspaces")).find((w) => w.name === "Production")!.id;
    const productKeys = new Set(keys.filter((k) => k.scope.workspace_id === production).map((k) => k.id));
    expect(productKeys.size).toBe(1);
    const buckets = await report("organizations/usage_report/messages", [
      ["starting_at", START],
      ["limit", "31"],
      ["group_by[]", "api_key_id"],
    ]);
    let checked = 0;
    for (const b of buckets) {
      const day = Date.parse(b.starting_at);
      for (const r of b.results as Any[]) {
        if (productKeys.has(r.api_key_id)) continue;
        const person = byEmail.get(keyOwner.get(r.api_key_id)!)!;
        expect(active.get(person.id)?.has(day), `${person.email} on ${b.starting_at}`).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(50);
    const days = [...new Set(world.ai.claudeCode.map((d) => d.day))];
    let actors = 0;
    for (const day of days) {
      for (const r of await report("organizations/usage_report/claude_code", [
        ["starting_at", isoDay(day)],
        ["limit", "1000"],
      ])) {
        const person = byEmail.get(r.actor.email_address)!;
        expect(active.get(person.id)?.has(day), `${person.email} on ${isoDay(day)}`).toBe(true);
        // Claude Code never claims more commits than the person made that day.
        expect(r.core_metrics.commits_by_claude_code).toBeGreaterThan(0);
        expect(r.core_metrics.commits_by_claude_code).toBeLessThanOrEqual(commits.get(person.id)?.get(day) ?? 0);
        actors++;
      }
    }
    expect(actors).toBe(world.ai.claudeCode.length);
  });

  it("has the product call the API with its own key in every hour since its launch, and nothing after the as-of", async () => {
    const production = world.ai.claudeProduction!;
    const key = (await list("organizations/api_keys")).find((k) => k.name.endsWith("-app-production"))!;
    expect(Date.parse(key.created_at)).toBeLessThan(production.launchedAt);
    const from = world.asOf - 3 * 86_400_000;
    const hours = await report("organizations/usage_report/messages", [
      ["starting_at", new Date(from).toISOString()],
      ["bucket_width", "1h"],
      ["limit", "168"],
      ["api_key_ids[]", key.id],
    ]);
    expect(hours.length).toBe(72);
    for (const h of hours) expect(h.results.length, h.starting_at).toBe(1);
    const expected = production.hours.filter((h) => h.hour >= from).reduce((s, h) => s + h.outputTokens, 0);
    expect(hours.reduce((s, h) => s + h.results[0].output_tokens, 0)).toBe(expected);
  });

  it("costs exactly tokens × the published price per model and token type, and the ungrouped total is their sum", async () => {
    const usage = await report("organizations/usage_report/messages", [
      ["starting_at", START],
      ["limit", "31"],
      ["group_by[]", "model"],
    ]);
    const grouped = await report("organizations/cost_report", [
      ["starting_at", START],
      ["limit", "31"],
      ["group_by[]", "description"],
    ]);
    const total = await report("organizations/cost_report", [
      ["starting_at", START],
      ["limit", "31"],
    ]);
    expect(grouped.length).toBe(usage.length);
    let lines = 0;
    for (const [i, b] of usage.entries()) {
      const costs = grouped[i]!.results as Any[];
      const expected = new Map<string, bigint>();
      const add = (key: string, v: bigint) => v > 0n && expected.set(key, (expected.get(key) ?? 0n) + v);
      for (const r of b.results as Any[]) {
        const p = PRICES[r.model]!;
        add(`${r.model}/uncached_input_tokens`, BigInt(r.uncached_input_tokens) * BigInt(p.input));
        add(
          `${r.model}/cache_creation.ephemeral_5m_input_tokens`,
          BigInt(r.cache_creation.ephemeral_5m_input_tokens) * BigInt(p.cacheWrite5m),
        );
        add(
          `${r.model}/cache_creation.ephemeral_1h_input_tokens`,
          BigInt(r.cache_creation.ephemeral_1h_input_tokens) * BigInt(p.cacheWrite1h),
        );
        add(`${r.model}/cache_read_input_tokens`, BigInt(r.cache_read_input_tokens) * BigInt(p.cacheRead));
        add(`${r.model}/output_tokens`, BigInt(r.output_tokens) * BigInt(p.output));
        // Web search: $10 per 1,000 searches, one cent each.
        add("web_search", BigInt(r.server_tool_use.web_search_requests) * 1_000_000n);
      }
      const served = new Map(
        costs.map((c) => [c.cost_type === "web_search" ? "web_search" : `${c.model}/${c.token_type}`, micro(c.amount)]),
      );
      expect([...served.keys()].sort()).toStrictEqual([...expected.keys()].sort());
      for (const [k, v] of expected) expect(served.get(k), `${b.starting_at} ${k}`).toBe(v);
      const sum = [...served.values()].reduce((s, v) => s + v, 0n);
      const whole = total[i]!.results as Any[];
      if (sum === 0n) expect(whole).toStrictEqual([]);
      else expect(micro(whole[0]!.amount)).toBe(sum);
      lines += costs.length;
    }
    expect(lines).toBeGreaterThan(100);
  });

  it("estimates each Claude Code user's cost per model as tokens × price, in cents", async () => {
    let checked = 0;
    for (const day of [...new Set(world.ai.claudeCode.map((d) => d.day))].slice(0, 15)) {
      for (const r of await report("organizations/usage_report/claude_code", [["starting_at", isoDay(day)]])) {
        for (const m of r.model_breakdown as Any[]) {
          const p = PRICES[m.model]!;
          const expected =
            BigInt(m.tokens.input) * BigInt(p.input) +
            BigInt(m.tokens.output) * BigInt(p.output) +
            BigInt(m.tokens.cache_read) * BigInt(p.cacheRead) +
            BigInt(m.tokens.cache_creation) * BigInt(p.cacheWrite5m);
          expect(micro(String(m.estimated_cost.amount))).toBe(expected);
          const row = world.ai.usage
            .filter((u) => u.tool === "claude")
            .find(
              (u) =>
                u.day === day &&
                u.product === "agent" &&
                u.model === m.model &&
                world.people[u.personId - 1]!.email === r.actor.email_address,
            )!;
          expect([m.tokens.input, m.tokens.output, m.tokens.cache_read, m.tokens.cache_creation]).toStrictEqual([
            row.inputTokens,
            row.outputTokens,
            row.cacheReadTokens,
            row.cacheWriteTokens,
          ]);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it("spreads a day over the person's working hours: 24 hourly buckets add up to the day, 60 minutes to their hour", async () => {
    const day = world.ai.usage.filter((u) => u.tool === "claude").find((u) => u.day >= Date.parse("2026-09-01T00:00:00Z"))!.day;
    const iso = new Date(day).toISOString().replace(/\.\d{3}Z$/, "Z");
    const sum = (buckets: Any[]) =>
      JSON.stringify(
        ["uncached_input_tokens", "cache_read_input_tokens", "output_tokens"].map((f) =>
          buckets.flatMap((b) => b.results as Any[]).reduce((s, r) => s + r[f], 0),
        ),
      );
    const daily = await report("organizations/usage_report/messages", [
      ["starting_at", iso],
      ["ending_at", new Date(day + 86_400_000).toISOString()],
      ["bucket_width", "1d"],
    ]);
    const hourly = await report("organizations/usage_report/messages", [
      ["starting_at", iso],
      ["ending_at", new Date(day + 86_400_000).toISOString()],
      ["bucket_width", "1h"],
    ]);
    expect(daily.length).toBe(1);
    expect(hourly.length).toBe(24);
    expect(sum(hourly)).toBe(sum(daily));
    const busiest = [...hourly].sort((a, b) => (b.results[0]?.output_tokens ?? 0) - (a.results[0]?.output_tokens ?? 0))[0]!;
    const minutes = await report("organizations/usage_report/messages", [
      ["starting_at", busiest.starting_at],
      ["ending_at", busiest.ending_at],
      ["bucket_width", "1m"],
    ]);
    expect(minutes.length).toBe(60);
    expect(sum(minutes)).toBe(sum([busiest]));
  });
});
