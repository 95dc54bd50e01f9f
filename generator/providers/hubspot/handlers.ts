import { jsonBody, jsonReply, readResource } from "../../core/compute.js";
import type { ComputeHandler, ComputeInput, JsonValue } from "../../core/provider.js";
import { uuidOf } from "./context.js";
import { OBJECT_TYPES, TYPE_NAMES, type ObjectType } from "./object-types.js";
import { batchNotFound, validationError } from "./errors.js";
import { alwaysReturned, DEFAULT_PROPERTIES, SEARCHABLE } from "./properties.js";
import { parseSearch, runSearch, type SearchRecord, type Types } from "./search.js";

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
type Obj = Record<string, JsonValue>;


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

const readJson = (input: ComputeInput, path: string, query: Array<[string, string]> = []) => readResource<Obj>(input, path, query);

/** Every live record of a type with all its properties and associations, from the 100-item pages. */
async function allRecords(input: ComputeInput, type: ObjectType): Promise<SearchRecord[]> {
  const out: SearchRecord[] = [];
  let after: string | undefined = "0";
  for (let guard = 0; after !== undefined && guard < 10_000; guard++) {
    const page = await readJson(input, `crm/v3/objects/${type}`, [["limit", "100"], ["after", after]]);
    if (!page) break;
    out.push(...(page.results as unknown as SearchRecord[]));
    after = ((page.paging as Obj | undefined)?.next as Obj | undefined)?.after as string | undefined;
  }
  return out;
}

async function propertyTypes(input: ComputeInput, type: ObjectType): Promise<Types> {
  const defs = (await readJson(input, `crm/v3/properties/${type}`))?.results as Array<{ name: string; type: string }> | undefined;
  return new Map((defs ?? []).map((d) => [d.name, d.type]));
}

function typeOf(path: string): ObjectType | undefined {
  const t = path.split("/")[3];
  return OBJECT_TYPES.find((x) => x === t);
}

/** The properties a read returns: the defaults when none are named, else the named ones that exist plus HubSpot's three. */
function wanted(type: ObjectType, requested: string[], types: Types): string[] {
  if (requested.length === 0) return DEFAULT_PROPERTIES[type];
  return [...new Set([...requested, ...alwaysReturned(type)])].filter((n) => types.has(n)).sort();
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
  const hits = runSearch(await allRecords(input, type), req, types, SEARCHABLE[type]);
  const names = wanted(type, req.properties, types);
  const results = hits.slice(req.after, req.after + req.limit).map((r) => ({
    id: r.id, properties: project(r.properties, names), createdAt: r.createdAt, updatedAt: r.updatedAt, archived: r.archived,
  }));
  const next = req.after + req.limit;
  return reply(200, { total: hits.length, results, ...(req.limit > 0 && next < hits.length ? { paging: { next: { after: String(next) } } } : {}) });
};

const batchRead: ComputeHandler = async (input) => {
  const type = typeOf(input.path);
  if (!type) return reply(input.serving.errors.notFound.status, input.serving.errors.notFound.body);
  const body = parseBody(input) as Record<string, unknown> | undefined;
  if (!body || typeof body !== "object" || Array.isArray(body)) return invalid(input, "Invalid input JSON: the request body must be a JSON object.");
  if (!Array.isArray(body.inputs)) return invalid(input, "Invalid input JSON: Cannot build BatchReadInputSimplePublicObjectId, some of required attributes are not set [inputs]");
  if (body.inputs.length > 100) return invalid(input, `Too many inputs (${body.inputs.length}): a batch reads at most 100.`);
  const ids = [...new Set(body.inputs.map((i) => String((i as { id?: unknown } | null)?.id ?? "")))];
  const archived = new URLSearchParams(input.query).get("archived") === "true";
  const idProperty = typeof body.idProperty === "string" && body.idProperty !== "" && body.idProperty !== "hs_object_id" ? body.idProperty : undefined;
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
      : /^\d+$/.test(id) ? id : undefined;
    const rec = objectId === undefined ? undefined
      : await readJson(input, `crm/v3/objects/${type}/${objectId}`, archived ? [["archived", "true"]] : []);
    if (!rec) {
      missing.push(id);
      continue;
    }
    const history = rec.propertiesWithHistory as Obj;
    const out: Obj = { id: rec.id!, properties: project(rec.properties as Record<string, string | null>, names) };
    if (withHistory.length) out.propertiesWithHistory = Object.fromEntries(withHistory.map((n) => [n, history[n] ?? []]));
    for (const k of ["createdAt", "updatedAt", "archived", "archivedAt"]) if (rec[k] !== undefined) out[k] = rec[k]!;
    results.push(out);
  }
  const errors = missing.length ? { numErrors: 1, errors: [batchNotFound(TYPE_NAMES[type].upper, missing)] } : {};
  return reply(missing.length ? 207 : 200, { status: "COMPLETE", results, ...errors, ...stamps(input, ids.length) });
};

const associationsBatchRead: ComputeHandler = async (input) => {
  const [, , , from, to] = input.path.split("/") as [string, string, string, ObjectType, ObjectType];
  if (!OBJECT_TYPES.includes(from) || !OBJECT_TYPES.includes(to)) return reply(input.serving.errors.notFound.status, input.serving.errors.notFound.body);
  const body = parseBody(input) as Record<string, unknown> | undefined;
  if (!body || !Array.isArray(body.inputs)) return invalid(input, "Invalid input JSON: Cannot build BatchInputPublicFetchAssociationsBatchRequest, some of required attributes are not set [inputs]");
  if (body.inputs.length > 1000) return invalid(input, `Too many inputs (${body.inputs.length}): a batch reads at most 1000.`);
  const ids = [...new Set(body.inputs.map((i) => String((i as { id?: unknown } | null)?.id ?? "")))];
  const results: JsonValue[] = [];
  const errors: JsonValue[] = [];
  for (const id of ids) {
    const page = /^\d+$/.test(id) && from !== to ? await readJson(input, `crm/v4/objects/${from}/${id}/associations/${to}`) : undefined;
    const list = (page?.results ?? []) as JsonValue[];
    if (list.length) results.push({ from: { id }, to: list });
    else {
      errors.push({
        status: "error", category: "OBJECT_NOT_FOUND", subCategory: "crm.associations.NO_ASSOCIATIONS_FOUND",
        message: `No ${TYPE_NAMES[to].singular} is associated with ${TYPE_NAMES[from].singular} ${id}.`,
        context: { fromObjectId: [id], fromObjectType: [TYPE_NAMES[from].singular], toObjectType: [TYPE_NAMES[to].singular] },
      });
    }
  }
  const extra = errors.length ? { numErrors: errors.length, errors } : {};
  return reply(errors.length ? 207 : 200, { status: "COMPLETE", results, ...extra, ...stamps(input, ids.length) });
};

export const handlers: Record<string, ComputeHandler> = { search, "batch-read": batchRead, "associations-batch-read": associationsBatchRead };

const TYPES = OBJECT_TYPES.join("|");

/** The computed routes, matched on the resource path after aliases. */
export function computedRoutes(): Array<{ method: string; path: string; handler: string }> {
  return [
    { method: "POST", path: `^crm/v3/objects/(${TYPES})/search$`, handler: "search" },
    { method: "POST", path: `^crm/v3/objects/(${TYPES})/batch/read$`, handler: "batch-read" },
    { method: "POST", path: `^crm/v4/associations/(${TYPES})/(${TYPES})/batch/read$`, handler: "associations-batch-read" },
  ];
}
