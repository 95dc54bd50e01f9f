import { Operations, fromOpenApi30 } from "../../support/openapi.js";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import YAML from "yaml";
import { specsDir } from "../../support/specs.js";

/**
 * OpenAI's published OpenAPI 3.1 description (openai/openai-openapi, `../shared/specs/openai`), compiled
 * with Ajv's 2020-12 dialect: for a request path, the 200 schema of the GET operation it matches; or a
 * component schema by name (chat completions, streamed chunks, responses and their events).
 *
 * Two adjustments, both about the description rather than the API:
 * - a few schemas still carry OpenAPI 3.0's `nullable: true`; it becomes a null in the type;
 * - `ListFilesResponse` types `first_id` and `last_id` as strings, but an empty list has no first or last
 *   id and OpenAI answers null there, as every other list schema allows.
 */
type Spec = {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: object }> }> }>>;
  components: { schemas: Record<string, Record<string, unknown>> };
};

export class OpenAiSpec {
  private readonly ajv: Ajv2020;
  private readonly operations = new Operations();
  private readonly compiled = new Map<string, ValidateFunction>();
  /** The event schema of each Responses stream event type (`response.created` → ResponseCreatedEvent). */
  private readonly events = new Map<string, string>();

  constructor() {
    const spec = YAML.parse(readFileSync(join(specsDir("openai"), "openapi.yaml"), "utf8"), { maxAliasCount: -1 }) as Spec;
    const files = spec.components.schemas.ListFilesResponse!.properties as Record<string, unknown>;
    files.first_id = { anyOf: [{ type: "string" }, { type: "null" }] };
    files.last_id = { anyOf: [{ type: "string" }, { type: "null" }] };
    this.ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
    const addFormats = (addFormatsModule as unknown as { default: (ajv: Ajv2020) => void }).default;
    addFormats(this.ajv);
    this.ajv.addFormat("unixtime", { type: "number", validate: (n: number) => Number.isInteger(n) && n > 0 });
    for (const f of ["binary", "float", "double", "int32", "int64"]) this.ajv.addFormat(f, true);
    this.ajv.addSchema({ $id: "openai", components: fromOpenApi30(spec.components) as object }, "openai");
    for (const [template, ops] of Object.entries(spec.paths)) {
      const schema = ops.get?.responses?.["200"]?.content?.["application/json"]?.schema;
      if (!ops.get || template.includes("?")) continue;
      const source = template.replace(/\{(\w+)\}/g, "([^/]+)");
      this.operations.add(template, `/v1${source}`, schema);
    }
    const union = spec.components.schemas.ResponseStreamEvent as { anyOf?: Array<{ $ref: string }>; oneOf?: Array<{ $ref: string }> };
    for (const { $ref } of union.anyOf ?? union.oneOf ?? []) {
      const name = $ref.split("/").pop()!;
      const type = (spec.components.schemas[name]?.properties as { type?: { enum?: string[] } } | undefined)?.type?.enum?.[0];
      if (type) this.events.set(type, name);
    }
  }

  /** Validation errors for one Responses stream event, against the schema of its own type. */
  validateEvent(event: { type: string }): string | undefined {
    const name = this.events.get(event.type);
    return name ? this.validateSchema(name, event) : `no event schema for ${event.type}`;
  }

  private compile(key: string, schema: object): ValidateFunction {
    let fn = this.compiled.get(key);
    if (!fn) {
      fn = this.ajv.compile(
        fromOpenApi30(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openai#/components/'))) as object,
      );
      this.compiled.set(key, fn);
    }
    return fn;
  }

  /** Validation errors for a body served at `path` (`v1/...`), or undefined when it conforms. */
  validate(path: string, body: unknown): string | undefined {
    const p = `/${path.replace(/^\//, "")}`;
    const op = this.operations.match(p);
    if (!op) return `no GET operation in the description matches ${p}`;
    if (!op.schema) return undefined;
    const fn = this.compile(op.template, op.schema);
    return fn(body) ? undefined : `${op.template}: ${this.ajv.errorsText(fn.errors, { separator: "; " })}`;
  }

  /** Validation errors against a named component schema (`CreateChatCompletionResponse`). */
  validateSchema(name: string, body: unknown): string | undefined {
    const fn = this.compile(`#${name}`, { $ref: `#/components/schemas/${name}` });
    return fn(body) ? undefined : `${name}: ${this.ajv.errorsText(fn.errors, { separator: "; " })}`;
  }
}
