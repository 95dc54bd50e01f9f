import { describe, expect, inject, it } from "vitest";
import { PREFIX, liveWorld, selected, workspaceId } from "./world.js";

/**
 * The conversation-list queries compliance connectors send (OpenAI's cookbook report, Psoxy, the
 * PowerShell module, eDiscovery archivers): `since_timestamp` as a bookmark, `users` repeated (and the
 * bracketed `users[]` some HTTP libraries write), `limit` up to 500, `after=<last_id>`; every other
 * variant is computed by the query engine over the frozen list.
 */
const world = liveWorld();
const api = `${inject("baseUrl")}/${PREFIX}/v1/compliance/workspaces/${workspaceId(world)}`;
const auth = { Authorization: "Bearer sk-proj-c25hcHZlcnNlLWNvbXBsaWFuY2U" };

type Any = Record<string, any>;

async function get(path: string): Promise<{ status: number; body: Any; text: string }> {
  const res = await fetch(`${api}/${path}`, { headers: auth });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as Any, text };
}

/** Every conversation of a query from `start`, paged with `after` (the query kept, as most clients keep it). */
async function walk(query: string, limit: number, start?: string): Promise<Any[]> {
  const out: Any[] = [];
  let after = start;
  for (let n = 0; n < 1000; n++) {
    const { status, body } = await get(`conversations?${query}${query ? "&" : ""}limit=${limit}${after ? `&after=${after}` : ""}`);
    expect(status).toBe(200);
    out.push(...(body.data as Any[]));
    if (!body.has_more) return out;
    after = body.last_id as string;
  }
  throw new Error("the list did not end");
}

const ids = (xs: Any[]) => xs.map((c) => c.id as string).join(",");
const conversations = world.ai.chatgpt.conversations;

describe.skipIf(!selected())("Compliance API conversation queries", () => {
  let userOf: Map<string, string>;

  it("reads the user ids of the workspace", async () => {
    const { body } = await get("users");
    userOf = new Map((body.data as Any[]).map((u) => [u.email as string, u.id as string]));
    expect(userOf.size).toBeGreaterThan(5);
  });

  it("syncs everything, then only what changed since a bookmark, at any page size", async () => {
    const full = await walk("", 500);
    expect(full.length).toBe(conversations.length);
    const at = full.map((c) => c.last_active_at as number);
    expect(at).toStrictEqual([...at].sort((a, b) => a - b));
    for (const days of [1, 7, 30]) {
      const since = Math.floor(world.asOf / 1000) - days * 86_400;
      const want = full.filter((c) => c.last_active_at >= since);
      for (const limit of [3, 50, 500])
        expect(ids(await walk(`since_timestamp=${since}`, limit)), `${days} days, limit ${limit}`).toBe(ids(want));
      // The next pages without since_timestamp (as the description requires): the same conversations.
      const first = await get(`conversations?since_timestamp=${since}&limit=5`);
      const rest = first.body.has_more ? await walk("", 5, first.body.last_id as string) : [];
      expect(ids([...(first.body.data as Any[]), ...rest])).toBe(ids(want));
    }
  });

  it("filters by users, repeated or bracketed, and combines them with since_timestamp", async () => {
    const people = [...new Set(conversations.map((c) => c.personId))].slice(0, 3);
    const emails = people.map((id) => world.people[id - 1]!.email);
    const uids = emails.map((e) => userOf.get(e)!);
    const want = (since: number) => conversations.filter((c) => people.includes(c.personId) && c.updatedAt >= since * 1000);
    const repeated = uids.map((u) => `users=${u}`).join("&");
    const bracketed = uids.map((u) => `users%5B%5D=${u}`).join("&");
    const sorted = (xs: Any[]) =>
      xs
        .map((c) => c.id as string)
        .sort()
        .join(",");
    expect(sorted(await walk(repeated, 25))).toBe(sorted(want(0)));
    expect(sorted(await walk(bracketed, 25))).toBe(sorted(want(0)));
    const since = Math.floor(world.asOf / 1000) - 14 * 86_400;
    expect(sorted(await walk(`since_timestamp=${since}&${repeated}`, 4))).toBe(sorted(want(since)));
    expect(want(0).length).toBeGreaterThan(want(since).length);
  });

  it("answers an empty list for values nothing matches", async () => {
    const empty = '{"object":"list","last_id":null,"has_more":false,"data":[]}';
    expect((await get("conversations?users=user-nobody")).text).toBe(empty);
    expect((await get(`conversations?since_timestamp=${Math.floor(world.asOf / 1000) + 1}`)).text).toBe(empty);
    expect((await get("conversations?after=00000000-0000-4000-8000-000000000000")).text).toBe(empty);
  });

  it("clamps limit to 500, and refuses a limit or a since_timestamp that is no number in OpenAI's 400", async () => {
    const big = await get("conversations?limit=5000");
    expect(big.status).toBe(200);
    expect(big.text).toBe((await get("conversations?limit=500")).text);
    for (const bad of ["limit=many", "since_timestamp=yesterday"]) {
      const { status, body } = await get(`conversations?${bad}`);
      expect(status, bad).toBe(400);
      expect(Object.keys(body.error)).toStrictEqual(["message", "type", "param", "code"]);
      expect(body.error.param).toBe(bad.split("=")[0]);
    }
  });

  it("ignores parameters the Compliance API does not filter on here (file_format)", async () => {
    const plain = await get("conversations?limit=40");
    expect((await get("conversations?limit=40&file_format=id")).text).toBe(plain.text);
    expect((await get("gpts?file_format=url")).text).toBe((await get("gpts")).text);
  });
});
