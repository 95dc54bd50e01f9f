import type { JsonValue } from "../../core/provider.js";
import { OBJECTS, type FieldDef, type FieldType, type ObjectDef } from "./schema.js";

/** The newest API version the org answers; older ones down to 31.0 answer the same data. */
export const LATEST = "67.0";
export const OLDEST = 31;

/** `/services/data/`: every version, oldest first, with its release name (three releases a year). */
export function versions(): JsonValue {
  const out = [];
  for (let v = OLDEST; v <= Number(LATEST); v++) {
    const k = v - 62;
    const year = 25 + Math.floor(k / 3);
    const season = ["Winter", "Spring", "Summer"][((k % 3) + 3) % 3]!;
    out.push({ label: `${season} '${year}`, url: `/services/data/v${v}.0`, version: `${v}.0` });
  }
  return out;
}

export const base = (version: string) => `/services/data/v${version}`;

/** The resources a version serves here (the real list is longer: those not simulated are left out). */
export function resourcesOf(version: string): JsonValue {
  const b = base(version);
  return { limits: `${b}/limits`, query: `${b}/query`, queryAll: `${b}/queryAll`, sobjects: `${b}/sobjects` };
}

const SOAP: Record<FieldType, string> = {
  id: "tns:ID",
  reference: "tns:ID",
  string: "xsd:string",
  email: "xsd:string",
  phone: "xsd:string",
  url: "xsd:string",
  textarea: "xsd:string",
  picklist: "xsd:string",
  boolean: "xsd:boolean",
  double: "xsd:double",
  currency: "xsd:double",
  percent: "xsd:double",
  int: "xsd:int",
  date: "xsd:date",
  datetime: "xsd:dateTime",
};

/** The master record type every object has, which `recordTypeInfos` names and whose layout is served. */
export const MASTER_RECORD_TYPE = "012000000000000AAA";

function urls(o: ObjectDef, version: string): Record<string, string> {
  const b = `${base(version)}/sobjects/${o.name}`;
  return { rowTemplate: `${b}/{ID}`, describe: `${b}/describe`, sobject: b };
}

/** The object's entry in the global describe (and `objectDescribe` of its basic information). */
export function globalEntry(o: ObjectDef, version: string): Record<string, JsonValue> {
  const user = o.name === "User";
  const history = o.name === "OpportunityHistory";
  return {
    activateable: false,
    associateEntityType: null,
    associateParentEntity: null,
    createable: !history,
    custom: false,
    customSetting: false,
    deepCloneable: false,
    deletable: !user && !history,
    deprecatedAndHidden: false,
    feedEnabled: !history && o.name !== "OpportunityContactRole",
    hasSubtypes: false,
    isInterface: false,
    isSubtype: false,
    keyPrefix: o.keyPrefix,
    label: o.label,
    labelPlural: o.labelPlural,
    layoutable: !history,
    mergeable: ["Account", "Contact", "Lead"].includes(o.name),
    mruEnabled: !history,
    name: o.name,
    queryable: true,
    replicateable: true,
    retrieveable: true,
    searchable: !history && o.name !== "OpportunityContactRole",
    triggerable: !history,
    undeletable: !user && !history,
    updateable: !history,
    urls: urls(o, version),
  };
}

export function describeGlobal(version: string): JsonValue {
  return { encoding: "UTF-8", maxBatchSize: 200, sobjects: OBJECTS.map((o) => globalEntry(o, version)) };
}

export function field(f: FieldDef, o: ObjectDef): Record<string, JsonValue> {
  const text = ["string", "email", "phone", "url", "textarea", "picklist", "id", "reference"].includes(f.type);
  const length = f.type === "id" || f.type === "reference" ? 18 : text ? (f.length ?? 255) : 0;
  const numeric = ["double", "currency", "percent"].includes(f.type);
  const writable = !f.system;
  return {
    aggregatable: f.type !== "textarea",
    autoNumber: f.autoNumber === true,
    byteLength: length * 3,
    calculated: false,
    cascadeDelete: false,
    caseSensitive: false,
    createable: writable,
    custom: false,
    defaultValue: null,
    defaultedOnCreate: f.system === true || f.type === "boolean",
    dependentPicklist: false,
    deprecatedAndHidden: false,
    digits: f.type === "int" ? 9 : 0,
    externalId: false,
    filterable: true,
    groupable: !numeric && f.type !== "datetime",
    idLookup: f.name === "Id" || f.name === "Email" || f.name === "Username" || f.autoNumber === true,
    label: f.label,
    length,
    name: f.name,
    nameField: f.name === "Name" || f.name === "CaseNumber" || (o.name === "OpportunityHistory" && f.name === "Id"),
    nillable: f.nillable ?? false,
    picklistValues: (f.picklist ?? []).map((v) => ({ active: true, defaultValue: false, label: v, validFor: null, value: v })),
    precision: numeric ? 18 : 0,
    referenceTo: f.referenceTo ? [f.referenceTo] : [],
    relationshipName: f.relationshipName ?? null,
    restrictedPicklist: false,
    scale: numeric ? 2 : 0,
    soapType: SOAP[f.type],
    sortable: f.type !== "textarea",
    type: f.type,
    unique: f.name === "Username",
    updateable: writable && f.name !== "Id",
  };
}

export function describe(o: ObjectDef, version: string): JsonValue {
  return {
    ...globalEntry(o, version),
    // A contact with cases cannot be deleted (restricted); an account's cases go with it.
    childRelationships: o.children.map((c) => {
      const restricted = o.name === "Contact" && c.childSObject === "Case";
      return {
        cascadeDelete: c.childSObject !== "Opportunity" && !restricted,
        childSObject: c.childSObject,
        deprecatedAndHidden: false,
        field: c.field,
        junctionIdListNames: [],
        junctionReferenceTo: [],
        relationshipName: c.relationshipName,
        restrictedDelete: restricted,
      };
    }),
    fields: o.fields.map((f) => field(f, o)),
    recordTypeInfos: [
      {
        active: true,
        available: true,
        defaultRecordTypeMapping: true,
        developerName: "Master",
        master: true,
        name: "Master",
        recordTypeId: MASTER_RECORD_TYPE,
        urls: { layout: `${base(version)}/sobjects/${o.name}/describe/layouts/${MASTER_RECORD_TYPE}` },
      },
    ],
    supportedScopes: [
      { label: "All " + o.labelPlural.toLowerCase(), name: "everything" },
      { label: "My " + o.labelPlural.toLowerCase(), name: "mine" },
    ],
  };
}

/** `/limits`: the org's allocations; a frozen org has used none of its daily ones. */
export function limits(): JsonValue {
  const l = (max: number, remaining = max) => ({ Max: max, Remaining: remaining });
  return {
    ConcurrentAsyncGetReportInstances: l(200),
    ConcurrentSyncReportRuns: l(20),
    DailyApiRequests: l(100000),
    DailyAsyncApexExecutions: l(250000),
    DailyBulkApiBatches: l(15000),
    DailyBulkV2QueryFileStorageMB: l(976562),
    DailyBulkV2QueryJobs: l(10000),
    DailyStreamingApiEvents: l(1000000),
    DataStorageMB: l(5120, 5098),
    FileStorageMB: l(20480, 20471),
    HourlyODataCallout: l(10000),
    HourlySyncReportRuns: l(500),
    SingleEmail: l(5000),
  };
}
