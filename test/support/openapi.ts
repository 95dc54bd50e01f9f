import type { Ajv, ValidateFunction } from "ajv";

/**
 * What the OpenAPI validators of the provider tests share: OpenAPI 3.0's `nullable` in JSON Schema
 * terms, and GET operations looked up by path, the most literal template first
 * (`/pulls/{n}/files` before `/contents/{path}`).
 */
export interface Operation<S = object | undefined> {
  template: string;
  pattern: RegExp;
  /** The template's length without its `{params}`: the more literal, the earlier it matches. */
  literal: number;
  schema: S;
}

export class Operations<S = object | undefined> {
  private readonly list: Array<Operation<S>> = [];
  private sorted = true;
  private readonly compiled = new Map<string, ValidateFunction>();

  /** `source` is the template as a regex source (anchors added here). */
  add(template: string, source: string, schema: S, literalOf: string = template): void {
    this.list.push({ template, pattern: new RegExp(`^${source}$`), literal: literalOf.replace(/\{[^}]+\}/g, "").length, schema });
    this.sorted = false;
  }

  match(path: string): Operation<S> | undefined {
    return this.ordered().find((op) => op.pattern.test(path));
  }

  /** Every template whose pattern a served path matches, the most literal first. */
  templatesOf(path: string): string[] {
    return this.ordered()
      .filter((op) => op.pattern.test(path))
      .map((op) => op.template);
  }

  private ordered(): Array<Operation<S>> {
    if (!this.sorted) {
      // Stable: among equally literal templates, the description's own order decides.
      this.list.sort((a, b) => b.literal - a.literal);
      this.sorted = true;
    }
    return this.list;
  }

  /**
   * Why a body served at `path` does not conform to the schema of the operation its path names (each
   * schema compiled once, by `ajv`), or undefined when it does.
   */
  validate(this: Operations<object>, ajv: Ajv, path: string, body: unknown): string | undefined {
    const op = this.match(path);
    if (!op) return `no GET operation in the description matches ${path}`;
    let fn = this.compiled.get(op.template);
    if (!fn) {
      fn = ajv.compile(op.schema);
      this.compiled.set(op.template, fn);
    }
    return fn(body) ? undefined : `[${op.template}] ${ajv.errorsText(fn.errors, { separator: "; " })}`;
  }
}

/** OpenAPI 3.0's `nullable: true` as JSON Schema: null joins the type, or the schema is OR-ed with null. Examples are left as they are. */
export function fromOpenApi30(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(fromOpenApi30);
  if (node === null || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) out[k] = k === "example" || k === "examples" || k === "x-oaiMeta" ? v : fromOpenApi30(v);
  if (out.nullable !== true) return out;
  delete out.nullable;
  if (typeof out.type === "string") {
    out.type = [out.type, "null"];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    return out;
  }
  return { anyOf: [out, { type: "null" }] };
}

/**
 * A declared property that may also be null, in JSON Schema terms: where a provider writes null for an
 * unset value that its description types as non-null (Statuspage, Zendesk). `$ref`s become `anyOf`.
 */
export function nullableProperty(p: Record<string, unknown>): Record<string, unknown> {
  if (typeof p.$ref === "string") return { anyOf: [p, { type: "null" }] };
  if (typeof p.type === "string") return { ...p, type: [p.type, "null"], ...(Array.isArray(p.enum) ? { enum: [...p.enum, null] } : {}) };
  if (Array.isArray(p.type)) return p.type.includes("null") ? p : { ...p, type: [...p.type, "null"] };
  return p;
}
