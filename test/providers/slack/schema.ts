import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { Ajv, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";

/**
 * Slack's published Web API description (slackapi/slack-api-specs, vendored in spec/), compiled with Ajv:
 * for a method, the `200` schema of a success (`ok: true`) and the `default` schema of an error.
 *
 * How the description is read, because it is not all valid JSON Schema, and where it is stale (the
 * description was last updated in 2021; the method docs on api.slack.com are newer):
 * - It writes "one of" as a tuple `items: [a, b]` on a non-array (`objs_user`, `objs_conversation`,
 *   `tz`, `latest`, the reactions.get body): read as `anyOf: [a, b]`, which is what it means. Left as
 *   it is, such a schema checks nothing.
 * - conversations.history and conversations.replies carry `response_metadata.next_cursor` while more
 *   pages follow (cursor pagination, 2017+); the description omits it from both bodies: it is added.
 * - conversations.replies lists the parent then the replies; the description's two item schemas forbid
 *   what messages carry today (`client_msg_id`, `reactions`, `bot_id`, `bot_profile`, `blocks`): each
 *   item is read as a message object (`objs_message`), which allows them.
 * - team.info answers `url` and `is_verified`, which `objs_team` does not list: added.
 * - search.messages has no schema in the description (its "default success template" only requires
 *   `ok`); the test suite checks its body against the method docs instead (queries.test.ts).
 */
type Schema = Record<string, unknown>;
type Spec = { definitions: Record<string, Schema>; paths: Record<string, { get?: { responses: Record<string, { schema?: Schema }> } }> };

const SPEC = join(import.meta.dirname, "spec", "slack_web_openapi_v2_without_examples.json.gz");

/** `items: [..]` without `type: "array"` is the description's way of writing a union. */
function readUnions(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(readUnions);
  if (node === null || typeof node !== "object") return node;
  const out: Schema = {};
  for (const [k, v] of Object.entries(node)) out[k] = readUnions(v);
  if (Array.isArray(out.items) && out.type !== "array") {
    const { items, ...rest } = out;
    return { ...rest, anyOf: items };
  }
  return out;
}

export class SlackSpec {
  private readonly ajv: Ajv;
  private readonly spec: Spec;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor() {
    const raw = JSON.parse(gunzipSync(readFileSync(SPEC)).toString("utf8")) as Spec;
    this.spec = readUnions(raw) as Spec;
    const paging = {
      type: "object",
      additionalProperties: false,
      properties: { next_cursor: { type: "string" } },
      required: ["next_cursor"],
    };
    for (const method of ["/conversations.history", "/conversations.replies"]) {
      const props = this.spec.paths[method]!.get!.responses["200"]!.schema!.properties as Schema;
      props.response_metadata = paging;
    }
    const replies = this.spec.paths["/conversations.replies"]!.get!.responses["200"]!.schema!.properties as Record<string, Schema>;
    replies.messages = { type: "array", items: { $ref: "#/definitions/objs_message" } };
    const team = this.spec.definitions.objs_team!.properties as Schema;
    team.url = { type: "string", format: "uri" };
    team.is_verified = { type: "boolean" };
    this.ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
    (addFormatsModule as unknown as { default: (ajv: Ajv) => void }).default(this.ajv);
    this.ajv.addSchema({ $id: "slack", definitions: this.spec.definitions }, "slack");
  }

  /** The methods the description has (`users.list`, …). */
  has(method: string): boolean {
    return this.spec.paths[`/${method}`]?.get !== undefined;
  }

  private compile(method: string, which: "200" | "default"): ValidateFunction | undefined {
    const key = `${method} ${which}`;
    if (!this.compiled.has(key)) {
      const schema = this.spec.paths[`/${method}`]?.get?.responses[which]?.schema;
      if (!schema) return undefined;
      this.compiled.set(
        key,
        this.ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/definitions/', '"slack#/definitions/')) as Schema),
      );
    }
    return this.compiled.get(key);
  }

  /** Validation errors for a body a method answered (`api/users.list`), or undefined when it conforms. */
  validate(path: string, body: unknown): string | undefined {
    const method = path.replace(/^\/?api\//, "");
    if (method.startsWith("_snapverse/")) return undefined;
    if (!this.has(method)) return `no method ${method} in the description`;
    const ok = (body as { ok?: unknown } | null)?.ok === true;
    const fn = this.compile(method, ok ? "200" : "default");
    if (!fn) return `${method}: no ${ok ? "200" : "default"} schema`;
    return fn(body) ? undefined : `${method} (${ok ? "200" : "error"}): ${this.ajv.errorsText(fn.errors, { separator: "; " })}`;
  }
}
