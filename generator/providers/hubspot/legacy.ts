import type { ContinuationTokenPaging } from "../../core/pagination/paging.js";
import { listPages } from "../../core/paginate.js";
import { asJson, type JsonValue, type Resource } from "../../core/provider.js";
import { DEAL_STAGES } from "../../world/commerce/commerce.js";
import type { HsContext } from "./context.js";
import { uuidOf } from "./context.js";
import { MAX_LIST_LIMIT } from "./lists.js";
import { OTHER_TYPES, otherProperties } from "./other-objects.js";
import { DEAL_STAGE_IDS, DEAL_STAGE_LABELS, PIPELINES, TICKET_STAGES } from "./pipelines.js";
import { PROPERTIES, type PropDef } from "./properties.js";
import type { Change, HsRecord } from "./records.js";
import { OBJECT_TYPES, type ObjectType } from "./object-types.js";

/**
 * HubSpot's legacy v1/v2 APIs, which Singer's tap-hubspot (tap_hubspot/__init__.py) and Airbyte's
 * source-hubspot (streams.py) still call beside v3. Their bodies differ from v3: property values are
 * `{value, timestamp, source, sourceId, versions}` objects, datetimes are epoch milliseconds, ids are
 * numbers, and lists page with `offset`/`vidOffset` and a `has-more`/`hasMore` flag:
 *
 * - `contacts/v1/lists/all/contacts/all`: `{contacts, has-more, vid-offset}`, `count` (default 20, max
 *   100) and `vidOffset`; each contact carries its properties with `versions` (what
 *   `propertyMode=value_and_history` returns), `form-submissions`, `list-memberships`,
 *   `identity-profiles` and `merge-audits` (what `showListMemberships` and `formSubmissionMode` add).
 * - `companies/v2/companies/paged`: `{companies, has-more, offset}`, `limit` (default 100) and `offset`;
 *   `companies/v2/companies/{id}`.
 * - `deals/v1/deal/paged`: `{deals, hasMore, offset}`, `limit` (default 100) and `offset`;
 *   `deals/v1/deal/{id}`.
 * - `properties/v1|v2/{type}/properties`, `companies/v2/properties`: the property definitions as arrays.
 * - `owners/v2/owners` (and each owner), `deals/v1/pipelines`, `crm-pipelines/v1/pipelines/{deals,tickets}`.
 * - What the company has none of, answered empty as HubSpot answers: engagements, campaigns, email
 *   events, subscription changes, workflows, forms, marketing emails, contact lists, web analytics events,
 *   custom object schemas; and the two email subscription types every portal has.
 *
 * Offsets are the decimal position of the next record (opaque to clients, which send them back), and a
 * last page leaves its offset out; `has-more` is on every page. Archived deals are not listed.
 */
const LEGACY_MAX = MAX_LIST_LIMIT;

export function legacyPagination(
  origin: string,
  o: { size: string; page: string; field: string; more: string; default: number },
): ContinuationTokenPaging {
  return {
    mechanism: "continuation-token",
    pageParam: o.page,
    sizeParam: o.size,
    defaultSize: o.default,
    rendered: [...new Set([o.default, LEGACY_MAX])].sort((a, b) => a - b),
    max: LEGACY_MAX,
    origin,
    continuation: { field: o.field, token: "offset", moreField: o.more },
  };
}

export const LEGACY_LISTS = {
  contacts: {
    path: "contacts/v1/lists/all/contacts/all",
    envelope: "contacts",
    size: "count",
    page: "vidOffset",
    field: "vid-offset",
    more: "has-more",
    default: 20,
  },
  companies: {
    path: "companies/v2/companies/paged",
    envelope: "companies",
    size: "limit",
    page: "offset",
    field: "offset",
    more: "has-more",
    default: 100,
  },
  deals: { path: "deals/v1/deal/paged", envelope: "deals", size: "limit", page: "offset", field: "offset", more: "hasMore", default: 100 },
} as const;

type LegacyList = (typeof LEGACY_LISTS)[keyof typeof LEGACY_LISTS];

function* legacyPages(hs: HsContext, list: LegacyList, items: JsonValue[]): Generator<Resource> {
  yield* listPages(legacyPagination(hs.api, list), list.path, items, {
    envelope: list.envelope,
    wrap: (page, fields) => ({
      [list.envelope]: page,
      [list.more]: fields[list.more] ?? false,
      ...(fields[list.field] !== undefined ? { [list.field]: fields[list.field] } : {}),
    }),
  });
}

const ms = (iso: string) => Date.parse(iso);

function defsOf(type: ObjectType): Map<string, PropDef> {
  return new Map(PROPERTIES[type].map((d) => [d.name, d]));
}

/** A v1/v2 property value: datetimes as epoch milliseconds, everything else as the v3 string. */
function legacyValue(def: PropDef | undefined, value: string): string {
  return def?.type === "datetime" ? String(ms(value)) : value;
}

function sourceId(c: Change): string | null {
  return c.userId !== undefined ? `userId:${c.userId}` : null;
}

/** Companies and deals (v2/v1): `{value, timestamp, source, sourceId, versions}`, newest version first. */
function v2Properties(rec: HsRecord, defs: Map<string, PropDef>): Record<string, JsonValue> {
  const out: Record<string, JsonValue> = {};
  for (const name of Object.keys(rec.props).sort()) {
    const list = rec.history[name];
    const last = list?.at(-1);
    if (!list || !last || rec.props[name] === null) continue;
    const def = defs.get(name);
    out[name] = {
      value: legacyValue(def, last.value),
      timestamp: last.at,
      source: last.source,
      sourceId: sourceId(last),
      versions: [...list].reverse().map((c) => ({
        name,
        value: legacyValue(def, c.value),
        timestamp: c.at,
        source: c.source,
        sourceVid: [],
        ...(c.userId !== undefined ? { sourceId: `userId:${c.userId}` } : {}),
      })),
    };
  }
  return out;
}

/** Contacts (v1): `{value, versions}` with kebab-case version fields, newest first. */
function v1Properties(rec: HsRecord, defs: Map<string, PropDef>): Record<string, JsonValue> {
  const out: Record<string, JsonValue> = {};
  for (const name of Object.keys(rec.props).sort()) {
    const list = rec.history[name];
    const last = list?.at(-1);
    if (!list || !last || rec.props[name] === null) continue;
    const def = defs.get(name);
    out[name] = {
      value: legacyValue(def, last.value),
      versions: [...list].reverse().map((c) => ({
        value: legacyValue(def, c.value),
        "source-type": c.source,
        "source-id": sourceId(c),
        "source-label": null,
        timestamp: c.at,
        selected: false,
      })),
    };
  }
  return out;
}

export function contactV1(hs: HsContext, rec: HsRecord, defs = defsOf("contacts")): JsonValue {
  const email = rec.props.email ?? "";
  return asJson({
    addedAt: rec.createdAt,
    vid: rec.id,
    "canonical-vid": rec.id,
    "merged-vids": [],
    "portal-id": hs.portalId,
    "is-contact": true,
    properties: v1Properties(rec, defs),
    "form-submissions": [],
    "list-memberships": [],
    "identity-profiles": [
      {
        vid: rec.id,
        "saved-at-timestamp": rec.createdAt,
        "deleted-changed-timestamp": 0,
        identities: [
          { type: "EMAIL", value: email, timestamp: rec.createdAt, "is-primary": true },
          { type: "LEAD_GUID", value: uuidOf(`hubspot/lead-guid/${hs.world.generation.seed}/${rec.id}`), timestamp: rec.createdAt },
        ],
      },
    ],
    "merge-audits": [],
  });
}

export function companyV2(hs: HsContext, rec: HsRecord, defs = defsOf("companies")): JsonValue {
  return asJson({
    portalId: hs.portalId,
    companyId: rec.id,
    isDeleted: false,
    properties: v2Properties(rec, defs),
    additionalDomains: [],
    stateChanges: [],
    mergeAudits: [],
  });
}

export function dealV1(hs: HsContext, rec: HsRecord, defs = defsOf("deals")): JsonValue {
  const ids = (t: ObjectType) => (rec.assoc[t] ?? []).map((a) => a.id);
  return asJson({
    portalId: hs.portalId,
    dealId: rec.id,
    isDeleted: false,
    associations: {
      associatedVids: ids("contacts"),
      associatedCompanyIds: ids("companies"),
      associatedDealIds: [],
      associatedTicketIds: ids("tickets"),
    },
    properties: v2Properties(rec, defs),
    imports: [],
    stateChanges: [],
  });
}

/** A property definition as the v1/v2 properties APIs return it (times in epoch milliseconds). */
function legacyProperty(hs: HsContext, def: PropDef, order: number): JsonValue {
  const at = hs.portalCreated;
  return asJson({
    name: def.name,
    label: def.label,
    description: def.description,
    groupName: def.groupName,
    type: def.type,
    fieldType: def.fieldType,
    options: def.owner
      ? []
      : (def.options ?? []).map((o, i) => ({
          label: o.label,
          value: o.value,
          displayOrder: i,
          hidden: false,
          description: null,
          readOnly: false,
        })),
    displayOrder: def.custom ? -1 : order,
    calculated: def.calculated ?? false,
    externalOptions: def.owner ?? false,
    hasUniqueValue: def.hasUniqueValue ?? false,
    hidden: false,
    hubspotDefined: def.custom ? null : true,
    showCurrencySymbol: def.numberDisplayHint === "currency",
    formField: !(def.calculated || def.readOnlyValue),
    readOnlyValue: def.readOnlyValue ?? false,
    readOnlyDefinition: !def.custom,
    mutableDefinitionNotDeletable: !def.custom,
    favorited: false,
    favoritedOrder: -1,
    displayMode: "current_value",
    createdAt: def.custom ? null : at,
    updatedAt: at,
    deleted: false,
    createdUserId: def.custom ? hs.userId("admin") : null,
    searchableInGlobalSearch: false,
    textDisplayHint: def.textDisplayHint ?? null,
    numberDisplayHint: def.numberDisplayHint ?? null,
    optionsAreMutable: null,
    referencedObjectType: def.owner ? "OWNER" : null,
  });
}

function* ownersV2(hs: HsContext): Generator<Resource> {
  const staff = [...hs.world.commerce.staff].sort((a, b) => a.id - b.id);
  const owners = staff.map((s) => {
    const userId = hs.userId(s.id);
    return asJson({
      portalId: hs.portalId,
      ownerId: s.id,
      type: "PERSON",
      firstName: s.firstName,
      lastName: s.lastName,
      email: s.email,
      createdAt: s.joinedAt,
      updatedAt: s.joinedAt,
      remoteList: [{ portalId: hs.portalId, ownerId: s.id, remoteId: String(userId), remoteType: "HUBSPOT", active: true }],
      hasContactsAccess: true,
      activeUserId: userId,
      userIdIncludingInactive: userId,
      activeSalesforceId: null,
      isActive: true,
    });
  });
  yield { path: "owners/v2/owners", body: owners };
  for (const [i, s] of staff.entries()) yield { path: `owners/v2/owners/${s.id}`, body: owners[i]! };
}

function* pipelinesV1(hs: HsContext): Generator<Resource> {
  const at = hs.portalCreated;
  const probability = (p: number) => p;
  // deals/v1/pipelines (Singer's deal_pipelines): the deal pipeline with `probability` as a number and `closedWon`.
  const dealStages = DEAL_STAGES.map(([stage, p], i) => ({
    stageId: DEAL_STAGE_IDS[stage],
    label: DEAL_STAGE_LABELS[stage],
    probability: probability(p),
    active: true,
    displayOrder: i,
    closedWon: stage === "won",
  }));
  yield {
    path: "deals/v1/pipelines",
    body: [
      {
        pipelineId: PIPELINES.deals.id,
        stages: dealStages,
        label: PIPELINES.deals.label,
        active: true,
        displayOrder: 0,
        staticDefault: true,
      },
    ],
  };
  // crm-pipelines/v1 (Airbyte's deal_pipelines): metadata as strings, times in epoch milliseconds.
  for (const kind of ["deals", "tickets"] as const) {
    const stages =
      kind === "deals"
        ? DEAL_STAGES.map(([stage, p], i) => ({
            stageId: DEAL_STAGE_IDS[stage],
            createdAt: at,
            updatedAt: at,
            label: DEAL_STAGE_LABELS[stage],
            displayOrder: i,
            metadata: { isClosed: String(stage === "won" || stage === "lost"), probability: p === 0 || p === 1 ? `${p}.0` : String(p) },
            active: true,
          }))
        : TICKET_STAGES.map((s, i) => ({
            stageId: s.id,
            createdAt: at,
            updatedAt: at,
            label: s.label,
            displayOrder: i,
            metadata: { ticketState: s.open ? "OPEN" : "CLOSED", isClosed: String(!s.open) },
            active: true,
          }));
    const p = PIPELINES[kind];
    yield {
      path: `crm-pipelines/v1/pipelines/${kind}`,
      body: {
        results: [
          {
            pipelineId: p.id,
            createdAt: at,
            updatedAt: at,
            objectType: kind === "deals" ? "DEAL" : "TICKET",
            objectTypeId: kind === "deals" ? "0-3" : "0-5",
            label: p.label,
            displayOrder: 0,
            active: true,
            stages,
            default: true,
          },
        ],
      },
    };
  }
}

/** Endpoints of things the company has none of, as HubSpot answers them then. */
const EMPTY: Array<[string, JsonValue]> = [
  ["engagements/v1/engagements/paged", { results: [], hasMore: false, offset: 0 }],
  ["engagements/v1/engagements/recent/modified", { results: [], hasMore: false, offset: 0, total: 0 }],
  ["email/public/v1/campaigns", { campaigns: [], hasMore: false }],
  ["email/public/v1/campaigns/by-id", { campaigns: [], hasMore: false }],
  ["email/public/v1/events", { events: [], hasMore: false }],
  ["email/public/v1/subscriptions/timeline", { timeline: [], hasMore: false }],
  ["automation/v3/workflows", { workflows: [] }],
  ["forms/v2/forms", []],
  ["marketing/v3/forms", { results: [] }],
  ["marketing-emails/v1/emails/with-statistics", { objects: [], limit: 20, offset: 0, total: 0 }],
  ["contacts/v1/lists", { lists: [], offset: 0, "has-more": false }],
  ["events/v3/events", { results: [] }],
  ["crm/v3/schemas", { results: [] }],
  // Airbyte's Forms stream reads the form entity's definitions before its records: an array of v2
  // property definitions (Airbyte's own tests mock it so). The portal has no forms and none defined.
  ["properties/v2/form/properties", []],
];

export const EMPTY_PATHS = EMPTY.map(([p]) => p);

export function* legacyResources(hs: HsContext): Generator<Resource> {
  const live = (type: ObjectType) => hs.records[type].filter((r) => r.archivedAt === undefined);
  const companyDefs = defsOf("companies"),
    dealDefs = defsOf("deals"),
    contactDefs = defsOf("contacts");
  yield* legacyPages(
    hs,
    LEGACY_LISTS.contacts,
    live("contacts").map((r) => contactV1(hs, r, contactDefs)),
  );
  const companies = live("companies").map((r) => companyV2(hs, r, companyDefs));
  yield* legacyPages(hs, LEGACY_LISTS.companies, companies);
  for (const [i, r] of live("companies").entries()) yield { path: `companies/v2/companies/${r.id}`, body: companies[i]! };
  const deals = live("deals").map((r) => dealV1(hs, r, dealDefs));
  yield* legacyPages(hs, LEGACY_LISTS.deals, deals);
  for (const [i, r] of live("deals").entries()) yield { path: `deals/v1/deal/${r.id}`, body: deals[i]! };
  for (const r of live("contacts")) yield { path: `contacts/v1/contact/vid/${r.id}/profile`, body: contactV1(hs, r, contactDefs) };

  for (const type of OBJECT_TYPES)
    yield { path: `properties/v2/${type}/properties`, body: PROPERTIES[type].map((d, i) => legacyProperty(hs, d, i)) };
  for (const t of OTHER_TYPES)
    yield { path: `properties/v2/${t.type}/properties`, body: otherProperties(t).map((d, i) => legacyProperty(hs, d, i)) };

  yield* ownersV2(hs);
  yield* pipelinesV1(hs);
  for (const [path, body] of EMPTY) yield { path, body };
  // Every portal has HubSpot's default email subscription types (Airbyte's EmailSubscriptions stream).
  const subscriptions = [
    ["Marketing Information", "Marketing offers and updates."],
    ["One to One", "One to one emails."],
  ].map(([name, description]) => ({
    active: true,
    portalId: hs.portalId,
    description: description!,
    id: hs.id(`subscription/${name}`, 1_000_000, 9_000_000),
    name: name!,
  }));
  yield { path: "email/public/v1/subscriptions", body: { subscriptionDefinitions: subscriptions } };
}
