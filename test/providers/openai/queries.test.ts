import OpenAI from "openai";
import { describe, expect, inject, it } from "vitest";

const baseUrl = inject("baseUrl");
const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
const pinName = "openai-2020-10";
const KEY = { authorization: "Bearer sk-test" };
const TIMEOUT = 60_000;

type Any = Record<string, any>;

/**
 * The list queries OpenAI clients send (see the research on openai-node/python and Elastic's audit
 * stream): the SDK's `effective_at[gte]`, bracketed arrays (`event_types[]=a`), `after=<last_id>` to the
 * end of the list, and plain fetch with the brackets percent-encoded as Elastic sends them. Every limit
 * from 1 to 100 is computed from the frozen pages; a limit above the maximum is OpenAI's 400.
 */
describe.skipIf(only !== undefined && !only.includes(pinName))(`list queries against ${pinName}`, () => {
  const client = new OpenAI({ apiKey: "x", adminAPIKey: "y", baseURL: `${baseUrl}/${pinName}/v1`, maxRetries: 0 });
  const api = `${baseUrl}/${pinName}/v1`;
  const get = async (path: string) => {
    const res = await fetch(`${api}/${path}`, { headers: KEY });
    return { status: res.status, text: await res.text() };
  };
  /** Walks a list with `after=<last_id>` until `has_more` is false, as both SDK page classes do. */
  const walk = async (path: string): Promise<Any[]> => {
    const out: Any[] = [];
    let after: string | undefined;
    for (let guard = 0; guard < 1000; guard++) {
      const sep = path.includes("?") ? "&" : "?";
      const { status, text } = await get(after ? `${path}${sep}after=${after}` : path);
      expect(status, path).toBe(200);
      const page = JSON.parse(text) as Any;
      expect(Object.keys(page)).toStrictEqual(["object", "data", "first_id", "last_id", "has_more"]);
      out.push(...page.data);
      if (!page.has_more) return out;
      after = page.last_id;
    }
    throw new Error("the list did not end");
  };
  const ids = (xs: Any[]) => xs.map((x) => x.id).join(",");

  it(
    "syncs the audit log with the SDK, then incrementally from a bound with effective_at[gte], newest first",
    async () => {
      const full: Any[] = [];
      for await (const e of client.admin.organization.auditLogs.list({ limit: 100 })) full.push(e);
      expect(full.length).toBeGreaterThan(100);
      const stamps = full.map((e) => e.effective_at as number);
      expect(stamps.every((t, i) => i === 0 || stamps[i - 1]! >= t)).toBe(true);
      const bound = [...stamps].sort((a, b) => a - b)[Math.floor(stamps.length / 2)]!;
      const since: Any[] = [];
      for await (const e of client.admin.organization.auditLogs.list({ effective_at: { gte: bound }, limit: 7 })) since.push(e);
      const want = full.filter((e) => e.effective_at >= bound);
      expect(want.length).toBeGreaterThan(7);
      expect(want.length).toBeLessThan(full.length);
      expect(ids(since)).toBe(ids(want));
      // Elastic's window: both bounds, the brackets percent-encoded, limit 100.
      const top = stamps[Math.floor(stamps.length / 4)]!;
      const window = await walk(`organization/audit_logs?effective_at%5Bgte%5D=${bound}&effective_at%5Blte%5D=${top}&limit=100`);
      expect(ids(window)).toBe(ids(full.filter((e) => e.effective_at >= bound && e.effective_at <= top)));
      // Strict bounds exclude the bound itself.
      const strict = await walk(`organization/audit_logs?effective_at[gt]=${bound}&effective_at[lt]=${top}&limit=13`);
      expect(ids(strict)).toBe(ids(full.filter((e) => e.effective_at > bound && e.effective_at < top)));
    },
    TIMEOUT,
  );

  it(
    "filters the audit log by several event types, projects, actors and emails, ORed within a parameter",
    async () => {
      const full = await walk("organization/audit_logs?limit=100");
      const types: Any[] = [];
      for await (const e of client.admin.organization.auditLogs.list({ event_types: ["invite.sent", "user.added"], limit: 9 }))
        types.push(e);
      expect(ids(types)).toBe(ids(full.filter((e) => e.type === "invite.sent" || e.type === "user.added")));
      const project = full.find((e) => e.project)!.project.id as string;
      expect(ids(await walk(`organization/audit_logs?project_ids[]=${project}&event_types[]=api_key.created&limit=2`))).toBe(
        ids(full.filter((e) => e.project?.id === project && e.type === "api_key.created")),
      );
      const actor = full.at(-1)!.actor.session.user as Any;
      expect(ids(await walk(`organization/audit_logs?actor_ids[]=${actor.id}&limit=5`))).toBe(
        ids(full.filter((e) => e.actor.session.user.id === actor.id)),
      );
      expect(ids(await walk(`organization/audit_logs?actor_emails=${encodeURIComponent(actor.email)}`))).toBe(
        ids(full.filter((e) => e.actor.session.user.email === actor.email)),
      );
      // Nothing matches: a 200 with an empty list, never a 404.
      expect(await get("organization/audit_logs?event_types[]=certificate.created")).toStrictEqual({
        status: 200,
        text: '{"object":"list","data":[],"first_id":null,"last_id":null,"has_more":false}',
      });
      expect((await get("organization/audit_logs?tenant_only=true")).text).toBe(
        '{"object":"list","data":[],"first_id":null,"last_id":null,"has_more":false}',
      );
    },
    TIMEOUT,
  );

  it(
    "filters users by several emails (bracketed, repeated or comma-joined) and answers an unknown one with an empty list",
    async () => {
      const users = await walk("organization/users?limit=100");
      const [a, b] = [users[1]!, users.at(-1)!];
      const want = ids(users.filter((u) => u.id === a.id || u.id === b.id));
      expect(ids(await walk(`organization/users?emails[]=${encodeURIComponent(a.email)}&emails[]=${encodeURIComponent(b.email)}`))).toBe(
        want,
      );
      expect(ids(await walk(`organization/users?emails=${encodeURIComponent(b.email)},${encodeURIComponent(a.email)}`))).toBe(want);
      expect(await get("organization/users?emails[]=nobody%40example.com")).toStrictEqual({
        status: 200,
        text: '{"object":"list","data":[],"first_id":null,"last_id":null,"has_more":false}',
      });
    },
    TIMEOUT,
  );

  it(
    "walks every list at any limit from 1 to 100 with the same items as the default pages",
    async () => {
      for (const path of [
        "organization/users",
        "organization/projects",
        "organization/invites",
        "organization/admin_api_keys",
        "organization/audit_logs",
        "files",
      ]) {
        const canonical = ids(await walk(path));
        for (const limit of [1, 3, 37]) expect(ids(await walk(`${path}?limit=${limit}`)), `${path} limit=${limit}`).toBe(canonical);
      }
      const page = JSON.parse((await get("organization/users?limit=3")).text) as Any;
      expect(page.data.length).toBe(3);
      expect(`${page.first_id} ${page.last_id} ${page.has_more}`).toBe(`${page.data[0].id} ${page.data[2].id} true`);
      // An id that is not in the list starts past its end.
      expect((await get("organization/users?after=user-nobody")).text).toBe(
        '{"object":"list","data":[],"first_id":null,"last_id":null,"has_more":false}',
      );
    },
    TIMEOUT,
  );

  it(
    "orders files and admin keys by created_at, ascending and descending, and the orders differ",
    async () => {
      for (const [path, def] of [
        ["files", "desc"],
        ["organization/admin_api_keys", "asc"],
      ] as const) {
        const asc = await walk(`${path}?order=asc&limit=2`);
        const desc = await walk(`${path}?order=desc&limit=2`);
        const at = (xs: Any[]) => xs.map((x) => x.created_at as number);
        expect(asc.length).toBeGreaterThan(1);
        expect(ids(asc)).not.toBe(ids(desc));
        expect(
          at(asc).every((t, i, xs) => i === 0 || xs[i - 1]! <= t),
          path,
        ).toBe(true);
        expect(
          at(desc).every((t, i, xs) => i === 0 || xs[i - 1]! >= t),
          path,
        ).toBe(true);
        expect(ids(await walk(path))).toBe(ids(def === "asc" ? asc : desc));
      }
      const files = await walk("files");
      const purpose = files[0]!.purpose as string;
      const sdk: Any[] = [];
      for await (const f of client.files.list({ purpose, order: "asc", limit: 2 })) sdk.push(f);
      expect(ids(sdk)).toBe(ids(files.filter((f) => f.purpose === purpose).reverse()));
    },
    TIMEOUT,
  );

  it(
    "leaves the bytes unchanged for parameters OpenAI does not filter by",
    async () => {
      const projects = (await get("organization/projects")).text;
      expect((await get("organization/projects?include_archived=false")).text).toBe(projects);
      const users = JSON.parse((await get("organization/users")).text) as Any;
      const one = (await get(`organization/users/${users.data[0].id}`)).text;
      expect((await get(`organization/users/${users.data[0].id}?limit=100&emails[]=x`)).text).toBe(one);
      const computed = (await get("organization/audit_logs?limit=9&event_types[]=user.added")).text;
      expect((await get("organization/audit_logs?event_types[]=user.added&limit=9&foo=bar")).text).toBe(computed);
    },
    TIMEOUT,
  );

  it(
    "refuses a limit above the maximum, a malformed bound and an unknown order with OpenAI's 400",
    async () => {
      const cases: Array<[string, string]> = [
        ["organization/users?limit=101", "limit"],
        ["files?limit=10001", "limit"],
        ["organization/audit_logs?limit=abc", "limit"],
        ["organization/audit_logs?effective_at[gte]=yesterday", "effective_at[gte]"],
        ["files?order=sideways", "order"],
        ["organization/projects/x/api_keys?owner_project_access=some", "owner_project_access"],
      ];
      for (const [path, param] of cases) {
        const { status, text } = await get(path);
        expect(status, path).toBe(400);
        const body = JSON.parse(text) as Any;
        expect(Object.keys(body.error)).toStrictEqual(["message", "type", "param", "code"]);
        expect(`${body.error.type} ${body.error.param} ${body.error.code}`, path).toBe(`invalid_request_error ${param} null`);
      }
      expect((await get("files?limit=10000")).status).toBe(200);
    },
    TIMEOUT,
  );

  it(
    "answers the same computed request with the same bytes",
    async () => {
      const path = "organization/audit_logs?effective_at[gte]=1&event_types[]=api_key.created&limit=4";
      const a = await get(path);
      const b = await get(path);
      expect(a.status).toBe(200);
      expect(b.text).toBe(a.text);
    },
    TIMEOUT,
  );

  it(
    "pages the audit log backwards with before, from the last page to the first, the same events in the same order",
    async () => {
      const forward = await walk("organization/audit_logs?limit=40");
      expect(forward.length).toBeGreaterThan(80);
      const pageOf = async (query: string) => JSON.parse((await get(`organization/audit_logs?${query}`)).text) as Any;
      // The last page, as the forward walk reached it.
      let page = await pageOf(`limit=40&after=${forward[forward.length - (forward.length % 40 || 40) - 1]!.id}`);
      const backward: Any[] = [...page.data];
      for (let guard = 0; page.first_id !== forward[0]!.id && guard < 100; guard++) {
        page = await pageOf(`limit=40&before=${page.first_id}`);
        backward.unshift(...page.data);
      }
      expect(ids(backward)).toBe(ids(forward));
      const atStart = await pageOf(`limit=40&before=${forward[0]!.id}`);
      expect(JSON.stringify([atStart.data, atStart.has_more])).toBe(JSON.stringify([[], false]));
    },
    TIMEOUT,
  );
});
