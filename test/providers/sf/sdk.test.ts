import jsforce from "jsforce";
import { describe, expect, inject, it } from "vitest";
import { sfWorld } from "./world.js";

/**
 * The workflow of jsforce 3.10.16 (the newest that runs on Node 20) given only the instance URL and an
 * access token: the versions and limits, the global and per-object describe, SOQL with parent fields and
 * child subqueries fetched to the end across `nextRecordsUrl` pages, `queryAll`, a record by id (15 and
 * 18 characters), and the errors a bad query gets. Expected values come from the world.
 */
const instanceUrl = `${inject("baseUrl")}/sf`;
const { world, accounts, contacts, deals, history, cases } = sfWorld();
const conn = new jsforce.Connection({ instanceUrl, accessToken: "00DHs0000000001!snapverse", version: "50.0" });

type Any = Record<string, any>;

describe("Salesforce workflow with jsforce 3.10.16", () => {
  it("describes the org: every object, and each object's fields", async () => {
    const global = await conn.describeGlobal();
    expect(global.sobjects.map((o) => o.name)).toContain("Opportunity");
    const account = await conn.sobject("Account").describe();
    expect(account.fields.map((f) => f.name)).toContain("AnnualRevenue");
    expect(account.childRelationships.map((c) => c.relationshipName)).toContain("Contacts");
    const limits = (await conn.limits()) as Any;
    expect(limits.DailyApiRequests.Max).toBe(100000);
  });

  it("queries every account with its contacts, in name order, and agrees with the CRM's companies", async () => {
    const result = await conn.query<Any>("SELECT Id, Name, Website, (SELECT Id, Email FROM Contacts) FROM Account ORDER BY Name");
    expect(result.done).toBe(true);
    expect(result.totalSize).toBe(accounts.length);
    expect(result.records.map((r) => r.Name).join("|")).toBe(
      accounts
        .map((c) => c.name)
        .sort()
        .join("|"),
    );
    const emails = result.records.flatMap((r) => (r.Contacts?.records ?? []).map((c: Any) => c.Email)).sort();
    expect(emails.join(",")).toBe(
      contacts
        .map((c) => c.email)
        .sort()
        .join(","),
    );
    expect(result.records[0]!.attributes.url).toMatch(/^\/services\/data\/v50\.0\/sobjects\/Account\/001/);
  });

  it("pages a query by nextRecordsUrl (batchSize 200) with queryMore, and autoFetch reads the same records", async () => {
    const soql = "SELECT Id, StageName, CreatedDate, Opportunity.Name FROM OpportunityHistory ORDER BY CreatedDate, Id";
    expect(history.length).toBeGreaterThan(200);
    let page = await conn.request<Any>({
      method: "GET",
      url: `/services/data/v50.0/query?q=${encodeURIComponent(soql)}`,
      headers: { "Sforce-Query-Options": "batchSize=200" },
    });
    const records: Any[] = [...page.records];
    let pages = 1;
    expect(page.done).toBe(false);
    expect(page.totalSize).toBe(history.length);
    while (!page.done) {
      expect(page.nextRecordsUrl).toMatch(/^\/services\/data\/v50\.0\/query\/01g/);
      page = (await conn.queryMore(page.nextRecordsUrl)) as Any;
      records.push(...page.records);
      pages++;
    }
    expect(pages).toBe(Math.ceil(history.length / 200));
    expect(new Set(records.map((r) => r.Id)).size).toBe(history.length);
    const times = records.map((r) => Date.parse(r.CreatedDate));
    expect(times.join(",")).toBe([...times].sort((a, b) => a - b).join(","));
    expect(records.every((r) => typeof r.Opportunity?.Name === "string")).toBe(true);
    const fetched = await conn.query<Any>(soql, { autoFetch: true, maxFetch: 100000 });
    expect(fetched.records.map((r) => r.Id).join(",")).toBe(records.map((r) => r.Id).join(","));
    const all = await conn.query<Any>("SELECT COUNT() FROM OpportunityHistory", { scanAll: true } as never);
    expect(all.totalSize).toBe(history.length);
  });

  it("filters with dates, date literals, LIKE, IN and parent fields, as the CRM's deals say", async () => {
    const won = await conn.query<Any>(
      "SELECT Id, Name, Amount, Account.Name FROM Opportunity WHERE IsWon = true AND Amount >= 50000 ORDER BY Amount DESC, Id",
    );
    const expected = deals.filter((d) => d.stage === "won" && d.amount >= 50000);
    expect(won.totalSize).toBe(expected.length);
    expect(won.records.map((r) => r.Amount).join(",")).toBe(
      expected
        .map((d) => d.amount)
        .sort((a, b) => b - a)
        .join(","),
    );
    const recent = await conn.query<Any>("SELECT COUNT() FROM Opportunity WHERE CreatedDate = LAST_N_DAYS:30");
    const today = world.asOf - (world.asOf % 86_400_000);
    expect(recent.totalSize).toBe(deals.filter((d) => d.createdAt >= today - 30 * 86_400_000).length);
    const like = await conn.query<Any>("SELECT Id, Name FROM Account WHERE Name LIKE '%a%' AND BillingCountry IN ('Germany', 'Portugal')");
    expect(like.totalSize).toBe(accounts.filter((c) => /a/i.test(c.name) && ["Germany", "Portugal"].includes(c.country)).length);
  });

  it(
    "reads the support cases: the CRM's tickets, numbered in creation order, closed or " +
      "escalated as the world says, nothing after as-of",
    async () => {
      const result = await conn.query<Any>(
        "SELECT CaseNumber, Subject, Status, IsClosed, ClosedDate, IsEscalated, CreatedDate, " +
          "LastModifiedDate, Account.Name, Contact.Email " +
          "FROM Case ORDER BY CaseNumber",
        { autoFetch: true, maxFetch: 100000 },
      );
      expect(result.totalSize).toBe(cases.length);
      expect(cases.length).toBeGreaterThan(100);
      const expected = [...cases].sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
      result.records.forEach((r, i) => {
        const t = expected[i]!;
        expect(r.CaseNumber).toBe(String(1001 + i).padStart(8, "0"));
        expect([r.Subject, Date.parse(r.CreatedDate)]).toStrictEqual([t.subject, t.createdAt]);
        expect(r.Contact.Email).toBe(contacts.find((p) => p.id === t.contactId)!.email);
        expect(r.Account.Name).toBe(accounts.find((c) => c.id === t.companyId)!.name);
        expect(r.IsClosed).toBe(t.closedAt !== undefined);
        expect(r.Status === "Closed").toBe(r.IsClosed);
        if (t.closedAt !== undefined) expect(Date.parse(r.ClosedDate)).toBe(t.closedAt);
        expect(r.IsEscalated).toBe(t.workItemKey !== undefined && t.stage !== "new");
        expect(Date.parse(r.LastModifiedDate)).toBeGreaterThanOrEqual(t.createdAt);
        expect(Date.parse(r.LastModifiedDate)).toBeLessThanOrEqual(world.asOf);
      });
      const withCases = await conn.query<Any>("SELECT Id, (SELECT Id FROM Cases) FROM Account");
      expect(withCases.records.reduce((n, a) => n + (a.Cases?.totalSize ?? 0), 0)).toBe(cases.length);
    },
  );

  it("modifies an account when its first deal is won (Prospect to Customer - Direct)", async () => {
    const result = await conn.query<Any>("SELECT Name, Type, CreatedDate, LastModifiedDate FROM Account");
    for (const a of result.records) {
      const c = accounts.find((x) => x.name === a.Name)!;
      const won = deals
        .filter((d) => d.companyId === c.id)
        .flatMap((d) => d.stageHistory.filter((h) => h.stage === "won").map((h) => h.at));
      const customer = c.lifecycle === "customer";
      expect(a.Type).toBe(customer ? "Customer - Direct" : "Prospect");
      expect(Date.parse(a.LastModifiedDate)).toBe(customer && won.length ? Math.max(c.createdAt, Math.min(...won)) : c.createdAt);
    }
  });

  it("reads a record by its 18- and 15-character id, with a field list", async () => {
    const first = (await conn.query<Any>("SELECT Id FROM Contact LIMIT 1")).records[0]!;
    const full = (await conn.sobject("Contact").retrieve(first.Id)) as Any;
    const short = (await conn
      .sobject("Contact")
      .retrieve(String(first.Id).slice(0, 15), { fields: ["Email", "AccountId"] } as never)) as Any;
    expect(full.Id).toBe(first.Id);
    expect(Object.keys(short).join(",")).toBe("attributes,Email,AccountId");
    expect(short.Email).toBe(full.Email);
  });

  it("answers a bad query with Salesforce's error code and caret message", async () => {
    await expect(conn.query("SELECT Nope FROM Account")).rejects.toMatchObject({
      errorCode: "INVALID_FIELD",
      message: expect.stringContaining("No such column 'Nope' on entity 'Account'"),
    });
    await expect(conn.query("SELECT Id FROM Nope")).rejects.toMatchObject({ errorCode: "INVALID_TYPE" });
  });
});
