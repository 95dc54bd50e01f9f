import fc from "fast-check";
import { describe, expect, inject, it } from "vitest";
import { sfWorld } from "./world.js";
import { errorBody, queryResult } from "./schema.js";

/**
 * SOQL over the frozen org, checked three ways: every query an arbitrary generator writes (conditions on
 * numbers, picklists, dates, date literals, booleans and parent fields, joined by AND/OR/NOT, ordered
 * and cut by LIMIT/OFFSET) returns what a plain evaluation of the same records returns; every URL the
 * bodies name answers; and every refusal has Salesforce's code and shape.
 */
const host = `${inject("baseUrl")}/sf`;
const { world, accounts, deals, contacts } = sfWorld();
const auth = { authorization: "Bearer 00DHs0000000001!snapverse" };
type Any = Record<string, any>;

async function get(path: string, headers: Record<string, string> = auth): Promise<{ status: number; body: Any }> {
  const res = await fetch(`${host}${path}`, { headers });
  return { status: res.status, body: (await res.json()) as Any };
}
const soql = (q: string, v = "67.0") => get(`/services/data/v${v}/query?q=${encodeURIComponent(q)}`);

const FIELDS = "Id, Name, Amount, StageName, CloseDate, CreatedDate, IsWon, Probability, Account.Name";
const DAY = 86_400_000;
const today = world.asOf - (world.asOf % DAY);

type Clause = { soql: string; test: (r: Any) => boolean };
const num = (op: string, a: number, b: number) =>
  ({ "=": a === b, "!=": a !== b, ">": a > b, ">=": a >= b, "<": a < b, "<=": a <= b })[op]!;
const clause: fc.Arbitrary<Clause> = fc.oneof(
  fc
    .tuple(fc.constantFrom("=", "!=", ">", ">=", "<", "<="), fc.constantFrom(0, 25000, 50000, 120000, 204000, 500000))
    .map(([op, n]) => ({ soql: `Amount ${op} ${n}`, test: (r: Any) => r.Amount !== null && num(op, r.Amount, n) })),
  fc
    .subarray(
      ["Prospecting", "Qualification", "Value Proposition", "Id. Decision Makers", "Negotiation/Review", "Closed Won", "Closed Lost"],
      { minLength: 1 },
    )
    .map((stages) => ({
      soql: `StageName IN (${stages.map((s) => `'${s}'`).join(", ")})`,
      test: (r: Any) => stages.includes(r.StageName),
    })),
  fc.tuple(fc.constantFrom(">", "<", ">=", "<="), fc.integer({ min: -200, max: 60 })).map(([op, d]) => {
    const day = new Date(today + d * DAY).toISOString().slice(0, 10);
    return { soql: `CloseDate ${op} ${day}`, test: (r: Any) => num(op, Date.parse(r.CloseDate), Date.parse(day)) };
  }),
  fc.tuple(fc.constantFrom("=", ">", "<"), fc.integer({ min: 1, max: 400 })).map(([op, n]) => {
    const [from, to] = [today - n * DAY, today + DAY];
    const t = (r: Any) => Date.parse(r.CreatedDate);
    return {
      soql: `CreatedDate ${op} LAST_N_DAYS:${n}`,
      test: (r: Any) => (op === "=" ? t(r) >= from && t(r) < to : op === ">" ? t(r) >= to : t(r) < from),
    };
  }),
  fc.boolean().map((b) => ({ soql: `IsWon = ${b}`, test: (r: Any) => r.IsWon === b })),
  fc.constantFrom("a", "in", "Lo", "s").map((s) => ({
    soql: `Account.Name LIKE '%${s}%'`,
    test: (r: Any) =>
      String(r.Account?.Name ?? "")
        .toLowerCase()
        .includes(s.toLowerCase()),
  })),
);
const condition: fc.Arbitrary<Clause> = fc
  .tuple(clause, fc.option(fc.tuple(fc.constantFrom("AND", "OR"), fc.boolean(), clause), { nil: undefined }))
  .map(([a, more]) => {
    if (!more) return a;
    const [join, negate, b] = more;
    const bt = negate ? (r: Any) => !b.test(r) : b.test;
    return {
      soql: `(${a.soql}) ${join} ${negate ? "NOT " : ""}(${b.soql})`,
      test: join === "AND" ? (r: Any) => a.test(r) && bt(r) : (r: Any) => a.test(r) || bt(r),
    };
  });

describe("SOQL on the Salesforce live host", () => {
  it("answers any generated query like a plain evaluation of the same records", async () => {
    const everything = await soql(`SELECT ${FIELDS} FROM Opportunity`);
    expect(queryResult.safeParse(everything.body).success).toBe(true);
    const all = everything.body.records as Any[];
    expect(all.length).toBe(deals.length);
    await fc.assert(
      fc.asyncProperty(
        condition,
        fc.constantFrom("Amount", "CloseDate", "Name", "CreatedDate"),
        fc.boolean(),
        fc.option(fc.integer({ min: 0, max: 30 }), { nil: undefined }),
        fc.integer({ min: 0, max: 10 }),
        async (where, orderField, desc, limit, offset) => {
          const q =
            `SELECT ${FIELDS} FROM Opportunity WHERE ${where.soql} ORDER BY ${orderField}` +
            ` ${desc ? "DESC" : "ASC"}, Id${limit === undefined ? "" : ` LIMIT ${limit}`} ` +
            `OFFSET ${offset}`;
          const got = await soql(q);
          expect(got.status, q).toBe(200);
          const key = (r: Any) =>
            orderField === "Amount" ? r.Amount : orderField === "Name" ? String(r.Name).toLowerCase() : Date.parse(r[orderField]);
          const expected = all
            .filter(where.test)
            .sort((a, b) => {
              const c = key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
              return (desc ? -c : c) || (a.Id < b.Id ? -1 : 1);
            })
            .slice(offset, limit === undefined ? undefined : offset + limit);
          expect(got.body.records.map((r: Any) => r.Id).join(","), q).toBe(expected.map((r) => r.Id).join(","));
          expect(got.body.totalSize, q).toBe(expected.length);
        },
      ),
      { numRuns: 60, seed: 20261124 },
    );
  });

  /** Every string in a body that is a URL relative to the instance. */
  const urlsIn = (body: unknown): string[] =>
    typeof body === "string"
      ? body.startsWith("/services/data/")
        ? [body]
        : []
      : body && typeof body === "object"
        ? Object.values(body).flatMap(urlsIn)
        : [];

  it("follows every URL the describe bodies name, at the latest version and at an older one", async () => {
    const versions = (await get("/services/data/")).body as Any[];
    expect(versions.at(-1)!.version).toBe("67.0");
    for (const v of ["67.0", "50.0"]) {
      const resources = (await get(`/services/data/v${v}`)).body;
      for (const url of Object.values(resources) as string[]) if (!/query/.test(url)) expect((await get(url)).status, url).toBe(200);
      const global = (await get(`/services/data/v${v}/sobjects`)).body;
      for (const o of global.sobjects as Any[]) {
        expect(o.urls.describe).toBe(`/services/data/v${v}/sobjects/${o.name}/describe`);
        for (const url of [o.urls.sobject, o.urls.describe]) expect((await get(url)).status, url).toBe(200);
        // Every instance-relative URL the object's describe names (record types' layouts among them).
        for (const url of new Set(urlsIn((await get(o.urls.describe)).body)))
          if (!url.includes("{")) expect((await get(url)).status, url).toBe(200);
        const one = await soql(`SELECT Id FROM ${o.name} LIMIT 1`, v);
        if (one.body.totalSize) {
          const url = (o.urls.rowTemplate as string).replace("{ID}", one.body.records[0].Id);
          expect(one.body.records[0].attributes.url).toBe(url);
          const record = await get(url);
          expect(record.status, url).toBe(200);
          expect(record.body.attributes.url).toBe(url);
        }
      }
    }
  });

  it("is the CRM's customers: accounts are HubSpot's companies past the lead stage, owners are the sales staff", async () => {
    const acc = (await soql("SELECT Name, Website, Owner.Email FROM Account ORDER BY Name")).body.records as Any[];
    const byName = new Map(accounts.map((c) => [c.name, c]));
    expect(acc.length).toBe(accounts.length);
    for (const a of acc) {
      const c = byName.get(a.Name)!;
      expect(a.Website).toBe(`https://www.${c.domain}`);
      expect(a.Owner.Email).toBe(world.commerce.staff.find((s) => s.id === c.ownerId)!.email);
    }
    const leads = (await soql("SELECT COUNT() FROM Lead")).body;
    expect(leads.totalSize).toBe(world.commerce.contacts.length - contacts.length);
  });

  it("refuses what Salesforce refuses, in its error array", async () => {
    const cases: Array<[Promise<{ status: number; body: Any }>, number, string]> = [
      [get("/services/data/v67.0/sobjects", {}), 401, "INVALID_SESSION_ID"],
      [get("/services/data/v99.0/sobjects"), 404, "NOT_FOUND"],
      [get("/services/data/v20.0/sobjects"), 404, "NOT_FOUND"],
      [soql("SELECT Id FROM Account WHERE"), 400, "MALFORMED_QUERY"],
      [soql("SELECT Id, Nope FROM Account"), 400, "INVALID_FIELD"],
      [soql("SELECT Id FROM Account GROUP BY Name"), 400, "MALFORMED_QUERY"],
      [soql("SELECT FIELDS(ALL) FROM Account"), 400, "MALFORMED_QUERY"],
      [get("/services/data/v67.0/query"), 400, "MALFORMED_QUERY"],
      [get("/services/data/v67.0/query/01gnotalocator-2000"), 400, "INVALID_QUERY_LOCATOR"],
      [get("/services/data/v67.0/sobjects/Account/001xyz"), 400, "MALFORMED_ID"],
      [get("/services/data/v67.0/sobjects/Account/001Hs0000000000IAA"), 404, "NOT_FOUND"],
    ];
    for (const [k, [pending, status, code]] of cases.entries()) {
      const { status: s, body } = await pending;
      expect(s, `case ${k}`).toBe(status);
      expect(errorBody.safeParse(body).success).toBe(true);
      expect(body[0].errorCode).toBe(code);
    }
    const bad = await soql("SELECT Id, Nope FROM Account");
    expect(bad.body[0].message).toBe(
      "\nSELECT Id, Nope FROM Account\n           ^\nERROR at Row:1:Column:12\nNo such column 'Nope' on entity 'Account'. If you are " +
        "attempting to use a custom field, be sure to append the '__c' after the custom field " +
        "name. Please reference your WSDL or the describe call for the appropriate names.",
    );
    const write = await fetch(`${host}/services/data/v67.0/sobjects/Account`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: "{}",
    });
    expect(write.status).toBe(403);
  });
});
