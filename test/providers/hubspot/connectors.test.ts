import { describe, expect, inject, it } from "vitest";
import { loadCatalog } from "../../../generator/catalog/index.js";
import { DEAL_STAGE_IDS } from "../../../generator/providers/hubspot/pipelines.js";
import { DEAL_STAGES } from "../../../generator/world/commerce/commerce.js";
import { buildWorld, loadTemplates } from "../../../generator/world/index.js";
import type { Deal } from "../../../generator/world/types.js";
import { HubSpotOpenApi } from "./openapi.js";

/**
 * Issue 12: the requests of two HubSpot connectors, each as the connector spells it (path, parameters,
 * body, pagination), walked to the end the way it walks, with the fields it reads checked against the
 * world and the pin's own v3 lists:
 *
 * - Airbyte source-hubspot: airbytehq/airbyte
 *   `airbyte-integrations/connectors/source-hubspot/source_hubspot/streams.py` (cited below as
 *   streams.py: Stream.properties, CRMSearchStream, CRMObjectIncrementalStream, AssociationsStream,
 *   ContactsAllBase, PropertyHistoryV3, DealsArchived, OwnersArchived, DealPipelines, Engagements…).
 * - Singer tap-hubspot: singer-io/tap-hubspot `tap_hubspot/__init__.py` (cited as tap_hubspot:
 *   ENDPOINTS, sync_contacts, sync_companies, _sync_contacts_by_company_batch_read, sync_deals,
 *   gen_request, get_v3_records, sync_tickets, sync_contact_lists, generate_custom_streams…).
 */
const baseUrl = inject("baseUrl");
const catalog = loadCatalog("catalog.yaml");
const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
const TIMEOUT = 60_000;
const DAY = 86_400_000;
const pinName = "hubspot-v3";
const pin = catalog.pins.find((p) => p.name === pinName)!;

type Any = Record<string, any>;
type Params = Array<[string, string | number | boolean]>;

describe.skipIf(only !== undefined && !only.includes(pinName))(`HubSpot connector requests on ${pinName}`, () => {
  const world = buildWorld(catalog.generations.get(pin.generation)!, { render: loadTemplates("templates/repo") });
  const { commerce } = world;
  const api = `${baseUrl}/${pinName}`;
  const openapi = new HubSpotOpenApi();
  const byId = <T extends { id: number }>(xs: T[]) => [...xs].sort((a, b) => a.id - b.id);
  const idsOf = (xs: Array<{ id: number }>) => byId(xs).map((x) => String(x.id));
  const archived = (d: Deal) => d.stage === "lost" && d.closedAt! <= world.asOf - 120 * DAY;
  const liveDeals = commerce.deals.filter((d) => !archived(d));

  /** Python `requests` query encoding: a list value repeats the key, True/False as Python spells them. */
  const url = (path: string, params: Params = []) => {
    const q = new URLSearchParams(
      params.map(([k, v]): [string, string] => [k, typeof v === "boolean" ? (v ? "True" : "False") : String(v)]),
    );
    return `${api}/${path}${params.length ? `?${q.toString()}` : ""}`;
  };
  async function get(path: string, params: Params = []): Promise<Any> {
    const res = await fetch(url(path, params), { headers: { authorization: "Bearer x" } });
    expect(res.status, `${path} ${JSON.stringify(params)}`).toBe(200);
    return res.json() as Promise<Any>;
  }
  async function post(path: string, body: unknown): Promise<{ status: number; body: Any }> {
    const res = await fetch(`${api}/${path}`, {
      method: "POST",
      headers: { authorization: "Bearer x", "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Any };
  }
  const valid = (path: string, body: unknown) => expect(openapi.validate(path, body), path).toBeUndefined();
  const component = (spec: string, name: string, body: unknown) => {
    const fn = openapi.component(spec, name);
    expect(fn(body), `${spec} ${name}: ${JSON.stringify(fn.errors)}`).toBe(true);
  };
  /** The pin's own v3 list of a type, every record (the expectations for legacy and search answers). */
  async function v3All(type: string, extra: Params = []): Promise<Any[]> {
    const out: Any[] = [];
    let after: string | undefined;
    do {
      const page = await get(`crm/v3/objects/${type}`, [
        ["limit", 100],
        ...extra,
        ...(after ? [["after", after] as [string, string]] : []),
      ]);
      out.push(...page.results);
      after = page.paging?.next?.after;
    } while (after);
    return out;
  }

  describe("Airbyte source-hubspot (streams.py)", () => {
    // streams.py CRMSearchStream / CRMObjectIncrementalStream subclasses: entity, last_modified_field, associations.
    const SEARCH_STREAMS: Array<{ entity: string; plural: string; modified: string; associations: string[] }> = [
      { entity: "company", plural: "companies", modified: "hs_lastmodifieddate", associations: ["contacts"] },
      { entity: "contact", plural: "contacts", modified: "lastmodifieddate", associations: ["contacts", "companies"] },
      { entity: "deal", plural: "deals", modified: "hs_lastmodifieddate", associations: ["contacts", "companies", "line_items"] },
      { entity: "ticket", plural: "tickets", modified: "hs_lastmodifieddate", associations: ["contacts", "deals", "companies"] },
      ...["calls", "emails", "meetings", "notes", "tasks"].map((e) => ({
        entity: e,
        plural: e,
        modified: "hs_lastmodifieddate",
        associations: ["contacts", "deals", "companies", "tickets"],
      })),
      { entity: "leads", plural: "leads", modified: "hs_lastmodifieddate", associations: ["contacts", "companies"] },
      { entity: "deal_split", plural: "deal_splits", modified: "hs_lastmodifieddate", associations: [] },
    ];
    const OBJECT_STREAMS = [
      { entity: "line_item", plural: "line_items", associations: [] as string[] },
      { entity: "product", plural: "products", associations: [] as string[] },
      { entity: "goal_targets", plural: "goal_targets", associations: [] as string[] },
      { entity: "feedback_submissions", plural: "feedback_submissions", associations: ["contacts"] },
      { entity: "quote", plural: "quotes", associations: ["deals"] },
    ];
    const worldIds: Record<string, string[]> = {
      companies: idsOf(commerce.companies),
      contacts: idsOf(commerce.contacts),
      deals: idsOf(liveDeals),
      tickets: idsOf(commerce.tickets),
    };

    it(
      "Stream.properties (and source.py check_connection, which reads Contacts.properties): GET /properties/v2/{entity}/properties for " +
        "every stream's entity, as the v3 definitions",
      async () => {
        for (const s of [...SEARCH_STREAMS, ...OBJECT_STREAMS]) {
          const rows = (await get(`properties/v2/${s.entity}/properties`)) as unknown as Any[];
          valid(`properties/v2/${s.plural}/properties`, rows);
          const v3 = await get(`crm/v3/properties/${s.plural}`);
          expect(
            rows.map((r) => `${r.name} ${r.type}`),
            s.entity,
          ).toStrictEqual(v3.results.map((r: Any) => `${r.name} ${r.type}`));
          expect(rows.some((r) => r.name === "hs_object_id")).toBe(true);
        }
      },
      TIMEOUT,
    );

    it(
      "CRMSearchStream, first sync: GET /crm/v3/objects/{entity}?archived=false&associations=…&limit=100&properties=a,b paged by after",
      async () => {
        for (const s of SEARCH_STREAMS) {
          const props = ((await get(`properties/v2/${s.entity}/properties`)) as unknown as Any[]).map((r) => r.name as string);
          const records: Any[] = [];
          let after: number | undefined;
          for (let guard = 0; guard < 100; guard++) {
            const params: Params = [
              ["archived", "false"],
              ...s.associations.map((a): [string, string] => ["associations", a]),
              ["limit", 100],
              ...(after !== undefined ? [["after", after] as [string, number]] : []),
              ["properties", props.join(",")],
            ];
            const page = await get(`crm/v3/objects/${s.entity}`, params);
            valid(`crm/v3/objects/${s.plural}`, page);
            records.push(...page.results);
            // streams.py next_page_token: int(paging.next.after), sent back as `after`.
            if (!page.paging?.next?.after) break;
            after = Number.parseInt(page.paging.next.after, 10);
          }
          expect(
            records.map((r) => r.id),
            s.entity,
          ).toStrictEqual(worldIds[s.plural] ?? []);
          for (const r of records) {
            // _flat_associations reads associations.{name}.results[].id; updatedAt is the cursor.
            expect(Number.isNaN(Date.parse(r.updatedAt))).toBe(false);
            expect(r.properties.hs_object_id).toBe(r.id);
            for (const a of Object.values((r.associations ?? {}) as Record<string, Any>))
              expect(a.results.every((x: Any) => typeof x.id === "string")).toBe(true);
          }
        }
      },
      TIMEOUT,
    );

    it(
      "CRMSearchStream, incremental: POST …/search with GTE/LTE on the last-modified property and hs_object_id, sorted by id, then v4 " +
        "associations batch reads",
      async () => {
        const since = world.asOf - 60 * DAY;
        for (const s of SEARCH_STREAMS) {
          const all = s.plural in worldIds ? await v3All(s.plural) : [];
          const expected = all.filter((r) => Date.parse(r.updatedAt) >= since).map((r) => r.id);
          const got: Any[] = [];
          let after: number | undefined;
          for (let guard = 0; guard < 100; guard++) {
            const payload: Any = {
              filters: [
                { value: since, propertyName: s.modified, operator: "GTE" },
                { value: world.asOf, propertyName: s.modified, operator: "LTE" },
                { value: 0, propertyName: "hs_object_id", operator: "GTE" },
              ],
              sorts: [{ propertyName: "hs_object_id", direction: "ASCENDING" }],
              properties: ["hs_object_id", s.modified],
              limit: 100,
              ...(after !== undefined ? { after } : {}),
            };
            const res = await post(`crm/v3/objects/${s.entity}/search`, payload);
            expect(res.status, s.entity).toBe(200);
            component("objects", "CollectionResponseWithTotalSimplePublicObject", res.body);
            got.push(...res.body.results);
            if (!res.body.paging?.next?.after) break;
            after = Number.parseInt(res.body.paging.next.after, 10);
            // streams.py: a search never pages past 10,000; the next query starts from the largest id seen.
            expect(after).toBeLessThan(10_000);
          }
          expect(
            got.map((r) => r.id),
            s.entity,
          ).toStrictEqual(expected);
          expect(got.every((r) => Date.parse(r.properties[s.modified]) >= since)).toBe(true);
          // _read_associations: POST /crm/v4/associations/{entity}/{association}/batch/read {inputs: [{id}]}.
          for (const assoc of s.associations) {
            const res = await post(`crm/v4/associations/${s.entity}/${assoc}/batch/read`, {
              inputs: got.map((r) => ({ id: String(r.id) })),
            });
            expect([200, 207], `${s.entity} → ${assoc}`).toContain(res.status);
            expect(res.body.status).toBe("COMPLETE");
            const byFrom = new Map(all.map((r) => [r.id, r]));
            for (const group of res.body.results) {
              const embedded = [
                ...new Set(((byFrom.get(group.from.id)?.associations?.[assoc]?.results ?? []) as Any[]).map((x) => Number(x.id))),
              ];
              expect(
                group.to.map((t: Any) => t.toObjectId),
                `${s.entity} ${group.from.id} → ${assoc}`,
              ).toStrictEqual(embedded);
              for (const t of group.to)
                expect(
                  t.associationTypes.every((a: Any) => a.category === "HUBSPOT_DEFINED" && (a.label === null || a.label === "Primary")),
                ).toBe(true);
            }
            const withAny = got.filter((r) => ((r.id && byFrom.get(r.id)?.associations?.[assoc]?.results) ?? []).length > 0).length;
            expect(res.body.results.length).toBe(withAny);
            expect(res.body.numErrors ?? 0).toBe(got.length - withAny);
          }
        }
      },
      TIMEOUT,
    );

    it(
      "CRMSearchStream stops paging at 10,000: past the search window HubSpot answers 400, which the stream never asks",
      async () => {
        const beyond = await post("crm/v3/objects/contact/search", {
          limit: 100,
          after: 9_950,
          sorts: [{ propertyName: "hs_object_id", direction: "ASCENDING" }],
        });
        expect(beyond.status).toBe(400);
        expect(beyond.body.category).toBe("VALIDATION_ERROR");
        const edge = await post("crm/v3/objects/contact/search", { limit: 100, after: 9_900 });
        expect(edge).toStrictEqual({ status: 200, body: { total: commerce.contacts.length, results: [] } });
      },
      TIMEOUT,
    );

    it(
      "AssociationsStream: a deal's company carries the Primary label; line_items of a deal, and " +
        "no inputs, are answered, never the read-only 403",
      async () => {
        const deal = byId(liveDeals)[0]!;
        const res = await post("crm/v4/associations/deal/companies/batch/read", { inputs: [{ id: String(deal.id) }] });
        expect(res.status).toBe(200);
        expect(res.body.results[0].to).toStrictEqual([
          {
            toObjectId: deal.companyId,
            associationTypes: [
              { category: "HUBSPOT_DEFINED", typeId: 5, label: "Primary" },
              { category: "HUBSPOT_DEFINED", typeId: 341, label: null },
            ],
          },
        ]);
        const items = await post("crm/v4/associations/deal/line_items/batch/read", { inputs: [{ id: String(deal.id) }] });
        expect(items.status).toBe(207);
        expect(items.body.errors[0].subCategory).toBe("crm.associations.NO_ASSOCIATIONS_FOUND");
        const none = await post("crm/v4/associations/calls/contacts/batch/read", { inputs: [] });
        expect(none.status).toBe(200);
        expect(none.body.results).toStrictEqual([]);
        expect((await post("crm/v4/associations/deal/nonsense/batch/read", { inputs: [] })).status).toBe(400);
        // The v4 list of one record: labels as the batch read gives them; types the company has no records of are empty.
        expect((await get(`crm/v4/objects/deal/${deal.id}/associations/company`)).results).toStrictEqual(res.body.results[0].to);
        expect(await get(`crm/v4/objects/deals/${deal.id}/associations/line_items`)).toStrictEqual({ results: [] });
        expect(await get(`crm/v4/objects/0-3/${deal.id}/associations/0-8`)).toStrictEqual({ results: [] });
        expect((await fetch(url("crm/v4/objects/deals/1/associations/line_items"))).status).toBe(404);
      },
      TIMEOUT,
    );

    it(
      "CRMObjectIncrementalStream (LineItems, Products, Goals, FeedbackSubmissions, Quotes): GET /crm/v3/objects/{entity} with the time " +
        "slice, empty as the company sells no catalogue in HubSpot",
      async () => {
        for (const s of OBJECT_STREAMS) {
          const page = await get(`crm/v3/objects/${s.entity}`, [
            ["limit", 100],
            ["startTimestamp", world.start],
            ["endTimestamp", world.asOf],
            ["archived", "false"],
            ...s.associations.map((a): [string, string] => ["associations", a]),
          ]);
          expect(page).toStrictEqual({ results: [] });
          valid(`crm/v3/objects/${s.plural}`, page);
          const search = await post(`crm/v3/objects/${s.entity}/search`, {
            filters: [{ value: 0, propertyName: "hs_lastmodifieddate", operator: "GTE" }],
            limit: 100,
          });
          expect(search).toStrictEqual({ status: 200, body: { total: 0, results: [] } });
          const read = await post(`crm/v3/objects/${s.entity}/batch/read`, { inputs: [{ id: "1" }], properties: [] });
          expect(read.status).toBe(207);
          expect(read.body.errors[0].category).toBe("OBJECT_NOT_FOUND");
        }
      },
      TIMEOUT,
    );

    it(
      "DealsArchived and OwnersArchived: archived=true lists",
      async () => {
        const gone = await v3All("deals", [
          ["archived", "true"],
          ["associations", "contacts"],
          ["associations", "companies"],
          ["associations", "line_items"],
        ]);
        expect(gone.map((d) => d.id)).toStrictEqual(idsOf(commerce.deals.filter(archived)));
        expect(gone.every((d) => d.archived === true && typeof d.archivedAt === "string")).toBe(true);
        expect(
          await get("crm/v3/owners", [
            ["limit", 100],
            ["archived", "true"],
          ]),
        ).toStrictEqual({ results: [] });
        const owners = await get("crm/v3/owners", [["limit", 100]]);
        expect(owners.results.map((o: Any) => o.id)).toStrictEqual(idsOf(commerce.staff));
      },
      TIMEOUT,
    );

    it(
      "DealPipelines (crm-pipelines/v1) and TicketPipelines (crm/v3/pipelines/tickets)",
      async () => {
        const deals = await get("crm-pipelines/v1/pipelines/deals", [["limit", 100]]);
        valid("crm-pipelines/v1/pipelines/deals", deals);
        expect(deals.results[0].pipelineId).toBe("default");
        expect(deals.results[0].stages.map((s: Any) => s.stageId)).toStrictEqual(DEAL_STAGES.map(([stage]) => DEAL_STAGE_IDS[stage]));
        expect(typeof deals.results[0].updatedAt).toBe("number");
        const tickets = await get("crm/v3/pipelines/tickets", [["limit", 100]]);
        expect(tickets.results[0].stages.map((s: Any) => s.id)).toStrictEqual(["1", "2", "3", "4"]);
      },
      TIMEOUT,
    );

    it(
      "ContactsAllBase (list memberships, form submissions, merge audits, property history): /" +
        "contacts/v1/lists/all/contacts/all by count " +
        "and vidOffset",
      async () => {
        const v3 = new Map((await v3All("contacts")).map((c) => [c.id, c]));
        for (const extra of [
          [["showListMemberships", true]],
          [["formSubmissionMode", "all"]],
          [],
          [["propertyMode", "value_and_history"]],
        ] as Params[]) {
          const seen: Any[] = [];
          let vidOffset: string | undefined;
          for (let guard = 0; guard < 100; guard++) {
            const page = await get("contacts/v1/lists/all/contacts/all", [
              ["count", 100],
              ...extra,
              ...(vidOffset ? [["vidOffset", vidOffset] as [string, string]] : []),
            ]);
            valid("contacts/v1/lists/all/contacts/all", page);
            seen.push(...page.contacts);
            // streams.py next_page_token: while `has-more`, send `vid-offset` back as vidOffset.
            if (!page["has-more"]) break;
            vidOffset = String(page["vid-offset"]);
          }
          expect(seen.map((c) => String(c["canonical-vid"]))).toStrictEqual(idsOf(commerce.contacts));
          for (const c of seen) {
            const r = v3.get(String(c.vid))!;
            expect(c["list-memberships"]).toStrictEqual([]);
            expect(c["form-submissions"]).toStrictEqual([]);
            expect(c["merge-audits"]).toStrictEqual([]);
            expect(c.properties.email.value).toBe(r.properties.email);
            expect(c.properties.lastmodifieddate.value).toBe(String(Date.parse(r.properties.lastmodifieddate)));
            // ContactsPropertyHistory: versions of each property (lastmodifieddate skipped by the stream), newest first.
            const versions = c.properties.lifecyclestage.versions as Any[];
            expect(versions[0]!.value).toBe(r.properties.lifecyclestage);
            expect(versions.every((v, i) => i === 0 || versions[i - 1]!.timestamp >= v.timestamp)).toBe(true);
          }
        }
      },
      TIMEOUT,
    );

    it(
      "PropertyHistoryV3 (CompaniesPropertyHistory, DealsPropertyHistory): /crm/v3/objects/" +
        "{companies,deals}?propertiesWithHistory=a,b&limit=50",
      async () => {
        for (const type of ["companies", "deals"]) {
          const props = ((await get(`properties/v2/${type}/properties`)) as unknown as Any[]).map((r) => r.name as string);
          const seen: Any[] = [];
          let after: string | undefined;
          do {
            const page = await get(`crm/v3/objects/${type}`, [
              ["propertiesWithHistory", props.join(",")],
              ["limit", 50],
              ...(after ? [["after", after] as [string, string]] : []),
            ]);
            valid(`crm/v3/objects/${type}`, page);
            seen.push(...page.results);
            after = page.paging?.next?.after;
          } while (after);
          expect(seen.map((r) => r.id)).toStrictEqual(type === "deals" ? idsOf(liveDeals) : idsOf(commerce.companies));
          for (const r of seen) expect(Object.keys(r.propertiesWithHistory).length).toBeGreaterThan(3);
        }
        const busiest = [...liveDeals].sort((a, b) => b.stageHistory.length - a.stageHistory.length || a.id - b.id)[0]!;
        const deal = (await v3All("deals", [["propertiesWithHistory", "dealstage"]])).find((d) => d.id === String(busiest.id))!;
        expect(deal.propertiesWithHistory.dealstage.map((h: Any) => h.value)).toStrictEqual(
          [...busiest.stageHistory].reverse().map((h) => DEAL_STAGE_IDS[h.stage]),
        );
      },
      TIMEOUT,
    );

    it(
      "streams without records in this portal answer empty in their own shapes (Campaigns, " +
        "ContactLists, EmailEvents, Engagements, Forms, " +
        "MarketingEmails, SubscriptionChanges, Workflows, web analytics, custom objects)",
      async () => {
        const slice: Params = [
          ["startTimestamp", world.asOf - 30 * DAY],
          ["endTimestamp", world.asOf],
        ];
        const cases: Array<[string, Params, string, string | undefined]> = [
          ["email/public/v1/campaigns", [["limit", 500]], "campaigns", "hasMore"],
          ["contacts/v1/lists", [["count", 100]], "lists", "has-more"],
          ["email/public/v1/events", [["limit", 1000], ...slice], "events", "hasMore"],
          ["engagements/v1/engagements/paged", [["count", 250]], "results", "hasMore"],
          [
            "engagements/v1/engagements/recent/modified",
            [
              ["count", 100],
              ["since", world.asOf - 20 * DAY],
            ],
            "results",
            "hasMore",
          ],
          ["marketing/v3/forms", [["limit", 100]], "results", undefined],
          ["marketing-emails/v1/emails/with-statistics", [["limit", 250]], "objects", undefined],
          ["email/public/v1/subscriptions/timeline", [["limit", 1000], ...slice], "timeline", "hasMore"],
          ["automation/v3/workflows", [["limit", 100]], "workflows", undefined],
          [
            "events/v3/events",
            [
              ["limit", 100],
              ["objectType", "contact"],
              ["objectId", commerce.contacts[0]!.id],
              ["occurredAfter", new Date(world.asOf - 30 * DAY).toISOString()],
              ["occurredBefore", new Date(world.asOf).toISOString()],
            ],
            "results",
            undefined,
          ],
          ["crm/v3/schemas", [], "results", undefined],
        ];
        for (const [path, params, field, more] of cases) {
          const body = await get(path, params);
          valid(path, body);
          expect(body[field], path).toStrictEqual([]);
          if (more) expect(body[more], path).toBe(false);
        }
        // Forms.properties (streams.py Stream.properties): the form entity's v2 definitions, iterated as an array.
        expect(await get("properties/v2/form/properties")).toStrictEqual([]);
        // EmailSubscriptions: the portal's subscription types, every one active.
        const subscriptions = await get("email/public/v1/subscriptions");
        valid("email/public/v1/subscriptions", subscriptions);
        expect(subscriptions.subscriptionDefinitions.map((d: Any) => d.name)).toStrictEqual(["Marketing Information", "One to One"]);
        // EngagementsRecent reads `total` to decide whether the recent API suffices.
        expect((await get("engagements/v1/engagements/recent/modified", [["count", 100]])).total).toBe(0);
      },
      TIMEOUT,
    );
  });

  describe("Singer tap-hubspot (tap_hubspot/__init__.py)", () => {
    it(
      "load_schema: /crm/v3/properties/{contacts,deals,tickets}, /companies/v2/properties and /properties/v1/deals/properties",
      async () => {
        for (const type of ["contacts", "deals", "tickets"])
          expect((await get(`crm/v3/properties/${type}`)).results.length).toBeGreaterThan(5);
        const companies = (await get("companies/v2/properties")) as unknown as Any[];
        valid("properties/v2/companies/properties", companies);
        expect(companies.map((p) => p.name)).toStrictEqual((await get("crm/v3/properties/companies")).results.map((p: Any) => p.name));
        const deals = (await get("properties/v1/deals/properties")) as unknown as Any[];
        expect(deals.find((p) => p.name === "dealstage")!.type).toBe("enumeration");
      },
      TIMEOUT,
    );

    it(
      "sync_contacts: GET /crm/v3/objects/contacts?limit=100&properties=a,b&associations=tickets,companies,deals, following " +
        "paging.next.after (get_v3_records)",
      async () => {
        const seen: Any[] = [];
        const params: Params = [
          ["limit", 100],
          ["properties", "email,firstname,lastname,lastmodifieddate"],
          ["associations", "tickets,companies,deals"],
        ];
        for (let guard = 0; guard < 100; guard++) {
          const page = await get("crm/v3/objects/contacts", params);
          seen.push(...page.results);
          if (!page.paging?.next) break;
          params.splice(3, 1, ["after", page.paging.next.after]);
        }
        expect(seen.map((c) => c.id)).toStrictEqual(idsOf(commerce.contacts));
        expect(seen.every((c) => typeof c.updatedAt === "string")).toBe(true);
      },
      TIMEOUT,
    );

    it(
      "sync_companies: /companies/v2/companies/paged by has-more and offset, each company by id, and contacts_by_company by POST /crm/v3/" +
        "associations/company/contact/batch/read",
      async () => {
        const v3 = new Map((await v3All("companies")).map((c) => [c.id, c]));
        const rows: Any[] = [];
        const params: Params = [
          ["limit", 250],
          ["properties", "createdate"],
          ["properties", "hs_lastmodifieddate"],
        ];
        for (let guard = 0; guard < 100; guard++) {
          const data = await get("companies/v2/companies/paged", params);
          valid("companies/v2/companies/paged", data);
          rows.push(...data.companies);
          if (!data["has-more"]) break;
          params.splice(3, 1, ["offset", data.offset]);
        }
        expect(rows.map((r) => String(r.companyId))).toStrictEqual(idsOf(commerce.companies));
        for (const row of rows.slice(0, 25)) {
          // The tap reads hs_lastmodifieddate.timestamp (ms) for its bookmark, then the company by id.
          expect(row.properties.hs_lastmodifieddate.timestamp).toBe(Date.parse(v3.get(String(row.companyId))!.updatedAt));
          const record = await get(`companies/v2/companies/${row.companyId}`);
          valid(`companies/v2/companies/${row.companyId}`, record);
          expect(record.properties.name.value).toBe(v3.get(String(row.companyId))!.properties.name);
        }
        const ids = rows.map((r) => r.companyId as number);
        const res = await post("crm/v3/associations/company/contact/batch/read", { inputs: ids.map((id) => ({ id })) });
        expect([200, 207]).toContain(res.status);
        component("associations-v3", "BatchResponsePublicAssociationMulti", res.body);
        const pairs = res.body.results.flatMap((row: Any) => row.to.map((c: Any) => `${row.from.id} ${c.id} ${c.type}`)).sort();
        expect(pairs).toStrictEqual(commerce.contacts.map((c) => `${c.companyId} ${c.id} company_to_contact`).sort());
      },
      TIMEOUT,
    );

    it(
      "sync_deals: /deals/v1/deal/paged by hasMore and offset with includeAllProperties, merged with POST /crm/v3/objects/deals/batch/read",
      async () => {
        const rows: Any[] = [];
        const params: Params = [
          ["limit", 100],
          ["includeAssociations", false],
          ["includeAllProperties", true],
          ["allPropertiesFetchMode", "latest_version"],
        ];
        for (let guard = 0; guard < 100; guard++) {
          const data = await get("deals/v1/deal/paged", params);
          valid("deals/v1/deal/paged", data);
          rows.push(...data.deals);
          if (!data.hasMore) break;
          params.splice(4, 1, ["offset", data.offset]);
        }
        expect(rows.map((r) => String(r.dealId))).toStrictEqual(idsOf(liveDeals));
        const byId = new Map(liveDeals.map((d) => [d.id, d]));
        for (const row of rows) {
          const d = byId.get(row.dealId)!;
          expect(row.properties.dealstage.value).toBe(DEAL_STAGE_IDS[d.stage]);
          expect(row.properties.amount.value).toBe(String(d.amount));
          expect(typeof row.properties.hs_lastmodifieddate.timestamp).toBe("number");
          expect(row.associations.associatedCompanyIds).toStrictEqual([d.companyId]);
        }
        const v3 = await post("crm/v3/objects/deals/batch/read", {
          inputs: rows.slice(0, 100).map((r) => ({ id: String(r.dealId) })),
          properties: ["hs_v2_date_entered_closedwon"],
        });
        expect(v3.status).toBe(200);
        expect(v3.body.results.map((r: Any) => r.id).sort()).toStrictEqual(
          rows
            .slice(0, 100)
            .map((r) => String(r.dealId))
            .sort(),
        );
      },
      TIMEOUT,
    );

    it(
      "sync_tickets: GET /crm/v4/objects/tickets?limit=100&associations=contact,company,deals&properties=…&archived=False",
      async () => {
        const seen: Any[] = [];
        const params: Params = [
          ["limit", 100],
          ["associations", "contact,company,deals"],
          ["properties", "subject,hs_pipeline_stage"],
          ["archived", false],
        ];
        for (let guard = 0; guard < 100; guard++) {
          const data = await get("crm/v4/objects/tickets", params);
          seen.push(...data.results);
          if (!data.paging?.next) break;
          params.splice(4, 1, ["after", data.paging.next.after]);
        }
        expect(seen.map((t) => t.id)).toStrictEqual(idsOf(commerce.tickets));
        expect(seen.every((t) => typeof t.updatedAt === "string" && t.properties.subject)).toBe(true);
      },
      TIMEOUT,
    );

    it(
      "sync_owners: GET /crm/v3/owners/?limit=500, each owner a user of settings/v3/users",
      async () => {
        const owners = await get("crm/v3/owners/", [["limit", 500]]);
        expect(owners.results.map((o: Any) => o.id)).toStrictEqual(idsOf(commerce.staff));
        expect(owners.paging).toBeUndefined();
        const users = await get("settings/v3/users", [["limit", 100]]);
        valid("settings/v3/users", users);
        const ids = new Set(users.results.map((u: Any) => u.id));
        for (const o of owners.results) expect(ids.has(String(o.userId)), o.email).toBe(true);
        expect(users.results.length).toBe(commerce.staff.length + 1);
        const admin = users.results.filter((u: Any) => u.superAdmin);
        expect(admin.map((u: Any) => u.email)).toStrictEqual([world.people.find((p) => p.admin)!.email]);
        const one = await get(`settings/v3/users/${users.results[0].id}`);
        valid(`settings/v3/users/${users.results[0].id}`, one);
        expect(one).toStrictEqual(users.results[0]);
        const teams = await get("settings/v3/users/teams");
        valid("settings/v3/users/teams", teams);
        expect(teams.results.map((t: Any) => t.name)).toStrictEqual(["Sales", "Support"]);
        const legacy = (await get("owners/v2/owners")) as unknown as Any[];
        valid("owners/v2/owners", legacy);
        expect(legacy.map((o) => `${o.ownerId} ${o.activeUserId}`)).toStrictEqual(owners.results.map((o: Any) => `${o.id} ${o.userId}`));
      },
      TIMEOUT,
    );

    it(
      "sync_contact_lists: POST /crm/v3/lists/search {count: 250, sort: ±HS_UPDATED_AT, offset}, a read that finds no lists",
      async () => {
        for (const sort of ["HS_UPDATED_AT", "-HS_UPDATED_AT"]) {
          const res = await post("crm/v3/lists/search", { count: 250, sort });
          expect(res).toStrictEqual({ status: 200, body: { lists: [], hasMore: false, offset: 0, total: 0 } });
          component("lists", "ListSearchResponse", res.body);
        }
        expect((await post("crm/v3/lists/search", { count: 501 })).status).toBe(400);
      },
      TIMEOUT,
    );

    it(
      "the other streams: deal_pipelines, campaigns, engagements, subscription_changes, " +
        "email_events, forms, workflows, custom_objects_schema",
      async () => {
        const pipelines = (await get("deals/v1/pipelines")) as unknown as Any[];
        valid("deals/v1/pipelines", pipelines);
        expect(pipelines.map((p) => p.pipelineId)).toStrictEqual(["default"]);
        expect(pipelines[0]!.stages.map((s: Any) => `${s.stageId} ${s.probability}`)).toStrictEqual(
          DEAL_STAGES.map(([stage, p]) => `${DEAL_STAGE_IDS[stage]} ${p}`),
        );
        expect((await get("email/public/v1/campaigns/by-id", [["limit", 500]])).hasMore).toBe(false);
        const engagements = await get("engagements/v1/engagements/paged", [["limit", 190]]);
        expect([engagements.results, engagements.hasMore]).toStrictEqual([[], false]);
        const slice: Params = [
          ["startTimestamp", world.asOf - 30 * DAY],
          ["endTimestamp", world.asOf],
          ["limit", 1000],
        ];
        expect((await get("email/public/v1/subscriptions/timeline", slice)).timeline).toStrictEqual([]);
        expect((await get("email/public/v1/events", slice)).events).toStrictEqual([]);
        expect(await get("forms/v2/forms")).toStrictEqual([]);
        expect((await get("automation/v3/workflows")).workflows).toStrictEqual([]);
        // gen_request_custom_objects: results, and no paging to follow.
        expect(await get("crm/v3/schemas")).toStrictEqual({ results: [] });
      },
      TIMEOUT,
    );
  });
});
