import { createRequire } from "node:module";
import { Ajv, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";

/**
 * GitHub's published OpenAPI description (@octokit/openapi, api.github.com), compiled with Ajv: for a
 * request path, the 200 response schema of the GET operation it matches.
 */
interface Operation {
  template: string;
  pattern: RegExp;
  literal: number;
  schema: object | undefined;
}

type Spec = {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: object }> }> }>>;
  components: { schemas: Record<string, object> };
};

const MULTI_SEGMENT = new Set(["path", "branch", "ref", "tree_sha"]);

export class GitHubOpenApi {
  private readonly ajv: Ajv;
  private readonly operations: Operation[] = [];
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor() {
    const require = createRequire(import.meta.url);
    const spec = require("@octokit/openapi/generated/api.github.com.json") as Spec;
    this.ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
    // ajv-formats is CommonJS: under NodeNext its default export arrives wrapped.
    const addFormats = (addFormatsModule as unknown as { default: (ajv: Ajv) => void }).default;
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: "gh", components: fromOpenApi30(spec.components) as object }, "gh");
    for (const [template, ops] of Object.entries(spec.paths)) {
      const get = ops.get;
      if (!get) continue;
      const schema = get.responses?.["200"]?.content?.["application/json"]?.schema;
      const source = template.replace(/\{(\w+)\}/g, (_, name: string) => (name === "path" ? "(.*)" : MULTI_SEGMENT.has(name) ? "(.+)" : "([^/]+)"));
      this.operations.push({ template, pattern: new RegExp(`^${source}$`), literal: template.replace(/\{\w+\}/g, "").length, schema });
    }
    // Prefer the most specific template: /repos/{o}/{r}/pulls/{n}/files over /repos/{o}/{r}/contents/{path}.
    this.operations.sort((a, b) => b.literal - a.literal);
  }

  match(path: string): Operation | undefined {
    // The root of the contents API is `contents/` with an empty path.
    const p = path.endsWith("/contents") ? `${path}/` : path;
    return this.operations.find((op) => op.pattern.test(p));
  }

  /** Validation errors for a body served at `path`, or undefined when it conforms. */
  validate(path: string, body: unknown): { template: string; errors: string } | undefined {
    const op = this.match(path);
    if (!op) return { template: "(none)", errors: `no GET operation in the description matches ${path}` };
    if (!op.schema) return undefined;
    let fn = this.compiled.get(op.template);
    if (!fn) {
      const schema = fromOpenApi30(JSON.parse(JSON.stringify(op.schema).replaceAll('"#/components/', '"gh#/components/'))) as object;
      fn = this.ajv.compile(schema);
      this.compiled.set(op.template, fn);
    }
    if (fn(body)) return undefined;
    return { template: op.template, errors: this.ajv.errorsText(fn.errors, { separator: "; " }) };
  }
}

/** OpenAPI 3.0's `nullable: true` in JSON Schema terms: null joins the type (or the schema is OR-ed with null). */
function fromOpenApi30(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(fromOpenApi30);
  if (node === null || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) out[k] = k === "example" || k === "examples" ? v : fromOpenApi30(v);
  if (out.nullable !== true) return out;
  delete out.nullable;
  if (typeof out.type === "string") {
    out.type = [out.type, "null"];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    return out;
  }
  return { anyOf: [out, { type: "null" }] };
}
