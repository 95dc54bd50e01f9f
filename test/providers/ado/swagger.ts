import { specsDir } from "../../support/specs.js";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";

/**
 * Azure DevOps' published REST 7.1 descriptions (Swagger 2, MicrosoftDocs/vsts-rest-api-specs, in
 * ../shared/specs/ado-7.1), compiled with Ajv: for a served path, the 200 schemas of the GET operations
 * whose template matches it. List operations describe the array; Azure DevOps wraps it as
 * `{count, value}`, so a list body's `value` is checked against the array schema and `count` against
 * its length. The discovery resources (ResourceAreas, OPTIONS location lists, connectionData) are not
 * in these descriptions; they are checked against the schemas below, written from the SDK's contracts
 * (LocationsInterfaces: ResourceAreaInfo, ApiResourceLocation, ConnectionData).
 *
 * Three readings of Swagger 2 as the service means it: a property that is null is treated as absent
 * (Swagger 2 cannot say nullable, and the service writes `"threadContext": null`, `"clean": null`); a
 * bare `{"type": "object"}` is .NET's `object`, any value (work item field values, update values); a
 * generic `T` (GitChange.item) is any value. The timeline route's `{timelineId}` is optional, as the
 * SDK's getBuildTimeline uses it. Refs' route form (`refs/heads/{branch}`) is the refs operation.
 */
const SPECS = ["build", "core", "git", "graph", "pipelines", "work", "workItemTracking"];
const DIR = specsDir("ado-7.1");

interface Operation {
  template: string;
  pattern: RegExp;
  literal: number;
  schema: object | undefined;
  spec: string;
}

type Spec = {
  paths: Record<string, Record<string, { responses?: Record<string, { schema?: object }> }>>;
  "x-ms-paths"?: Record<string, Record<string, { responses?: Record<string, { schema?: object }> }>>;
  definitions: Record<string, object>;
};

const location = {
  type: "object",
  required: ["id", "area", "resourceName", "routeTemplate", "resourceVersion", "minVersion", "maxVersion", "releasedVersion"],
  properties: {
    id: { type: "string", format: "uuid" },
    area: { type: "string" },
    resourceName: { type: "string" },
    routeTemplate: { type: "string" },
    resourceVersion: { type: "integer" },
    minVersion: { type: "string" },
    maxVersion: { type: "string" },
    releasedVersion: { type: "string" },
  },
};
const DISCOVERY: Array<[RegExp, object]> = [
  [
    /^[^/]+\/_apis\/ResourceAreas$/,
    {
      type: "object",
      required: ["count", "value"],
      properties: {
        count: { type: "integer" },
        value: {
          type: "array",
          items: {
            type: "object",
            required: ["id", "name", "locationUrl"],
            properties: {
              id: { type: "string", format: "uuid" },
              name: { type: "string" },
              locationUrl: { type: "string", format: "uri" },
            },
          },
        },
      },
    },
  ],
  [
    /^[^/]+\/_apis\/connectionData$/,
    {
      type: "object",
      required: ["authenticatedUser", "authorizedUser", "instanceId", "deploymentType", "locationServiceData"],
      properties: {
        authenticatedUser: { type: "object", required: ["id", "descriptor", "providerDisplayName"] },
        instanceId: { type: "string", format: "uuid" },
        deploymentId: { type: "string", format: "uuid" },
        deploymentType: { enum: ["hosted", "onPremises", "unknown"] },
        locationServiceData: { type: "object" },
      },
    },
  ],
  // Service connections (DevLake's remote scopes): no serviceEndpoint description is vendored, so the
  // ServiceEndpoint list is checked against a schema written from the REST 7.1 reference.
  [
    /^[^/]+\/[^/]+\/_apis\/serviceendpoint\/endpoints$/,
    {
      type: "object",
      required: ["count", "value"],
      properties: {
        count: { type: "integer" },
        value: {
          type: "array",
          items: {
            type: "object",
            required: ["id", "name", "type", "url"],
            properties: {
              id: { type: "string", format: "uuid" },
              name: { type: "string" },
              type: { type: "string" },
              url: { type: "string" },
              isReady: { type: "boolean" },
              isShared: { type: "boolean" },
            },
          },
        },
      },
    },
  ],
  // Identities (the IMS area), project collections and agent queues, which answers link to, have no
  // vendored description: checked against schemas written from the SDK's contracts (IdentitiesInterfaces
  // Identity, CoreInterfaces TeamProjectCollection, BuildInterfaces AgentPoolQueue).
  [
    /^[^/]+\/_apis\/Identities\/[^/]+$/,
    {
      type: "object",
      required: ["id", "descriptor", "subjectDescriptor", "providerDisplayName", "isActive", "isContainer", "properties"],
      properties: {
        id: { type: "string", format: "uuid" },
        descriptor: { type: "string" },
        subjectDescriptor: { type: "string" },
        providerDisplayName: { type: "string" },
        isActive: { type: "boolean" },
        isContainer: { type: "boolean" },
        members: { type: "array", items: { type: "string" } },
        memberOf: { type: "array", items: { type: "string" } },
        memberIds: { type: "array", items: { type: "string", format: "uuid" } },
        properties: { type: "object", additionalProperties: { type: "object", required: ["$type", "$value"] } },
        resourceVersion: { type: "integer" },
        metaTypeId: { type: "integer" },
      },
    },
  ],
  [
    /^[^/]+\/_apis\/projectCollections\/[^/]+$/,
    {
      type: "object",
      required: ["id", "name", "url", "state", "_links"],
      properties: {
        id: { type: "string", format: "uuid" },
        name: { type: "string" },
        url: { type: "string", format: "uri" },
        state: { type: "string" },
      },
    },
  ],
  [
    /^[^/]+\/_apis\/build\/Queues\/\d+$/,
    {
      type: "object",
      required: ["id", "name", "pool"],
      properties: {
        id: { type: "integer" },
        name: { type: "string" },
        url: { type: "string", format: "uri" },
        pool: {
          type: "object",
          required: ["id", "name"],
          properties: { id: { type: "integer" }, name: { type: "string" }, isHosted: { type: "boolean" } },
        },
      },
    },
  ],
  [
    /^[^/]+\/_apis\/(Location|git|build|core|wit|work|pipelines|graph)$/,
    { type: "object", required: ["count", "value"], properties: { count: { type: "integer" }, value: { type: "array", items: location } } },
  ],
];

export class AdoSwagger {
  private readonly ajv: Ajv;
  private readonly operations: Operation[] = [];
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly discovery: Array<[RegExp, ValidateFunction]>;

  constructor() {
    this.ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
    // ajv-formats is CommonJS: under NodeNext its default export arrives wrapped.
    const addFormats = (addFormatsModule as unknown as { default: (ajv: Ajv, formats: string[]) => void }).default;
    addFormats(this.ajv, ["uuid", "date-time", "uri"]);
    const formats = new Set<string>();
    for (const name of SPECS) {
      const spec = JSON.parse(readFileSync(join(DIR, `${name}.json`), "utf8").replace(/^\uFEFF/, "")) as Spec;
      collectFormats(spec, formats);
      this.ajv.addSchema({ $id: name, definitions: rewriteRefs(spec.definitions, name) as object }, name);
      for (const [raw, ops] of Object.entries({ ...spec.paths, ...(spec["x-ms-paths"] ?? {}) })) {
        const get = ops.get;
        if (!get) continue;
        const template = raw.split("?")[0]!.replace(/^\//, "");
        const source = template
          .replace(/[.*+^$()|[\]\\]/g, "\\$&")
          .replace(/\{project\}\//g, "(?:[^/]+/)?")
          .replace(/\{team\}\//g, "(?:[^/]+/)?")
          // A trailing `{path}` is the service's optional catch-all (`classificationNodes/{structureGroup}/{*path}`).
          .replace(/\/\{\*?path\}$/, "(?:/.+)?")
          .replace(/\{\*?path\}/g, "(.+)")
          .replace(/\{[^}]+\}/g, "[^/]+");
        this.operations.push({
          template: raw,
          pattern: new RegExp(`^${source}$`, "i"),
          literal: template.replace(/\{[^}]+\}/g, "").length,
          schema:
            get.responses?.["200"]?.schema && Object.keys(get.responses["200"].schema).length
              ? (rewriteRefs(get.responses["200"].schema, name) as object)
              : undefined,
          spec: name,
        });
      }
    }
    for (const f of formats) if (!["uuid", "date-time", "uri"].includes(f)) this.ajv.addFormat(f, true);
    this.operations.sort((a, b) => b.literal - a.literal);
    this.discovery = DISCOVERY.map(([re, schema]) => [re, this.ajv.compile(schema)]);
  }

  /** Validation errors for a body served at `path`, or undefined when it conforms to one matching operation. */
  validate(path: string, body: unknown): string | undefined {
    const discovery = this.discovery.find(([re]) => re.test(path));
    if (discovery) {
      return discovery[1](body) ? undefined : `[discovery] ${this.ajv.errorsText(discovery[1].errors)}`;
    }
    // Route-form items (`items/{path}`) are the same operation as the query form (`items?path=`).
    // So are refs in the route form (`refs/heads/{branch}`) and the query form (`refs?filter=heads/{branch}`).
    const lookup = path
      .replace(/(\/_apis\/git\/repositories\/[^/]+\/items)\/.+$/, "$1")
      .replace(/(\/_apis\/git\/repositories\/[^/]+\/refs)\/.+$/, "$1")
      .replace(/\/timeline$/, "/timeline/-");
    const ops = this.operations.filter((op) => op.pattern.test(lookup));
    if (ops.length === 0) return `no GET operation in the descriptions matches ${path}`;
    const problems: string[] = [];
    for (const op of ops) {
      if (!op.schema) return undefined;
      const problem = this.check(op, body);
      if (!problem) return undefined;
      problems.push(`[${op.template}] ${problem}`);
    }
    return problems.join(" | ");
  }

  private check(op: Operation, body: unknown): string | undefined {
    let fn = this.compiled.get(op.template);
    if (!fn) {
      fn = this.ajv.compile(op.schema!);
      this.compiled.set(op.template, fn);
    }
    body = withoutNulls(body);
    const isList = (op.schema as { type?: string }).type === "array";
    if (isList) {
      const page = body as { count?: unknown; value?: unknown };
      if (!page || typeof page !== "object" || !Array.isArray(page.value)) return "a list body is {count, value}";
      if (page.count !== page.value.length) return `count ${String(page.count)} is not the number of items ${page.value.length}`;
      return fn(page.value) ? undefined : this.ajv.errorsText(fn.errors, { separator: "; " });
    }
    return fn(body) ? undefined : this.ajv.errorsText(fn.errors, { separator: "; " });
  }
}

function withoutNulls(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutNulls);
  if (node === null || typeof node !== "object") return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, withoutNulls(v)]),
  );
}

const ANY_KEYS = new Set(["type", "description", "readOnly"]);

function rewriteRefs(node: unknown, spec: string): unknown {
  if (Array.isArray(node)) return node.map((n) => rewriteRefs(n, spec));
  if (node === null || typeof node !== "object") return node;
  const n = node as Record<string, unknown>;
  if (n.format === "T" || (n.type === "object" && Object.keys(n).every((k) => ANY_KEYS.has(k)))) return {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node))
    out[k] = k === "$ref" && typeof v === "string" ? v.replace(/^#\/definitions\//, `${spec}#/definitions/`) : rewriteRefs(v, spec);
  return out;
}

function collectFormats(node: unknown, into: Set<string>): void {
  if (Array.isArray(node)) return node.forEach((n) => collectFormats(n, into));
  if (node === null || typeof node !== "object") return;
  for (const [k, v] of Object.entries(node)) {
    if (k === "format" && typeof v === "string") into.add(v);
    else collectFormats(v, into);
  }
}
