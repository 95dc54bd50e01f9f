import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listView, markersFor } from "../../generator/core/paginate.js";
import { mechanismOf, registerMechanism, type Mechanism } from "../../generator/core/pagination/index.js";
import { setPath } from "../../generator/core/pagination/mechanism.js";
import type { ListProfile } from "../../generator/core/lists/profile.js";
import type { LinkHeaderPaging } from "../../generator/core/pagination/paging.js";
import type { JsonValue, Pagination, ServingProfile } from "../../generator/core/provider.js";
import { emitPin } from "../../generator/emit/emit.js";
import { FolderSink } from "../../generator/emit/sink.js";
import { createSnapServer } from "../../generator/serve/server.js";

/**
 * The pagination shapes and serving rules the live hosts of issues 14 and 15 brought into core (decision
 * 0011), each on a small list: offset page fields and windows, continuation tokens that end in null or
 * "", has-more fields, `@` keys, Link cursors with `results`, contributed mechanisms, per-path not-found
 * answers and query-parameter credentials.
 */
const items = (n: number): JsonValue[] => Array.from({ length: n }, (_, i) => ({ id: i + 1 }));
const base = { pageParam: "offset", sizeParam: "limit", defaultSize: 25, rendered: [25], max: 100, origin: "https://x.example" };
const json = (v: unknown) => JSON.stringify(v);

describe("pagination mechanisms", () => {
  it("offset: writes where a page is, the total only when asked for, and refuses a window too deep", () => {
    const p: Pagination = {
      ...base,
      mechanism: "offset",
      offsetFields: { size: "limit", start: "offset", total: "total", more: "more", totalParam: "total" },
      maxWindow: { items: 100, message: "too deep" },
    };
    const list = items(60);
    expect(json(markersFor(p, { path: "xs", carry: [], start: 25, size: 25 }, list).fields)).toBe(
      json({ limit: 25, offset: 25, total: null, more: true }),
    );
    expect(json(markersFor(p, { path: "xs", carry: [["total", "true"]], start: 50, size: 25 }, list).fields)).toBe(
      json({ limit: 25, offset: 50, total: 60, more: false }),
    );
    expect(json(mechanismOf("offset").start(p, "80", 25, listView(p, list)))).toBe(json({ problem: "too deep" }));
    expect(mechanismOf("offset").start(p, "75", 25, listView(p, list))).toBe(75);
  });

  it('continuation tokens: the last page\'s token is null or "" when the provider says so, and a more field rides every page', () => {
    const list = items(30);
    const mk = (last: "absent" | "null" | "empty"): Pagination => ({
      ...base,
      pageParam: "cursor",
      mechanism: "continuation-token",
      continuation: { field: "meta.next", token: "opaque", last, moreField: "has_more" },
    });
    expect(json(markersFor(mk("null"), { path: "xs", carry: [], start: 25, size: 25 }, list).fields)).toBe(
      json({ has_more: false, meta: { next: null } }),
    );
    expect(json(markersFor(mk("empty"), { path: "xs", carry: [], start: 25, size: 25 }, list).fields)).toBe(
      json({ has_more: false, meta: { next: "" } }),
    );
    expect(json(markersFor(mk("absent"), { path: "xs", carry: [], start: 25, size: 25 }, list).fields)).toBe(json({ has_more: false }));
    const first = markersFor(mk("null"), { path: "xs", carry: [], start: 0, size: 25 }, list).fields as {
      has_more: boolean;
      meta: { next: string };
    };
    expect(first.has_more).toBe(true);
    expect(mechanismOf("continuation-token").start(mk("null"), first.meta.next, 25, listView(mk("null"), list))).toBe(25);
  });

  it("field paths: a key that starts with @ is one key", () => {
    const fields: Record<string, JsonValue | undefined> = {};
    setPath(fields, "@odata.nextLink", "https://x.example/next");
    setPath(fields, "paging.next.after", "2");
    expect(json(fields)).toBe(json({ "@odata.nextLink": "https://x.example/next", paging: { next: { after: "2" } } }));
  });

  it("cursor-link: both neighbours in the Link header, each saying whether it holds anything", () => {
    const p: Pagination = {
      ...base,
      pageParam: "cursor",
      sizeParam: "per_page",
      defaultSize: 10,
      rendered: [10],
      mechanism: "cursor-link",
    };
    const link = markersFor(p, { path: "api/0/xs", carry: [["query", "is:unresolved"]], start: 10, size: 10 }, items(25)).headers.link;
    expect(link).toBe(
      '<https://x.example/api/0/xs/?query=is%3Aunresolved&cursor=0:0:1>; rel="previous"; ' +
        'results="true"; cursor="0:0:1", <https://x.example/' +
        'api/0/xs/?query=is%3Aunresolved&cursor=0:20:0>; rel="next"; results="true"; cursor="0:20:0"',
    );
    expect(json(mechanismOf("cursor-link").start(p, "nonsense", 10, listView(p, items(25))))).toBe(
      json({ problem: "Invalid cursor parameter." }),
    );
  });

  it("contributed mechanisms: found by their namespaced name once registered, never twice, and an unknown name is said", () => {
    const everyOther: Mechanism = {
      headerNames: () => [],
      start: (_p, value) => Number(value ?? 0),
      pageValue: (_p, start) => String(start),
      markers: (_p, at) => ({ headers: {}, fields: { requested: at.requested ?? null, seen: at.list?.total ?? null } }),
    };
    registerMechanism("unit/every-other", everyOther);
    registerMechanism("unit/every-other", everyOther);
    expect(() => registerMechanism("unit/every-other", { ...everyOther })).toThrow(/registered twice/);
    const p: Pagination = { ...base, mechanism: "unit/every-other" };
    expect(json(markersFor(p, { path: "xs", carry: [], start: 0, size: 5, requested: "0" }, items(7)).fields)).toBe(
      json({ requested: "0", seen: 7 }),
    );
    expect(() => mechanismOf("unit/none")).toThrow(/no pagination mechanism 'unit\/none'/);
  });
});

describe("paginations by mechanism", () => {
  it("each variant takes only the settings its mechanism reads (the type checker refuses the rest)", () => {
    const offsetPaging: Pagination = { ...base, mechanism: "offset", countField: "count" };
    // @ts-expect-error countField is the offset and continuation-token mechanisms' setting, not link-header's
    const linked: Pagination = { ...base, mechanism: "link-header", countField: "count" };
    // @ts-expect-error beforeParam is after-id's
    const paged: Pagination = { ...base, mechanism: "page-fields", beforeParam: "before" };
    // @ts-expect-error a contributed mechanism's own settings are typed in its provider's folder, not here
    const contributed: Pagination = { ...base, mechanism: "unit/every-other", zendesk: "cursor" };
    // A list's own paging is a whole pagination, so an override spread over a factory's is checked too.
    const linkHeader = (): LinkHeaderPaging => ({ ...base, mechanism: "link-header" });
    const lists: ListProfile[] = [
      { path: "^a$", paging: { ...linkHeader(), defaultSize: 50 } },
      // @ts-expect-error an override of a link-header pagination cannot take offset's maxWindow
      { path: "^b$", paging: { ...linkHeader(), maxWindow: { items: 10, message: "deep" } } },
    ];
    expect(lists.map((l) => l.paging?.defaultSize)).toStrictEqual([50, 25]);
    expect([offsetPaging, linked, paged, contributed].map((p) => p.mechanism)).toStrictEqual([
      "offset",
      "link-header",
      "page-fields",
      "unit/every-other",
    ]);
  });
});

describe("serving rules", () => {
  let dist = "";
  let server: ReturnType<typeof createSnapServer>;
  let origin = "";
  const notFound = { status: 404, body: { error: "not_found" } };
  const profile: ServingProfile = {
    provider: "unit",
    headers: {},
    query: { keep: ["id"], defaults: [], anyValue: [], clamp: [] },
    errors: {
      notFound,
      methodNotAllowed: notFound,
      notFoundByPath: [{ path: "^users/info$", error: { status: 200, body: { ok: false, error: "user_not_found" } } }],
    },
    auth: {
      header: "authorization",
      pattern: "^Bearer \\S",
      error: { status: 401, body: { error: "not_authed" } },
      alternatives: [{ query: "token", pattern: "\\S" }],
    },
  };

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), "snapverse-rules-"));
    server = createSnapServer({ dist });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}/u`;
    emitPin(
      [{ path: "users/info", query: { id: "1" }, body: { ok: true } }],
      profile,
      { name: "u", origin: "https://u.example" },
      new FolderSink(join(dist, "u")),
      origin,
    );
  });
  afterAll(async () => {
    await new Promise<void>((r) => server.close(() => r()));
    rmSync(dist, { recursive: true, force: true });
  });

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${origin}/${path}`, { headers });
    return `${res.status} ${await res.text()}`;
  };

  it("answers a missing resource by its path's own rule, and any other path with the pin's not-found", async () => {
    const auth = { authorization: "Bearer t" };
    expect(await get("users/info?id=1", auth)).toBe('200 {"ok":true}');
    expect(await get("users/info?id=2", auth)).toBe('200 {"ok":false,"error":"user_not_found"}');
    expect(await get("users/elsewhere", auth)).toBe('404 {"error":"not_found"}');
  });

  it("takes a credential from a query parameter where the provider does, and refuses a request with none", async () => {
    expect(await get("users/info?id=1&token=abc")).toBe('200 {"ok":true}');
    expect(await get("users/info?id=1&token=")).toBe('401 {"error":"not_authed"}');
    expect(await get("users/info?id=1")).toBe('401 {"error":"not_authed"}');
  });
});
