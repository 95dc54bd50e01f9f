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
    for (const name of SPECS) {
      const spec = JSON.parse(readFileSync(join(specsDir("hubspot"), `${name}.json`), "utf8")) as Spec;
      const schemas = spec.components.schemas;
      for (const s of ["SimplePublicObject", "SimplePublicObjectWithAssociations"]) {
        const props = schemas[s]?.properties as Record<string, { additionalProperties?: object }> | undefined;
        if (props?.properties) props.properties.additionalProperties = { type: "string", nullable: true };
      }
      const label = (schemas.AssociationSpecWithLabel?.properties as Record<string, object> | undefined);
      if (label) label.label = { type: "string", nullable: true };
      const multi = (schemas.MultiAssociatedObjectWithLabel?.properties as Record<string, object> | undefined);
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
        const template = raw.replace(/^\//, "").replace("crm/v3/objects/0-3", "crm/v3/objects/deals");
        const source = template.replace(/[.*+^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+");
        this.operations.add(raw, source, rewriteRefs(schema, name) as object, template);
      }
    }
  }

  /** Why a body served at `path` does not conform, or undefined when it does. */
  validate(path: string, body: unknown): string | undefined {
    return this.operations.validate(this.ajv, path, body);
  }

  /** The schema of a named component, for bodies no GET operation describes (search, batch read). */
  component(spec: string, name: string): ValidateFunction {
    return this.ajv.getSchema(`hs-${spec}#/components/schemas/${name}`)!;
  }
}

function rewriteRefs(node: unknown, spec: string): unknown {
  if (Array.isArray(node)) return node.map((n) => rewriteRefs(n, spec));
  if (node === null || typeof node !== "object") return node;
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, k === "$ref" && typeof v === "string" && v.startsWith("#/") ? `hs-${spec}${v}` : rewriteRefs(v, spec)]));
}
