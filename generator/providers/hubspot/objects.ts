import { asJson, type JsonValue, type Resource } from "../../core/provider.js";
import type { HsContext } from "./context.js";
import { OBJECT_TYPES, type ObjectType } from "./object-types.js";
import { OBJECTS_LIMIT, cursorPages } from "./lists.js";
import { propertyNames } from "./properties.js";
import type { Change, HsRecord } from "./records.js";
import { v3Associations } from "./associations.js";

/**
 * CRM objects: `crm/v3/objects/{type}` (list) and `crm/v3/objects/{type}/{id}` (one), as
 * SimplePublicObjectWithAssociations: `{id, properties, [propertiesWithHistory], createdAt, updatedAt,
 * archived, [archivedAt], [associations]}`. Lists are ordered by id, as HubSpot's are.
 *
 * One static answer serves every `properties`, `associations` and `propertiesWithHistory`: clients send
 * them as repeated parameters (`properties=a&properties=b`), which the resolver keeps as distinct pairs,
 * so no finite set of keys could name them (see the README). Each record therefore carries every property
 * of its type (unset ones as null) and every association it has; a single record also carries the
 * history of every set property, newest first. This is a superset of what HubSpot returns for the same
 * request; the computed reads (search, batch read) return exactly the properties asked for.
 * `archived=true` lists only archived records (HubSpot's meaning); an archived record is read by id with
 * `archived=true` too.
 */
export function objectJson(hs: HsContext, rec: HsRecord, withHistory: boolean): JsonValue {
  const names = propertyNames(rec.type);
  const properties: Record<string, string | null> = {};
  for (const name of names) properties[name] = rec.props[name] ?? null;
  const out: Record<string, JsonValue> = { id: String(rec.id), properties };
  if (withHistory) out.propertiesWithHistory = historyJson(rec, names);
  out.createdAt = hs.iso(rec.createdAt);
  out.updatedAt = hs.iso(rec.updatedAt);
  out.archived = rec.archivedAt !== undefined;
  if (rec.archivedAt !== undefined) out.archivedAt = hs.iso(rec.archivedAt);
  const assoc = v3Associations(rec);
  if (Object.keys(assoc).length) out.associations = assoc;
  return out;
}

/** ValueWithTimestamp lists, newest first, for the named properties that have a value. */
export function historyJson(rec: HsRecord, names: string[]): JsonValue {
  const out: Record<string, JsonValue> = {};
  for (const name of names) {
    const list = rec.history[name];
    if (list?.length) out[name] = [...list].reverse().map(changeJson);
  }
  return out;
}

function changeJson(c: Change): JsonValue {
  return asJson({
    value: c.value,
    timestamp: new Date(c.at).toISOString(),
    sourceType: c.source,
    ...(c.userId !== undefined ? { sourceId: `userId:${c.userId}`, updatedByUserId: c.userId } : {}),
  });
}

export function* objectResources(hs: HsContext): Generator<Resource> {
  for (const type of OBJECT_TYPES) yield* typeResources(hs, type);
}

function* typeResources(hs: HsContext, type: ObjectType): Generator<Resource> {
  const base = `crm/v3/objects/${type}`;
  for (const archived of [false, true]) {
    const records = hs.records[type].filter((r) => (r.archivedAt !== undefined) === archived);
    const filters: Array<[string, string]> = archived ? [["archived", "true"]] : [];
    yield* cursorPages(
      hs,
      base,
      records.map((r) => objectJson(hs, r, false)),
      OBJECTS_LIMIT,
      filters,
    );
    for (const r of records) yield { path: `${base}/${r.id}`, query: Object.fromEntries(filters), body: objectJson(hs, r, true) };
    // `propertiesWithHistory=…` on a list (Airbyte's CompaniesPropertyHistory, DealsPropertyHistory): every
    // record with the history of every set property, whatever properties were named (the query rules
    // read any value as `all`).
    yield* cursorPages(
      hs,
      base,
      records.map((r) => objectJson(hs, r, true)),
      OBJECTS_LIMIT,
      [...filters, ["propertiesWithHistory", "all"]],
    );
  }
}
