import { type Operation, Operations, fromOpenApi30 } from "../../support/openapi.js";
import { createRequire } from "node:module";
import { Ajv, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";

/**
 * GitHub's published OpenAPI description (@octokit/openapi, api.github.com), compiled with Ajv: for a
 * request path, the 200 response schema of the GET operation it matches.
 */
type Spec = {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: object }> }> }>>;
  components: { schemas: Record<string, object> };
};

const MULTI_SEGMENT = new Set(["path", "branch", "ref", "tree_sha"]);

export class GitHubOpenApi {
  private readonly ajv: Ajv;
  private readonly operations = new Operations();
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
      this.operations.add(template, source, schema);
    }
  }

  match(path: string): Operation | undefined {
    // The root of the contents API is `contents/` with an empty path.
    return this.operations.match(path.endsWith("/contents") ? `${path}/` : path);
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
