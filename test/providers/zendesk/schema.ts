import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { Ajv, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import { fromOpenApi30, nullableProperty, Operations } from "../../support/openapi.js";

/**
 * Zendesk's published OpenAPI 3.0 description of the Support API (vendored in spec/ with its source),
 * compiled with Ajv: a body served at `api/v2/<path>.json` is checked against the 200 schema of the GET
 * operation `/api/v2/<path>` whose template matches (the most literal first).
 *
 * Readings of the description as the API behaves, each narrow and said here:
 * - list responses declare only their items (`{tickets: [...]}`); the pagination fields every list
 *   carries are checked against the description's own `Pagination` (`meta`, `links`) and
 *   `OffsetPaginationObject` components, whose `links.prev`/`links.next` and cursors may be null as the
 *   API writes them on the first and last pages;
 * - `TicketMetricsByTicketMetricIdResponse.ticket_metric` is declared an array, while the API returns one
 *   object (a defect z4j, the description's consumer, also patches): the object is checked against
 *   `TicketMetricObject`; likewise `SatisfactionRatingResponse.satisfaction_rating` (one object);
 * - a custom field without a value is `{"id": …, "value": null}` on every ticket, which
 *   `TicketFieldValueInput.value` (a string, number, boolean or array) does not admit: null is admitted;
 * - a declared property may be null where the API writes null for an unset value (`assignee_id`,
 *   `external_id`, `due_at`, …), as the description marks only some of them nullable.
 */
const SPEC = join(import.meta.dirname, "spec", "zendesk-support-oas.json.gz");

type Schema = Record<string, unknown>;
type Spec = {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: object }> }> }>>;
  components: { schemas: Record<string, Schema & { properties?: Record<string, Schema> }> };
};

export class ZendeskOpenApi {
  private readonly ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
  private readonly operations = new Operations<object>();
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor() {
    const addFormats = (addFormatsModule as unknown as { default: (ajv: Ajv, formats: string[]) => void }).default;
    addFormats(this.ajv, ["date-time", "date", "uri", "email"]);
    // Zendesk's own integer formats (64-bit ids, 32-bit numbers).
    for (const f of ["bigid", "int64", "int32"]) this.ajv.addFormat(f, { type: "number", validate: (n: number) => Number.isInteger(n) });
    const raw = JSON.parse(gunzipSync(readFileSync(SPEC)).toString("utf8")) as Spec;
    const spec = fromOpenApi30(raw) as Spec;
    const schemas = spec.components.schemas;
    schemas.TicketMetricsByTicketMetricIdResponse = {
      type: "object",
      properties: { ticket_metric: { $ref: "#/components/schemas/TicketMetricObject" } },
    };
    schemas.SatisfactionRatingResponse = {
      type: "object",
      properties: { satisfaction_rating: { $ref: "#/components/schemas/SatisfactionRatingObject" } },
    };
    const fieldValue = schemas.TicketFieldValueInput!.properties!;
    fieldValue.value = { anyOf: [fieldValue.value, { type: "null" }] };
    const pagination = schemas.Pagination!.properties!;
    pagination.links = { type: "object", properties: { next: { type: ["string", "null"] }, prev: { type: ["string", "null"] } } };
    pagination.meta = {
      type: "object",
      properties: {
        after_cursor: { type: ["string", "null"] },
        before_cursor: { type: ["string", "null"] },
        has_more: { type: "boolean" },
      },
      required: ["has_more"],
    };
    for (const s of Object.values(schemas)) {
      if (s.properties) for (const [k, p] of Object.entries(s.properties)) s.properties[k] = nullableProperty(p);
    }
    this.ajv.addSchema({ $id: "zd", components: rewriteRefs(spec.components) as object });
    for (const [path, ops] of Object.entries(spec.paths)) {
      const schema = ops.get?.responses?.["200"]?.content?.["application/json"]?.schema;
      if (!schema || !path.startsWith("/api/v2/")) continue;
      const template = `${path.slice(1)}.json`;
      const source = template.replace(/[.*+^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+");
      this.operations.add(template, source, rewriteRefs(schema) as object);
    }
  }

  /** Why a body served at `path` does not conform, or undefined when it does. */
  validate(path: string, body: unknown): string | undefined {
    const op = this.operations.match(path);
    if (!op) return `no GET operation in the description matches ${path}`;
    const problem = this.check(op.template, op.schema, body);
    if (problem) return problem;
    const b = body as Record<string, unknown>;
    const cursor =
      b && typeof b === "object" && "meta" in b
        ? this.check("Pagination", { $ref: "zd#/components/schemas/Pagination" }, { meta: b.meta, links: b.links })
        : undefined;
    if (cursor) return cursor;
    if (b && typeof b === "object" && "previous_page" in b) {
      return this.check(
        "OffsetPaginationObject",
        { $ref: "zd#/components/schemas/OffsetPaginationObject" },
        { next_page: b.next_page, previous_page: b.previous_page, count: b.count },
      );
    }
    return undefined;
  }

  /** A named component of the description (`TicketObject`), with the readings above. */
  component(name: string): ValidateFunction {
    return this.ajv.getSchema(`zd#/components/schemas/${name}`)!;
  }

  private check(name: string, schema: object, body: unknown): string | undefined {
    let fn = this.compiled.get(name);
    if (!fn) {
      fn = this.ajv.compile(schema);
      this.compiled.set(name, fn);
    }
    return fn(body) ? undefined : `[${name}] ${this.ajv.errorsText(fn.errors, { separator: "; " })}`;
  }
}

function rewriteRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (node === null || typeof node !== "object") return node;
  return Object.fromEntries(
    Object.entries(node).map(([k, v]) => [k, k === "$ref" && typeof v === "string" && v.startsWith("#/") ? `zd${v}` : rewriteRefs(v)]),
  );
}

let shared: ZendeskOpenApi | undefined;

export function validateZendesk(path: string, body: unknown): string | undefined {
  shared ??= new ZendeskOpenApi();
  return shared.validate(path, body);
}
