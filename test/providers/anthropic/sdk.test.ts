import Anthropic from "@anthropic-ai/sdk";
import { describe, expect, inject, it } from "vitest";
import { MODELS } from "../../../generator/providers/anthropic/models.js";
import { claudeSeats, isoDay, liveWorld } from "./world.js";
import {
  analyticsCostResult,
  analyticsUsageResult,
  claudeCodeReport,
  costReport,
  message,
  modelInfo,
  streamEvent,
  usageReport,
} from "./schema.js";

/**
 * The workflow of @anthropic-ai/sdk 1.12.0 given only the base URL and a key: models paged to the end,
 * one model by its alias, a message plain and streamed (the same text), count_tokens, the organization,
 * its users, workspaces (and members), API keys and invites listed to the end through the SDK's own
 * pagers, and the usage, cost and Claude Code reports paged to the end through `client.get` (the SDK has
 * no method for these Admin API paths; `get` still goes through its transport, headers and retries).
 * Expected values come from the world, not from the served files.
 */
const baseURL = `${inject("baseUrl")}/anthropic`;
const world = liveWorld();
const client = new Anthropic({ apiKey: "sk-ant-admin01-snapverse-test", baseURL, maxRetries: 0 });

type Any = Record<string, any>;

const seats = claudeSeats(world);
const WINDOW_START = "2026-08-01T00:00:00Z";

/** A report paged to the end the way its docs say: the same query with `page=<next_page>` while `has_more`. */
async function report(path: string, query: Record<string, unknown>): Promise<{ pages: Any[]; buckets: Any[] }> {
  const pages: Any[] = [];
  let page: string | undefined;
  for (;;) {
    const body = await client.get<Any>(path, { query: { ...query, ...(page ? { page } : {}) } });
    pages.push(body);
    if (!body.has_more) break;
    expect(body.next_page).toMatch(/^page_/);
    page = body.next_page;
  }
  return { pages, buckets: pages.flatMap((p) => p.data as Any[]) };
}

describe("Anthropic API workflow with @anthropic-ai/sdk 1.12.0", () => {
  it("lists every model, newest first, paging with after_id, and gets one by its alias", async () => {
    const ids: string[] = [];
    for await (const m of client.models.list({ limit: 3 })) {
      expect(modelInfo.safeParse(m).success).toBe(true);
      ids.push(m.id);
    }
    const expected = MODELS.filter((m) => Date.parse(`${m.released}T00:00:00Z`) <= world.asOf)
      .sort((a, b) => (a.released < b.released ? 1 : -1))
      .map((m) => m.id);
    expect(ids).toStrictEqual(expected);
    const sonnet = await client.models.retrieve("claude-sonnet-4-5");
    expect(sonnet.id).toBe("claude-sonnet-4-5-20250929");
    expect(sonnet.display_name).toBe("Claude Sonnet 4.5");
    // Deprecated by as-of, retiring on the day @anthropic-ai/sdk's deprecated-models table says.
    expect([sonnet.lifecycle, sonnet.retires_at]).toStrictEqual(["deprecated", "2026-11-30T00:00:00Z"]);
    const { response } = await client.models.retrieve("claude-haiku-4-5-20251001").withResponse();
    expect(response.headers.get("request-id")).toMatch(/^req_011C/);
  });

  it("answers a message plain and streamed with the same text, and count_tokens agrees with its usage", async () => {
    const params = {
      model: "claude-opus-4-5",
      max_tokens: 1024,
      system: "You are terse.",
      messages: [{ role: "user" as const, content: "Which index would speed up the slowest query?" }],
    };
    const plain = await client.messages.create(params);
    expect(message.safeParse(plain).success).toBe(true);
    expect(plain.model).toBe("claude-opus-4-5-20251101");
    expect(plain.stop_reason).toBe("end_turn");
    const text = plain.content.map((b) => (b.type === "text" ? b.text : "")).join("");
    expect(text).toContain("Which index would speed up the slowest query?");
    expect(plain._request_id).toMatch(/^req_011C/);

    // The SDK's stream helper accumulates the events into the same message.
    const stream = client.messages.stream(params);
    const deltas: string[] = [];
    stream.on("text", (t) => deltas.push(t));
    const final = await stream.finalMessage();
    expect(deltas.join("")).toBe(text);
    expect(final.id).toBe(plain.id);
    expect(JSON.stringify(final.content)).toBe(JSON.stringify(plain.content));
    expect(final.usage.output_tokens).toBe(plain.usage.output_tokens);

    // And the raw events, each of its documented shape, in the documented order.
    const raw = await client.messages.create({ ...params, stream: true });
    const types: string[] = [];
    let concatenated = "";
    for await (const event of raw) {
      expect(streamEvent.safeParse(event).success, JSON.stringify(event)).toBe(true);
      types.push(event.type);
      if (event.type === "content_block_delta" && event.delta.type === "text_delta") concatenated += event.delta.text;
    }
    expect(concatenated).toBe(text);
    // The SDK's iterator drops `ping`; on the wire it comes third, as the streaming docs show.
    expect(types.slice(0, 2)).toStrictEqual(["message_start", "content_block_start"]);
    expect(types.slice(-3)).toStrictEqual(["content_block_stop", "message_delta", "message_stop"]);
    const wire = await (
      await fetch(`${baseURL}/v1/messages`, {
        method: "POST",
        headers: { "x-api-key": "k", "anthropic-version": "2023-06-01", "content-type": "application/json" },
        body: JSON.stringify({ ...params, stream: true }),
      })
    ).text();
    expect([...wire.matchAll(/^event: (\w+)$/gm)].map((m) => m[1]).slice(0, 3)).toStrictEqual([
      "message_start",
      "content_block_start",
      "ping",
    ]);

    const counted = await client.messages.countTokens({ model: params.model, system: params.system, messages: params.messages });
    expect(counted.input_tokens).toBe(plain.usage.input_tokens);

    // The same request answers the same bytes; an unknown model is the SDK's NotFoundError.
    expect(JSON.stringify(await client.messages.create(params))).toBe(JSON.stringify(plain));
    await expect(client.messages.create({ ...params, model: "claude-2.1" })).rejects.toBeInstanceOf(Anthropic.NotFoundError);
  });

  it("reads the organization and lists its users, workspaces with members, API keys and invites to the end", async () => {
    const org = await client.organization.retrieve();
    expect(org.type).toBe("organization");
    expect(org.name).toBe(world.company.name);

    const users: Anthropic.Organization.OrganizationUser[] = [];
    for await (const u of client.organization.users.list({ limit: 4 })) users.push(u);
    expect(users.map((u) => u.email).sort()).toStrictEqual(seats.map((p) => p.email).sort());
    for (const u of users) expect(u.name).toBe(world.people.find((p) => p.email === u.email)!.name);
    expect(users.filter((u) => u.role === "admin").map((u) => u.email)).toStrictEqual(seats.filter((p) => p.admin).map((p) => p.email));
    const one = await client.organization.users.retrieve(users[0]!.id);
    expect(one.email).toBe(users[0]!.email);

    const workspaces: Anthropic.Organization.Workspace[] = [];
    for await (const w of client.organization.workspaces.list({ limit: 2 })) workspaces.push(w);
    const teams = [...new Set(seats.map((p) => p.teamId))].map((id) => world.teams.find((t) => t.id === id)!.name);
    expect(workspaces.map((w) => w.name).sort()).toStrictEqual([...teams, "Claude Code", "Production"].sort());
    const userById = new Map(users.map((u) => [u.id, u]));
    let memberships = 0;
    for (const w of workspaces) {
      const members: Anthropic.Organization.WorkspaceMember[] = [];
      for await (const m of client.organization.workspaces.members.list(w.id, { limit: 3 })) members.push(m);
      expect(members.every((m) => m.workspace_id === w.id && userById.has(m.user_id))).toBe(true);
      if (w.name === "Production") {
        // The product's workspace: its owner alone, as its admin.
        expect(members.map((m) => [userById.get(m.user_id)!.email, m.workspace_role])).toStrictEqual([
          [world.people[world.ai.claudeProduction!.ownerId - 1]!.email, "workspace_admin"],
        ]);
      } else if (w.name !== "Claude Code") {
        const team = world.teams.find((t) => t.name === w.name)!;
        expect(members.map((m) => userById.get(m.user_id)!.email).sort()).toStrictEqual(
          seats
            .filter((p) => p.teamId === team.id)
            .map((p) => p.email)
            .sort(),
        );
      }
      memberships += members.length;
    }

    const keys: Anthropic.Organization.APIKey[] = [];
    for await (const k of client.organization.apiKeys.list({ limit: 7 })) keys.push(k);
    // One key per member in their team's workspace, one per Claude Code user in the Claude Code workspace,
    // and the product's in Production.
    expect(keys.length).toBe(memberships);
    for (const k of keys) {
      expect(k.principal?.type).toBe("user_actor");
      expect(userById.has((k.principal as { user_id: string }).user_id)).toBe(true);
      expect(workspaces.some((w) => k.scope.type === "workspace" && w.id === k.scope.workspace_id)).toBe(true);
    }
    expect((await client.organization.apiKeys.retrieve(keys[0]!.id)).name).toBe(keys[0]!.name);

    const invites: Anthropic.Organization.OrganizationInvite[] = [];
    for await (const i of client.organization.invites.list()) invites.push(i);
    expect(
      invites
        .filter((i) => i.status === "accepted")
        .map((i) => i.email)
        .sort(),
    ).toStrictEqual(seats.map((p) => p.email).sort());
    const pending = invites.filter((i) => i.status === "pending");
    expect(pending.length).toBeGreaterThan(0);
    for (const i of pending) expect(seats.some((p) => p.email === i.email)).toBe(false);
  });

  it("pages the messages usage report to the end with group_by, and its totals are the world's", async () => {
    const { pages, buckets } = await report("/v1/organizations/usage_report/messages", {
      starting_at: WINDOW_START,
      bucket_width: "1d",
      group_by: ["model", "workspace_id"],
      limit: 7,
    });
    for (const p of pages) expect(usageReport.safeParse(p).success).toBe(true);
    expect(pages.length).toBeGreaterThan(2);
    // One bucket per day from the window's start up to as-of, each once.
    const days = buckets.map((b) => b.starting_at as string);
    expect(new Set(days).size).toBe(days.length);
    expect(days[0]).toBe(WINDOW_START);
    expect(days.at(-1)).toBe(`${isoDay(world.asOf)}T00:00:00Z`);
    // The days before the as-of's are whole: people's use and the product's (its hours as rows of their day).
    // The as-of day holds only its hours already over, so it is left out.
    const today = world.asOf - (world.asOf % 86_400_000);
    const total = (f: (r: Any) => number) =>
      buckets
        .filter((b) => Date.parse(b.starting_at) < today)
        .flatMap((b) => b.results as Any[])
        .reduce((s, r) => s + f(r), 0);
    const production = (world.ai.claudeProduction?.hours ?? []).map((h) => ({ ...h, day: h.hour - (h.hour % 86_400_000) }));
    const rows = [...world.ai.usage.filter((u) => u.tool === "claude"), ...production].filter(
      (u) => u.day >= Date.parse(WINDOW_START) && u.day < today,
    );
    expect(total((r) => r.uncached_input_tokens)).toBe(rows.reduce((s, u) => s + u.inputTokens, 0));
    expect(total((r) => r.cache_creation.ephemeral_5m_input_tokens)).toBe(rows.reduce((s, u) => s + u.cacheWriteTokens, 0));
    expect(total((r) => r.cache_read_input_tokens)).toBe(rows.reduce((s, u) => s + u.cacheReadTokens, 0));
    expect(total((r) => r.output_tokens)).toBe(rows.reduce((s, u) => s + u.outputTokens, 0));
    expect(total((r) => r.server_tool_use.web_search_requests)).toBe(rows.reduce((s, u) => s + u.webSearches, 0));
    const models = new Set(
      buckets.filter((b) => Date.parse(b.starting_at) < today).flatMap((b) => (b.results as Any[]).map((r) => r.model)),
    );
    expect([...models].sort()).toStrictEqual([...new Set(rows.map((u) => u.model))].sort());
  });

  it("pages the cost report to the end grouped by workspace and description, in cents as decimal strings", async () => {
    const { pages, buckets } = await report("/v1/organizations/cost_report", {
      starting_at: WINDOW_START,
      group_by: ["workspace_id", "description"],
    });
    for (const p of pages) expect(costReport.safeParse(p).success).toBe(true);
    expect(pages.length).toBeGreaterThan(5);
    const results = buckets.flatMap((b) => b.results as Any[]);
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((r) => r.currency === "USD" && /^\d+(\.\d{1,6})?$/.test(r.amount))).toBe(true);
    expect(new Set(results.map((r) => r.cost_type))).toStrictEqual(
      new Set(["tokens", ...(world.ai.usage.filter((u) => u.tool === "claude").some((u) => u.webSearches > 0) ? ["web_search"] : [])]),
    );
  });

  it("pages the Claude Code report of each day to the end", async () => {
    const days = [...new Set(world.ai.claudeCode.map((d) => d.day))].sort((a, b) => a - b);
    let records = 0;
    for (const day of days.slice(-10)) {
      const { pages, buckets: data } = await report("/v1/organizations/usage_report/claude_code", { starting_at: isoDay(day), limit: 2 });
      for (const p of pages) expect(claudeCodeReport.safeParse(p).success).toBe(true);
      const expected = world.ai.claudeCode
        .filter((d) => d.day === day)
        .map((d) => world.people[d.personId - 1]!.email)
        .sort();
      expect(data.map((r) => r.actor.email_address).sort()).toStrictEqual(expected);
      records += data.length;
    }
    expect(records).toBeGreaterThan(5);
  });

  it("pages the beta analytics usage and cost reports with the SDK's own ReportPageCursor (Claude Code usage)", async () => {
    const start = "2026-09-01T00:00:00Z";
    const results: Any[] = [];
    let buckets = 0;
    for await (const b of client.beta.organization.analytics.usageReport.list({
      starting_at: start,
      bucket_width: "1d",
      group_by: ["model", "product"],
      limit: 5,
    })) {
      buckets++;
      for (const r of b.results) {
        expect(analyticsUsageResult.safeParse(r).success, JSON.stringify(r)).toBe(true);
        results.push(r);
      }
    }
    // Starting on 1 September, the range runs 31 days, to 2 October, cut at as-of (1 October, 02:00).
    expect(buckets).toBe(31);
    const rows = world.ai.usage.filter((u) => u.tool === "claude").filter((u) => u.product === "agent" && u.day >= Date.parse(start));
    expect(results.reduce((s, r) => s + r.output_tokens, 0)).toBe(rows.reduce((s, u) => s + u.outputTokens, 0));
    expect(results.reduce((s, r) => s + (r.requests ?? 0), 0)).toBe(rows.reduce((s, u) => s + u.requests, 0));
    expect(new Set(results.map((r) => r.product))).toStrictEqual(new Set(["claude_code"]));
    let costs = 0;
    for await (const b of client.beta.organization.analytics.costReport.list({ starting_at: start, group_by: ["model", "token_type"] })) {
      for (const r of b.results) {
        expect(analyticsCostResult.safeParse(r).success, JSON.stringify(r)).toBe(true);
        costs++;
      }
    }
    expect(costs).toBeGreaterThan(30);
  });

  it("answers the SDK's errors: a missing key is its AuthenticationError, a bad limit its BadRequestError", async () => {
    const anonymous = new Anthropic({ apiKey: null, authToken: null, baseURL, maxRetries: 0, defaultHeaders: { authorization: null } });
    const err = await client.messages.create({ model: "x", max_tokens: 1, messages: [] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Anthropic.BadRequestError);
    expect((err as InstanceType<typeof Anthropic.BadRequestError>).requestID).toMatch(/^req_011C/);
    await expect(
      anonymous.post("/v1/messages", { body: { model: "claude-opus-5", max_tokens: 1, messages: [{ role: "user", content: "hi" }] } }),
    ).rejects.toBeInstanceOf(Anthropic.AuthenticationError);
    await expect(client.organization.users.list({ limit: 5000 })).rejects.toBeInstanceOf(Anthropic.BadRequestError);
    await expect(
      client.get("/v1/organizations/usage_report/messages", { query: { starting_at: WINDOW_START, bucket_width: "1h", limit: 500 } }),
    ).rejects.toBeInstanceOf(Anthropic.BadRequestError);
  });
});
