import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { Ajv, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import { Operations, fromOpenApi30 } from "../../support/openapi.js";

/**
 * PagerDuty's published REST description (PagerDuty/api-schema `reference/REST/openapiv3.json`, vendored
 * gzipped in ./spec, see its README), compiled with Ajv: for a served path, the 200 schema of the GET
 * operation it matches, or a component schema by name.
 *
 * PagerDuty's schemas list properties without `additionalProperties: false`, so Ajv alone would accept
 * any invented field. `undocumented` adds that check: every key of a served object must be a property
 * of its schema (any branch of an allOf/oneOf/anyOf), recursively, so a field PagerDuty does not
 * describe fails like a wrong type does.
 *
 * Four adjustments, about the description rather than the API:
 * - `Channel` is a `oneOf` of channel shapes none of which requires a field, so every channel matches
 *   several and no log entry could validate: it is read as the `anyOf` it means;
 * - `AcknowledgeLogEntry` narrows `type` to `acknowledgement_log_entry`, which `LogEntry`'s own
 *   enumeration (and the API) spells `acknowledge_log_entry`: the narrowing uses the API's spelling;
 * - `AgentReference` (a log entry's `agent`, an incident's `last_status_change_by`) enumerates
 *   `integration_reference` for an integration, while the API names an integration agent by its own
 *   reference type (`events_api_v2_inbound_integration_reference`, as `IntegrationReference` lists
 *   them): those types are accepted too;
 * - fields whose own description says they are null in some answers are typed without null: an
 *   on-call's `start` and `end` ("If `null`, the on-call is a permanent user on-call"; such an entry
 *   comes from a user target and has no `schedule` either: `schedule_ids[]` documents `null` for them),
 *   a rendering's `rendered_coverage_percentage` ("Returns null unless since or until are set") and an
 *   incident's `resolved_at` ("or `null` if the incident is not resolved"): they accept null.
 */
type Schema = Record<string, unknown>;
type Spec = {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> }>>;
  components: Schema;
};

export class PdSpec {
  readonly spec: Spec;
  private readonly ajv: Ajv;
  private readonly operations = new Operations<Schema | undefined>();
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor() {
    this.spec = JSON.parse(gunzipSync(readFileSync(join(import.meta.dirname, "spec", "openapiv3.json.gz"))).toString("utf8")) as Spec;
    const channel = (this.spec.components.schemas as Record<string, Schema>).Channel!;
    channel.anyOf = channel.oneOf;
    delete channel.oneOf;
    const schemas = this.spec.components.schemas as Record<string, { properties: Record<string, Schema> }>;
    const incident = (schemas.Incident as unknown as { allOf: Array<{ properties?: Record<string, Schema> }> }).allOf.find(
      (p) => p.properties?.resolved_at,
    )!;
    for (const [props, fields] of [
      [schemas.Oncall!.properties, ["start", "end", "schedule"]],
      [schemas.ScheduleLayer!.properties, ["rendered_coverage_percentage"]],
      [schemas.SubSchedule!.properties, ["rendered_coverage_percentage"]],
      [incident.properties!, ["resolved_at"]],
    ] as const) {
      for (const f of fields) props[f] = { anyOf: [props[f]!, { type: "null" }] };
    }
    const ack = (this.spec.components.schemas as Record<string, { allOf: Array<{ properties?: { type?: { enum: string[] } } }> }>)
      .AcknowledgeLogEntry!;
    for (const part of ack.allOf) if (part.properties?.type) part.properties.type.enum = ["acknowledge_log_entry"];
    const enumOf = (name: string) =>
      (schemas[name] as unknown as { allOf: Array<{ properties?: { type?: { enum: string[] } } }> }).allOf.find((p) => p.properties?.type)!
        .properties!.type!;
    enumOf("AgentReference").enum.push(...enumOf("IntegrationReference").enum);
    this.ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
    const addFormats = (addFormatsModule as unknown as { default: (ajv: Ajv) => void }).default;
    addFormats(this.ajv);
    for (const f of ["url", "partial-time", "tzinfo", "activesupport-time-zone", "int32", "int64", "float", "double", "binary"])
      this.ajv.addFormat(f, true);
    this.ajv.addSchema({ $id: "pd", components: fromOpenApi30(this.spec.components) as object }, "pd");
    for (const [template, ops] of Object.entries(this.spec.paths)) {
      const schema = ops.get?.responses?.["200"]?.content?.["application/json"]?.schema;
      if (!ops.get) continue;
      this.operations.add(template, template.replace(/\{(\w+)\}/g, "([^/]+)"), schema);
    }
  }

  private compile(key: string, schema: Schema): ValidateFunction {
    let fn = this.compiled.get(key);
    if (!fn) {
      fn = this.ajv.compile(fromOpenApi30(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"pd#/components/'))) as object);
      this.compiled.set(key, fn);
    }
    return fn;
  }

  /** The GET operation's 200 schema for a served path (`incidents/PABC123`). */
  schemaOf(path: string): { template: string; schema: Schema | undefined } | undefined {
    const op = this.operations.match(`/${path.replace(/^\//, "")}`);
    return op && { template: op.template, schema: op.schema };
  }

  /** Problems of a body served at `path`: schema violations, then undocumented fields. */
  validate(path: string, body: unknown): string | undefined {
    const op = this.schemaOf(path);
    if (!op) return `no GET operation in the description matches /${path}`;
    if (!op.schema) return undefined;
    return this.check(op.template, op.schema, body);
  }

  /** The 200 schema of a POST read (`/analytics/raw/incidents`). */
  validatePost(template: string, body: unknown): string | undefined {
    const schema = (
      this.spec.paths[template] as
        Record<string, { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> }> | undefined
    )?.post?.responses?.["200"]?.content?.["application/json"]?.schema;
    return schema ? this.check(`POST ${template}`, schema, body) : `no POST ${template} in the description`;
  }

  /** The same against a component schema (`Incident`, `Oncall`). */
  validateSchema(name: string, body: unknown): string | undefined {
    return this.check(`#${name}`, { $ref: `#/components/schemas/${name}` }, body);
  }

  private check(key: string, schema: Schema, body: unknown): string | undefined {
    const fn = this.compile(key, schema);
    if (!fn(body)) return `${key}: ${this.ajv.errorsText(fn.errors, { separator: "; " })}`;
    const extra = this.undocumented(schema, body, "");
    return extra.length ? `${key}: undocumented ${extra.slice(0, 5).join(", ")}` : undefined;
  }

  private deref(s: Schema): Schema {
    let out = s;
    for (let i = 0; i < 20 && typeof out.$ref === "string"; i++) {
      const parts = (out.$ref as string)
        .replace(/^#\//, "")
        .split("/")
        .map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
      let at: unknown = this.spec;
      for (const p of parts) at = (at as Schema)[p];
      out = at as Schema;
    }
    return out;
  }

  /** The branches a schema is made of (allOf, oneOf, anyOf), flattened and dereferenced. */
  private branches(s: Schema): Schema[] {
    const d = this.deref(s);
    const subs = [...((d.allOf as Schema[]) ?? []), ...((d.oneOf as Schema[]) ?? []), ...((d.anyOf as Schema[]) ?? [])];
    return [d, ...subs.flatMap((x) => this.branches(x))];
  }

  /** Keys of `value` (recursively) that no branch of `schema` describes. */
  undocumented(schema: Schema, value: unknown, at: string): string[] {
    if (value === null || typeof value !== "object") return [];
    const branches = this.branches(schema);
    if (Array.isArray(value)) {
      const items = branches.map((b) => b.items as Schema | undefined).filter((x): x is Schema => !!x);
      return items.length ? value.flatMap((v, i) => this.undocumentedAny(items, v, `${at}[${i}]`)) : [];
    }
    const open =
      branches.some((b) => b.additionalProperties !== undefined && b.additionalProperties !== false) ||
      !branches.some((b) => b.properties !== undefined);
    const out: string[] = [];
    for (const [k, v] of Object.entries(value as Schema)) {
      const props = branches.map((b) => (b.properties as Record<string, Schema> | undefined)?.[k]).filter((x): x is Schema => !!x);
      if (!props.length) {
        if (!open) out.push(`${at}.${k}`);
        continue;
      }
      out.push(...this.undocumentedAny(props, v, `${at}.${k}`));
    }
    return out;
  }

  /** Undocumented keys against the union of several schemas. */
  private undocumentedAny(schemas: Schema[], value: unknown, at: string): string[] {
    if (schemas.length === 1) return this.undocumented(schemas[0]!, value, at);
    return this.undocumented({ anyOf: schemas }, value, at);
  }
}
