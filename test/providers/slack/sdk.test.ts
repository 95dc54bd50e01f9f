import { WebClient, type WebAPICallResult } from "@slack/web-api";
import { describe, expect, inject, it } from "vitest";
import { SlackSpec } from "./schema.js";
import { type Any, deployments, expectedChannels, expectedMembers, liveWorld, releases, selected } from "./world.js";

/**
 * The read workflow of @slack/web-api 8.2.0, unchanged but for `slackApiUrl`: it POSTs every method as a
 * form with the token in `Authorization: Bearer`. auth.test; users.list through `client.paginate`;
 * conversations.list; every channel's history paged to the end (and again at another page size); the
 * replies of every thread; users.lookupByEmail; search.messages. Expected values come from the world.
 */
const run = selected() ? describe : describe.skip;

run("@slack/web-api 8.2.0 against the live host", () => {
  const world = liveWorld();
  const client = new WebClient("xoxb-snapverse-sdk-test", { slackApiUrl: `${inject("baseUrl")}/slack/api/`, retryConfig: { retries: 0 } });
  const spec = new SlackSpec();
  const checked = (method: string, body: WebAPICallResult): Any => {
    const { response_metadata: meta, ...rest } = body as Any;
    // The SDK adds its own `response_metadata.scopes`/`acceptedScopes` from the headers; validate Slack's body.
    const served = { ...rest, ...(meta && "next_cursor" in meta ? { response_metadata: { next_cursor: meta.next_cursor } } : {}) };
    expect(spec.validate(`api/${method}`, served), method).toBeUndefined();
    return body as Any;
  };
  const everything = async (method: string, options: Record<string, unknown>, key: string): Promise<Any[]> => {
    const out: Any[] = [];
    for await (const page of client.paginate(method, options)) out.push(...(checked(method, page)[key] as Any[]));
    return out;
  };

  it("auth.test names the workspace and the token's user; team.info the company", async () => {
    const auth = checked("auth.test", await client.auth.test());
    expect(auth.team).toBe(world.company.name);
    expect(auth.url).toBe(`https://${world.company.slug}.slack.com/`);
    // The token is read as the primary owner's user token (the first admin of the directory).
    const owner = world.people.find((p) => p.admin)!;
    expect(auth.user).toBe(owner.handles.slack);
    const me = checked("users.info", await client.users.info({ user: auth.user_id }));
    expect(me.user.profile.email).toBe(owner.email);
    const team = checked("team.info", await client.team.info());
    expect(team.team.id).toBe(auth.team_id);
    expect(team.team.email_domain).toBe(world.company.domain);
  });

  it("pages users.list with client.paginate: the world's people and staff, with their names and emails, and the two app bots", async () => {
    const members = await everything("users.list", {}, "members");
    const humans = members.filter((m) => !m.is_bot);
    const want = expectedMembers(world);
    expect(new Map(humans.map((m) => [m.profile.email, m.real_name]))).toStrictEqual(want);
    expect(
      members
        .filter((m) => m.is_bot)
        .map((m) => m.real_name)
        .sort(),
    ).toStrictEqual(["Deploybot", "PagerDuty"]);
    expect(new Set(members.map((m) => m.id)).size).toBe(members.length);
    // A smaller page size walks the same members in the same order.
    const small = await everything("users.list", { limit: 7 }, "members");
    expect(small.map((m) => m.id)).toStrictEqual(members.map((m) => m.id));

    const someone = world.people[3]!;
    const found = checked("users.lookupByEmail", await client.users.lookupByEmail({ email: someone.email }));
    expect(found.user.real_name).toBe(someone.name);
    expect(found.user.name).toBe(someone.handles.slack);
    expect(members.find((m) => m.profile.email === someone.email)!.id).toBe(found.user.id);
  });

  it("pages every channel's history to the end, newest first, and the replies of every thread", async () => {
    const channels = checked("conversations.list", await client.conversations.list({ limit: 1000 })).channels as Any[];
    expect(channels.map((c) => c.name).sort()).toStrictEqual(expectedChannels(world));
    const byName = new Map<string, Any[]>();
    let threads = 0;
    for (const channel of channels) {
      const messages = await everything("conversations.history", { channel: channel.id }, "messages");
      const ts = messages.map((m) => m.ts as string);
      expect(new Set(ts).size, channel.name).toBe(ts.length);
      expect([...ts].sort().reverse(), `${channel.name} is newest first`).toStrictEqual(ts);
      expect(Number(ts[0]) * 1000).toBeLessThanOrEqual(world.asOf);
      byName.set(channel.name, messages);
      // The threads of a channel at once: the SDK queues them (its own request concurrency).
      const parents = messages.filter((x) => x.reply_count);
      const replies = await Promise.all(
        parents.map((m) => everything("conversations.replies", { channel: channel.id, ts: m.ts }, "messages")),
      );
      for (const [i, thread] of replies.entries()) {
        const m = parents[i]!;
        expect(thread[0]!.ts).toBe(m.ts);
        expect(thread.length - 1).toBe(m.reply_count);
        expect(thread.slice(1).every((r) => r.thread_ts === m.ts && Number(r.ts) > Number(m.ts))).toBe(true);
        expect(thread.at(-1)!.ts).toBe(m.latest_reply);
        threads++;
      }
    }
    expect(threads).toBeGreaterThan(100);
    expect(byName.get("deploys")!.length).toBe(deployments(world).size);
    expect(byName.get("releases")!.length).toBe(releases(world).length);
    expect(byName.get("incidents")!.length).toBe(world.operations.incidents.filter((i) => i.createdAt <= world.asOf).length);
    // A page size the host does not pre-render walks the same messages.
    const deploys = channels.find((c) => c.name === "deploys")!;
    const small = await everything("conversations.history", { channel: deploys.id, limit: 13 }, "messages");
    expect(small.map((m) => m.ts)).toStrictEqual(byName.get("deploys")!.map((m) => m.ts));
  });

  it("finds messages with search.messages by channel, author and date", async () => {
    const [id, dep] = [...deployments(world)][0]!;
    const hit = await client.search.messages({ query: `in:#deploys ${dep.sha.slice(0, 7)}`, sort: "timestamp" });
    const matches = (hit as Any).messages.matches as Any[];
    expect(matches.length).toBeGreaterThan(0);
    expect(matches.some((m) => m.text.includes(`deployment ${id}`))).toBe(true);
    expect(matches.every((m) => m.channel.name === "deploys")).toBe(true);
    const lead = world.people.find((p) => p.id === world.teams[0]!.leadId)!;
    const fromLead = (await client.search.messages({ query: `from:@${lead.handles.slack} after:2026-08-31`, count: 5 })) as Any;
    expect(fromLead.messages.paging.count).toBe(5);
    expect(
      fromLead.messages.matches.every(
        (m: Any) => m.username === lead.handles.slack && Number(m.ts) * 1000 >= Date.parse("2026-09-01T00:00:00Z"),
      ),
    ).toBe(true);
  });

  it("raises Slack's errors as the SDK does: platform errors with their code", async () => {
    await expect(client.conversations.history({ channel: "" } as never)).rejects.toMatchObject({
      code: "slack_webapi_platform_error",
      data: { ok: false, error: "channel_not_found" },
    });
    await expect(client.users.info({} as never)).rejects.toMatchObject({
      code: "slack_webapi_platform_error",
      data: { ok: false, error: "user_not_found" },
    });
    await expect(client.api.test({ error: "my_error" } as never)).rejects.toMatchObject({
      data: { ok: false, error: "my_error", args: { error: "my_error" } },
    });
    await expect(client.chat.postMessage({ channel: "C0", text: "hi" })).rejects.toMatchObject({
      data: { ok: false, error: "restricted_action" },
    });
  });
});
