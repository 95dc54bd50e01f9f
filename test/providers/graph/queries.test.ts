import fc from "fast-check";
import { describe, expect, inject, it } from "vitest";
import { DAY } from "../../../generator/world/clock.js";
import { validateGraph } from "./schema.js";
import { directory, liveWorld } from "./world.js";

/**
 * Graph's query options over HTTP, against the world: `$top` (defaults and bounds), `$orderby`, the
 * `$filter`/`$search` this host accepts or refuses, delta tokens, calendarView windows, `me` aliases,
 * credentials and errors in Graph's shape. A property test draws page sizes and orders and walks each
 * list to its end by `@odata.nextLink` (or, on a page the engine computed, the next-token header).
 */
const root = `${inject("baseUrl")}/graph/v1.0`;
const world = liveWorld();
const people = directory(world);
const TOKEN = { authorization: "Bearer queries" };

type Any = Record<string, any>;

async function call(
  path: string,
  init: { headers?: Record<string, string>; method?: string } = {},
): Promise<{ status: number; body: Any; headers: Headers; text: string }> {
  const res = await fetch(path.startsWith("http") ? path : `${root}/${path}`, {
    method: init.method ?? "GET",
    headers: { ...TOKEN, ...(init.headers ?? {}) },
  });
  const text = await res.text();
  let body: Any = {};
  try {
    body = JSON.parse(text) as Any;
  } catch {
    body = {};
  }
  return { status: res.status, body, headers: res.headers, text };
}

async function ok(path: string): Promise<Any> {
  const r = await call(path);
  expect(r.status, `${path}: ${r.text.slice(0, 300)}`).toBe(200);
  return r.body;
}

/** A refusal in Graph's shape: `{error: {code, message, innerError: {date, request-id, client-request-id}}}`. */
async function refused(status: number, code: string, words: string, path: string, init: Parameters<typeof call>[1] = {}): Promise<Any> {
  const r = await call(path, init);
  expect(r.status, r.text).toBe(status);
  expect(r.body.error.code, r.text).toBe(code);
  expect(r.body.error.message).toContain(words);
  expect(Object.keys(r.body.error.innerError)).toStrictEqual(["date", "request-id", "client-request-id"]);
  return r.body;
}

/** Every item of a list, following `@odata.nextLink` (pre-rendered and computed pages alike). */
async function walk(first: string): Promise<Any[]> {
  const out: Any[] = [];
  let url: string | undefined = first.startsWith("http") ? first : `${root}/${first}`;
  for (let guard = 0; url; guard++) {
    if (guard > 200) throw new Error(`${first}: too many pages`);
    const r = await call(url);
    expect(r.status, `${url}: ${r.text.slice(0, 300)}`).toBe(200);
    out.push(...(r.body.value as Any[]));
    url = typeof r.body["@odata.nextLink"] === "string" ? r.body["@odata.nextLink"] : undefined;
  }
  return out;
}

const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const names = [...people].sort((a, b) => byString(a.name, b.name)).map((p) => p.name);

describe("Graph host: the directory's query options", () => {
  it("pages users 100 at a time by default, to any $top up to 999, and refuses others with Graph's 400", async () => {
    const first = await ok("users");
    expect(first.value.length).toBe(Math.min(100, people.length));
    expect(first["@odata.context"]).toMatch(/\/graph\/v1\.0\/\$metadata#users$/);
    const small = await ok("users?$top=7");
    expect(small.value.length).toBe(7);
    expect(small["@odata.nextLink"]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/graph\/v1\.0\/users\?\$top=7&\$skiptoken=[\w-]+$/);
    expect(Object.keys(small)).toStrictEqual(["@odata.context", "@odata.nextLink", "value"]);
    await refused(
      400,
      "Request_BadRequest",
      "Invalid page size specified: '1000'. Must be between 1 and 999 inclusive.",
      "users?$top=1000",
    );
    await refused(400, "Request_BadRequest", "Invalid page size specified: '0'", "users?$top=0");
    await refused(400, "Request_BadRequest", "Invalid value 'ten'", "users?$top=ten");
    await refused(400, "Request_BadRequest", "Badly formed token", "users?$skiptoken=garbage");
  });

  it("sorts by $orderby=displayName and userPrincipalName, either way, and refuses other keys", async () => {
    expect((await walk("users?$orderby=displayName desc")).map((u) => u.displayName)).toStrictEqual([...names].reverse());
    expect((await walk("users?$orderby=userPrincipalName")).map((u) => u.userPrincipalName)).toStrictEqual(
      people.map((p) => p.email).sort(byString),
    );
    expect((await walk("groups?$orderby=displayName desc")).map((g) => g.mailNickname)).toStrictEqual(
      [...world.teams.map((t) => ({ n: t.name, s: t.slug })), { n: `All ${world.company.name}`, s: `all-${world.company.slug}` }]
        .sort((a, b) => byString(b.n, a.n))
        .map((g) => g.s),
    );
    await refused(400, "Request_UnsupportedQuery", "Sorting not supported for 'jobTitle'", "users?$orderby=jobTitle");
  });

  it("counts a collection with $count=true, before its value", async () => {
    const counted = await ok("users?$count=true&$top=999");
    expect(Object.keys(counted)).toStrictEqual(["@odata.context", "@odata.count", "value"]);
    expect(counted["@odata.count"]).toBe(people.length);
    expect(Object.keys(await ok("users?$count=false"))).not.toContain("@odata.count");
    await refused(400, "Request_BadRequest", "$count", "users?$count=maybe");
  });

  it("evaluates $filter in OData's syntax, as a plain evaluation of the same users and groups does, and refuses $search", async () => {
    const all = await walk("users?$top=999");
    const groups = await walk("groups?$top=999");
    const departments = [...new Set(all.map((u) => u.department as string))].sort();
    const cases: Array<[string, Any[], (x: Any) => boolean]> = [
      ["accountEnabled eq true", all, (u) => u.accountEnabled === true],
      ["startsWith(displayName,'a')", all, (u) => String(u.displayName).toLowerCase().startsWith("a")],
      [
        `department eq '${departments[0]}' or department eq '${departments[1]}'`,
        all,
        (u) => u.department === departments[0] || u.department === departments[1],
      ],
      [
        `not (department eq '${departments[0]}') and endsWith(mail,'${String(all[0]!.mail).split("@")[1]}')`,
        all,
        (u) => u.department !== departments[0] && String(u.mail).endsWith(String(all[0]!.mail).split("@")[1]!),
      ],
      [
        `mail in ('${all[0]!.mail}', '${all[3]!.mail}', 'nobody@nowhere.example')`,
        all,
        (u) => u.mail === all[0]!.mail || u.mail === all[3]!.mail,
      ],
      ["surname eq 'O''Neil'", all, (u) => u.surname === "O'Neil"],
      ["groupTypes/any(c:c eq 'Unified')", groups, (g) => (g.groupTypes as string[]).includes("Unified")],
      ["mailEnabled eq true and securityEnabled eq false", groups, (g) => g.mailEnabled === true && g.securityEnabled === false],
    ];
    for (const [filter, items, test] of cases) {
      const path = `${items === groups ? "groups" : "users"}?$filter=${encodeURIComponent(filter)}`;
      expect((await walk(path)).map((x) => x.id).join(","), filter).toBe(
        items
          .filter(test)
          .map((x) => x.id)
          .join(","),
      );
    }
    expect(all.filter((u) => String(u.displayName).toLowerCase().startsWith("a")).length).toBeGreaterThan(0);
    await refused(400, "BadRequest", "Invalid filter clause", `users?$filter=${encodeURIComponent("displayName zz 'a'")}`);
    await refused(400, "BadRequest", "Invalid filter clause", `users?$filter=${encodeURIComponent("nosuchproperty eq 'a'")}`);
    await refused(400, "Request_UnsupportedQuery", "$search", `users?$search=${encodeURIComponent('"displayName:an"')}`);
  });

  it("projects $select on every page, with the filter and the page size it is combined with", async () => {
    const selected = await walk(`users?$select=displayName,MAIL&$top=4&$filter=${encodeURIComponent("accountEnabled eq true")}`);
    expect(selected.length).toBe(people.length);
    for (const u of selected) expect(Object.keys(u).join(",")).toBe("displayName,mail");
    const full = await walk("users?$top=999");
    expect(selected.map((u) => u.mail).join(",")).toBe(full.map((u) => u.mail).join(","));
  });

  it("answers delta links by the instant they name, and refuses a malformed token", async () => {
    const round = await walk("users/delta");
    expect(round.length).toBe(people.length);
    const earlier = world.asOf - 60 * DAY;
    const since = await ok(`users/delta?$deltatoken=${earlier}`);
    expect((since.value as Any[]).map((u) => u.mail).sort()).toStrictEqual(
      people
        .filter((p) => p.joinedAt > earlier)
        .map((p) => p.email)
        .sort(),
    );
    expect(since["@odata.deltaLink"]).toMatch(new RegExp(`users/delta\\?\\$deltatoken=${world.asOf}$`));
    await refused(400, "Request_BadRequest", "Badly formed token", "users/delta?$deltatoken=not-a-token");
  });

  it("names each user's manager (404 for the first administrator, who has none) and lists memberships", async () => {
    const users = await walk("users?$top=999");
    const id = (email: string) => users.find((u) => u.mail === email)!.id as string;
    const admin = world.people.find((p) => p.admin)!;
    await refused(404, "Request_ResourceNotFound", "does not exist", `users/${id(admin.email)}/manager`);
    const someone = world.people.find((p) => !world.teams.some((t) => t.leadId === p.id))!;
    const team = world.teams.find((t) => t.id === someone.teamId)!;
    expect((await ok(`users/${id(someone.email)}/manager`)).mail).toBe(world.people[team.leadId - 1]!.email);
    const groups = (await ok(`users/${id(someone.email)}/memberOf`)).value as Any[];
    expect(groups.map((g) => g.mailNickname).sort()).toStrictEqual([team.slug, `all-${world.company.slug}`].sort());
    expect(groups.every((g) => g["@odata.type"] === "#microsoft.graph.group")).toBe(true);
    await refused(404, "Request_ResourceNotFound", "does not exist", "users/00000000-0000-4000-8000-000000000000");
  });

  it("serves me and its paths as the first administrator's", async () => {
    const me = await ok("me");
    const admin = world.people.find((p) => p.admin)!;
    expect(me.mail).toBe(admin.email);
    expect((await call("me/events")).text).toBe((await call(`users/${me.id}/events`)).text);
    expect((await call("me/calendar/events?$top=999")).text).toBe((await call(`users/${me.id}/events?$top=999`)).text);
  });
});

describe("Graph host: calendars", () => {
  it("requires calendarView's window, and answers a group's with its team's ceremonies in it", async () => {
    const groups = await walk("groups");
    const team = world.teams[0]!;
    const group = groups.find((g) => g.mailNickname === team.slug)!;
    await refused(400, "ErrorInvalidParameter", "StartDateTime and EndDateTime", `groups/${group.id}/calendarView`);
    await refused(400, "ErrorInvalidParameter", "is invalid", `groups/${group.id}/calendarView?startDateTime=soon&endDateTime=later`);
    const sprint = world.sprints.find((s) => s.endAt < world.asOf)!;
    const from = new Date(sprint.startAt).toISOString(),
      to = new Date(sprint.endAt + 1000).toISOString();
    const events = await walk(`groups/${group.id}/calendarView?startDateTime=${from}&endDateTime=${to}`);
    const subjects = events.map((e) => e.subject as string);
    expect(subjects).toContain(`${team.name} ${sprint.name} planning`);
    expect(subjects).toContain(`${team.name} ${sprint.name} review`);
    expect(subjects).toContain(`${team.name} ${sprint.name} retrospective`);
    expect(subjects.filter((s) => s === `${team.name} daily stand-up`).length).toBeGreaterThanOrEqual(6);
    for (const e of events) {
      expect(validateGraph(`v1.0/groups/${group.id}/calendarView`, { "@odata.context": "x", value: [e] })).toBeUndefined();
      expect(e.organizer.emailAddress.address).toBe(world.people[team.leadId - 1]!.email);
    }
  });

  it("holds incident reviews for incidents with a postmortem, organized by its author", async () => {
    const users = await walk("users?$top=999");
    const incident = world.operations.incidents.find((i) => i.postmortem && i.postmortem.at + 3_600_000 <= world.asOf);
    if (!incident) return;
    const author = world.people[incident.postmortem!.authorId - 1]!;
    const id = users.find((u) => u.mail === author.email)!.id as string;
    const events = await walk(`users/${id}/events?$top=999`);
    const review = events.find((e) => e.subject === `Incident review: #${incident.number} ${incident.title}`);
    expect(review, "the review meeting").toBeDefined();
    expect(review!.isOrganizer).toBe(true);
    expect(review!.bodyPreview).toContain(incident.postmortem!.workItemKeys[0]!);
    expect(Date.parse(review!.createdDateTime)).toBeLessThanOrEqual(world.asOf);
  });
});

describe("Graph host: the sign-in log", () => {
  it("lists sign-ins newest first, 1,000 a page, any $top up to 1,000, and each by id", async () => {
    const all = await walk("auditLogs/signIns");
    const first = await ok("auditLogs/signIns");
    expect(first.value.length).toBe(Math.min(1000, all.length));
    expect(first["@odata.context"]).toMatch(/\/graph\/v1\.0\/\$metadata#auditLogs\/signIns$/);
    expect((await ok("auditLogs/signIns?$top=1")).value[0].id).toBe(all[0]!.id);
    expect((await walk("auditLogs/signIns?$top=250")).map((s) => s.id)).toStrictEqual(all.map((s) => s.id));
    const times = all.map((s) => Date.parse(s.createdDateTime));
    expect(times).toStrictEqual([...times].sort((a, b) => b - a));
    expect(Math.max(...times)).toBeLessThanOrEqual(world.asOf);
    const one = await ok(`auditLogs/signIns/${all[5]!.id}`);
    expect(one.id).toBe(all[5]!.id);
    expect(validateGraph(`v1.0/auditLogs/signIns/${one.id}`, one)).toBeUndefined();
    await refused(400, "Request_BadRequest", "Invalid page size specified: '1001'", "auditLogs/signIns?$top=1001");
  });

  it("evaluates $filter on the log as a plain evaluation of the same entries does", async () => {
    const all = await walk("auditLogs/signIns");
    const since = new Date(world.asOf - 3 * DAY).toISOString().replace(/\.000Z$/, "Z");
    const someone = all[0]!;
    const cases: Array<[string, (s: Any) => boolean]> = [
      [`createdDateTime ge ${since}`, (s) => Date.parse(s.createdDateTime) >= Date.parse(since)],
      [`userId eq '${someone.userId}' and status/errorCode eq 0`, (s) => s.userId === someone.userId && s.status.errorCode === 0],
      ["status/errorCode ne 0", (s) => s.status.errorCode !== 0],
      [
        "startsWith(appDisplayName,'Microsoft') and location/countryOrRegion eq 'US'",
        (s) => String(s.appDisplayName).startsWith("Microsoft") && s.location.countryOrRegion === "US",
      ],
    ];
    for (const [filter, test] of cases) {
      expect((await walk(`auditLogs/signIns?$filter=${encodeURIComponent(filter)}`)).map((s) => s.id).join(","), filter).toBe(
        all
          .filter(test)
          .map((s) => s.id)
          .join(","),
      );
    }
    expect(all.some((s) => s.status.errorCode !== 0)).toBe(true);
    await refused(400, "BadRequest", "Invalid filter clause", `auditLogs/signIns?$filter=${encodeURIComponent("nosuchproperty eq 'a'")}`);
  });
});

describe("Graph host: credentials, writes and headers", () => {
  it("answers 401 InvalidAuthenticationToken without a bearer token, and 403 to writes", async () => {
    const r = await fetch(`${root}/users`);
    expect(r.status).toBe(401);
    expect(((await r.json()) as Any).error.code).toBe("InvalidAuthenticationToken");
    await refused(403, "Authorization_RequestDenied", "Insufficient privileges", "users", { method: "POST" });
  });

  it("sends Graph's headers: OData version, request ids, its JSON media type", async () => {
    const r = await call("users");
    expect(r.headers.get("odata-version")).toBe("4.0");
    expect(r.headers.get("request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.headers.get("client-request-id")).toBe(r.headers.get("request-id"));
    expect(r.headers.get("content-type")).toContain("odata.metadata=minimal");
  });
});

describe("Graph host: paging (property)", () => {
  it("walks users, a team's members and a calendarView to the same items at any $top and order", async () => {
    const users = await walk("users?$top=999");
    expect(users.map((u) => u.displayName)).toStrictEqual(names);
    const group = (await walk("groups")).find((g) => g.mailNickname === world.teams[1]!.slug)!;
    const members = await walk(`groups/${group.id}/members?$top=999`);
    const someone = members[0]!;
    const from = new Date(world.asOf - 28 * DAY).toISOString(),
      to = new Date(world.asOf).toISOString();
    const view = await walk(`users/${someone.id}/calendarView?startDateTime=${from}&endDateTime=${to}&$top=999`);
    expect(view.length).toBeGreaterThan(10);
    const orders: Array<[string, (a: Any, b: Any) => number]> = [
      ["", () => 0],
      ["displayName desc", (a, b) => byString(b.displayName, a.displayName)],
      ["userPrincipalName", (a, b) => byString(a.userPrincipalName, b.userPrincipalName)],
    ];
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 60 }), fc.constantFrom(...orders), async (top, [orderby, compare]) => {
        const q = orderby ? `&$orderby=${encodeURIComponent(orderby)}` : "";
        expect((await walk(`users?$top=${top}${q}`)).map((u) => u.id)).toStrictEqual([...users].sort(compare).map((u) => u.id));
        expect((await walk(`groups/${group.id}/members?$top=${top}`)).map((u) => u.id)).toStrictEqual(members.map((u) => u.id));
        expect(
          (await walk(`users/${someone.id}/calendarView?startDateTime=${from}&endDateTime=${to}&$top=${top}`)).map((e) => e.id),
        ).toStrictEqual(view.map((e) => e.id));
      }),
      { numRuns: 20, seed: 15 },
    );
  });
});
