import { describe, expect, inject, it } from "vitest";
import { deletion, errorBody, logFileList, message, problems, validateCompliance, validateLogFile } from "./schema.js";
import { PREFIX, liveWorld, selected, workspaceId } from "./world.js";

/**
 * The Compliance API has no official client: this is the workflow OpenAI's reference and its cookbook
 * describe, with plain fetch and `Authorization: Bearer <key>` against
 * `https://api.chatgpt.com/v1/compliance/workspaces/{workspace_id}` — list the workspace users, the
 * conversations updated since a timestamp for a set of users (the first page with `since_timestamp`,
 * the next ones with `after=<last_id>` alone, since the two cannot be sent together), the GPTs with
 * their configurations, the projects with their shared users, paging each to the end while `has_more`.
 * Expected values come from the world model; every body is also checked with the validators written
 * from the published description (schema.ts), and the log lists, log files, deletion replies and error
 * bodies with theirs.
 */
const world = liveWorld();
const api = `${inject("baseUrl")}/${PREFIX}/v1/compliance/workspaces/${workspaceId(world)}`;
const auth = { Authorization: "Bearer sk-proj-c25hcHZlcnNlLWNvbXBsaWFuY2U" };

type Any = Record<string, any>;

async function getJson(path: string): Promise<Any> {
  const res = await fetch(`${api}/${path}`, { headers: auth });
  expect(res.status, path).toBe(200);
  const body = (await res.json()) as Any;
  const problem = validateCompliance(new URL(`${api}/${path}`).pathname.replace(/^\/[^/]+\//, ""), body);
  expect(problem, path).toBeUndefined();
  return body;
}

/** Every item of a list: `first` (with its filters) for the first page, then `next(last_id)` while `has_more`. */
async function pageAll(first: string, next: (after: string) => string): Promise<Any[]> {
  const out: Any[] = [];
  let page = await getJson(first);
  for (let n = 0; n < 1000; n++) {
    expect(Object.keys(page)).toStrictEqual(["object", "last_id", "has_more", "data"]);
    out.push(...(page.data as Any[]));
    expect(page.last_id).toBe(page.data.at(-1)?.id ?? null);
    if (!page.has_more) return out;
    page = await getJson(next(page.last_id as string));
  }
  throw new Error("the list did not end");
}

const seats = world.ai.seats.filter((s) => s.tool === "chatgpt");
const person = (id: number) => world.people[id - 1]!;
const sec = (ms: number) => Math.floor(ms / 1000);

describe.skipIf(!selected())("ChatGPT Enterprise Compliance API workflow (plain fetch)", () => {
  let users: Any[] = [];
  const userIdOf = (personId: number) => users.find((u) => u.email === person(personId).email)!.id as string;

  it("lists the workspace users, paged to the end: one per ChatGPT seat", async () => {
    users = await pageAll("users?limit=7", (after) => `users?limit=7&after=${after}`);
    expect(users.length).toBe(seats.length);
    expect(users.length).toBeGreaterThan(7);
    expect(users.map((u) => u.id)).toStrictEqual(users.map((u) => u.id as string).sort());
    expect(users.map((u) => u.email).sort()).toStrictEqual(seats.map((s) => person(s.personId).email).sort());
    for (const u of users) {
      const seat = seats.find((s) => person(s.personId).email === u.email)!;
      expect(u.object).toBe("compliance.workspace.user");
      expect(u.name).toBe(person(seat.personId).name);
      expect(Math.floor(u.created_at)).toBe(sec(seat.since));
      expect(u.role).toBe(seat.role === "admin" ? "account-owner" : "standard-user");
      expect(u.status).toBe("active");
    }
  });

  it("lists the conversations updated since a timestamp for a set of users, paged to the end with after", async () => {
    const since = sec(world.asOf) - 21 * 86_400;
    const chosen = [...new Set(world.ai.chatgpt.conversations.filter((c) => c.updatedAt >= since * 1000).map((c) => c.personId))]
      .sort((a, b) => a - b)
      .slice(0, 4);
    expect(chosen.length).toBe(4);
    const ids = chosen.map(userIdOf);
    const filter = ids.map((id) => `users=${encodeURIComponent(id)}`).join("&");
    const got = await pageAll(
      `conversations?since_timestamp=${since}&${filter}&limit=10`,
      (after) => `conversations?after=${after}&${filter}&limit=10`,
    );
    const want = world.ai.chatgpt.conversations.filter((c) => chosen.includes(c.personId) && c.updatedAt >= since * 1000);
    expect(got.length).toBe(want.length);
    expect(got.length).toBeGreaterThan(10);
    expect(got.map((c) => c.id).sort()).toStrictEqual(want.map((c) => c.id).sort());
    // Ordered by last update, oldest first, and every one for one of the users asked for.
    const times = got.map((c) => c.last_active_at as number);
    expect(times).toStrictEqual([...times].sort((a, b) => a - b));
    expect(got.every((c) => ids.includes(c.user_id) && c.last_active_at >= since)).toBe(true);
    for (const c of got) {
      const w = want.find((x) => x.id === c.id)!;
      expect(c.user_email).toBe(person(w.personId).email);
      expect(c.title).toBe(w.title);
      expect(c.workspace_id).toBe(workspaceId(world));
      const messages = c.messages.data as Any[];
      expect(c.messages.has_more).toBe(false);
      // ChatGPT's hidden root system message, then the world's messages, each the child of the one before.
      expect(messages[0]!.author.role).toBe("system");
      expect(messages.slice(1).map((m) => `${m.author.role}: ${m.content.value}`)).toStrictEqual(
        w.messages.map((m) => `${m.role}: ${m.text}`),
      );
      expect(messages.slice(1).map((m) => m.parent_id)).toStrictEqual(messages.slice(0, -1).map((m) => m.id));
      expect(messages.slice(1).map((m) => Math.floor(m.created_at))).toStrictEqual(w.messages.map((m) => sec(m.at)));
      expect(messages.every((m) => m.gpt_id === (w.gptId ?? null) && m.project_id === (w.projectId ?? null))).toBe(true);
      for (const m of messages) expect(problems(message, m)).toBeUndefined();
    }
  });

  it("pages the whole conversation history from the start (since_timestamp=0) at the default size", async () => {
    const all = await pageAll("conversations?since_timestamp=0", (after) => `conversations?after=${after}`);
    expect(all.map((c) => c.id).sort()).toStrictEqual(world.ai.chatgpt.conversations.map((c) => c.id).sort());
  });

  it("lists the GPTs, reads each with its configurations", async () => {
    const gpts = await pageAll("gpts?limit=4", (after) => `gpts?limit=4&after=${after}`);
    expect(gpts.map((g) => g.id).sort()).toStrictEqual(world.ai.chatgpt.gpts.map((g) => g.id).sort());
    for (const g of gpts) {
      const w = world.ai.chatgpt.gpts.find((x) => x.id === g.id)!;
      expect(g.owner_email).toBe(person(w.ownerId).email);
      expect(g.owner_id).toBe(userIdOf(w.ownerId));
      expect(g.latest_config.data[0].name).toBe(w.name);
      expect(g.latest_config.data[0].instructions).toBe(w.instructions);
      expect(g.sharing.visibility).toBe({ private: "invite-only", workspace: "workspace", link: "workspace-with-link" }[w.sharing]);
      expect(JSON.stringify(await getJson(`gpts/${g.id}`))).toBe(JSON.stringify(g));
      const configs = await pageAll(`gpts/${g.id}/configs`, (after) => `gpts/${g.id}/configs?after=${after}`);
      expect(configs[0]!.id).toBe(g.latest_config.data[0].id);
      expect(configs.length).toBe(w.updatedAt > w.createdAt ? 2 : 1);
      const created = configs.map((c) => c.created_at as number);
      expect(created).toStrictEqual([...created].sort((a, b) => b - a));
      const shared = await pageAll(`gpts/${g.id}/shared_users`, (after) => `gpts/${g.id}/shared_users?after=${after}`);
      expect(shared).toStrictEqual([]);
    }
  });

  it("lists the projects, reads each with its configurations and shared users", async () => {
    const projects = await pageAll("projects?limit=4", (after) => `projects?limit=4&after=${after}`);
    expect(projects.map((p) => p.id).sort()).toStrictEqual(world.ai.chatgpt.projects.map((p) => p.id).sort());
    for (const p of projects) {
      const w = world.ai.chatgpt.projects.find((x) => x.id === p.id)!;
      expect(p.owner_email).toBe(person(w.ownerId).email);
      expect(p.latest_config.data[0].name).toBe(w.name);
      expect(p.latest_config.data[0].instructions).toBe(w.instructions);
      expect(JSON.stringify(await getJson(`projects/${p.id}`))).toBe(JSON.stringify(p));
      const configs = await pageAll(`projects/${p.id}/configs`, (after) => `projects/${p.id}/configs?after=${after}`);
      expect(configs[0]!.id).toBe(p.latest_config.data[0].id);
      const shared = await pageAll(`projects/${p.id}/shared_users`, (after) => `projects/${p.id}/shared_users?after=${after}`);
      const members = w.memberIds.filter((id) => id !== w.ownerId).map((id) => person(id).email);
      expect(shared.map((u) => u.email).sort()).toStrictEqual(members.sort());
      expect(p.sharing.recipients.map((r: Any) => r.email).sort()).toStrictEqual(members.sort());
    }
  });

  it("lists the Logs Platform's conversation-message files since an instant, following last_end_time, and reads each", async () => {
    const since = new Date(world.start).toISOString().replace(/\.\d{3}Z$/, "Z");
    const ids: string[] = [];
    let after = since;
    for (let n = 0; n < 1000; n++) {
      const res = await fetch(`${api}/logs?event_type=CONVERSATION_MESSAGE&limit=5&after=${encodeURIComponent(after)}`, { headers: auth });
      expect(res.status).toBe(200);
      const page = (await res.json()) as Any;
      expect(Object.keys(page)).toStrictEqual(["data", "has_more", "last_end_time"]);
      expect(problems(logFileList, page)).toBeUndefined();
      ids.push(...(page.data as Any[]).map((f) => f.id as string));
      if (!page.has_more) break;
      after = page.last_end_time as string;
    }
    expect(ids.length).toBeGreaterThan(5);
    const events: Any[] = [];
    for (const id of ids) {
      const res = await fetch(`${api}/logs/${id}`, { headers: auth });
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text.endsWith("\n")).toBe(true);
      expect(validateLogFile(text), id).toBeUndefined();
      events.push(
        ...text
          .trim()
          .split("\n")
          .map((line) => JSON.parse(line) as Any),
      );
    }
    const messages = world.ai.chatgpt.conversations.flatMap((c) => c.messages.map((m) => ({ c, m })));
    expect(events.length).toBe(messages.length);
    expect(events.map((e) => e.message.id).sort()).toStrictEqual(messages.map(({ m }) => m.id).sort());
    for (const e of events.slice(0, 200)) {
      const { c, m } = messages.find(({ m }) => m.id === e.message.id)!;
      expect(e.type).toBe("CONVERSATION_MESSAGE");
      expect(e.principal).toStrictEqual({ id: workspaceId(world), type: "CHATGPT_WORKSPACE" });
      expect(e.actor.user_email).toBe(person(c.personId).email);
      expect(e.actor.user_id).toBe(userIdOf(c.personId));
      expect(e.message.author.type).toBe(m.role);
      expect(e.message.content.value).toBe(m.text);
      expect(Math.floor(Date.parse(e.timestamp) / 1000)).toBe(sec(m.at));
      expect(e.conversation.id).toBe(c.id);
      expect(e.conversation.title).toBe(c.title);
    }
    const times = events.map((e) => e.timestamp as string);
    expect(times).toStrictEqual([...times].sort());
    // Nothing after as-of; other event types have no files; an instant that does not parse is a 400.
    const asOf = new Date(world.asOf).toISOString();
    expect(await (await fetch(`${api}/logs?event_type=CONVERSATION_MESSAGE&after=${asOf}`, { headers: auth })).text()).toBe(
      '{"data":[],"has_more":false,"last_end_time":null}',
    );
    expect(await (await fetch(`${api}/logs?event_type=AUTH_LOG&after=${encodeURIComponent(since)}`, { headers: auth })).text()).toBe(
      '{"data":[],"has_more":false,"last_end_time":null}',
    );
    const bad = await fetch(`${api}/logs?event_type=CONVERSATION_MESSAGE&after=yesterday`, { headers: auth });
    expect(bad.status).toBe(400);
    expect(problems(errorBody, await bad.json())).toBeUndefined();
    expect((await fetch(`${api}/logs?event_type=CONVERSATION_MESSAGE`)).status).toBe(401);
  });

  it("answers OpenAI's 401 without a key, and its 404 for an unknown workspace or object", async () => {
    const bare = await fetch(`${api}/users`);
    expect(bare.status).toBe(401);
    const unauthorized = (await bare.json()) as Any;
    expect(problems(errorBody, unauthorized)).toBeUndefined();
    expect(Object.keys(unauthorized.error)).toStrictEqual(["message", "type", "param", "code"]);
    expect(unauthorized.error.type).toBe("invalid_request_error");
    for (const path of [
      `${api.replace(workspaceId(world), "00000000-0000-4000-8000-000000000000")}/users`,
      `${api}/gpts/g-000000000`,
      `${api}/projects/g-p-0`,
    ]) {
      const res = await fetch(path, { headers: auth });
      expect(res.status, path).toBe(404);
      const body = (await res.json()) as Any;
      expect(problems(errorBody, body), path).toBeUndefined();
      expect(Object.keys(body.error)).toStrictEqual(["message", "type", "param", "code"]);
    }
  });

  it("acknowledges a deletion without changing the workspace; an unknown id is a 404", async () => {
    const c = world.ai.chatgpt.conversations[0]!;
    const res = await fetch(`${api}/conversations/${c.id}`, { method: "DELETE", headers: auth });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(problems(deletion, JSON.parse(text))).toBeUndefined();
    expect(text).toBe(JSON.stringify({ deleted: true, object: "compliance.workspace.conversation", id: c.id }));
    const g = world.ai.chatgpt.gpts[0]!;
    const gone = await fetch(`${api}/gpts/${g.id}`, { method: "DELETE", headers: auth });
    expect(await gone.text()).toBe(JSON.stringify({ deleted: true, object: "compliance.workspace.gpt", id: g.id }));
    expect((await getJson(`gpts/${g.id}`)).id).toBe(g.id);
    const all = await pageAll("conversations", (after) => `conversations?after=${after}`);
    expect(all.some((x) => x.id === c.id)).toBe(true);
    expect((await fetch(`${api}/projects/g-p-nope`, { method: "DELETE", headers: auth })).status).toBe(404);
    expect((await fetch(`${api}/conversations/not-a-conversation`, { method: "DELETE", headers: auth })).status).toBe(404);
    expect((await fetch(`${api}/conversations/${c.id}`, { method: "DELETE" })).status).toBe(401);
    const post = await fetch(`${api}/users`, { method: "POST", headers: auth });
    expect(post.status).toBe(405);
    expect(problems(errorBody, await post.json())).toBeUndefined();
  });
});
