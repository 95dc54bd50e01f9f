import { readFileSync } from "node:fs";
import type { MetadataTypes } from "../../../generator/providers/graph/metadata.js";

/**
 * Validation against Microsoft Graph's published v1.0 metadata (CSDL, microsoftgraph/msgraph-metadata,
 * schemas/v1.0-Prod.csdl; the OpenAPI document there is generated from it and was not in the mirror).
 * generator/providers/graph/extract-metadata.mjs keeps the types the host serves and everything they reach (metadata-types.json,
 * with the commit). Every property must be declared on the type or its bases and have the declared
 * Edm type, complex type or enum member; null only where the property is nullable. Graph's types are
 * "open", but a property it does not declare is a mistake here, so unknown properties fail. Instance
 * annotations (`@odata.type`, `@odata.etag`) are allowed; `@odata.type` picks the type of an item.
 */
/** The extract's shape is the provider's own (metadata.ts serves the same file as `$metadata`). */
export type GraphSpec = MetadataTypes;
type Property = MetadataTypes["types"][string]["properties"][string];

export const spec = JSON.parse(
  readFileSync(new URL("../../../generator/providers/graph/metadata-types.json", import.meta.url), "utf8"),
) as GraphSpec;

function propertiesOf(name: string): Record<string, Property> {
  const t = spec.types[name];
  if (!t) throw new Error(`no type ${name} in the vendored metadata`);
  return { ...(t.base ? propertiesOf(t.base) : {}), ...t.properties };
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,7})?(Z|[+-]\d{2}:\d{2})$/;

/** Problems of `value` as an instance of `type` (an Edm type, `graph.x`, or `Collection(…)`), at `where`. */
function check(value: unknown, type: string, nullable: boolean, where: string, out: string[]): void {
  if (value === null) {
    if (!nullable) out.push(`${where}: null for a non-nullable ${type}`);
    return;
  }
  const collection = /^Collection\((.+)\)$/.exec(type);
  if (collection) {
    if (!Array.isArray(value)) return void out.push(`${where}: not an array (${type})`);
    value.forEach((v, i) => check(v, collection[1]!, false, `${where}[${i}]`, out));
    return;
  }
  const edm: Record<string, (v: unknown) => boolean> = {
    "Edm.String": (v) => typeof v === "string",
    "Edm.Boolean": (v) => typeof v === "boolean",
    "Edm.Int32": (v) => Number.isInteger(v),
    "Edm.Int64": (v) => Number.isInteger(v),
    "Edm.Double": (v) => typeof v === "number",
    "Edm.Guid": (v) => typeof v === "string" && GUID.test(v),
    "Edm.DateTimeOffset": (v) => typeof v === "string" && INSTANT.test(v),
    "Edm.Date": (v) => typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v),
    "Edm.Binary": (v) => typeof v === "string" && /^[A-Za-z0-9+/=_-]*$/.test(v),
  };
  if (type in edm) {
    if (!edm[type]!(value)) out.push(`${where}: ${JSON.stringify(value).slice(0, 60)} is no ${type}`);
    return;
  }
  const name = type.replace(/^graph\./, "");
  if (spec.enums[name]) {
    if (typeof value !== "string" || !spec.enums[name]!.members.includes(value))
      out.push(`${where}: ${JSON.stringify(value)} is no ${name} member`);
    return;
  }
  checkObject(value, name, where, out);
}

function checkObject(value: unknown, typeName: string, where: string, out: string[]): void {
  if (!value || typeof value !== "object" || Array.isArray(value)) return void out.push(`${where}: not an object (${typeName})`);
  const record = value as Record<string, unknown>;
  const annotated =
    typeof record["@odata.type"] === "string" ? (record["@odata.type"] as string).replace(/^#microsoft\.graph\./, "") : typeName;
  if (!spec.types[annotated]) return void out.push(`${where}: unknown @odata.type ${String(record["@odata.type"])}`);
  const props = propertiesOf(annotated);
  for (const [key, v] of Object.entries(record)) {
    if (key.startsWith("@odata.")) continue;
    const p = props[key];
    if (!p) out.push(`${where}.${key}: not a property of ${annotated}`);
    else check(v, p.type, p.nullable, `${where}.${key}`, out);
  }
}

/** The entity type a path answers (for a collection, its items'), or undefined when it is none of ours. */
export function typeOfPath(path: string): string | undefined {
  const p = path.replace(/^v1\.0\//, "");
  const rules: Array<[RegExp, string]> = [
    [/^(me|users\/[^/]+)$/, "user"],
    [/^users(\/delta)?$/, "user"],
    [/^users\/[^/]+\/manager$/, "user"],
    [/^(users|groups)\/[^/]+\/(directReports|members|owners|memberOf)$/, "directoryObject"],
    [/^groups(\/delta)?$/, "group"],
    [/^groups\/[^/]+$/, "group"],
    [/^(users|groups)\/[^/]+\/(events|calendarView)(\/[^/]+)?$/, "event"],
    [/^(users|groups)\/[^/]+\/(calendar|calendars)$/, "calendar"],
    [/^auditLogs\/signIns(\/[^/]+)?$/, "signIn"],
    [/^organization$/, "organization"],
    [/^subscribedSkus$/, "subscribedSku"],
    [/^users\/[^/]+\/licenseDetails$/, "licenseDetails"],
  ];
  return rules.find(([re]) => re.test(p))?.[1];
}

const COLLECTION_KEYS = new Set(["@odata.context", "value", "@odata.nextLink", "@odata.deltaLink", "@odata.count"]);

/** A served body against the metadata: a collection page (`{@odata.context, value, …}`) or an entity. */
export function validateGraph(path: string, body: unknown): string | undefined {
  const type = typeOfPath(path);
  if (!type) return `no type known for ${path}`;
  const out: string[] = [];
  const record = body as Record<string, unknown>;
  if (record && typeof record === "object" && Array.isArray(record.value)) {
    for (const key of Object.keys(record)) if (!COLLECTION_KEYS.has(key)) out.push(`.${key}: not a collection annotation`);
    if (typeof record["@odata.context"] !== "string") out.push("@odata.context is missing");
    for (const link of ["@odata.nextLink", "@odata.deltaLink"])
      if (link in record && !/^https?:\/\//.test(String(record[link]))) out.push(`${link} is not absolute`);
    (record.value as unknown[]).forEach((item, i) => checkObject(item, type, `value[${i}]`, out));
  } else {
    if (typeof record?.["@odata.context"] !== "string") out.push("@odata.context is missing");
    checkObject(body, type, "", out);
  }
  return out.length ? out.slice(0, 5).join("; ") : undefined;
}
