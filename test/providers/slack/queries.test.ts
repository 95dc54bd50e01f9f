import fc from "fast-check";
import { describe, expect, inject, it } from "vitest";
import { type Any, deployments, expectedChannels, liveWorld, selected } from "./world.js";

/**
 * Arguments, filters, paging and refusals over HTTP, as the Web API takes them: GET with a query, POST
 * with a form or a JSON body (the same bytes), `types` and `exclude_archived` on conversations.list,
 * `oldest`/`latest` on conversations.history (a fast-check property over the world's deployments),
 * `limit` clamped to each method's maximum, search.messages' modifiers, sorts and pages, and Slack's
 * errors: HTTP 200 with `ok: false` and the method's documented code (404 for an unknown method).
 */
const run = selected() ? describe : describe.skip;

run("Slack host: arguments, filters, paging and errors", () => {
  const world = liveWorld();
  const base = `${inject("baseUrl")}/slack/api`;
  const auth = { authorization: "Bearer xoxb-queries" };
  const call = async (
    method: string,
    params: Record<string, string> = {},
    init: { post?: "form" | "json"; headers?: Record<string, string> } = {},
  ) => {
    const res = init.post
      ? await fetch(`${base}/${method}`, {
          method: "POST",
          headers: {
            ...auth,
            "content-type": init.post === "form" ? "application/x-www-form-urlencoded" : "application/json; charset=utf-8",
            ...(init.headers ?? {}),
          },
          body: init.post === "form" ? new URLSearchParams(params).toString() : JSON.stringify(params),
        })
      : await fetch(`${base}/${method}?${new URLSearchParams(params)}`, { headers: init.headers ?? auth });
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, body: JSON.parse(text) as Any };
  };
  const channelId = async (name: string) =>
    ((await call("conversations.list", { limit: "1000" })).body.channels as Any[]).find((c) => c.name === name)!.id as string;
  const walk = async (method: string, params: Record<string, string>, key: string) => {
    const out: Any[] = [];
    for (let cursor = ""; ;) {
      const page = await call(method, { ...params, ...(cursor ? { cursor } : {}) });
      expect(page.body.ok, JSON.stringify(page.body)).toBe(true);
      out.push(...(page.body[key] as Any[]));
      cursor = page.body.response_metadata?.next_cursor ?? "";
      if (!cursor) return out;
    }
  };

  it("answers a POSTed form and a JSON body with the bytes of the GET", async () => {
    const channel = await channelId("deploys");
    const params = { channel, limit: "5" };
    const got = await call("conversations.history", params);
    expect(got.status).toBe(200);
    expect((await call("conversations.history", params, { post: "form" })).text).toBe(got.text);
    expect((await call("conversations.history", params, { post: "json" })).text).toBe(got.text);
    expect(got.headers.get("x-slack-req-id")).toBeTruthy();
    expect(got.headers.get("x-accepted-oauth-scopes")).toBe("channels:history,groups:history,mpim:history,im:history");
    expect(got.headers.get("x-oauth-scopes")).toContain("channels:history");
    expect(got.headers.get("content-type")).toContain("application/json");
  });

  it("filters conversations.list by types and exclude_archived", async () => {
    const names = async (params: Record<string, string>) =>
      ((await call("conversations.list", params)).body.channels as Any[]).map((c) => c.name).sort();
    expect(await names({ types: "public_channel,private_channel" })).toStrictEqual(expectedChannels(world));
    expect(await names({ types: "private_channel,im" })).toStrictEqual([]);
    expect(await names({ exclude_archived: "true" })).toStrictEqual(expectedChannels(world));
  });

  it("windows conversations.history by oldest and latest (exclusive), paged at any limit", async () => {
    const channel = await channelId("deploys");
    const all = [...deployments(world)].map(([id]) => id);
    const times = new Map(world.repos.flatMap((r) => r.deployments.map((d) => [d.id, d.createdAt] as const)));
    const span = [world.start / 1000, world.asOf / 1000];
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: span[0]!, max: span[1]! }),
        fc.integer({ min: 1, max: 20 * 86_400 }),
        fc.integer({ min: 1, max: 60 }),
        async (oldest, width, limit) => {
          const latest = oldest + width;
          const got = await walk(
            "conversations.history",
            { channel, oldest: `${oldest}.999999`, latest: `${latest}`, limit: String(limit) },
            "messages",
          );
          const ids = got.map((m) => Number(/\(deployment (\d+)\)/.exec(m.text)![1]));
          const want = all
            .filter((id) => times.get(id)! >= (oldest + 1) * 1000 && times.get(id)! < latest * 1000)
            .sort((a, b) => times.get(b)! - times.get(a)! || 0);
          expect(new Set(ids)).toStrictEqual(new Set(want));
          expect(got.map((m) => m.ts)).toStrictEqual(
            got
              .map((m) => m.ts)
              .sort()
              .reverse(),
          );
        },
      ),
      { numRuns: 15, seed: 15 },
    );
  });

  it("clamps limit to each method's maximum and pages with next_cursor until it is empty", async () => {
    const channel = await channelId("deploys");
    const big = await call("conversations.history", { channel, limit: "5000" });
    expect(big.body.messages.length).toBe(Math.min(999, deployments(world).size));
    expect(big.body.has_more).toBe(false);
    const first = await call("conversations.history", { channel, limit: "200" });
    expect(first.body.has_more).toBe(deployments(world).size > 200);
    const users = await call("users.list", {});
    expect(users.body.members.length).toBe(world.people.length + world.commerce.staff.length + 2);
    expect(users.body.response_metadata).toStrictEqual({ next_cursor: "" });
    const paged = await walk("users.list", { limit: "10" }, "members");
    expect(paged.map((u) => u.id)).toStrictEqual((users.body.members as Any[]).map((u) => u.id));
  });

  it("searches messages by channel, author, date and words; sorts by timestamp or score; pages with count and page", async () => {
    const lead = world.people.find((p) => p.id === world.teams[1]!.leadId)!;
    const search = async (params: Record<string, string>) => (await call("search.messages", params)).body.messages as Any;
    const mine = await search({
      query: `from:@${lead.handles.slack} in:#${world.teams[1]!.slug}`,
      sort: "timestamp",
      sort_dir: "asc",
      count: "100",
    });
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.matches.every((m: Any) => m.username === lead.handles.slack && m.channel.name === world.teams[1]!.slug)).toBe(true);
    const ts = (mine.matches as Any[]).map((m) => m.ts as string);
    expect(ts).toStrictEqual([...ts].sort());
    const september = await search({ query: "Deploying after:2026-08-31 before:2026-09-08", count: "100" });
    const want = world.repos
      .flatMap((r) => r.deployments)
      .filter((d) => d.createdAt >= Date.parse("2026-09-01T00:00:00Z") && d.createdAt < Date.parse("2026-09-08T00:00:00Z"));
    expect(september.total).toBe(want.length);
    const page2 = await search({ query: "Deploying", count: "10", page: "2" });
    expect([page2.paging.page, page2.paging.count, page2.matches.length, page2.pagination.first]).toStrictEqual([2, 10, 10, 11]);
    expect((await call("search.messages", {})).body).toStrictEqual({ ok: false, error: "no_query" });
  });

  it("answers errors in Slack's shape: HTTP 200 with the method's code, 404 for an unknown method", async () => {
    const error = async (method: string, params: Record<string, string>, code: string, status = 200) => {
      const r = await call(method, params);
      expect([r.status, r.body], `${method} ${JSON.stringify(params)}`).toStrictEqual([status, { ok: false, error: code }]);
    };
    const channel = await channelId("general");
    await error("conversations.history", {}, "channel_not_found");
    await error("conversations.history", { channel, cursor: "not-a-cursor" }, "invalid_cursor");
    await error("conversations.history", { channel, oldest: "yesterday" }, "invalid_ts_oldest");
    await error("conversations.history", { channel, latest: "soon" }, "invalid_ts_latest");
    await error("conversations.replies", { channel }, "thread_not_found");
    await error("users.info", {}, "user_not_found");
    await error("users.lookupByEmail", {}, "users_not_found");
    await error("reactions.get", {}, "no_item_specified");
    await error("bots.info", {}, "bot_not_found");
    await error("no.such.method", {}, "unknown_method", 404);
    const anonymous = await call("auth.test", {}, { headers: {} });
    expect([anonymous.status, anonymous.body]).toStrictEqual([200, { ok: false, error: "not_authed" }]);
    const write = await call("chat.postMessage", { channel, text: "hello" }, { post: "form" });
    expect([write.status, write.body]).toStrictEqual([200, { ok: false, error: "restricted_action" }]);
    expect((await call("api.test", { foo: "bar" })).body).toStrictEqual({ ok: true, args: { foo: "bar" } });
    // conversations.join is answered, statelessly: the channel, with Slack's warning when already a member.
    const joined = await call("conversations.join", { channel }, { post: "form" });
    expect([joined.body.ok, joined.body.channel.id, joined.body.channel.is_member, joined.body.warning]).toStrictEqual([
      true,
      channel,
      true,
      "already_in_channel",
    ]);
    const owner = world.people.find((p) => p.admin)!;
    const elsewhere = await channelId(world.teams.find((t) => !t.memberIds.includes(owner.id))!.slug);
    expect((await call("conversations.join", { channel: elsewhere }, { post: "json" })).body.warning).toBeUndefined();
    expect((await call("conversations.join", { channel: "C0NOPE" }, { post: "form" })).body).toStrictEqual({
      ok: false,
      error: "channel_not_found",
    });
  });
  it(
    "answers an id that names nothing with the method's own code, takes a token argument, and " + "ends computed pages like files",
    async () => {
      const codes = [
        ["users.info", { user: "U0NOPE" }, "user_not_found"],
        ["users.lookupByEmail", { email: "nobody@nowhere.example" }, "users_not_found"],
        ["conversations.history", { channel: "C0NOPE" }, "channel_not_found"],
        ["conversations.info", { channel: "C0NOPE" }, "channel_not_found"],
        ["bots.info", { bot: "B0NOPE" }, "bot_not_found"],
      ] as const;
      for (const [method, params, code] of codes) {
        const r = await call(method, params);
        expect(`${method} ${r.status} ${r.text}`).toBe(`${method} 200 {"ok":false,"error":"${code}"}`);
      }
      const byArgument = await call("auth.test", { token: "xoxb-argument" }, { headers: {} });
      expect(byArgument.body.ok).toBe(true);
      expect((await call("auth.test", {}, { headers: {} })).body.error).toBe("not_authed");
      // 7 is no pre-rendered size: every page is computed, and the last one still says next_cursor "".
      const pages: Any[] = [];
      for (let cursor = ""; ;) {
        const page = (await call("conversations.list", { limit: "7", ...(cursor ? { cursor } : {}) })).body;
        pages.push(page);
        cursor = page.response_metadata.next_cursor;
        if (!cursor) break;
      }
      expect(pages.length).toBeGreaterThan(1);
      expect(JSON.stringify(pages.at(-1)!.response_metadata)).toBe('{"next_cursor":""}');
      const deploys = await channelId("deploys");
      const history = (await call("conversations.history", { channel: deploys, limit: "3" })).body;
      expect(history.has_more).toBe(true);
      // `inclusive` makes both bounds include the messages at them: the three newest, or only the one between.
      const [newest, middle, third] = history.messages as Any[];
      const between = async (inclusive?: string) =>
        (
          (
            await call("conversations.history", {
              channel: deploys,
              oldest: third!.ts,
              latest: newest!.ts,
              ...(inclusive ? { inclusive } : {}),
            })
          ).body.messages as Any[]
        )
          .map((m) => m.ts)
          .join(",");
      expect(await between()).toBe(middle!.ts);
      expect(await between("true")).toBe([newest!.ts, middle!.ts, third!.ts].join(","));
      expect(await between("1")).toBe(await between("true"));
      expect(await between("false")).toBe(middle!.ts);
    },
  );
});
