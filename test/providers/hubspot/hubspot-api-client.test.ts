import { Client } from "@hubspot/api-client";
import { describe, expect, inject, it } from "vitest";
import { loadCatalog } from "../../../generator/catalog/index.js";
import { DEAL_STAGE_IDS } from "../../../generator/providers/hubspot/pipelines.js";
import { HS_INDUSTRY } from "../../../generator/providers/hubspot/properties.js";
import { DEAL_STAGES } from "../../../generator/world/commerce/commerce.js";
import { buildWorld, loadTemplates } from "../../../generator/world/index.js";
import type { Deal } from "../../../generator/world/types.js";
import { HubSpotOpenApi } from "./openapi.js";

const baseUrl = inject("baseUrl");
const catalog = loadCatalog("catalog.yaml");
const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
const TIMEOUT = 60_000;
const DAY = 86_400_000;

type Any = Record<string, any>;

/**
 * HubSpot's official Node client, unchanged but for `basePath`, running the read workflow of a CRM sync:
 * every contact, company, deal and ticket to the end of their pages (with properties and associations),
 * archived deals, one deal with its stage history, searches with filters and sorts paged to the end,
 * batch reads, owners, pipelines, property definitions, v4 associations and the File Manager's signed
 * order forms. Expected values come from the world model, not from the served files.
 */
const pinName = "hubspot-v3";
const pin = catalog.pins.find((p) => p.name === pinName)!;

describe(`@hubspot/api-client against ${pinName}`, () => {
  const world = buildWorld(catalog.generations.get(pin.generation)!, { render: loadTemplates("templates/repo") });
  const { commerce } = world;
  const api = `${baseUrl}/${pinName}`;
  const client = new Client({ accessToken: "x", basePath: api, numberOfApiCallRetries: 0 });
  const iso = (ms: number) => new Date(ms).toISOString();
  const byId = <T extends { id: number }>(xs: T[]) => [...xs].sort((a, b) => a.id - b.id);
  const idsOf = (xs: Array<{ id: number }>) => byId(xs).map((x) => String(x.id));
  // A lost deal is archived 30 days after it was lost, once that is 90 days before the as-of time.
  const archived = (d: Deal) => d.stage === "lost" && d.closedAt! <= world.asOf - 120 * DAY;
  const liveDeals = commerce.deals.filter((d) => !archived(d));
  const archivedDeals = commerce.deals.filter(archived);
  const wonDeals = commerce.deals.filter((d) => d.stage === "won");
  const escalated = commerce.tickets.filter((t) => t.workItemKey);
  const stageOf = (t: (typeof commerce.tickets)[number]) =>
    t.stage === "closed" ? "4" : t.stage === "new" ? "1" : t.workItemKey ? "3" : "2";
  const post = async (path: string, body: unknown) =>
    fetch(`${api}/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const failure = async (call: () => Promise<unknown>): Promise<{ code: number; body: Any }> => {
    try {
      await call();
    } catch (e) {
      return e as { code: number; body: Any };
    }
    throw new Error("expected the call to fail");
  };

  it(
    "pages every contact, company, deal and ticket to the end with getAll, ordered by id",
    async () => {
      expect(commerce.contacts.length).toBeGreaterThan(100);
      const contacts = await client.crm.contacts.getAll();
      expect(contacts.map((c) => c.id)).toStrictEqual(idsOf(commerce.contacts));
      const c0 = byId(commerce.contacts)[0]!;
      const co0 = commerce.companies.find((c) => c.id === c0.companyId)!;
      expect(contacts[0]!.properties).toMatchObject({
        createdate: iso(c0.createdAt),
        email: c0.email,
        firstname: c0.firstName,
        lastname: c0.lastName,
        hs_object_id: String(c0.id),
        jobtitle: c0.jobTitle,
        phone: c0.phone,
        company: co0.name,
        associatedcompanyid: String(co0.id),
        hubspot_owner_id: String(c0.ownerId),
      });
      expect(contacts[0]!.associations!.companies!.results.map((a) => `${a.id} ${a.type}`)).toStrictEqual([
        `${co0.id} contact_to_company`,
        `${co0.id} contact_to_company_unlabeled`,
      ]);
      expect(contacts[0]!.createdAt.toISOString()).toBe(iso(c0.createdAt));

      const companies = await client.crm.companies.getAll(
        undefined,
        undefined,
        ["name", "domain", "industry", "lifecyclestage", "hubspot_owner_id", "numberofemployees"],
        undefined,
        ["contacts"],
      );
      expect(companies.map((c) => c.id)).toStrictEqual(idsOf(commerce.companies));
      for (const [i, co] of byId(commerce.companies).entries()) {
        const p = companies[i]!.properties;
        expect(`${p.name} ${p.domain} ${p.industry} ${p.lifecyclestage} ${p.hubspot_owner_id} ${p.numberofemployees}`).toBe(
          `${co.name} ${co.domain} ${HS_INDUSTRY[co.industry]} ${co.lifecycle} ${co.ownerId} ${co.employees}`,
        );
        const own = commerce.contacts.filter((c) => c.companyId === co.id);
        const listed = companies[i]!.associations?.contacts?.results ?? [];
        expect([...new Set(listed.map((a) => a.id))]).toStrictEqual(idsOf(own));
        expect(listed.filter((a) => a.type === "company_to_contact").length).toBe(own.length);
      }

      const deals = await client.crm.deals.getAll(
        undefined,
        undefined,
        ["dealname", "amount", "dealstage", "closedate", "hubspot_owner_id", "pipeline"],
        undefined,
        ["companies", "contacts"],
      );
      expect(deals.map((d) => d.id)).toStrictEqual(idsOf(liveDeals));
      for (const [i, d] of byId(liveDeals).entries()) {
        const got = deals[i]!;
        expect(got.properties).toMatchObject({
          dealname: d.name,
          amount: String(d.amount),
          dealstage: DEAL_STAGE_IDS[d.stage],
          closedate: iso(d.closeDate),
          hubspot_owner_id: String(d.ownerId),
          pipeline: "default",
        });
        expect(got.archived).toBe(false);
        expect(got.associations!.companies!.results.map((a) => `${a.id} ${a.type}`)).toStrictEqual([
          `${d.companyId} deal_to_company`,
          `${d.companyId} deal_to_company_unlabeled`,
        ]);
        expect(got.associations!.contacts!.results.map((a) => a.id)).toStrictEqual([...d.contactIds].sort((a, b) => a - b).map(String));
      }

      const tickets = await client.crm.tickets.getAll(
        undefined,
        undefined,
        ["subject", "hs_pipeline_stage", "hs_ticket_priority", "engineering_issue_key", "hubspot_owner_id"],
        undefined,
        ["contacts"],
      );
      expect(tickets.map((t) => t.id)).toStrictEqual(idsOf(commerce.tickets));
      for (const [i, t] of byId(commerce.tickets).entries()) {
        const p = tickets[i]!.properties;
        expect([p.subject, p.hs_pipeline_stage, p.hs_ticket_priority, p.engineering_issue_key, p.hubspot_owner_id]).toStrictEqual([
          t.subject,
          stageOf(t),
          t.priority,
          t.workItemKey ?? null,
          String(t.ownerId),
        ]);
        expect(tickets[i]!.associations!.contacts!.results.map((a) => `${a.id} ${a.type}`)).toStrictEqual([
          `${t.contactId} ticket_to_contact`,
        ]);
      }
    },
    TIMEOUT,
  );

  it(
    "pages at the default size by following paging.next.after, with next links on the serving host",
    async () => {
      const seen: string[] = [];
      let after: string | undefined;
      let pages = 0;
      do {
        const page = await client.crm.tickets.basicApi.getPage(undefined, after);
        expect(page.results.length).toBeLessThanOrEqual(10);
        seen.push(...page.results.map((t) => t.id));
        after = page.paging?.next?.after;
        if (after) expect(page.paging!.next!.link).toBe(`${api}/crm/v3/objects/tickets?after=${after}`);
        pages++;
      } while (after);
      expect(pages).toBe(Math.ceil(commerce.tickets.length / 10));
      expect(seen).toStrictEqual(idsOf(commerce.tickets));
      const big = await client.crm.tickets.basicApi.getPage(100);
      expect(big.paging!.next!.link).toBe(`${api}/crm/v3/objects/tickets?limit=100&after=100`);
      const rest = (await (await fetch(big.paging!.next!.link!)).json()) as Any;
      expect([...big.results.map((t) => t.id), ...rest.results.map((t: Any) => t.id)]).toStrictEqual(idsOf(commerce.tickets));
      expect(rest.paging).toBeUndefined();
    },
    TIMEOUT,
  );

  it(
    "reads archived deals only with archived=true, and one deal with its stage history",
    async () => {
      expect(archivedDeals.length).toBeGreaterThan(2);
      const gone = await client.crm.deals.getAll(undefined, undefined, ["dealstage"], undefined, undefined, true);
      expect(gone.map((d) => d.id)).toStrictEqual(idsOf(archivedDeals));
      for (const d of gone) {
        expect(d.archived).toBe(true);
        expect(d.properties.dealstage).toBe("closedlost");
        expect(d.archivedAt!.getTime()).toBe(commerce.deals.find((x) => String(x.id) === d.id)!.closedAt! + 30 * DAY);
      }
      const one = archivedDeals[0]!;
      expect((await failure(() => client.crm.deals.basicApi.getById(String(one.id)))).code).toBe(404);
      expect((await client.crm.deals.basicApi.getById(String(one.id), undefined, undefined, undefined, true)).archived).toBe(true);

      const busiest = [...wonDeals].sort((a, b) => b.stageHistory.length - a.stageHistory.length || a.id - b.id)[0]!;
      const deal = await client.crm.deals.basicApi.getById(String(busiest.id), ["dealstage", "amount"], ["dealstage"], ["companies"]);
      expect(deal.properties.dealstage).toBe("closedwon");
      const history = deal.propertiesWithHistory!.dealstage!;
      expect(history.map((h) => `${h.value} ${h.timestamp.toISOString()}`)).toStrictEqual(
        [...busiest.stageHistory].reverse().map((h) => `${DEAL_STAGE_IDS[h.stage]} ${iso(h.at)}`),
      );
      expect(deal.updatedAt.toISOString()).toBe(iso(busiest.stageHistory.at(-1)!.at));
      expect(deal.associations!.companies!.results[0]!.id).toBe(String(busiest.companyId));
      // The type id and the singular name the same objects.
      const byTypeId = await (await fetch(`${api}/crm/v3/objects/0-3/${busiest.id}`)).text();
      expect(byTypeId).toBe(await (await fetch(`${api}/crm/v3/objects/deals/${busiest.id}`)).text());
    },
    TIMEOUT,
  );

  it(
    "answers a missing record and a write in HubSpot's error shape",
    async () => {
      const missing = await failure(() => client.crm.contacts.basicApi.getById("1"));
      expect(missing.code).toBe(404);
      expect(missing.body).toMatchObject({ status: "error", category: "OBJECT_NOT_FOUND", message: "resource not found" });
      expect(missing.body.correlationId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const write = await failure(() =>
        client.crm.contacts.basicApi.create({ properties: { email: "new@example.com" }, associations: [] }),
      );
      expect(write.code).toBe(403);
      expect(write.body).toMatchObject({ status: "error", category: "MISSING_SCOPES" });
      expect(write.body.message).toMatch(/read-only/);
      const archive = await fetch(`${api}/crm/v3/objects/deals/${liveDeals[0]!.id}`, { method: "DELETE" });
      expect(archive.status).toBe(403);
    },
    TIMEOUT,
  );

  it(
    "searches deals with filters and a sort, paged to the end, and the same request gives the same bytes",
    async () => {
      const want = liveDeals.filter((d) => d.stage === "won" && d.amount >= 50_000).sort((a, b) => b.amount - a.amount || a.id - b.id);
      expect(want.length).toBeGreaterThan(14);
      const got: Any[] = [];
      let after = "0";
      for (;;) {
        const page = await client.crm.deals.searchApi.doSearch({
          filterGroups: [
            {
              filters: [
                { propertyName: "dealstage", operator: "EQ" as never, value: "closedwon" },
                { propertyName: "amount", operator: "GTE" as never, value: "50000" },
              ],
            },
          ],
          // The client types sorts as strings; HubSpot takes {propertyName, direction}, as its docs show.
          sorts: [{ propertyName: "amount", direction: "DESCENDING" }] as never,
          properties: ["dealname", "amount"],
          limit: 7,
          after,
        });
        expect(page.total).toBe(want.length);
        got.push(...page.results);
        if (!page.paging?.next?.after) break;
        after = page.paging.next.after;
      }
      expect(got.map((d) => `${d.id} ${d.properties.amount} ${d.properties.dealname}`)).toStrictEqual(
        want.map((d) => `${d.id} ${d.amount} ${d.name}`),
      );
      // Exactly the requested properties, plus the three HubSpot always adds.
      expect(Object.keys(got[0]!.properties)).toStrictEqual(["amount", "createdate", "dealname", "hs_lastmodifieddate", "hs_object_id"]);

      const request = {
        filterGroups: [{ filters: [{ propertyName: "associations.company", operator: "EQ", value: String(want[0]!.companyId) }] }],
        sorts: ["-createdate"],
        limit: 100,
        after: "0",
      };
      const first = await (await post("crm/v3/objects/deals/search", request)).text();
      expect(await (await post("crm/v3/objects/0-3/search", request)).text()).toBe(first);
      const own = liveDeals.filter((d) => d.companyId === want[0]!.companyId).sort((a, b) => b.createdAt - a.createdAt || a.id - b.id);
      expect((JSON.parse(first) as Any).results.map((d: Any) => d.id)).toStrictEqual(own.map((d) => String(d.id)));
    },
    TIMEOUT,
  );

  it(
    "searches tickets, contacts and companies with every kind of operator",
    async () => {
      const search = async (type: string, body: Any) => {
        const res = await post(`crm/v3/objects/${type}/search`, { limit: 200, ...body });
        expect(res.status).toBe(200);
        const json = (await res.json()) as Any;
        expect(json.paging).toBeUndefined();
        return json.results.map((r: Any) => r.id) as string[];
      };
      const f = (propertyName: string, operator: string, extra: Any = {}) => ({ propertyName, operator, ...extra });
      expect(await search("tickets", { filterGroups: [{ filters: [f("engineering_issue_key", "HAS_PROPERTY")] }] })).toStrictEqual(
        idsOf(escalated),
      );
      expect(await search("tickets", { filterGroups: [{ filters: [f("engineering_issue_key", "NOT_HAS_PROPERTY")] }] })).toStrictEqual(
        idsOf(commerce.tickets.filter((t) => !t.workItemKey)),
      );
      // OR of two groups; IN and NOT_IN.
      const orGroups = await search("tickets", {
        filterGroups: [
          { filters: [f("hs_ticket_priority", "EQ", { value: "HIGH" })] },
          { filters: [f("hs_pipeline_stage", "IN", { values: ["1", "2", "3"] })] },
        ],
      });
      expect(orGroups).toStrictEqual(idsOf(commerce.tickets.filter((t) => t.priority === "HIGH" || t.stage !== "closed")));
      expect(
        await search("tickets", { filterGroups: [{ filters: [f("hs_ticket_priority", "NOT_IN", { values: ["high", "medium"] })] }] }),
      ).toStrictEqual(idsOf(commerce.tickets.filter((t) => t.priority === "LOW")));
      // A token of a text property, and a wildcard over the whole value.
      const key = escalated[0]!.workItemKey!;
      expect(await search("tickets", { filterGroups: [{ filters: [f("content", "CONTAINS_TOKEN", { value: key })] }] })).toStrictEqual(
        idsOf(escalated.filter((t) => t.workItemKey === key)),
      );
      const co = byId(commerce.companies).find((c) => commerce.contacts.filter((p) => p.companyId === c.id).length > 1)!;
      expect(
        await search("contacts", { filterGroups: [{ filters: [f("email", "CONTAINS_TOKEN", { value: `*@${co.domain}` })] }] }),
      ).toStrictEqual(idsOf(commerce.contacts.filter((p) => p.companyId === co.id)));
      // Datetimes as epoch milliseconds or ISO dates; numbers numerically; NEQ; a free-text query.
      const from = world.start;
      const to = world.start + 60 * DAY;
      expect(
        await search("companies", {
          filterGroups: [{ filters: [f("createdate", "BETWEEN", { value: String(from), highValue: iso(to) })] }],
        }),
      ).toStrictEqual(idsOf(commerce.companies.filter((c) => c.createdAt >= from && c.createdAt <= to)));
      expect(
        await search("companies", {
          filterGroups: [{ filters: [f("numberofemployees", "LT", { value: "350" }), f("lifecyclestage", "NEQ", { value: "customer" })] }],
        }),
      ).toStrictEqual(idsOf(commerce.companies.filter((c) => c.employees < 350 && c.lifecycle !== "customer")));
      const person = byId(commerce.contacts)[3]!;
      const byName = await search("contacts", { query: person.lastName });
      expect(byName).toEqual(expect.arrayContaining(idsOf(commerce.contacts.filter((p) => p.lastName === person.lastName))));
      for (const id of byName) {
        const p = commerce.contacts.find((c) => String(c.id) === id)!;
        const co = commerce.companies.find((c) => c.id === p.companyId)!;
        expect(`${p.firstName} ${p.lastName} ${p.email} ${co.name}`.toLowerCase()).toContain(person.lastName.toLowerCase());
      }
      // No filter: everything, the default properties, ordered by id.
      const all = (await (await post("crm/v3/objects/contacts/search", {})).json()) as Any;
      expect(all.total).toBe(commerce.contacts.length);
      expect(all.results.map((r: Any) => r.id)).toStrictEqual(idsOf(commerce.contacts).slice(0, 10));
      expect(all.paging.next.after).toBe("10");
      expect(Object.keys(all.results[0].properties)).toStrictEqual([
        "createdate",
        "email",
        "firstname",
        "hs_object_id",
        "lastmodifieddate",
        "lastname",
      ]);
    },
    TIMEOUT,
  );

  it(
    "rejects a malformed search with HubSpot's VALIDATION_ERROR",
    async () => {
      for (const body of [
        { filterGroups: [{ filters: [{ propertyName: "amount", operator: "ABOUT", value: "1" }] }] },
        { filterGroups: [{ filters: [{ propertyName: "no_such_property", operator: "EQ", value: "1" }] }] },
        { limit: 201 },
        { sorts: ["amount", "dealname"] },
      ]) {
        const res = await post("crm/v3/objects/deals/search", body);
        expect(res.status).toBe(400);
        expect(await res.json()).toMatchObject({ status: "error", category: "VALIDATION_ERROR" });
      }
      const bad = await failure(() =>
        client.crm.deals.searchApi.doSearch({ filterGroups: [], sorts: [], properties: [], limit: 500, after: "0" }),
      );
      expect(bad.code).toBe(400);
    },
    TIMEOUT,
  );

  it(
    "batch-reads records by id and by email, with the ids it cannot find in a 207",
    async () => {
      const [a, b] = byId(commerce.contacts);
      const read = await client.crm.contacts.batchApi.read({
        inputs: [{ id: String(b!.id) }, { id: String(a!.id) }],
        properties: ["jobtitle"],
        propertiesWithHistory: ["email"],
      });
      expect(read.results.map((r) => `${r.id} ${r.properties.jobtitle}`)).toStrictEqual([
        `${b!.id} ${b!.jobTitle}`,
        `${a!.id} ${a!.jobTitle}`,
      ]);
      expect(Object.keys(read.results[0]!.properties)).toStrictEqual(["createdate", "hs_object_id", "jobtitle", "lastmodifieddate"]);
      expect(read.results[0]!.propertiesWithHistory!.email![0]!.value).toBe(b!.email);
      const byEmail = await client.crm.contacts.batchApi.read({
        inputs: [{ id: a!.email.toUpperCase() }],
        idProperty: "email",
        properties: ["email"],
        propertiesWithHistory: [],
      });
      expect(byEmail.results.map((r) => r.id)).toStrictEqual([String(a!.id)]);
      const partly = await post("crm/v3/objects/deals/batch/read", {
        inputs: [{ id: String(liveDeals[0]!.id) }, { id: "42" }],
        properties: [],
        propertiesWithHistory: [],
      });
      expect(partly.status).toBe(207);
      const body = (await partly.json()) as Any;
      expect(body.results.map((r: Any) => r.id)).toStrictEqual([String(liveDeals[0]!.id)]);
      expect(body.numErrors).toBe(1);
      expect(body.errors[0]).toMatchObject({ status: "error", category: "OBJECT_NOT_FOUND", context: { ids: ["42"] } });
      const openapi = new HubSpotOpenApi();
      expect(openapi.component("deals", "BatchResponseSimplePublicObjectWithErrors")(body)).toBe(true);
      const archivedRead = await post("crm/v3/objects/deals/batch/read?archived=true", {
        inputs: [{ id: String(archivedDeals[0]!.id) }],
        properties: ["dealstage"],
        propertiesWithHistory: [],
      });
      expect(((await archivedRead.json()) as Any).results[0].archived).toBe(true);
    },
    TIMEOUT,
  );

  it(
    "lists the owners (the sales and support staff), by id, by user id and by email",
    async () => {
      const owners = await client.crm.owners.ownersApi.getPage();
      const staff = byId(commerce.staff);
      expect(owners.results.map((o) => `${o.id} ${o.firstName} ${o.lastName} ${o.email} ${o.teams![0]!.name}`)).toStrictEqual(
        staff.map((s) => `${s.id} ${s.firstName} ${s.lastName} ${s.email} ${s.team}`),
      );
      expect(owners.paging).toBeUndefined();
      const small = await client.crm.owners.ownersApi.getPage(undefined, undefined, 10);
      expect(small.results.length).toBe(10);
      const rest = await client.crm.owners.ownersApi.getPage(undefined, small.paging!.next!.after, 10);
      expect(rest.results.map((o) => o.id)).toStrictEqual(staff.slice(10).map((s) => String(s.id)));
      const one = owners.results[3]!;
      expect((await client.crm.owners.ownersApi.getById(Number(one.id))).email).toBe(one.email);
      expect((await client.crm.owners.ownersApi.getById(one.userId!, "userId")).id).toBe(one.id);
      expect((await client.crm.owners.ownersApi.getPage(one.email)).results.map((o) => o.id)).toStrictEqual([one.id]);
      // Every owner id on a record is an owner; engineers own nothing.
      const ownerIds = new Set(staff.map((s) => s.id));
      for (const r of [...commerce.companies, ...commerce.deals, ...commerce.tickets]) expect(ownerIds.has(r.ownerId)).toBe(true);
    },
    TIMEOUT,
  );

  it(
    "reads the pipelines and their stages, and the property definitions",
    async () => {
      const deals = await client.crm.pipelines.pipelinesApi.getAll("deals");
      expect(deals.results.map((p) => `${p.id} ${p.label}`)).toStrictEqual(["default Sales Pipeline"]);
      expect(deals.results[0]!.stages.map((s) => `${s.id} ${s.metadata!.probability}`)).toStrictEqual(
        DEAL_STAGES.map(([stage, p]) => `${DEAL_STAGE_IDS[stage]} ${p === 0 || p === 1 ? `${p}.0` : p}`),
      );
      const tickets = await client.crm.pipelines.pipelinesApi.getById("tickets", "0");
      expect(tickets.stages.map((s) => `${s.id} ${s.label} ${s.metadata!.ticketState}`)).toStrictEqual([
        "1 New OPEN",
        "2 Waiting on contact OPEN",
        "3 Waiting on us OPEN",
        "4 Closed CLOSED",
      ]);
      expect((await client.crm.pipelines.pipelineStagesApi.getById("deals", "default", "closedwon")).metadata!.isClosed).toBe("true");

      const props = await client.crm.properties.coreApi.getAll("deals");
      const stage = props.results.find((p) => p.name === "dealstage")!;
      expect(stage.options.map((o) => o.value)).toStrictEqual(DEAL_STAGES.map(([stage]) => DEAL_STAGE_IDS[stage]));
      expect(props.results.map((p) => p.name)).toEqual(
        expect.arrayContaining(["amount", "closedate", "dealname", "hubspot_owner_id", "pipeline"]),
      );
      const custom = await client.crm.properties.coreApi.getByName("tickets", "engineering_issue_key");
      expect(custom.hubspotDefined).toBe(false);
      const admin = world.people.find((p) => p.admin)!;
      expect(custom.createdUserId).toBeDefined();
      expect(admin.email).toContain(world.company.domain);
      const industry = await client.crm.properties.coreApi.getByName("companies", "industry");
      for (const co of commerce.companies) expect(industry.options.map((o) => o.value)).toContain(HS_INDUSTRY[co.industry]);
    },
    TIMEOUT,
  );

  it(
    "pages v4 associations, by name and by type id, and batch-reads them",
    async () => {
      const co = [...commerce.companies].sort(
        (a, b) =>
          commerce.tickets.filter((t) => t.companyId === b.id).length - commerce.tickets.filter((t) => t.companyId === a.id).length ||
          a.id - b.id,
      )[0]!;
      const theirs = commerce.tickets.filter((t) => t.companyId === co.id);
      expect(theirs.length).toBeGreaterThan(3);
      const seen: string[] = [];
      let after: string | undefined;
      do {
        const page = await client.crm.associations.v4.basicApi.getPage("companies", String(co.id), "tickets", after, 1);
        seen.push(...page.results.map((r) => String(r.toObjectId)));
        for (const r of page.results)
          expect(r.associationTypes.map((t) => `${t.typeId} ${t.label}`)).toStrictEqual(["25 Primary", "340 null"]);
        after = page.paging?.next?.after;
      } while (after);
      expect(seen).toStrictEqual(idsOf(theirs));
      const all = await client.crm.associations.v4.basicApi.getPage("companies", String(co.id), "tickets");
      expect(all.results.map((r) => String(r.toObjectId))).toStrictEqual(seen);
      expect(all.paging).toBeUndefined();
      const contacts = await client.crm.associations.v4.basicApi.getPage("0-2", String(co.id), "contact");
      expect(contacts.results.map((r) => String(r.toObjectId))).toStrictEqual(
        idsOf(commerce.contacts.filter((c) => c.companyId === co.id)),
      );
      const deal = liveDeals[0]!;
      const batch = await client.crm.associations.v4.batchApi.getPage("deals", "contacts", { inputs: [{ id: String(deal.id) }] });
      expect(batch.results.map((r) => `${r._from.id} ${r.to.map((t) => t.toObjectId).join(",")}`)).toStrictEqual([
        `${deal.id} ${[...deal.contactIds].sort((a, b) => a - b).join(",")}`,
      ]);
    },
    TIMEOUT,
  );

  it(
    "searches the File Manager for every signed order form and downloads one through its signed URL",
    async () => {
      const files: Any[] = [];
      let after: string | undefined;
      do {
        const page = await client.files.filesApi.doSearch(undefined, after);
        files.push(...page.results);
        after = page.paging?.next?.after;
      } while (after);
      const slug = (s: string) =>
        s
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, "-")
          .replace(/^-+|-+$/g, "");
      expect(files.map((f) => f.name).sort()).toStrictEqual(wonDeals.map((d) => `${slug(d.name)}-order-form`).sort());
      const deal = byId(wonDeals)[0]!;
      const meta = files.find((f) => f.name === `${slug(deal.name)}-order-form`)!;
      expect(meta).toMatchObject({ extension: "pdf", type: "DOCUMENT", access: "PRIVATE", path: `/Contracts/${meta.name}.pdf` });
      const byId_ = await client.files.filesApi.getById(meta.id);
      expect(byId_.size).toBe(meta.size);
      const signed = await client.files.filesApi.getSignedUrl(meta.id);
      expect(signed.url.startsWith(`${api}/files/`)).toBe(true);
      const res = await fetch(signed.url);
      // The emitter stores non-text raw bodies as .bin, which the static file server types as octet-stream
      // (and names in its own content-disposition); the bytes are the PDF's.
      expect(res.headers.get("content-type")).toMatch(/^application\/(pdf|octet-stream)$/);
      const pdf = Buffer.from(await res.arrayBuffer());
      expect(pdf.length).toBe(meta.size);
      const text = pdf.toString("latin1");
      expect(text.startsWith("%PDF-1.4")).toBe(true);
      expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
      const company = commerce.companies.find((c) => c.id === deal.companyId)!;
      expect(text).toContain(`(Deal: ${deal.name}) Tj`);
      expect(text).toContain(`Customer: ${company.name}`);
      const folder = await client.files.foldersApi.getById(byId_.parentFolderId!);
      expect(folder.path).toBe("/Contracts");
    },
    TIMEOUT,
  );

  const ghPin = "gh-2026-03-g5";
  it.skipIf(only !== undefined && !only.includes(ghPin))(
    `escalated tickets cite the world's bugs, as ${ghPin} names them in its pull requests`,
    async () => {
      const tickets = await client.crm.tickets.getAll(100, undefined, ["engineering_issue_key", "content"]);
      const cited = tickets.filter((t) => t.properties.engineering_issue_key);
      expect(cited.length).toBe(escalated.length);
      let checked = 0;
      for (const t of cited) {
        const key = t.properties.engineering_issue_key!;
        const item = world.workItems.find((w) => w.key === key);
        expect(item?.type, key).toBe("Bug");
        expect(t.properties.content).toContain(key);
        if (item!.repoId === undefined || item!.pullNumber === undefined) continue;
        const repo = world.repos.find((r) => r.id === item!.repoId)!;
        const pull = (await (
          await fetch(`${baseUrl}/${ghPin}/repos/${world.company.slug}/${repo.name}/pulls/${item!.pullNumber}`)
        ).json()) as Any;
        expect(`${pull.title} ${pull.head.ref}`).toContain(key);
        checked++;
      }
      expect(checked).toBeGreaterThan(0);
    },
    TIMEOUT,
  );
});
