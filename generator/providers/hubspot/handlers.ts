import { jsonBody, jsonReply, readResource } from "../../core/compute.js";
import type { JsonObject, ComputeHandler, ComputeInput, JsonValue } from "../../core/provider.js";
import { uuidOf } from "./context.js";
import { OBJECT_TYPES, TYPE_NAMES, spellings, type ObjectType } from "./object-types.js";
import { ASSOCIATION_TYPES } from "./associations.js";
import { OTHER_BY_TYPE, OTHER_TYPES, otherDefaults, otherSpellings } from "./other-objects.js";
import { batchNotFound, validationError } from "./errors.js";
import { alwaysReturned, DEFAULT_PROPERTIES, SEARCHABLE } from "./properties.js";
import { parseSearch, runSearch, type SearchRecord, type Types } from "./search.js";
import type { ComputedRoute } from "../../core/define-provider.js";

/**
 * What a static file cannot answer, computed from the pin's own files (read by key), so the same
 * request always gets the same bytes and nothing is stored:
 * - `search`: `POST crm/v3/objects/{type}/search` over the type's records (search.ts);
 * - `batch-read`: `POST crm/v3/objects/{type}/batch/read`, by id or by a unique `idProperty`, with
 *   exactly the requested `properties` and `propertiesWithHistory` (207 with the ids not found);
 * - `associations-batch-read`: `POST crm/v4/associations/{from}/{to}/batch/read`.
 * Batch answers are stamped with the generation's as-of time. Errors carry a correlation id derived from
 * the request.
 */

const reply = (status: number, body: JsonValue) => jsonReply(status, body);

function correlation(input: ComputeInput): string {
  return uuidOf(`${input.method} ${input.path}?${new URLSearchParams(input.query).toString()}\n${input.body?.toString("utf8") ?? ""}`);
}

function invalid(input: ComputeInput, message: string) {
  return reply(400, validationError(message, correlation(input)));
}

/** The JSON body: `{}` when there is none, undefined when it does not parse. */
function parseBody(input: ComputeInput): unknown {
  const parsed = jsonBody(input);
  return parsed.kind === "empty" ? {} : parsed.kind === "json" ? parsed.value : undefined;
}

const readJson = (input: ComputeInput, path: string, query: Array<[string, string]> = []) => readResource<JsonObject>(input, path, query);

/** Every live record of a type with all its properties and associations, from the 100-item pages. */
async function allRecords(input: ComputeInput, type: AnyType): Promise<SearchRecord[]> {
  const out: SearchRecord[] = [];
  let after: string | undefined = "0";
  for (let guard = 0; after !== undefined && guard < 10_000; guard++) {
    const page = await readJson(input, `crm/v3/objects/${type}`, [
      ["limit", "100"],
      ["after", after],
    ]);
    if (!page) break;
    out.push(...(page.results as unknown as SearchRecord[]));
    after = ((page.paging as JsonObject | undefined)?.next as JsonObject | undefined)?.after as string | undefined;
  }
  return out;
}

async function propertyTypes(input: ComputeInput, type: AnyType): Promise<Types> {
  const defs = (await readJson(input, `crm/v3/properties/${type}`))?.results as Array<{ name: string; type: string }> | undefined;
  return new Map((defs ?? []).map((d) => [d.name, d.type]));
}

/** A served object type by its path name: the four the world fills, or one the company has no records of (other-objects.ts). */
type AnyType = ObjectType | string;

const isMain = (t: AnyType): t is ObjectType => (OBJECT_TYPES as readonly string[]).includes(t);

function typeOf(path: string): AnyType | undefined {
  const t = path.split("/")[3];
  return t !== undefined && (isMain(t) || OTHER_BY_TYPE.has(t)) ? t : undefined;
}

/** A type by any spelling HubSpot accepts in a path (plural, singular, type id; any case), or undefined. */
export function typeBySpelling(name: string): AnyType | undefined {
  const n = name.toLowerCase();
  for (const t of OBJECT_TYPES) if (t === n || TYPE_NAMES[t].singular === n || TYPE_NAMES[t].typeId === n) return t;
  for (const t of OTHER_TYPES) if (t.type === n || t.singular === n || t.typeId === n) return t.type;
  return undefined;
}

const upperOf = (t: AnyType) => (isMain(t) ? TYPE_NAMES[t].upper : OTHER_BY_TYPE.get(t)!.upper);
const singularOf = (t: AnyType) => (isMain(t) ? TYPE_NAMES[t].singular : OTHER_BY_TYPE.get(t)!.singular);

/** The properties a read returns: the defaults when none are named, else the named ones that exist plus HubSpot's three. */
function wanted(type: AnyType, requested: string[], types: Types): string[] {
  const defaults = isMain(type) ? DEFAULT_PROPERTIES[type] : otherDefaults(OTHER_BY_TYPE.get(type)!);
  if (requested.length === 0) return defaults;
  const always = isMain(type) ? alwaysReturned(type) : defaults;
  return [...new Set([...requested, ...always])].filter((n) => types.has(n)).sort();
}

function project(props: Record<string, string | null>, names: string[]): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const n of names) out[n] = props[n] ?? null;
  return out;
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string" && x !== "") : [];
}

function stamps(input: ComputeInput, work: number): { startedAt: string; completedAt: string } {
  const start = Date.parse(input.serving.asOf ?? "1970-01-01T00:00:00Z");
  return { startedAt: new Date(start).toISOString(), completedAt: new Date(start + 12 + work * 3).toISOString() };
}

const search: ComputeHandler = async (input) => {
  const type = typeOf(input.path);
  if (!type) return reply(input.serving.errors.notFound.status, input.serving.errors.notFound.body);
  const body = parseBody(input);
  if (body === undefined) return invalid(input, "Invalid input JSON: the request body is not valid JSON.");
  const types = await propertyTypes(input, type);
  const req = parseSearch(body, types);
  if (typeof req === "string") return invalid(input, req);
  const hits = runSearch(await allRecords(input, type), req, types, isMain(type) ? SEARCHABLE[type] : []);
  const names = wanted(type, req.properties, types);
  const results = hits.slice(req.after, req.after + req.limit).map((r) => ({
    id: r.id,
    properties: project(r.properties, names),
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    archived: r.archived,
  }));
  const next = req.after + req.limit;
  return reply(200, {
    total: hits.length,
    results,
    ...(req.limit > 0 && next < hits.length ? { paging: { next: { after: String(next) } } } : {}),
  });
};

const batchRead: ComputeHandler = async (input) => {
  const type = typeOf(input.path);
  if (!type) return reply(input.serving.errors.notFound.status, input.serving.errors.notFound.body);
  const body = parseBody(input) as Record<string, unknown> | undefined;
  if (!body || typeof body !== "object" || Array.isArray(body))
    return invalid(input, "Invalid input JSON: the request body must be a JSON object.");
  if (!Array.isArray(body.inputs))
    return invalid(
      input,
      "Invalid input JSON: Cannot build BatchReadInputSimplePublicObjectId, some of required attributes are not set [inputs]",
    );
  if (body.inputs.length > 100) return invalid(input, `Too many inputs (${body.inputs.length}): a batch reads at most 100.`);
  const ids = [...new Set(body.inputs.map((i) => String((i as { id?: unknown } | null)?.id ?? "")))];
  const archived = new URLSearchParams(input.query).get("archived") === "true";
  const idProperty =
    typeof body.idProperty === "string" && body.idProperty !== "" && body.idProperty !== "hs_object_id" ? body.idProperty : undefined;
  const types = await propertyTypes(input, type);
  if (idProperty && !types.has(idProperty)) return invalid(input, `The idProperty '${idProperty}' does not exist on ${type}.`);
  const names = wanted(type, strings(body.properties), types);
  const withHistory = strings(body.propertiesWithHistory).filter((n) => types.has(n));
  const byProperty = idProperty && !archived ? await allRecords(input, type) : [];
  const results: JsonValue[] = [];
  const missing: string[] = [];
  for (const id of ids) {
    const objectId = idProperty
      ? byProperty.find((r) => (r.properties[idProperty] ?? "").toLowerCase() === id.toLowerCase())?.id
      : /^\d+$/.test(id)
        ? id
        : undefined;
    const rec =
      objectId === undefined
        ? undefined
        : await readJson(input, `crm/v3/objects/${type}/${objectId}`, archived ? [["archived", "true"]] : []);
    if (!rec) {
      missing.push(id);
      continue;
    }
    const history = rec.propertiesWithHistory as JsonObject;
    const out: JsonObject = { id: rec.id!, properties: project(rec.properties as Record<string, string | null>, names) };
    if (withHistory.length) out.propertiesWithHistory = Object.fromEntries(withHistory.map((n) => [n, history[n] ?? []]));
    for (const k of ["createdAt", "updatedAt", "archived", "archivedAt"]) if (rec[k] !== undefined) out[k] = rec[k]!;
    results.push(out);
  }
  const errors = missing.length ? { numErrors: 1, errors: [batchNotFound(upperOf(type), missing)] } : {};
  return reply(missing.length ? 207 : 200, { status: "COMPLETE", results, ...errors, ...stamps(input, ids.length) });
};

/** The from and to types of an associations path (`crm/v{3,4}/associations/{from}/{to}/batch/read`), by any spelling. */
function associationTypes(input: ComputeInput): { from: AnyType; to: AnyType } | string {
  const [, , , fromName = "", toName = ""] = input.path.split("/");
  const from = typeBySpelling(fromName),
    to = typeBySpelling(toName);
  if (from === undefined) return `Unable to infer object type from: ${fromName}`;
  if (to === undefined) return `Unable to infer object type from: ${toName}`;
  return { from, to };
}

function batchIds(body: Record<string, unknown>): string[] {
  return [...new Set((body.inputs as unknown[]).map((i) => String((i as { id?: unknown } | null)?.id ?? "")))];
}

function noAssociations(from: AnyType, to: AnyType, id: string): JsonValue {
  return {
    status: "error",
    category: "OBJECT_NOT_FOUND",
    subCategory: "crm.associations.NO_ASSOCIATIONS_FOUND",
    message: `No ${singularOf(to)} is associated with ${singularOf(from)} ${id}.`,
    context: { fromObjectId: [id], fromObjectType: [singularOf(from)], toObjectType: [singularOf(to)] },
  };
}

/** The v4 associations of one record to a type, from the pin's own pages (none for types the company has no records of). */
async function v4List(input: ComputeInput, from: AnyType, to: AnyType, id: string): Promise<JsonValue[]> {
  if (!/^\d+$/.test(id) || from === to || !isMain(from) || !isMain(to)) return [];
  const page = await readJson(input, `crm/v4/objects/${from}/${id}/associations/${to}`);
  return (page?.results ?? []) as JsonValue[];
}

/**
 * `POST crm/v4/associations/{from}/{to}/batch/read` (Airbyte's AssociationsStream, for every type a CRM
 * search stream names) and `POST crm/v3/associations/{from}/{to}/batch/read` (Singer's
 * contacts_by_company): a read, never the read-only 403. Ids without any association of that type are
 * errors of a 207, as HubSpot answers.
 */
function associationsBatch(version: 3 | 4): ComputeHandler {
  return async (input) => {
    const types = associationTypes(input);
    if (typeof types === "string") return invalid(input, types);
    const { from, to } = types;
    const body = parseBody(input) as Record<string, unknown> | undefined;
    const schema = version === 4 ? "BatchInputPublicFetchAssociationsBatchRequest" : "BatchInputPublicObjectId";
    if (!body || !Array.isArray(body.inputs))
      return invalid(input, `Invalid input JSON: Cannot build ${schema}, some of required attributes are not set [inputs]`);
    if (body.inputs.length > 1000) return invalid(input, `Too many inputs (${body.inputs.length}): a batch reads at most 1000.`);
    const results: JsonValue[] = [];
    const errors: JsonValue[] = [];
    for (const id of batchIds(body)) {
      const list = await v4List(input, from, to, id);
      if (!list.length) {
        errors.push(noAssociations(from, to, id));
        continue;
      }
      if (version === 4) {
        results.push({ from: { id }, to: list });
        continue;
      }
      // v3 names each associated record once, with the type's default association name.
      const name = isMain(from) && isMain(to) ? ASSOCIATION_TYPES[`${from}>${to}`]?.name : undefined;
      results.push({
        from: { id },
        to: list.map((a) => ({
          id: String((a as { toObjectId: number }).toObjectId),
          type: name ?? `${singularOf(from)}_to_${singularOf(to)}`,
        })),
      });
    }
    const extra = errors.length ? { numErrors: errors.length, errors } : {};
    return reply(errors.length ? 207 : 200, { status: "COMPLETE", results, ...extra, ...stamps(input, batchIds(body).length) });
  };
}

/**
 * `GET crm/v4/objects/{type}/{id}/associations/{other}` from a record of the four types to a type the
 * company has no records of (`deals/…/associations/line_items`): an empty list when the record exists,
 * HubSpot's 404 when it does not. Lists among the four types are files.
 */
const emptyAssociations: ComputeHandler = async (input) => {
  const [, , , fromName = "", id = ""] = input.path.split("/");
  const from = typeBySpelling(fromName);
  const exists = from !== undefined && isMain(from) && /^\d+$/.test(id) && (await input.read(`crm/v3/objects/${from}/${id}`)) !== undefined;
  if (!exists) return reply(input.serving.errors.notFound.status, input.serving.errors.notFound.body);
  return reply(200, { results: [] });
};

/**
 * `POST crm/v3/lists/search` (Singer's contact_lists: `{count, sort, offset}`): the portal has no lists,
 * so every search finds none. `count` above 500 is refused, as HubSpot refuses it.
 */
const listsSearch: ComputeHandler = async (input) => {
  const body = parseBody(input) as Record<string, unknown> | undefined;
  if (body === undefined || typeof body !== "object" || Array.isArray(body))
    return invalid(input, "Invalid input JSON: the request body must be a JSON object.");
  const count = body.count;
  if (count !== undefined && (typeof count !== "number" || !Number.isInteger(count) || count < 0 || count > 500))
    return invalid(input, "count must be an integer from 0 to 500.");
  const offset = body.offset;
  if (offset !== undefined && (typeof offset !== "number" || !Number.isInteger(offset) || offset < 0))
    return invalid(input, "offset must be a non-negative integer.");
  return reply(200, { lists: [], hasMore: false, offset: typeof offset === "number" ? offset : 0, total: 0 });
};

const TYPES = [...OBJECT_TYPES, ...OTHER_TYPES.map((t) => t.type)].join("|");
const MAIN_SPELLINGS = OBJECT_TYPES.map(spellings).join("|");
const OTHER_SPELLINGS = OTHER_TYPES.flatMap(otherSpellings)
  .map((x) => x.replace("-", "\\-"))
  .join("|");

/** The computed routes, matched on the resource path after aliases. */
export function computedRoutes(): ComputedRoute[] {
  return [
    { method: "POST", path: `^crm/v3/objects/(${TYPES})/search$`, handler: "search", run: search },
    { method: "POST", path: `^crm/v3/objects/(${TYPES})/batch/read$`, handler: "batch-read", run: batchRead },
    { method: "POST", path: "^crm/v4/associations/[^/]+/[^/]+/batch/read$", handler: "associations-batch-read", run: associationsBatch(4) },
    {
      method: "POST",
      path: "^crm/v3/associations/[^/]+/[^/]+/batch/read$",
      handler: "associations-v3-batch-read",
      run: associationsBatch(3),
    },
    { method: "POST", path: "^crm/v3/lists/search$", handler: "lists-search", run: listsSearch },
    {
      method: "GET",
      path: `^crm/v4/objects/(${MAIN_SPELLINGS})/\\d+/associations/(${OTHER_SPELLINGS})$`,
      handler: "empty-associations",
      run: emptyAssociations,
    },
  ];
}
