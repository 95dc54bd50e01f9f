import { z } from "zod";

/**
 * Salesforce publishes no OpenAPI description of the core REST API that can be had offline (its
 * sObjects OpenAPI is generated per org, in beta). These validators are written from the REST API
 * Developer Guide's resource pages (Versions, Resources by Version, Limits, Describe Global, sObject
 * Basic Information, sObject Describe, Query) and jsforce's own types; README.md says so.
 */
const url = z.string().regex(/^\/services\/data\/v\d+\.0(\/|$)/);
const urls = z.object({ sobject: url, describe: url, rowTemplate: url }).catchall(z.string());

export const version = z
  .object({ label: z.string().regex(/^(Winter|Spring|Summer) '\d{2}$/), url, version: z.string().regex(/^\d+\.0$/) })
  .strict();
export const limit = z.object({ Max: z.number().int(), Remaining: z.number().int() });
export const globalEntry = z
  .object({
    activateable: z.boolean(),
    createable: z.boolean(),
    custom: z.literal(false),
    customSetting: z.boolean(),
    deletable: z.boolean(),
    deprecatedAndHidden: z.boolean(),
    feedEnabled: z.boolean(),
    keyPrefix: z.string().length(3).nullable(),
    label: z.string(),
    labelPlural: z.string(),
    layoutable: z.boolean(),
    mergeable: z.boolean(),
    mruEnabled: z.boolean(),
    name: z.string(),
    queryable: z.boolean(),
    replicateable: z.boolean(),
    retrieveable: z.boolean(),
    searchable: z.boolean(),
    triggerable: z.boolean(),
    undeletable: z.boolean(),
    updateable: z.boolean(),
    urls,
  })
  .passthrough();
export const field = z
  .object({
    name: z.string(),
    label: z.string(),
    type: z.enum([
      "id",
      "string",
      "boolean",
      "double",
      "currency",
      "int",
      "percent",
      "date",
      "datetime",
      "picklist",
      "reference",
      "email",
      "phone",
      "url",
      "textarea",
    ]),
    soapType: z.string().regex(/^(xsd|tns):\w+$/),
    length: z.number().int(),
    byteLength: z.number().int(),
    nillable: z.boolean(),
    createable: z.boolean(),
    updateable: z.boolean(),
    filterable: z.boolean(),
    sortable: z.boolean(),
    groupable: z.boolean(),
    custom: z.literal(false),
    referenceTo: z.array(z.string()),
    relationshipName: z.string().nullable(),
    picklistValues: z.array(
      z.object({ active: z.boolean(), defaultValue: z.boolean(), label: z.string(), validFor: z.null(), value: z.string() }).strict(),
    ),
    precision: z.number().int(),
    scale: z.number().int(),
    digits: z.number().int(),
    unique: z.boolean(),
    idLookup: z.boolean(),
    nameField: z.boolean(),
  })
  .passthrough();
export const describe = globalEntry.extend({
  fields: z.array(field).min(1),
  childRelationships: z.array(
    z
      .object({ childSObject: z.string(), field: z.string(), relationshipName: z.string().nullable(), cascadeDelete: z.boolean() })
      .passthrough(),
  ),
  recordTypeInfos: z.array(z.object({ master: z.boolean(), recordTypeId: z.string().length(18) }).passthrough()),
});
export const queryResult = z
  .object({
    totalSize: z.number().int().nonnegative(),
    done: z.boolean(),
    nextRecordsUrl: url.optional(),
    records: z.array(z.object({ attributes: z.object({ type: z.string(), url: url }) }).passthrough()),
  })
  .strict();
export const errorBody = z.array(z.object({ message: z.string(), errorCode: z.string().regex(/^[A-Z_]+$/) }).strict()).length(1);

/** DescribeLayout: the layout of one record type (`describe/layouts/{recordTypeId}`). */
const layoutItem = z
  .object({
    editableForNew: z.boolean(),
    editableForUpdate: z.boolean(),
    label: z.string(),
    layoutComponents: z.array(
      z
        .object({ details: field, displayLines: z.number().int(), tabOrder: z.number().int(), type: z.literal("Field"), value: z.string() })
        .strict(),
    ),
    placeholder: z.boolean(),
    required: z.boolean(),
  })
  .strict();
const layoutSection = z
  .object({
    collapsed: z.boolean(),
    columns: z.number().int(),
    heading: z.string(),
    layoutRows: z.array(z.object({ layoutItems: z.array(layoutItem), numItems: z.number().int() }).strict()),
    layoutSectionId: z.string().regex(/^01B[0-9A-Za-z]{15}$/),
    parentLayoutId: z.string().regex(/^00h[0-9A-Za-z]{15}$/),
    rows: z.number().int(),
    tabOrder: z.enum(["TopToBottom", "LeftToRight"]),
    useCollapsibleSection: z.boolean(),
    useHeading: z.boolean(),
  })
  .strict();
export const layout = z
  .object({
    buttonLayoutSection: z.object({ detailButtons: z.array(z.unknown()) }).nullable(),
    detailLayoutSections: z.array(layoutSection),
    editLayoutSections: z.array(layoutSection),
    feedView: z.null(),
    highlightsPanelLayoutSection: z.null(),
    id: z.string().regex(/^00h[0-9A-Za-z]{15}$/),
    multirowEditLayoutSections: z.array(layoutSection),
    offlineLinks: z.array(z.unknown()),
    quickActionList: z.object({ quickActionListItems: z.array(z.unknown()) }),
    relatedContent: z.null(),
    relatedLists: z.array(z.unknown()),
    saveOptions: z.array(z.unknown()),
  })
  .strict();
const layouts = z
  .object({
    layouts: z.array(layout),
    recordTypeMappings: z.array(
      z
        .object({
          available: z.boolean(),
          defaultRecordTypeMapping: z.boolean(),
          developerName: z.string(),
          layoutId: z.string(),
          master: z.boolean(),
          name: z.string(),
          picklistsForRecordType: z.array(z.unknown()),
          recordTypeId: z.string(),
          urls: z.object({ layout: url }).strict(),
        })
        .strict(),
    ),
    recordTypeSelectorRequired: z.array(z.boolean()),
  })
  .strict();

/** The validator for a served path, by resource. */
export function validateSf(path: string, body: unknown): string | undefined {
  const check = (schema: z.ZodTypeAny) => {
    const r = schema.safeParse(body);
    return r.success
      ? undefined
      : r.error.issues
          .slice(0, 3)
          .map((i) => `${i.path.join(".")}: ${i.message}`)
          .join("; ");
  };
  // The frozen org the queries read is private to the host (never served): nothing to validate.
  if (path.startsWith("_snapverse/")) return undefined;
  if (path === "services/data") return check(z.array(version).min(1));
  if (/^services\/data\/v[\d.]+$/.test(path)) return check(z.record(z.string(), url));
  if (/\/limits$/.test(path)) return check(z.record(z.string(), limit));
  if (/\/sobjects$/.test(path))
    return check(z.object({ encoding: z.literal("UTF-8"), maxBatchSize: z.literal(200), sobjects: z.array(globalEntry) }).strict());
  if (/\/sobjects\/\w+\/describe$/.test(path)) return check(describe);
  if (/\/sobjects\/\w+\/describe\/layouts$/.test(path)) return check(layouts);
  if (/\/sobjects\/\w+\/describe\/layouts\/012\w{15}$/.test(path)) return check(layout);
  if (/\/sobjects\/\w+$/.test(path)) return check(z.object({ objectDescribe: globalEntry, recentItems: z.array(z.unknown()) }).strict());
  if (/\/(query|queryAll)(\/|$)/.test(path)) return check(queryResult);
  return `no validator for ${path}`;
}
