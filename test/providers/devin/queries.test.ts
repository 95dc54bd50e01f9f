import { describe, expect, inject, it } from "vitest";

const baseUrl = inject("baseUrl");
const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
const PIN = "devin-v1";
const api = `${baseUrl}/${PIN}/v1`;
const auth = { Authorization: "Bearer apk_user_c25hcHZlcnNlLXRlc3Q" };
const TIMEOUT = 60_000;
const EMPTY = '{"sessions":[]}';

type Any = Record<string, any>;

async function get(path: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${api}/${path}`, { headers: auth });
  return { status: res.status, text: await res.text() };
}

/**
 * Pages a session list as Devin's clients do (the python CLI, Pipedream's option loader): `limit` and
 * `offset=k*limit` until a page is shorter than the limit; `stop` ends the walk early, as a client that
 * stops at the first session older than its bookmark does.
 */
async function walk(query: string, limit: number, stop?: (s: Any) => boolean): Promise<Any[]> {
  const out: Any[] = [];
  for (let offset = 0; offset < 100_000; offset += limit) {
    const { status, text } = await get(`sessions?${query}${query ? "&" : ""}limit=${limit}${offset ? `&offset=${offset}` : ""}`);
    expect(status).toBe(200);
    const page = JSON.parse(text) as Any;
    expect(Object.keys(page)).toStrictEqual(["sessions"]);
    for (const s of page.sessions as Any[]) {
      if (stop?.(s)) return out;
      out.push(s);
    }
    if (page.sessions.length < limit) return out;
  }
  throw new Error("the list did not end");
}

const ids = (xs: Any[]) => xs.map((s) => s.session_id).join(",");

/**
 * The session-list queries Devin's clients send: `limit`/`offset` paging, repeated `tags` (and
 * Pipedream's `tags[]`), `user_email`, computed by the query engine for any value and combination.
 * Devin has no time filter and no sort parameter: a client syncs newest first and stops at its bookmark.
 */
describe.skipIf(only !== undefined && !only.includes(PIN))(`session list queries against ${PIN}`, () => {
  it(
    "syncs every session, then incrementally down to a bound, newest first",
    async () => {
      const full = await walk("", 100);
      expect(full.length).toBeGreaterThan(100);
      const created = full.map((s) => Date.parse(s.created_at));
      expect(created.every((t, i) => i === 0 || created[i - 1]! >= t)).toBe(true);
      const bound = [...created].sort((a, b) => a - b)[Math.floor(created.length / 2)]!;
      // Any page size and offset is computed from the frozen list; the walk stops at the first older session.
      const since = await walk("", 23, (s) => Date.parse(s.created_at) < bound);
      const want = full.filter((s) => Date.parse(s.created_at) >= bound);
      expect(want.length).toBeGreaterThan(23);
      expect(ids(since)).toBe(ids(want));
      // The same sync restricted to a tag, through the engine at an odd page size.
      const tag = full[0]!.tags[0] as string;
      expect(ids(await walk(`tags=${tag}`, 3, (s) => Date.parse(s.created_at) < bound))).toBe(
        ids(want.filter((s) => s.tags.includes(tag))),
      );
    },
    TIMEOUT,
  );

  it(
    "filters by several tags (any of them), by tags[] as Pipedream spells it, and by tag and email together",
    async () => {
      const full = await walk("", 1000);
      const [a, b] = ["investigation", full.find((s) => !s.tags.includes("investigation"))!.tags[0] as string];
      const either = await walk(`tags=${a}&tags=${b}`, 10);
      expect(ids(either)).toBe(ids(full.filter((s) => s.tags.includes(a) || s.tags.includes(b))));
      expect(either.length).toBeGreaterThan(full.filter((s) => s.tags.includes(a)).length);
      expect((await get(`sessions?tags[]=${a}&tags[]=${b}&limit=7&offset=3`)).text).toBe(
        (await get(`sessions?tags=${a}&tags=${b}&limit=7&offset=3`)).text,
      );
      expect((await get(`sessions?tags[]=${b}`)).text).toBe((await get(`sessions?tags=${b}`)).text);
      const email = full.find((s) => s.tags.includes(a))!.requesting_user_email as string;
      const both = await walk(`tags=${a}&user_email=${encodeURIComponent(email)}`, 2);
      expect(ids(both)).toBe(ids(full.filter((s) => s.tags.includes(a) && s.requesting_user_email === email)));
      expect(both.length).toBeGreaterThan(0);
    },
    TIMEOUT,
  );

  it(
    "answers values no session has with an empty list, not a 404",
    async () => {
      expect(await get("sessions?tags=no-such-tag")).toStrictEqual({ status: 200, text: EMPTY });
      expect(await get("sessions?user_email=nobody%40example.com")).toStrictEqual({ status: 200, text: EMPTY });
      expect(await get("sessions?tags=investigation&user_email=nobody%40example.com&limit=5")).toStrictEqual({ status: 200, text: EMPTY });
      expect(await get("sessions?offset=100000")).toStrictEqual({ status: 200, text: EMPTY });
    },
    TIMEOUT,
  );

  it(
    "leaves the bytes unchanged for parameters Devin does not read",
    async () => {
      const list = (await get("sessions")).text;
      expect((await get("sessions?status=running&skip=5")).text).toBe(list);
      const one = JSON.parse(list).sessions[0].session_id as string;
      const detail = (await get(`sessions/${one}`)).text;
      expect((await get(`sessions/${one}?limit=100&tags=x`)).text).toBe(detail);
      const computed = (await get("sessions?limit=9&offset=4&tags=investigation")).text;
      expect((await get("sessions?tags=investigation&offset=4&limit=9&status=running")).text).toBe(computed);
    },
    TIMEOUT,
  );

  it(
    "refuses a limit or an offset that is no integer with FastAPI's 422",
    async () => {
      for (const [query, param] of [
        ["limit=abc", "limit"],
        ["offset=x", "offset"],
        ["tags=investigation&limit=ten", "limit"],
      ] as const) {
        const { status, text } = await get(`sessions?${query}`);
        expect(status, query).toBe(422);
        const body = JSON.parse(text) as Any;
        expect(body.detail.length).toBe(1);
        expect(`${body.detail[0].type} ${body.detail[0].loc.join(".")}`).toBe(`int_parsing query.${param}`);
        expect(body.detail[0].msg).toBe("Input should be a valid integer, unable to parse string as an integer");
      }
    },
    TIMEOUT,
  );

  it(
    "answers the same computed request with the same bytes",
    async () => {
      const a = await get("sessions?tags=investigation&tags=pay&limit=4&offset=6");
      const b = await get("sessions?tags=investigation&tags=pay&limit=4&offset=6");
      expect(a.status).toBe(200);
      expect(JSON.parse(a.text).sessions.length).toBe(4);
      expect(b.text).toBe(a.text);
    },
    TIMEOUT,
  );
});
