import type { JsonValue, Resource } from "../../core/provider.js";
import type { HsContext } from "./context.js";
import { OBJECT_TYPES, type ObjectType } from "./object-types.js";
import { ASSOCIATIONS_LIMIT, cursorPages } from "./lists.js";
import type { HsRecord } from "./records.js";

/**
 * Associations between records, in HubSpot's HUBSPOT_DEFINED types: contact-company, deal-company and
 * ticket-company are primary (a record's own company) and also unlabeled; deal-contact and
 * ticket-contact have one type each. The v3 objects embed them as `{id, type}` (a primary association
 * appears twice: `contact_to_company` and `contact_to_company_unlabeled`, as HubSpot lists it); the v4
 * API lists `{toObjectId, associationTypes: [{category, typeId, label}]}`.
 */
interface AssocType {
  name: string;
  unlabeled: number;
  primary?: number;
}

export const ASSOCIATION_TYPES: Partial<Record<`${ObjectType}>${ObjectType}`, AssocType>> = {
  "contacts>companies": { name: "contact_to_company", primary: 1, unlabeled: 279 },
  "companies>contacts": { name: "company_to_contact", primary: 2, unlabeled: 280 },
  "deals>contacts": { name: "deal_to_contact", unlabeled: 3 },
  "contacts>deals": { name: "contact_to_deal", unlabeled: 4 },
  "deals>companies": { name: "deal_to_company", primary: 5, unlabeled: 341 },
  "companies>deals": { name: "company_to_deal", primary: 6, unlabeled: 342 },
  "contacts>tickets": { name: "contact_to_ticket", unlabeled: 15 },
  "tickets>contacts": { name: "ticket_to_contact", unlabeled: 16 },
  "companies>tickets": { name: "company_to_ticket", primary: 25, unlabeled: 340 },
  "tickets>companies": { name: "ticket_to_company", primary: 26, unlabeled: 339 },
  "deals>tickets": { name: "deal_to_ticket", unlabeled: 27 },
  "tickets>deals": { name: "ticket_to_deal", unlabeled: 28 },
};

function typeOf(from: ObjectType, to: ObjectType): AssocType | undefined {
  return ASSOCIATION_TYPES[`${from}>${to}`];
}

/** The `associations` object of a v3 record: each associated type that has any, in a fixed order. */
export function v3Associations(rec: HsRecord): Record<string, JsonValue> {
  const out: Record<string, JsonValue> = {};
  for (const to of OBJECT_TYPES) {
    const list = rec.assoc[to];
    const t = typeOf(rec.type, to);
    if (!list?.length || !t) continue;
    const results = list.flatMap(({ id, primary }) => {
      if (t.primary === undefined) return [{ id: String(id), type: t.name }];
      return primary
        ? [
            { id: String(id), type: t.name },
            { id: String(id), type: `${t.name}_unlabeled` },
          ]
        : [{ id: String(id), type: `${t.name}_unlabeled` }];
    });
    out[to] = { results };
  }
  return out;
}

/** One v4 association: the primary type first, then the unlabeled one. */
export function v4Association(from: ObjectType, to: ObjectType, id: number, primary: boolean): JsonValue {
  const t = typeOf(from, to)!;
  const types: JsonValue[] = [];
  if (primary && t.primary !== undefined) types.push({ category: "HUBSPOT_DEFINED", typeId: t.primary, label: "Primary" });
  types.push({ category: "HUBSPOT_DEFINED", typeId: t.unlabeled, label: null });
  return { toObjectId: id, associationTypes: types };
}

/** `crm/v4/objects/{type}/{id}/associations/{toType}` for every live record and every other type. */
export function* associationResources(hs: HsContext): Generator<Resource> {
  for (const from of OBJECT_TYPES) {
    for (const rec of hs.records[from]) {
      if (rec.archivedAt !== undefined) continue;
      for (const to of OBJECT_TYPES) {
        if (to === from) continue;
        const items = (rec.assoc[to] ?? []).map((a) => v4Association(from, to, a.id, a.primary));
        yield* cursorPages(hs, `crm/v4/objects/${from}/${rec.id}/associations/${to}`, items, ASSOCIATIONS_LIMIT);
      }
    }
  }
}
