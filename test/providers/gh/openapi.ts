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
      const source = template.replace(/\{(\w+)\}/g, (_, name: string) =>
        name === "path" ? "(.*)" : MULTI_SEGMENT.has(name) ? "(.+)" : "([^/]+)",
      );
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
    if (EVENT_LISTS.has(op.template) && Array.isArray(body)) return this.validateEvents(op.template, body);
    let fn = this.compiled.get(op.template);
    if (!fn) {
      const schema = fromOpenApi30(JSON.parse(JSON.stringify(op.schema).replaceAll('"#/components/', '"gh#/components/'))) as object;
      fn = this.ajv.compile(schema);
      this.compiled.set(op.template, fn);
    }
    if (fn(body)) return undefined;
    return { template: op.template, errors: this.ajv.errorsText(fn.errors, { separator: "; " }) };
  }

  /** Validation errors for a value against one component schema (`push-event`), or undefined. */
  validateSchema(name: string, value: unknown): string | undefined {
    let fn = this.compiled.get(`#${name}`);
    if (!fn) {
      fn = this.ajv.compile({ $ref: `gh#/components/schemas/${name}` });
      this.compiled.set(`#${name}`, fn);
    }
    return fn(value) ? undefined : this.ajv.errorsText(fn.errors, { separator: "; " });
  }

  /**
   * The description's `event.payload` is a oneOf whose `public-event` branch is any object and whose
   * `watch-event` branch needs only `action`, so no real payload matches exactly one branch: each event
   * is checked with its payload set aside, and the payload against the schema its `type` names.
   */
  private validateEvents(template: string, body: unknown[]): { template: string; errors: string } | undefined {
    const problems: string[] = [];
    for (const event of body as Array<Record<string, unknown>>) {
      const shell = this.validateSchema("event", { ...event, payload: {} });
      if (shell) problems.push(`${String(event.id)}: ${shell}`);
      const name = EVENT_SCHEMAS[String(event.type)];
      if (!name) problems.push(`${String(event.id)}: no payload schema for ${String(event.type)}`);
      else {
        const payload = this.validateSchema(name, event.payload);
        if (payload) problems.push(`${String(event.id)} ${String(event.type)}: ${payload}`);
      }
      if (problems.length >= 3) break;
    }
    return problems.length ? { template, errors: problems.join("; ") } : undefined;
  }
}

const EVENT_LISTS = new Set([
  "/repos/{owner}/{repo}/events",
  "/orgs/{org}/events",
  "/users/{username}/events",
  "/events",
  "/networks/{owner}/{repo}/events",
]);
const EVENT_SCHEMAS: Record<string, string> = {
  PushEvent: "push-event",
  CreateEvent: "create-event",
  DeleteEvent: "delete-event",
  IssuesEvent: "issues-event",
  IssueCommentEvent: "issue-comment-event",
  PullRequestEvent: "pull-request-event",
  PullRequestReviewEvent: "pull-request-review-event",
  PullRequestReviewCommentEvent: "pull-request-review-comment-event",
  ReleaseEvent: "release-event",
};
