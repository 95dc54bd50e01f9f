import fc from "fast-check";
import { describe, expect, inject, it } from "vitest";
import { expectedOrganizations, expectedTickets, expectedUsers, liveWorld } from "./world.js";

/**
 * The lists' parameters over HTTP, against the world: cursor paging (`page[size]`, `page[after]`,
 * `page[before]`, `meta`, `links`), offset paging (`page`, `per_page`, `next_page`, `previous_page`,
 * `count`), `sort=[-]key`, `role` on users, `score` on ratings, `start_time` and the cursors of the
 * incremental exports, `search` with Zendesk's query syntax, paths without `.json`, and the refusals in
 * Zendesk's error shape. A property test draws page sizes, sorts and roles and walks each to the end.
 */
const base = `${inject("baseUrl")}/zendesk/api/v2`;
const auth = { Authorization: `Basic ${Buffer.from("agent@kestrelworks.io/token:queries").toString("base64")}` };
const world = liveWorld();
const tickets = expectedTickets(world);
const users = expectedUsers(world);

type Any = Record<string, any>;

async function call(
  pathOrUrl: string,
  init: { method?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; text: string; body: Any }> {
  const url = pathOrUrl.startsWith("http") ? pathOrUrl : `${base}/${pathOrUrl}`;
  const res = await fetch(url, { method: init.method ?? "GET", headers: init.headers ?? auth });
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text) as Any };
}

async function ok(pathOrUrl: string): Promise<Any> {
  const r = await call(pathOrUrl);
  expect(r.status, `${pathOrUrl}: ${r.text.slice(0, 300)}`).toBe(200);
  return r.body;
}

/**
 * Every item of a time-based export (1000 a page), following `next_page` to `end_of_stream`. The next page
 * starts at the last one's `end_time`, so items of that second come twice: each is kept once.
 */
async function timeExport(path: string, envelope: string): Promise<Any[]> {
  const items = new Map<number, Any>();
  for (let url: string | null = `${base}/${path}`, n = 0; url; n++) {
    expect(n, path).toBeLessThan(100);
    const body = await ok(url);
    for (const item of body[envelope] as Any[]) if (!items.has(item.id)) items.set(item.id, item);
    url = body.end_of_stream ? null : body.next_page;
  }
  return [...items.values()];
}

/** Every item of a cursor list, following `links.next` while `meta.has_more`. */
async function walk(path: string, envelope: string): Promise<{ items: Any[]; pages: number }> {
  const items: Any[] = [];
  let url: string | undefined = `${base}/${path}`;
  let pages = 0;
  while (url) {
    const body = await ok(url);
    items.push(...(body[envelope] as Any[]));
    pages++;
    expect(pages).toBeLessThan(200);
    url = body.meta.has_more ? body.links.next : undefined;
  }
  return { items, pages };
}

describe("Zendesk host: list parameters", () => {
  it("pages by cursor: page[size], links.next while has_more, and back with page[before]", async () => {
    const { items, pages } = await walk("tickets.json?page[size]=7", "tickets");
    expect(items.map((t) => t.id)).toStrictEqual(tickets.map((t) => t.id));
    expect(pages).toBe(Math.ceil(tickets.length / 7));
    const first = await ok("tickets.json?page[size]=7");
    const second = await ok(first.links.next);
    expect(second.links.prev).toContain("page%5Bbefore%5D=");
    const back = await ok(second.links.prev);
    expect(back.tickets.map((t: Any) => t.id)).toStrictEqual(first.tickets.map((t: Any) => t.id));
    expect(second.next_page).toBeUndefined();
    // Over the maximum is the maximum.
    expect((await call("users.json?page[size]=500")).text).toBe((await call("users.json?page[size]=100")).text);
    const last = await ok(`users.json?page[size]=100&page[after]=${(await ok("users.json")).meta.after_cursor}`);
    expect([last.meta.has_more, last.links.next, last.users.length]).toStrictEqual([false, null, users.length - 100]);
  });

  it("pages by offset when a page number is asked for: next_page, previous_page and count", async () => {
    const p2 = await ok("tickets.json?page=2&per_page=10");
    expect(p2.tickets.map((t: Any) => t.id)).toStrictEqual(tickets.slice(10, 20).map((t) => t.id));
    expect(p2.count).toBe(tickets.length);
    expect(p2.next_page).toBe(`${base}/tickets.json?page=3&per_page=10`);
    expect(p2.previous_page).toBe(`${base}/tickets.json?page=1&per_page=10`);
    expect(p2.meta).toBeUndefined();
    const seen: number[] = [];
    for (let url: string | null = `${base}/users.json?per_page=40`; url;) {
      const body = await ok(url);
      seen.push(...(body.users as Any[]).map((u) => u.id as number));
      url = body.next_page;
    }
    expect(seen).toStrictEqual(users.map((u) => u.id));
  });

  it("sorts with sort=key and sort=-key", async () => {
    const byCreated = (await walk("tickets.json?sort=-created_at", "tickets")).items;
    expect(byCreated.map((t) => t.id)).toStrictEqual(
      [...tickets].sort((a, b) => b.createdAt - a.createdAt || a.id - b.id).map((t) => t.id),
    );
    const orgs = (await walk("organizations.json?sort=name", "organizations")).items;
    expect(orgs.map((o) => o.name)).toStrictEqual(
      expectedOrganizations(world)
        .map((c) => c.name)
        .sort(),
    );
  });

  it("filters users by role and ratings by score", async () => {
    for (const role of ["end-user", "agent", "admin"]) {
      const got = (await walk(`users.json?role=${role}`, "users")).items;
      expect(
        got.map((u) => u.id),
        role,
      ).toStrictEqual(users.filter((u) => u.role === role).map((u) => u.id));
    }
    const both = (await walk("users.json?role[]=agent&role[]=admin", "users")).items;
    expect(both.map((u) => u.id)).toStrictEqual(users.filter((u) => u.role !== "end-user").map((u) => u.id));
    const owner = await call("users.json?role=owner");
    expect([owner.status, owner.body.error]).toStrictEqual([400, "InvalidValue"]);
    const all = (await walk("satisfaction_ratings.json", "satisfaction_ratings")).items;
    const good = (await walk("satisfaction_ratings.json?score=good", "satisfaction_ratings")).items;
    expect(good.map((r) => r.id)).toStrictEqual(all.filter((r) => r.score === "good").map((r) => r.id));
    for (const r of all) expect(tickets.find((t) => t.id === r.ticket_id)?.closedAt).toBeLessThanOrEqual(Date.parse(r.created_at));
  });

  it("exports tickets from a start time, by cursor (after_url) and by time (next_page, end_time)", async () => {
    const full = await ok("incremental/tickets/cursor.json?start_time=0");
    expect(full.end_of_stream).toBe(true);
    expect((full.tickets as Any[]).map((t) => t.id).sort((a, b) => a - b)).toStrictEqual(tickets.map((t) => t.id));
    const times = (full.tickets as Any[]).map((t) => t.generated_timestamp as number);
    const mid = times[Math.floor(times.length / 2)]!;
    const since = await ok(`incremental/tickets/cursor.json?start_time=${mid}`);
    expect((since.tickets as Any[]).map((t) => t.id)).toStrictEqual(
      (full.tickets as Any[]).filter((t) => t.generated_timestamp >= mid).map((t) => t.id),
    );
    // By cursor, five at a time, following after_url to the end of the stream.
    const walked: number[] = [];
    for (let url: string | null = `${base}/incremental/tickets/cursor.json?start_time=0&per_page=5`; url;) {
      const page = await ok(url);
      walked.push(...(page.tickets as Any[]).map((t) => t.id as number));
      url = page.end_of_stream ? null : page.after_url;
    }
    expect(walked).toStrictEqual((full.tickets as Any[]).map((t) => t.id));
    // A cursor names a time: sent alone (tap-zendesk drops start_time after the first page), it goes on.
    const fromMid: number[] = [];
    let page = await ok(`incremental/tickets/cursor.json?start_time=${mid}&per_page=4`);
    fromMid.push(...(page.tickets as Any[]).map((t) => t.id as number));
    while (!page.end_of_stream) {
      page = await ok(`incremental/tickets/cursor.json?cursor=${page.after_cursor}`);
      fromMid.push(...(page.tickets as Any[]).map((t) => t.id as number));
    }
    expect(fromMid).toStrictEqual((since.tickets as Any[]).map((t) => t.id));
    // tap-zendesk sends start_time as a float.
    const ids = (body: Any) => (body.tickets as Any[]).map((t) => t.id as number).join(",");
    expect(ids(await ok(`incremental/tickets/cursor.json?start_time=${mid}.0`))).toBe(ids(since));
    // Time-based: one page of at most 1000, end_time the newest generated time, next_page from it.
    const timed = await ok("incremental/tickets.json?start_time=0");
    expect([timed.count, timed.end_of_stream, timed.end_time]).toStrictEqual([tickets.length, true, Math.max(...times)]);
    expect(timed.next_page).toBe(`${base}/incremental/tickets.json?start_time=${Math.max(...times)}`);
    const orgs = await ok("incremental/organizations.json?start_time=0");
    expect((orgs.organizations as Any[]).map((o) => o.id).sort((a, b) => a - b)).toStrictEqual(
      expectedOrganizations(world).map((c) => c.id),
    );
    const badCursor = await call("incremental/tickets/cursor.json?cursor=not-a-cursor");
    expect([badCursor.status, badCursor.body.error]).toStrictEqual([400, "InvalidPaginationParameter"]);
    // Ticket events: one audit per comment, comment child events included, from a start time.
    const events = await timeExport(`incremental/ticket_events.json?start_time=${mid}&include=comment_events`, "ticket_events");
    expect(events.every((e) => e.timestamp >= mid)).toBe(true);
    const allEvents = await timeExport("incremental/ticket_events.json?start_time=0", "ticket_events");
    expect(allEvents.filter((e) => e.timestamp >= mid).map((e) => e.id)).toStrictEqual(events.map((e) => e.id));
    const comments = allEvents.flatMap((e) => (e.child_events as Any[]).filter((c) => c.event_type === "Comment"));
    const firstTicket = tickets[0]!;
    const served = (await walk(`tickets/${firstTicket.id}/comments.json`, "comments")).items;
    expect(comments.filter((c) => served.some((s) => s.id === c.id)).map((c) => c.body)).toStrictEqual(served.map((c) => c.body));
  });

  it("searches with Zendesk's query syntax, offset paged", async () => {
    const open = await ok(`search.json?query=${encodeURIComponent("type:ticket status<solved")}`);
    const openIds = (open.results as Any[]).map((r) => r.id as number).sort((a, b) => a - b);
    expect(openIds).toStrictEqual(tickets.filter((t) => t.closedAt === undefined || t.closedAt > world.asOf).map((t) => t.id));
    expect((open.results as Any[]).every((r) => r.result_type === "ticket")).toBe(true);
    expect(open.count).toBe(openIds.length);
    const org = expectedOrganizations(world).find((c) => tickets.some((t) => t.companyId === c.id))!;
    const byOrg = await ok(
      `search.json?query=${encodeURIComponent(`type:ticket organization:"${org.name}"`)}&sort_by=created_at&sort_order=asc`,
    );
    expect((byOrg.results as Any[]).map((r) => r.id)).toStrictEqual(
      tickets
        .filter((t) => t.companyId === org.id)
        .sort((a, b) => a.createdAt - b.createdAt || a.id - b.id)
        .map((t) => t.id),
    );
    const requester = world.commerce.contacts.find((c) => c.id === tickets[0]!.contactId)!;
    const byRequester = await ok(`search.json?query=${encodeURIComponent(`type:ticket requester:${requester.email}`)}`);
    expect((byRequester.results as Any[]).map((r) => r.id).sort((a, b) => a - b)).toStrictEqual(
      tickets.filter((t) => t.contactId === requester.id).map((t) => t.id),
    );
    const day = new Date(world.asOf - 14 * 86_400_000).toISOString().slice(0, 10);
    const recent = await ok(`search.json?query=${encodeURIComponent(`type:ticket created>${day}`)}&per_page=3`);
    const dayEnd = Date.parse(`${day}T00:00:00Z`) + 86_400_000;
    expect(recent.count).toBe(tickets.filter((t) => t.createdAt >= dayEnd).length);
    if (recent.count > 3) expect(recent.next_page).toMatch(new RegExp(`^${base}/search\\.json\\?.*page=2`));
    const people = await ok(`search.json?query=${encodeURIComponent("type:user role:agent")}`);
    expect((people.results as Any[]).map((u) => u.id).sort((a, b) => a - b)).toStrictEqual(
      users.filter((u) => u.role === "agent").map((u) => u.id),
    );
    expect((await call("search.json")).status).toBe(400);
    // tap-zendesk's user sync: a window of updates through search.
    const from = "2026-08-15T00:00:00Z",
      to = "2026-09-15T00:00:00Z";
    const windowed = await ok(`search.json?query=${encodeURIComponent(`type:user updated>${from} updated<${to}`)}`);
    const allUsers = (await walk("users.json", "users")).items;
    expect((windowed.results as Any[]).map((u) => u.id).sort((a, b) => a - b)).toStrictEqual(
      allUsers.filter((u) => u.updated_at > from && u.updated_at < to).map((u) => u.id),
    );
    const counted = await ok(`search/count.json?query=${encodeURIComponent("type:ticket status<solved")}`);
    expect(counted).toStrictEqual({ count: openIds.length });
  });

  it("finds users by a part of a name or email, and organizations by name", async () => {
    const someone = users.find((u) => u.role === "end-user")!;
    const part = someone.email.split("@")[1]!;
    const found = (await walk(`users/search.json?query=${encodeURIComponent(part)}`, "users")).items;
    expect(found.map((u) => u.id)).toStrictEqual(
      users.filter((u) => u.email.includes(part) || u.name.toLowerCase().includes(part)).map((u) => u.id),
    );
    const org = expectedOrganizations(world)[0]!;
    const orgs = (await walk(`organizations/search.json?name=${encodeURIComponent(org.name.toUpperCase())}`, "organizations")).items;
    expect(orgs.map((o) => o.id)).toStrictEqual([org.id]);
  });

  it("answers paths without .json, and refuses in Zendesk's error shape", async () => {
    expect((await call("tickets")).text).toBe((await call("tickets.json")).text);
    expect((await call(`users/${users[0]!.id}`)).text).toBe((await call(`users/${users[0]!.id}.json`)).text);
    const anonymous = await call("tickets.json", { headers: {} });
    expect([anonymous.status, anonymous.text]).toStrictEqual([401, JSON.stringify({ error: "Couldn't authenticate you" })]);
    const missing = await call("tickets/1.json");
    expect([missing.status, missing.text]).toStrictEqual([404, JSON.stringify({ error: "RecordNotFound", description: "Not found" })]);
    const write = await call("tickets.json", { method: "POST" });
    expect([write.status, write.body.error]).toStrictEqual([403, "Forbidden"]);
    const bearer = await call("users/me.json", { headers: { Authorization: "Bearer oauth-token" } });
    expect(bearer.status).toBe(200);
  });

  it("walks any page size, sort and role to the end like a reference over the world", async () => {
    const keys = { id: (u: (typeof users)[number]) => u.id, name: (u: (typeof users)[number]) => u.name } as const;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 5, max: 100 }),
        fc.constantFrom("id", "-id", "name", "-name"),
        fc.option(fc.constantFrom("end-user", "agent", "admin"), { nil: undefined }),
        async (size, sort, role) => {
          const key = sort.replace(/^-/, "") as keyof typeof keys;
          const dir = sort.startsWith("-") ? -1 : 1;
          // Equal keys keep the list's own order (by id), in either direction.
          const want = users
            .filter((u) => role === undefined || u.role === role)
            .sort((a, b) => {
              const x = keys[key](a),
                y = keys[key](b);
              return (x < y ? -1 : x > y ? 1 : 0) * dir;
            });
          const got = (await walk(`users.json?page[size]=${size}&sort=${sort}${role ? `&role=${role}` : ""}`, "users")).items;
          expect(got.map((u) => u.id)).toStrictEqual(want.map((u) => u.id));
        },
      ),
      { numRuns: 12, seed: 15 },
    );
  });
});
