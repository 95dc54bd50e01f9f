import { describe, expect, inject, it } from "vitest";
import { claudeSeats, liveWorld } from "./world.js";
import { errorBody, message, usageReport } from "./schema.js";

/**
 * Filters, report parameters and refusals, over HTTP with the headers the docs show: list filters the
 * SDK sends (`email`, `roles[]`, `statuses[]`, `status`, `workspace_id`, `created_by_user_id`, `ids[]`,
 * `lifecycle[]`), the reports' filters, groupings, widths and limits, the Messages API's validation,
 * and the credential and version checks, each in Anthropic's error shape.
 */
const base = `${inject("baseUrl")}/anthropic/v1`;
const headers = { "x-api-key": "sk-ant-admin01-queries", "anthropic-version": "2023-06-01" };
const world = liveWorld();
const START = "2026-08-01T00:00:00Z";

type Any = Record<string, any>;

async function call(
  path: string,
  init: { query?: Array<[string, string]>; headers?: Record<string, string>; body?: unknown } = {},
): Promise<{ status: number; body: Any; headers: Headers }> {
  const q = init.query?.length ? `?${new URLSearchParams(init.query)}` : "";
  const res = await fetch(`${base}/${path}${q}`, {
    method: init.body === undefined ? "GET" : "POST",
    headers: { ...headers, ...(init.body === undefined ? {} : { "content-type": "application/json" }), ...(init.headers ?? {}) },
    ...(init.body === undefined ? {} : { body: typeof init.body === "string" ? init.body : JSON.stringify(init.body) }),
  });
  return { status: res.status, body: (await res.json()) as Any, headers: res.headers };
}

async function ok(path: string, query: Array<[string, string]> = []): Promise<Any> {
  const r = await call(path, { query });
  expect(r.status, `${path} ${JSON.stringify(query)}: ${JSON.stringify(r.body)}`).toBe(200);
  return r.body;
}

/** A 4xx in Anthropic's shape, with its type and a message containing `words`. */
async function refused(status: number, type: string, words: string, path: string, init: Parameters<typeof call>[1] = {}): Promise<void> {
  const r = await call(path, init);
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(errorBody.safeParse(r.body).success, JSON.stringify(r.body)).toBe(true);
  expect(r.body.error.type).toBe(type);
  expect(r.body.error.message).toContain(words);
  expect(r.headers.get("request-id")).toBe(r.body.request_id);
}

const totals = (body: Any) =>
  (body.data as Any[]).flatMap((b) => b.results as Any[]).reduce((s, r) => s + r.output_tokens + r.uncached_input_tokens, 0);

describe("Anthropic host: list filters", () => {
  it("filters users by email (any case) and by roles[]", async () => {
    const seats = claudeSeats(world);
    const someone = seats.find((p) => !p.admin)!;
    const byEmail = await ok("organizations/users", [["email", someone.email.toUpperCase()]]);
    expect(byEmail.data.map((u: Any) => u.email)).toStrictEqual([someone.email]);
    const admins = await ok("organizations/users", [["roles[]", "admin"]]);
    expect(admins.data.map((u: Any) => u.email)).toStrictEqual(seats.filter((p) => p.admin).map((p) => p.email));
    const both = await ok("organizations/users", [
      ["roles[]", "admin"],
      ["roles[]", "developer"],
      ["limit", "1000"],
    ]);
    expect(both.data.length).toBe(seats.length);
    expect((await ok("organizations/users", [["roles[]", "billing"]])).data).toStrictEqual([]);
    await refused(400, "invalid_request_error", "roles", "organizations/users", { query: [["roles[]", "emperor"]] });
  });

  it("filters invites by status, API keys by workspace, creator and status, workspaces by ids[], models by lifecycle[]", async () => {
    const pending = await ok("organizations/invites", [["statuses[]", "pending"]]);
    expect(pending.data.length).toBeGreaterThan(0);
    expect(pending.data.every((i: Any) => i.status === "pending" && i.accepted_at === null)).toBe(true);

    const workspaces = (await ok("organizations/workspaces", [["limit", "1000"]])).data as Any[];
    const code = workspaces.find((w) => w.name === "Claude Code")!;
    const keys = await ok("organizations/api_keys", [
      ["workspace_id", code.id],
      ["limit", "1000"],
    ]);
    expect(keys.data.length).toBeGreaterThan(0);
    expect(keys.data.every((k: Any) => k.scope.workspace_id === code.id && k.name.startsWith("claude_code_key_"))).toBe(true);
    const owner = keys.data[0].created_by.id as string;
    const mine = await ok("organizations/api_keys", [["created_by_user_id", owner]]);
    expect(mine.data.every((k: Any) => k.created_by.id === owner)).toBe(true);
    expect(mine.data.length).toBeGreaterThanOrEqual(1);
    expect((await ok("organizations/api_keys", [["status", "archived"]])).data).toStrictEqual([]);
    await refused(400, "invalid_request_error", "status", "organizations/api_keys", { query: [["status", "lost"]] });

    const one = await ok("organizations/workspaces", [["ids[]", code.id]]);
    expect(one.data.map((w: Any) => w.id)).toStrictEqual([code.id]);

    const deprecated = await ok("models", [["lifecycle[]", "deprecated"]]);
    expect(deprecated.data.map((m: Any) => m.id)).toStrictEqual(["claude-sonnet-4-5-20250929"]);
  });

  it("refuses a limit of 0, above 1000 or no integer, in Anthropic's words", async () => {
    await refused(400, "invalid_request_error", "less than or equal to 1000", "organizations/users", { query: [["limit", "1001"]] });
    await refused(400, "invalid_request_error", "valid integer", "models", { query: [["limit", "ten"]] });
    await refused(400, "invalid_request_error", "limit: Input should be greater than or equal to 1", "organizations/users", {
      query: [["limit", "0"]],
    });
  });

  it("pages backwards with before_id from the last page to the first, the same users in the same order", async () => {
    const forward: string[] = [];
    let page = await ok("organizations/users", [["limit", "3"]]);
    forward.push(...(page.data as Any[]).map((u) => u.id));
    while (page.has_more) {
      page = await ok("organizations/users", [
        ["limit", "3"],
        ["after_id", page.last_id],
      ]);
      forward.push(...(page.data as Any[]).map((u) => u.id));
    }
    expect(forward.length).toBeGreaterThan(6);
    // From the last page back: each page ends just before the first id of the one after it.
    const backward: string[] = [...(page.data as Any[]).map((u) => u.id)];
    let first = page.first_id as string;
    for (let more = true; more;) {
      const before = await ok("organizations/users", [
        ["limit", "3"],
        ["before_id", first],
      ]);
      backward.unshift(...(before.data as Any[]).map((u) => u.id));
      more = before.has_more;
      first = before.first_id;
    }
    expect(backward.join(",")).toBe(forward.join(","));
    const atStart = await ok("organizations/users", [
      ["limit", "3"],
      ["before_id", forward[0]!],
    ]);
    expect(JSON.stringify([atStart.data, atStart.has_more, atStart.first_id])).toBe(JSON.stringify([[], false, null]));
  });
});

describe("Anthropic host: reports", () => {
  it("filters the messages report by model (id or alias), workspace, API key, tier, context window and geo", async () => {
    const all = await ok("organizations/usage_report/messages", [
      ["starting_at", START],
      ["limit", "31"],
    ]);
    expect(usageReport.safeParse(all).success).toBe(true);
    const whole = totals(all);
    // People's use and the product's (its hours as rows of their day).
    const usage = [
      ...world.ai.usage.filter((u) => u.tool === "claude"),
      ...(world.ai.claudeProduction?.hours ?? []).map((h) => ({ ...h, day: h.hour - (h.hour % 86_400_000) })),
    ];
    const sonnetRows = usage.filter(
      (u) => u.model === "claude-sonnet-4-5-20250929" && u.day >= Date.parse(START) && u.day < Date.parse(START) + 31 * 86_400_000,
    );
    const sonnet = sonnetRows.reduce((s, u) => s + u.outputTokens + u.inputTokens, 0);
    expect(
      totals(
        await ok("organizations/usage_report/messages", [
          ["starting_at", START],
          ["limit", "31"],
          ["models[]", "claude-sonnet-4-5-20250929"],
        ]),
      ),
    ).toBe(sonnet);
    expect(
      totals(
        await ok("organizations/usage_report/messages", [
          ["starting_at", START],
          ["limit", "31"],
          ["models[]", "claude-sonnet-4-5"],
        ]),
      ),
    ).toBe(sonnet);
    expect(
      totals(
        await ok("organizations/usage_report/messages", [
          ["starting_at", START],
          ["limit", "31"],
          ["service_tiers[]", "batch"],
        ]),
      ),
    ).toBe(0);
    expect(
      totals(
        await ok("organizations/usage_report/messages", [
          ["starting_at", START],
          ["limit", "31"],
          ["context_window[]", "0-200k"],
        ]),
      ),
    ).toBe(whole);
    // Models with a dated id predate inference geos (not_available); the newer ones run globally.
    const inWindow = usage.filter((u) => u.day >= Date.parse(START) && u.day < Date.parse(START) + 31 * 86_400_000);
    const dated = inWindow.filter((u) => /-\d{8}$/.test(u.model)).reduce((s, u) => s + u.outputTokens + u.inputTokens, 0);
    expect(dated).toBeGreaterThan(0);
    expect(dated).toBeLessThan(whole);
    expect(
      totals(
        await ok("organizations/usage_report/messages", [
          ["starting_at", START],
          ["limit", "31"],
          ["inference_geos[]", "not_available"],
        ]),
      ),
    ).toBe(dated);
    expect(
      totals(
        await ok("organizations/usage_report/messages", [
          ["starting_at", START],
          ["limit", "31"],
          ["inference_geos[]", "global"],
        ]),
      ),
    ).toBe(whole - dated);

    const byWorkspace = await ok("organizations/usage_report/messages", [
      ["starting_at", START],
      ["limit", "31"],
      ["group_by[]", "workspace_id"],
    ]);
    const parts = new Map<string, number>();
    for (const r of (byWorkspace.data as Any[]).flatMap((b) => b.results as Any[]))
      parts.set(r.workspace_id, (parts.get(r.workspace_id) ?? 0) + r.output_tokens + r.uncached_input_tokens);
    let sum = 0;
    for (const [ws, n] of parts) {
      expect(
        totals(
          await ok("organizations/usage_report/messages", [
            ["starting_at", START],
            ["limit", "31"],
            ["workspace_ids[]", ws],
          ]),
        ),
      ).toBe(n);
      sum += n;
    }
    expect(sum).toBe(whole);

    const byKey = await ok("organizations/usage_report/messages", [
      ["starting_at", START],
      ["limit", "31"],
      ["group_by[]", "api_key_id"],
    ]);
    const key = (byKey.data as Any[]).flatMap((b) => b.results as Any[])[0]!.api_key_id as string;
    const keyTotal = (byKey.data as Any[])
      .flatMap((b) => b.results as Any[])
      .filter((r) => r.api_key_id === key)
      .reduce((s, r) => s + r.output_tokens + r.uncached_input_tokens, 0);
    expect(
      totals(
        await ok("organizations/usage_report/messages", [
          ["starting_at", START],
          ["limit", "31"],
          ["api_key_ids[]", key],
        ]),
      ),
    ).toBe(keyTotal);
  });

  it("keeps a page's buckets to the limit of its width, and continues with next_page to as-of", async () => {
    const first = await ok("organizations/usage_report/messages", [
      ["starting_at", "2026-09-29T00:00:00Z"],
      ["bucket_width", "1h"],
    ]);
    expect(first.data.length).toBe(24);
    expect(first.has_more).toBe(true);
    const second = await ok("organizations/usage_report/messages", [
      ["starting_at", "2026-09-29T00:00:00Z"],
      ["bucket_width", "1h"],
      ["page", first.next_page],
    ]);
    expect(second.data[0].starting_at).toBe("2026-09-30T00:00:00Z");
    const last = await ok("organizations/usage_report/messages", [
      ["starting_at", "2026-09-29T00:00:00Z"],
      ["bucket_width", "1h"],
      ["page", second.next_page],
    ]);
    // As-of is 02:00 UTC: the last page holds the two hours before it.
    expect(last.data.map((b: Any) => b.starting_at)).toStrictEqual(["2026-10-01T00:00:00Z", "2026-10-01T01:00:00Z"]);
    expect([last.has_more, last.next_page]).toStrictEqual([false, null]);
    // starting_at snaps to the bucket's start.
    expect(
      (
        await ok("organizations/usage_report/messages", [
          ["starting_at", "2026-09-03T17:45:12Z"],
          ["limit", "1"],
        ])
      ).data[0].starting_at,
    ).toBe("2026-09-03T00:00:00Z");
  });

  it("adds speed only with the fast-mode beta header", async () => {
    await refused(400, "invalid_request_error", "fast-mode-2026-02-01", "organizations/usage_report/messages", {
      query: [
        ["starting_at", START],
        ["group_by[]", "speed"],
      ],
    });
    const r = await call("organizations/usage_report/messages", {
      query: [
        ["starting_at", START],
        ["group_by[]", "speed"],
      ],
      headers: { "anthropic-beta": "fast-mode-2026-02-01" },
    });
    expect(r.status).toBe(200);
    expect((r.body.data as Any[]).flatMap((b) => b.results as Any[]).every((x) => x.speed === "standard")).toBe(true);
  });

  it("refuses what the reports refuse", async () => {
    await refused(400, "invalid_request_error", "starting_at: Field required", "organizations/usage_report/messages");
    await refused(400, "invalid_request_error", "starting_at", "organizations/usage_report/messages", {
      query: [["starting_at", "yesterday"]],
    });
    await refused(400, "invalid_request_error", "ending_at", "organizations/usage_report/messages", {
      query: [
        ["starting_at", START],
        ["ending_at", "2026-07-01T00:00:00Z"],
      ],
    });
    await refused(400, "invalid_request_error", "group_by", "organizations/usage_report/messages", {
      query: [
        ["starting_at", START],
        ["group_by[]", "user_id"],
      ],
    });
    await refused(400, "invalid_request_error", "less than or equal to 168", "organizations/usage_report/messages", {
      query: [
        ["starting_at", START],
        ["bucket_width", "1h"],
        ["limit", "169"],
      ],
    });
    await refused(400, "invalid_request_error", "less than or equal to 31", "organizations/cost_report", {
      query: [
        ["starting_at", START],
        ["limit", "32"],
      ],
    });
    await refused(400, "invalid_request_error", "bucket_width", "organizations/cost_report", {
      query: [
        ["starting_at", START],
        ["bucket_width", "1h"],
      ],
    });
    await refused(400, "invalid_request_error", "group_by", "organizations/cost_report", {
      query: [
        ["starting_at", START],
        ["group_by[]", "model"],
      ],
    });
    await refused(400, "invalid_request_error", "page", "organizations/usage_report/messages", {
      query: [
        ["starting_at", START],
        ["page", "page_bm9wZQ=="],
      ],
    });
    await refused(400, "invalid_request_error", "YYYY-MM-DD", "organizations/usage_report/claude_code", {
      query: [["starting_at", "2026-09-01T00:00:00Z"]],
    });
    await refused(400, "invalid_request_error", "less than or equal to 1000", "organizations/usage_report/claude_code", {
      query: [
        ["starting_at", "2026-09-01"],
        ["limit", "1001"],
      ],
    });
  });
});

describe("Anthropic host: Messages API and request checks", () => {
  const hello = {
    model: "claude-opus-5",
    max_tokens: 256,
    messages: [{ role: "user", content: "Summarise yesterday's incident for customers." }],
  };

  it("stops at a stop sequence and at max_tokens, as the API says", async () => {
    const stopped = await call("messages", { body: { ...hello, stop_sequences: ["frozen"] } });
    expect(message.safeParse(stopped.body).success).toBe(true);
    expect([stopped.body.stop_reason, stopped.body.stop_sequence]).toStrictEqual(["stop_sequence", "frozen"]);
    expect(stopped.body.content[0].text).not.toContain("frozen");
    const short = await call("messages", { body: { ...hello, max_tokens: 5 } });
    expect(short.body.stop_reason).toBe("max_tokens");
    expect(short.body.usage.output_tokens).toBeLessThanOrEqual(5);
    const plain = await call("messages", { body: hello });
    expect(plain.body.content[0].text.startsWith(short.body.content[0].text)).toBe(true);
  });

  it("validates the body as the Messages API does", async () => {
    await refused(400, "invalid_request_error", "max_tokens: Field required", "messages", {
      body: { model: hello.model, messages: hello.messages },
    });
    await refused(400, "invalid_request_error", "messages: Field required", "messages", { body: { model: hello.model, max_tokens: 5 } });
    await refused(400, "invalid_request_error", "messages.0.role", "messages", {
      body: { ...hello, messages: [{ role: "system", content: "x" }] },
    });
    await refused(400, "invalid_request_error", "maximum allowed number of output tokens", "messages", {
      body: { ...hello, model: "claude-haiku-4-5", max_tokens: 100_000 },
    });
    await refused(404, "not_found_error", "model: claude-3-opus-20240229", "messages", {
      body: { ...hello, model: "claude-3-opus-20240229" },
    });
    await refused(400, "invalid_request_error", "JSON", "messages", { body: "{not json" });
    await refused(400, "invalid_request_error", "model: Field required", "messages/count_tokens", { body: { messages: hello.messages } });
  });

  it("needs a key and a version: 401 without x-api-key, 400 without or with an unknown anthropic-version", async () => {
    const noKey = await fetch(`${base}/messages`, {
      method: "POST",
      headers: { "anthropic-version": "2023-06-01" },
      body: JSON.stringify(hello),
    });
    expect(noKey.status).toBe(401);
    const body = (await noKey.json()) as Any;
    expect(JSON.stringify([body.type, body.error])).toBe(
      JSON.stringify(["error", { type: "authentication_error", message: "x-api-key header is required" }]),
    );
    const noKeyReport = await fetch(`${base}/organizations/cost_report?starting_at=${START}`, {
      headers: { "anthropic-version": "2023-06-01" },
    });
    expect(noKeyReport.status).toBe(401);
    // An OAuth token is a credential too.
    const oauth = await fetch(`${base}/messages`, {
      method: "POST",
      headers: { "anthropic-version": "2023-06-01", authorization: "Bearer sk-ant-oat01-x" },
      body: JSON.stringify(hello),
    });
    expect(oauth.status).toBe(200);
    const noVersion = await fetch(`${base}/messages`, { method: "POST", headers: { "x-api-key": "k" }, body: JSON.stringify(hello) });
    expect(noVersion.status).toBe(400);
    expect(((await noVersion.json()) as Any).error.message).toBe("anthropic-version: header is required");
    await refused(400, "invalid_request_error", 'anthropic-version: "2023-10-01" is not a valid version', "models", {
      headers: { "anthropic-version": "2023-10-01" },
    });
    expect((await call("models", { headers: { "anthropic-version": "2023-01-01" } })).status).toBe(200);
    // Reads of pre-rendered resources too: the version first, then the credential.
    const models = `${base}/models`;
    const plainNoKey = await fetch(models, { headers: { "anthropic-version": "2023-06-01" } });
    expect(`${plainNoKey.status} ${((await plainNoKey.json()) as Any).error.message}`).toBe("401 x-api-key header is required");
    const plainNoVersion = await fetch(models, { headers: { "x-api-key": "k" } });
    expect(`${plainNoVersion.status} ${((await plainNoVersion.json()) as Any).error.message}`).toBe(
      "400 anthropic-version: header is required",
    );
    expect(
      (await fetch(`${base}/organizations/users`, { headers: { "anthropic-version": "2023-06-01", "x-api-key": "sk-ant-admin01-x" } }))
        .status,
    ).toBe(200);
  });
});
