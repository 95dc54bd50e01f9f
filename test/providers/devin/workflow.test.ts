import { describe, expect, inject, it } from "vitest";
import { loadCatalog } from "../../../generator/catalog/index.js";
import { buildWorld, loadTemplates } from "../../../generator/world/index.js";
import type { DevinSession } from "../../../generator/world/types.js";
import { createdSession, errorBody, sessionDetail, sessionList } from "./schema.js";

/**
 * Devin has no official client on the registry: this is the workflow its API docs describe, with plain
 * fetch and `Authorization: Bearer <key>` — list sessions with limit/offset until a page is short,
 * filter by tag and by the requester's email, read each session with its messages, download the files
 * Devin attached, create a session. Expected values come from the world model, not the served files.
 */
const baseUrl = inject("baseUrl");
const catalog = loadCatalog("catalog.yaml");
const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
const PIN = "devin-v1";
const GH_PIN = "gh-2026-03-g5";
const pin = catalog.pins.find((p) => p.name === PIN)!;
const world = buildWorld(catalog.generations.get(pin.generation)!, { render: loadTemplates("templates/repo") });
const domain = catalog.serviceDomain;
const org = world.company.slug;
const api = `${baseUrl}/${PIN}/v1`;
const auth = { Authorization: "Bearer apk_user_c25hcHZlcnNlLXRlc3Q" };

type Any = Record<string, any>;

const STATUS_ENUM: Record<DevinSession["status"], string> = {
  working: "working",
  blocked: "blocked",
  finished: "finished",
  stopped: "expired",
};
const newestFirst = [...world.ai.devin].sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1));
const person = (id: number) => world.people[id - 1]!;
const repoOf = (id: number) => world.repos.find((r) => r.id === id)!;
const iso = (ms: number) => new Date(ms).toISOString().replace("Z", "000+00:00");

async function get(path: string): Promise<Response> {
  return fetch(`${api}/${path}`, { headers: auth });
}

async function getJson(path: string): Promise<Any> {
  const res = await get(path);
  expect(res.status, path).toBe(200);
  return (await res.json()) as Any;
}

/** Pages a session list as Devin's docs say: the next offset until a page is shorter than the limit. */
async function listAll(filters: Record<string, string>, limit?: number): Promise<Any[]> {
  const out: Any[] = [];
  for (let offset = 0; ; offset += limit ?? 100) {
    const q = new URLSearchParams(filters);
    if (limit !== undefined) q.set("limit", String(limit));
    if (offset > 0) q.set("offset", String(offset));
    const page = await getJson(`sessions?${q}`);
    out.push(...(page.sessions as Any[]));
    if (page.sessions.length < (limit ?? 100)) return out;
  }
}

describe(`Devin API v1 workflow (plain fetch) against ${PIN}`, () => {
  it("the world has enough sessions to page, some with pull requests and attachments", () => {
    expect(newestFirst.length).toBeGreaterThan(100);
    expect(newestFirst.filter((s) => s.pull).length).toBeGreaterThan(10);
    expect(newestFirst.every((s) => s.attachments.length <= 1)).toBe(true);
  });

  it("answers reads without a Bearer token with FastAPI's 401, as Devin does", async () => {
    for (const path of ["sessions", "sessions?limit=5", "sessions/devin-0000"]) {
      const res = await fetch(`${api}/${path}`);
      expect(`${res.status} ${res.headers.get("www-authenticate")} ${await res.text()}`).toBe('401 Bearer {"detail":"Not authenticated"}');
    }
  });

  it("lists every session, newest first, with limit/offset to the end at every page size", async () => {
    const expected = newestFirst.map((s) => s.id);
    for (const limit of [undefined, 1000, 100, 7, 25, 99]) {
      const sessions = await listAll({}, limit);
      expect(
        sessions.map((s) => s.session_id),
        `limit=${limit}`,
      ).toStrictEqual(expected);
    }
    // The default page is 100 sessions, in a body that is the list alone (no total, no has_more).
    const first = await getJson("sessions");
    expect(Object.keys(first)).toStrictEqual(["sessions"]);
    expect(first.sessions.length).toBe(100);
    expect(sessionList.safeParse(first).success).toBe(true);
    // An offset need not fall on a page boundary; an offset past the end is an empty page.
    const mid = await getJson("sessions?limit=10&offset=5");
    expect(mid.sessions.map((s: Any) => s.session_id)).toStrictEqual(expected.slice(5, 15));
    const past = await getJson("sessions?offset=5000");
    expect(past.sessions).toStrictEqual([]);
    // A limit above the maximum gets the maximum.
    expect((await getJson("sessions?limit=5000")).sessions.length).toBe(expected.length);
  });

  it("filters by tag and by the requester's email, at both page sizes", async () => {
    const tags = [...new Set(newestFirst.flatMap((s) => s.tags))].sort();
    expect(tags).toContain("investigation");
    for (const tag of tags) {
      const expected = newestFirst.filter((s) => s.tags.includes(tag)).map((s) => s.id);
      for (const limit of [undefined, 1000, 5]) {
        const got = await listAll({ tags: tag }, limit);
        expect(
          got.map((s) => s.session_id),
          `tags=${tag}`,
        ).toStrictEqual(expected);
        expect(got.every((s) => s.tags.includes(tag))).toBe(true);
      }
    }
    for (const p of world.people) {
      const got = await listAll({ user_email: p.email });
      expect(
        got.map((s) => s.session_id),
        p.email,
      ).toStrictEqual(newestFirst.filter((s) => s.personId === p.id).map((s) => s.id));
      expect(got.every((s) => s.requesting_user_email === p.email)).toBe(true);
    }
  });

  it("reads each session's detail: the list's fields, then its messages, oldest first", async () => {
    const list = new Map((await listAll({}, 1000)).map((s) => [s.session_id as string, s]));
    for (const s of newestFirst) {
      const res = await get(`sessions/${s.id}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("application/json");
      const text = await res.text();
      const detail = JSON.parse(text) as Any;
      expect(sessionDetail.safeParse(detail).error?.issues ?? []).toStrictEqual([]);
      // The detail is the list's object, byte for byte and key for key, with messages after it.
      const { messages, ...summary } = detail;
      expect(JSON.stringify(summary)).toBe(JSON.stringify(list.get(s.id)));
      const requester = person(s.personId);
      expect(detail).toMatchObject({
        session_id: s.id,
        title: s.title,
        status_enum: STATUS_ENUM[s.status],
        created_at: iso(s.createdAt),
        updated_at: iso(s.updatedAt),
        tags: s.tags,
        requesting_user_email: requester.email,
        pull_request: s.pull ? { url: `https://github.${domain}/${org}/${repoOf(s.pull.repoId).name}/pull/${s.pull.number}` } : null,
      });
      expect(messages.length).toBe(s.messages.length + s.attachments.length);
      expect(messages[0]).toMatchObject({
        type: "initial_user_message",
        message: s.messages[0]!.text,
        username: requester.email,
        timestamp: iso(s.createdAt),
      });
      const worldTexts = s.messages.map((m) => `${m.origin === "user" ? "user" : "devin"}: ${m.text}`);
      const served = (messages as Any[])
        .filter((m) => !String(m.message).startsWith("I attached "))
        .map((m) => `${m.type === "devin_message" ? "devin" : "user"}: ${m.message}`);
      expect(served).toStrictEqual(worldTexts);
      const times = (messages as Any[]).map((m) => m.timestamp as string);
      expect([...times].sort()).toStrictEqual(times);
      // Older clients spell the path in the singular: the same session, the same bytes.
      expect(await (await get(`session/${s.id}`)).text()).toBe(text);
    }
  });

  it("downloads every attachment from the URL Devin posted in its session, as raw bytes", async () => {
    let downloaded = 0;
    for (const s of newestFirst) {
      const detail = await getJson(`sessions/${s.id}`);
      const urls = (detail.messages as Any[]).flatMap(
        (m) => String(m.message).match(new RegExp(`${api}/attachments/[0-9a-f-]{36}/\\S+`, "g")) ?? [],
      );
      expect(urls.length).toBe(s.attachments.length);
      for (const [i, url] of urls.entries()) {
        const a = s.attachments[i]!;
        expect(url.endsWith(`/${a.name}`)).toBe(true);
        const res = await fetch(url, { headers: auth, redirect: "follow" });
        expect(res.status).toBe(200);
        expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
        expect(await res.text()).toBe(a.content);
        downloaded++;
      }
    }
    expect(downloaded).toBe(world.ai.devin.reduce((n, s) => n + s.attachments.length, 0));
    const missing = await get("attachments/00000000-0000-0000-0000-000000000000/plan.md");
    expect(missing.status).toBe(404);
  });

  it("joins sessions to the world's people and to generation 5's pull requests", async () => {
    const emails = new Set(world.people.map((p) => p.email));
    const sessions = await listAll({}, 1000);
    for (const served of sessions) expect(emails.has(served.requesting_user_email)).toBe(true);
    for (const s of newestFirst.filter((x) => x.pull)) {
      const repo = repoOf(s.pull!.repoId);
      const pr = repo.pulls.find((p) => p.number === s.pull!.number);
      expect(pr, `${repo.name}#${s.pull!.number}`).toBeDefined();
      // The requester is the pull request's author, with the email of their commits; the title names its work item.
      expect(pr!.authorId).toBe(s.personId);
      expect(pr!.commits.map((c) => person(c.authorId).email)).toContain(person(s.personId).email);
      expect(s.title.startsWith(`${pr!.workItemKey}: `)).toBe(true);
      expect(world.workItems.some((w) => w.key === s.workItemKey)).toBe(true);
      expect(s.tags).toStrictEqual([repo.name, pr!.workItemKey.split("-")[0]!.toLowerCase()]);
    }
  });

  it.skipIf(only !== undefined && !only.includes(GH_PIN))(
    `agrees with ${GH_PIN} on every session's pull request, author and email`,
    async () => {
      const sessions = await listAll({}, 1000);
      let checked = 0;
      for (const served of sessions.filter((s) => s.pull_request)) {
        const m = /^https:\/\/github\.[^/]+\/([^/]+)\/([^/]+)\/pull\/(\d+)$/.exec(served.pull_request.url)!;
        expect(m, served.pull_request.url).not.toBeNull();
        const res = await fetch(`${baseUrl}/${GH_PIN}/repos/${m[1]}/${m[2]}/pulls/${m[3]}`);
        expect(res.status).toBe(200);
        const pr = (await res.json()) as Any;
        expect(pr.html_url).toBe(served.pull_request.url);
        const key = /^[A-Z]+-\d+/.exec(served.title)![0];
        expect(pr.title).toContain(key);
        expect(served.title).toBe(`${key}: ${String(pr.title).replace(/^[A-Z]+-\d+: /, "")}`);
        const author = world.people.find((p) => p.handles.github === pr.user.login)!;
        expect(author.email).toBe(served.requesting_user_email);
        const commits = (await (
          await fetch(`${baseUrl}/${GH_PIN}/repos/${m[1]}/${m[2]}/pulls/${m[3]}/commits?per_page=100`)
        ).json()) as Any[];
        expect(commits.map((c) => c.commit.author.email)).toContain(served.requesting_user_email);
        checked++;
      }
      expect(checked).toBe(world.ai.devin.filter((s) => s.pull).length);
    },
  );

  it("creates a session: the same request gives the same bytes, another request another session", async () => {
    const create = (body: string, headers: Record<string, string> = auth) =>
      fetch(`${api}/sessions`, { method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body });
    const body = { prompt: "Review the pull request at https://github.example/pull/1", idempotent: true, tags: ["review"] };
    const first = await create(JSON.stringify(body));
    expect(first.status).toBe(200);
    const bytes = await first.text();
    const created = JSON.parse(bytes) as Any;
    expect(createdSession.safeParse(created).success).toBe(true);
    expect(Object.keys(created)).toStrictEqual(["session_id", "url", "is_new_session"]);
    expect(created.url).toBe(`https://app.devin.${domain}/sessions/${String(created.session_id).slice("devin-".length)}`);
    expect(await (await create(JSON.stringify(body))).text()).toBe(bytes);
    // Key order does not make another request.
    expect(await (await create(JSON.stringify({ tags: ["review"], idempotent: true, prompt: body.prompt }))).text()).toBe(bytes);
    const other = (await (await create(JSON.stringify({ prompt: "Something else" }))).json()) as Any;
    expect(other.session_id).not.toBe(created.session_id);
    // is_new_session is only sent for an idempotent create.
    expect(Object.keys(other)).toStrictEqual(["session_id", "url"]);
    // Nothing is stored: the frozen pin does not know the new session.
    expect((await get(`sessions/${created.session_id}`)).status).toBe(404);
    expect((await listAll({}, 1000)).length).toBe(newestFirst.length);
  });

  it("rejects malformed and unauthenticated writes with Devin's (FastAPI's) error bodies", async () => {
    const post = (path: string, body: string, headers: Record<string, string> = auth) =>
      fetch(`${api}/${path}`, { method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body });
    const malformed = await post("sessions", "{not json");
    expect(malformed.status).toBe(422);
    const m = (await malformed.json()) as Any;
    expect(errorBody.safeParse(m).success).toBe(true);
    expect(m.detail[0]).toMatchObject({ type: "json_invalid", msg: "JSON decode error" });
    const noPrompt = (await (await post("sessions", JSON.stringify({ title: "x" }))).json()) as Any;
    expect(noPrompt.detail).toStrictEqual([{ type: "missing", loc: ["body", "prompt"], msg: "Field required", input: { title: "x" } }]);
    const badTags = (await (await post("sessions", JSON.stringify({ prompt: "x", tags: "a" }))).json()) as Any;
    expect(badTags.detail[0]).toMatchObject({ type: "list_type", loc: ["body", "tags"] });
    const anonymous = await post("sessions", JSON.stringify({ prompt: "x" }), {});
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).toBe(JSON.stringify({ detail: "Not authenticated" }));
    expect(anonymous.headers.get("www-authenticate")).toBe("Bearer");
  });

  it("answers a message to a session by its state, and an upload with a URL, storing nothing", async () => {
    const send = (id: string, body: unknown) =>
      fetch(`${api}/sessions/${id}/message`, {
        method: "POST",
        headers: { ...auth, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    const running = newestFirst.find((s) => s.status === "working" || s.status === "blocked")!;
    const ok = await send(running.id, { message: "Please also add a changelog entry" });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("null");
    const done = newestFirst.find((s) => s.status === "finished")!;
    const late = (await (await send(done.id, { message: "One more thing" })).json()) as Any;
    expect(late.detail).toContain("finished");
    expect((await send("devin-00000000000000000000000000000000", { message: "hi" })).status).toBe(404);
    expect((await send(running.id, {})).status).toBe(422);
    // The session is unchanged.
    const after = await getJson(`sessions/${running.id}`);
    expect(after.messages.length).toBe(running.messages.length + running.attachments.length);

    const upload = async () => {
      const form = new FormData();
      form.append("file", new Blob(["a,b\n1,2\n"], { type: "text/csv" }), "data.csv");
      return fetch(`${api}/attachments`, { method: "POST", headers: auth, body: form });
    };
    const res = await upload();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const url = await res.text();
    expect(url).toMatch(new RegExp(`^${api}/attachments/[0-9a-f-]{36}/data\\.csv$`));
    expect((await fetch(url, { headers: auth })).status).toBe(404);
  });

  it("answers unknown sessions and paths with 404 and other writes with 405, in Devin's shape", async () => {
    const unknown = await get("sessions/devin-00000000000000000000000000000000");
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe(JSON.stringify({ detail: "Not Found" }));
    // Knowledge, playbooks and secrets are served (org.test.ts); enterprise endpoints are not.
    expect((await get("enterprise/playbooks")).status).toBe(404);
    const id = newestFirst[0]!.id;
    for (const [method, path] of [
      ["DELETE", `sessions/${id}`],
      ["PUT", `sessions/${id}/tags`],
      ["DELETE", "secrets/sec_0"],
      ["POST", "knowledge"],
    ] as const) {
      const res = await fetch(`${api}/${path}`, { method, headers: { ...auth, "Content-Type": "application/json" }, body: "{}" });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(errorBody.safeParse(await res.json()).success).toBe(true);
    }
  });
});
