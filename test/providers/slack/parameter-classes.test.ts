import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { describe, expect, inject, it } from "vitest";
import { computedRoutes } from "../../../generator/providers/slack/index.js";
import { listProfiles } from "../../../generator/providers/slack/lists.js";
import { slackParams, slackRefusals } from "../../../generator/providers/slack/params.js";
import {
  checkRefusals,
  describeParameterClasses,
  lockedFamilies,
  servedOperations,
  type Description,
  type Reply,
} from "../../conformance/parameter-classes.js";
import { type Any, selected } from "./world.js";

/**
 * Slack's published Web API description (spec/README.md) against the methods the live host answers: the
 * lock's route families of the `slack` host and the computed methods (search.messages, api.test). Then
 * what the host does with them, over GET and a POSTed form alike (what @slack/web-api sends): a refused
 * argument gets Slack's error naming it, and each argument computed for issue 37 changes the answer as
 * the method docs say. The second part needs the host built (SNAPVERSE_TEST_PINS=slack).
 */
const spec = () =>
  JSON.parse(
    gunzipSync(readFileSync("test/providers/slack/spec/slack_web_openapi_v2_without_examples.json.gz")).toString("utf8"),
  ) as Description;

describeParameterClasses("slack", {
  ops: () => servedOperations(spec(), { families: lockedFamilies("slack"), computed: computedRoutes, prefix: "api" }),
  classes: slackParams,
  lists: listProfiles("https://slack.example"),
  prefix: "api/",
  refusals: slackRefusals("T0"),
  gaps: 0,
});

/** The documented code of a refusal that is not `invalid_arguments`: an id that names nothing here. */
const OWN_CODES: Record<string, string> = { team: "team_not_found", file: "file_not_found", file_comment: "file_comment_not_found" };

describe.skipIf(!selected())("slack arguments as served", () => {
  const base = () => `${inject("baseUrl")}/slack/api`;
  const auth = { authorization: "Bearer xoxp-params" };
  const get = async (method: string, params: Record<string, string>): Promise<Reply> => {
    const res = await fetch(`${base()}/${method}?${new URLSearchParams(params)}`, { headers: auth });
    return { status: res.status, text: await res.text() };
  };
  const post = async (method: string, params: Record<string, string>): Promise<Reply> => {
    const res = await fetch(`${base()}/${method}`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(params).toString(),
    });
    return { status: res.status, text: await res.text() };
  };
  const json = (r: Reply) => JSON.parse(r.text) as Any;
  const refuses = (r: Reply, param: string) => {
    const body = json(r);
    if (r.status !== 200 || body.ok !== false) return false;
    if (OWN_CODES[param]) return body.error === OWN_CODES[param];
    const line = (body.response_metadata?.messages as string[] | undefined)?.[0] ?? "";
    return body.error === "invalid_arguments" && line.startsWith("[ERROR] `" + param + "`") && line.endsWith(`[json-pointer:/${param}]`);
  };

  it("refuses every refused argument with Slack's error naming it, in a query and in a POSTed form", async () => {
    for (const send of [get, post]) {
      const { checked, failures } = await checkRefusals(
        slackParams,
        (template, param) => send(template.slice(1), { [param]: "true" }),
        refuses,
      );
      expect(failures.join("\n")).toBe("");
      expect(checked).toBe(Object.keys(slackParams.refused).length);
    }
  });

  it("answers a refused argument's allowed value as if it were absent", async () => {
    const team = json(await get("team.info", {})).team as Any;
    expect((await get("team.info", { team: team.id as string })).text).toBe((await get("team.info", {})).text);
    expect(json(await get("team.info", { team: "T0000000001" })).error).toBe("team_not_found");
    const user = (json(await get("users.list", { limit: "1" })).members as Any[])[0]!.id as string;
    for (const value of ["false", "0"]) {
      expect((await get("users.info", { user, include_locale: value })).text).toBe((await get("users.info", { user })).text);
      expect((await post("users.info", { user, include_locale: value })).text).toBe((await get("users.info", { user })).text);
    }
  });

  it("computes include_num_members and include_count: each adds its field, with the count the members list gives", async () => {
    const channel = (json(await get("conversations.list", {})).channels as Any[]).find((c) => c.name === "general")!;
    const members = json(await get("conversations.members", { channel: channel.id as string, limit: "1000" })).members as string[];
    const plain = await get("conversations.info", { channel: channel.id as string });
    expect(json(plain).channel.num_members).toBeUndefined();
    const counted = await get("conversations.info", { channel: channel.id as string, include_num_members: "true" });
    expect(json(counted).channel.num_members).toBe(members.length);
    expect((await get("conversations.info", { channel: channel.id as string, include_num_members: "1" })).text).toBe(counted.text);
    expect((await post("conversations.info", { channel: channel.id as string, include_num_members: "true" })).text).toBe(counted.text);
    expect((await get("conversations.info", { channel: channel.id as string, include_num_members: "false" })).text).toBe(plain.text);

    const groups = json(await get("usergroups.list", {})).usergroups as Any[];
    expect(groups.every((g) => g.user_count === undefined && g.users === undefined)).toBe(true);
    const both = json(await get("usergroups.list", { include_count: "true", include_users: "1" })).usergroups as Any[];
    expect(both.map((g) => g.user_count)).toStrictEqual(both.map((g) => (g.users as string[]).length));
    expect(both.every((g) => g.user_count > 0)).toBe(true);
    const counts = json(await get("usergroups.list", { include_count: "1" })).usergroups as Any[];
    expect(counts.map((g) => g.user_count)).toStrictEqual(both.map((g) => g.user_count));
    expect(counts.every((g) => g.users === undefined)).toBe(true);
  });

  it("computes oldest, latest and inclusive on conversations.replies: the thread's messages between them", async () => {
    const channel = (json(await get("conversations.list", {})).channels as Any[]).find((c) => c.name === "incidents")!.id as string;
    const history = json(await get("conversations.history", { channel, limit: "999" })).messages as Any[];
    const parent = history.find((m) => (m.reply_count ?? 0) >= 3)!;
    expect(parent).toBeDefined();
    const thread = (json(await get("conversations.replies", { channel, ts: parent.ts as string })).messages as Any[]).map(
      (m) => m.ts as string,
    );
    const [, second, third] = thread as [string, string, string];
    const ts = async (params: Record<string, string>) =>
      (json(await get("conversations.replies", { channel, ts: parent.ts as string, ...params })).messages as Any[]).map(
        (m) => m.ts as string,
      );
    expect(await ts({ oldest: second })).toStrictEqual(thread.filter((t) => Number(t) > Number(second)));
    expect(await ts({ oldest: second, inclusive: "true" })).toStrictEqual(thread.filter((t) => Number(t) >= Number(second)));
    expect(await ts({ latest: third })).toStrictEqual(thread.filter((t) => Number(t) < Number(third)));
    expect(await ts({ oldest: second, latest: third, inclusive: "1" })).toStrictEqual([second, third]);
    expect(json(await get("conversations.replies", { channel, ts: parent.ts as string, oldest: "soon" })).error).toBe("invalid_ts_oldest");
  });

  it("computes highlight on search.messages: the query's words between Slack's markers, the text otherwise the same", async () => {
    const plain = json(await get("search.messages", { query: "deploy in:#deploys", count: "5" })).messages.matches as Any[];
    expect(plain.length).toBeGreaterThan(0);
    expect(plain.every((m) => !(m.text as string).includes("\ue000"))).toBe(true);
    const marked = await get("search.messages", { query: "deploy in:#deploys", count: "5", highlight: "true" });
    const matches = json(marked).messages.matches as Any[];
    expect(matches.map((m) => (m.text as string).replace(/[\ue000\ue001]/g, ""))).toStrictEqual(plain.map((m) => m.text));
    expect(matches.every((m) => /\ue000deploy\ue001/i.test(m.text as string))).toBe(true);
    expect((await post("search.messages", { query: "deploy in:#deploys", count: "5", highlight: "1" })).text).toBe(marked.text);
  });
});
