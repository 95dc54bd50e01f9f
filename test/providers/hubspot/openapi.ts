import { Operations } from "../../support/openapi.js";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import { specsDir } from "../../support/specs.js";

/**
 * HubSpot's published OpenAPI 3.0.1 descriptions (HubSpot/HubSpot-public-api-spec-collection, in
 * ../shared/specs/hubspot), compiled with Ajv: a served body is checked against the 200 schema of the
 * GET operation whose path template matches its path (the most literal one). The deals description
 * spells its paths with the type id (`/crm/v3/objects/0-3`); the pin serves them as `deals` (and `0-3`
 * by alias).
 *
 * Three readings of the descriptions as the service behaves, each narrow:
 * - a requested property without a value is `null` (HubSpot writes `"closed_date": null`), where the
 *   description says `properties: {additionalProperties: {type: string}}`;
 * - an unlabeled association type has `"label": null`;
 * - a v4 association's `toObjectId` is a JSON number, as the API writes it (the description says string);
 * - a batch error (StandardError) has `status`, `category`, `message` and, where HubSpot gives them,
 *   `context` and a string `subCategory`; the description also requires `errors` and `links`, which
 *   HubSpot's 207 answers leave out.
 */
const SPECS = ["contacts", "companies", "deals", "tickets", "owners", "pipelines", "properties", "associations", "files"];

/**
 * Descriptions from the same collection (commit 99893791383) that ../shared/specs does not hold, vendored
 * unmodified in `./specs` (see its README): the generic objects API (`crm/v3/objects/{objectType}`, for
 * the types the company has no records of), Settings user provisioning v3, CRM schemas v3, lists v3 and
 * associations v3. Two describe their paths under other names than the API serves:
 * `/settings/users/v3` is `settings/v3/users`, and `/crm-object-schemas/v3/schemas` is `crm/v3/schemas`.
 */
const LOCAL_SPECS = ["objects", "users", "schemas", "lists", "associations-v3"];
const RENAMED: Array<[RegExp, string]> = [
  [/^settings\/users\/v3/, "settings/v3/users"],
  [/^crm-object-schemas\/v3\//, "crm/v3/"],
];

type Spec = {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: object }> }> }>>;
  components: { schemas: Record<string, Record<string, unknown>> };
};

export class HubSpotOpenApi {
  private readonly ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
  private readonly operations = new Operations<object>();

  constructor() {
    const addFormats = (addFormatsModule as unknown as { default: (ajv: Ajv, formats: string[]) => void }).default;
    addFormats(this.ajv, ["uuid", "date-time", "uri"]);
    this.ajv.addFormat("int32", { type: "number", validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31 });
    this.ajv.addFormat("int64", { type: "number", validate: (n: number) => Number.isInteger(n) });
    for (const name of [...SPECS, ...LOCAL_SPECS]) {
      const dir = SPECS.includes(name) ? specsDir("hubspot") : join(import.meta.dirname, "specs");
      const spec = JSON.parse(readFileSync(join(dir, `${name}.json`), "utf8")) as Spec;
      const schemas = spec.components.schemas;
      for (const s of ["SimplePublicObject", "SimplePublicObjectWithAssociations"]) {
        const props = schemas[s]?.properties as Record<string, { additionalProperties?: object }> | undefined;
        if (props?.properties) props.properties.additionalProperties = { type: "string", nullable: true };
      }
      const label = schemas.AssociationSpecWithLabel?.properties as Record<string, object> | undefined;
      if (label) label.label = { type: "string", nullable: true };
      const multi = schemas.MultiAssociatedObjectWithLabel?.properties as Record<string, object> | undefined;
      if (multi) multi.toObjectId = { type: ["integer", "string"] };
      const standard = schemas.StandardError as { required?: string[]; properties?: Record<string, object> } | undefined;
      if (standard?.properties) {
        standard.required = ["status", "category", "message"];
        standard.properties.subCategory = { type: "string" };
      }
      this.ajv.addSchema({ $id: `hs-${name}`, components: rewriteRefs(spec.components, name) as object });
      for (const [raw, ops] of Object.entries(spec.paths)) {
        const schema = ops.get?.responses?.["200"]?.content?.["application/json"]?.schema;
        if (!schema) continue;
        let template = raw.replace(/^\//, "").replace("crm/v3/objects/0-3", "crm/v3/objects/deals");
        for (const [from, to] of RENAMED) template = template.replace(from, to);
        const source = template.replace(/[.*+^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+");
        this.operations.add(raw, source, rewriteRefs(schema, name) as object, template);
      }
    }
  }

  /** Why a body served at `path` does not conform, or undefined when it does. */
  validate(path: string, body: unknown): string | undefined {
    const legacy = LEGACY.find(([re]) => re.test(path));
    if (legacy) {
      const fn = (this.legacy[legacy[0].source] ??= this.ajv.compile(legacy[1]));
      return fn(body) ? undefined : `[${legacy[0].source}] ${this.ajv.errorsText(fn.errors, { separator: "; " })}`;
    }
    return this.operations.validate(this.ajv, path, body);
  }

  private readonly legacy: Record<string, ValidateFunction> = {};

  /** The schema of a named component, for bodies no GET operation describes (search, batch read). */
  component(spec: string, name: string): ValidateFunction {
    return this.ajv.getSchema(`hs-${spec}#/components/schemas/${name}`)!;
  }
}

function rewriteRefs(node: unknown, spec: string): unknown {
  if (Array.isArray(node)) return node.map((n) => rewriteRefs(n, spec));
  if (node === null || typeof node !== "object") return node;
  return Object.fromEntries(
    Object.entries(node).map(([k, v]) => [
      k,
      k === "$ref" && typeof v === "string" && v.startsWith("#/") ? `hs-${spec}${v}` : rewriteRefs(v, spec),
    ]),
  );
}

/**
 * The legacy v1/v2 APIs have no published OpenAPI description: these validators are written from
 * HubSpot's legacy reference (legacydocs.hubspot.com: contacts v1 "Get all contacts", companies v2
 * "Get all companies", deals v1 "Get all deals", properties v1/v2, owners v2, pipelines v1, engagements
 * v1, email v1) and the fields the connectors read, and check the shapes the pin serves.
 */
const int = { type: "integer" };
const str = { type: "string" };
const bool = { type: "boolean" };
const arr = (items: object = {}) => ({ type: "array", items });
const obj = (properties: Record<string, object>, required = Object.keys(properties)) => ({ type: "object", properties, required });
const v2Value = obj({
  value: str,
  timestamp: int,
  source: str,
  sourceId: { type: ["string", "null"] },
  versions: arr(obj({ name: str, value: str, timestamp: int, source: str, sourceVid: arr() }, ["name", "value", "timestamp", "source"])),
});
const v2Props = { type: "object", additionalProperties: v2Value };
const company = obj({ portalId: int, companyId: int, isDeleted: bool, properties: v2Props });
const deal = obj({
  portalId: int,
  dealId: int,
  isDeleted: bool,
  properties: v2Props,
  associations: obj({
    associatedVids: arr(int),
    associatedCompanyIds: arr(int),
    associatedDealIds: arr(int),
    associatedTicketIds: arr(int),
  }),
});
const contact = obj({
  addedAt: int,
  vid: int,
  "canonical-vid": int,
  "merged-vids": arr(int),
  "portal-id": int,
  "is-contact": bool,
  properties: {
    type: "object",
    additionalProperties: obj(
      {
        value: str,
        versions: arr(obj({ value: str, "source-type": str, timestamp: int, selected: bool }, ["value", "source-type", "timestamp"])),
      },
      ["value"],
    ),
  },
  "form-submissions": arr(),
  "list-memberships": arr(),
  "identity-profiles": arr(
    obj({ vid: int, identities: arr(obj({ type: str, value: str, timestamp: int }, ["type", "value"])) }, ["vid", "identities"]),
  ),
  "merge-audits": arr(),
});
const page = (key: string, item: object, more: string, offset: string) => ({
  ...obj({ [key]: arr(item), [more]: bool }),
  properties: { [key]: arr(item), [more]: bool, [offset]: str },
});
const property = obj({
  name: str,
  label: str,
  description: str,
  groupName: str,
  type: { enum: ["string", "number", "datetime", "enumeration", "bool", "date"] },
  fieldType: str,
  options: arr(obj({ label: str, value: str })),
  displayOrder: int,
  calculated: bool,
  hidden: bool,
});
const owner = obj({
  portalId: int,
  ownerId: int,
  type: str,
  firstName: str,
  lastName: str,
  email: str,
  createdAt: int,
  updatedAt: int,
  remoteList: arr(obj({ remoteId: str, remoteType: str })),
  activeUserId: int,
  isActive: bool,
});
const pipelineV1 = obj({
  pipelineId: str,
  label: str,
  active: bool,
  displayOrder: int,
  stages: arr(obj({ stageId: str, label: str, active: bool, displayOrder: int })),
});
const empty = (key: string, extra: Record<string, object> = {}) => obj({ [key]: { type: "array", maxItems: 0 }, ...extra });
const LEGACY: Array<[RegExp, object]> = [
  [/^contacts\/v1\/lists\/all\/contacts\/all$/, page("contacts", contact, "has-more", "vid-offset")],
  [/^contacts\/v1\/contact\/vid\/\d+\/profile$/, contact],
  [/^companies\/v2\/companies\/paged$/, page("companies", company, "has-more", "offset")],
  [/^companies\/v2\/companies\/\d+$/, company],
  [/^deals\/v1\/deal\/paged$/, page("deals", deal, "hasMore", "offset")],
  [/^deals\/v1\/deal\/\d+$/, deal],
  [/^properties\/v2\/[^/]+\/properties$/, arr(property)],
  [/^owners\/v2\/owners$/, arr(owner)],
  [/^owners\/v2\/owners\/\d+$/, owner],
  [/^deals\/v1\/pipelines$/, arr(pipelineV1)],
  [
    /^crm-pipelines\/v1\/pipelines\/(deals|tickets)$/,
    obj({ results: arr(obj({ ...pipelineV1.properties, objectType: str, objectTypeId: str })) }),
  ],
  [/^engagements\/v1\/engagements\/paged$/, empty("results", { hasMore: bool, offset: int })],
  [/^engagements\/v1\/engagements\/recent\/modified$/, empty("results", { hasMore: bool, offset: int, total: int })],
  [/^email\/public\/v1\/campaigns(\/by-id)?$/, empty("campaigns", { hasMore: bool })],
  [/^email\/public\/v1\/events$/, empty("events", { hasMore: bool })],
  [/^email\/public\/v1\/subscriptions\/timeline$/, empty("timeline", { hasMore: bool })],
  [/^automation\/v3\/workflows$/, empty("workflows")],
  [/^forms\/v2\/forms$/, { type: "array", maxItems: 0 }],
  [/^marketing\/v3\/forms$/, empty("results")],
  [/^marketing-emails\/v1\/emails\/with-statistics$/, empty("objects", { limit: int, offset: int, total: int })],
  [/^contacts\/v1\/lists$/, empty("lists", { offset: int, "has-more": bool })],
  [/^events\/v3\/events$/, empty("results")],
  [
    /^email\/public\/v1\/subscriptions$/,
    obj({ subscriptionDefinitions: arr(obj({ active: bool, portalId: int, description: str, id: int, name: str })) }),
  ],
];
