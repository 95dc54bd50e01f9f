import { jsonBody as readJsonBody, jsonReply } from "../../core/compute.js";
import { canonicalJson as canonical } from "../../core/canonical-json.js";
import { createHash } from "node:crypto";
import type { ComputeHandler, ComputeInput, JsonValue } from "../../core/provider.js";
import { uuid } from "./context.js";
import { notAuthenticated, notFound, validationFailed, type ValidationError } from "./errors.js";
import type { ComputedRoute } from "../../core/define-provider.js";

/**
 * Devin's writes on a frozen pin: a reply computed from the request and the pin's own files, nothing
 * stored. The same request gives the same bytes, and a later GET still shows the frozen sessions.
 * - `POST /v1/sessions` answers `{session_id, url[, is_new_session]}` with an id derived from the
 *   canonical request body (keys sorted), so a retried request gets the same session, as an
 *   idempotent create does on Devin.
 * - `POST /v1/sessions/{id}/message` answers `null` for a running session and a `detail` for one that
 *   is not, as Devin documents; an unknown session is a 404.
 * - `POST /v1/attachments` answers the URL the file would be served at (text/plain); it is not stored.
 * Each checks `Authorization: Bearer …` first (FastAPI's HTTPBearer), then the body (pydantic's 422).
 */
type Obj = Record<string, unknown>;
type Reply = Awaited<ReturnType<ComputeHandler>>;

const JSON_TYPE = "application/json";

const reply = (status: number, body: JsonValue, headers: Record<string, string> = {}): Reply =>
  jsonReply(status, body, { contentType: JSON_TYPE, headers });

function authorized(input: ComputeInput): Reply | undefined {
  if (/^Bearer\s+\S/i.test(input.headers.authorization ?? "")) return undefined;
  return reply(notAuthenticated.status, notAuthenticated.body, notAuthenticated.headers);
}

/** The JSON body, or the 422 FastAPI gives for a missing, malformed or non-object one. */
function jsonBody(input: ComputeInput): { body: Obj } | { error: Reply } {
  const parsed = readJsonBody(input);
  if (parsed.kind === "empty") return { error: invalid([{ type: "missing", loc: ["body"], msg: "Field required", input: null }]) };
  if (parsed.kind === "malformed") {
    return {
      error: invalid([
        {
          type: "json_invalid",
          loc: ["body", jsonErrorPosition(parsed.error, parsed.text)],
          msg: "JSON decode error",
          input: {},
          ctx: { error: "Expecting value" },
        },
      ]),
    };
  }
  const value = parsed.value;
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    return {
      error: invalid([
        {
          type: "model_attributes_type",
          loc: ["body"],
          msg: "Input should be a valid dictionary or object to extract fields from",
          input: value as JsonValue,
        },
      ]),
    };
  }
  return { body: value as Obj };
}

function jsonErrorPosition(e: unknown, text: string): number {
  const m = /position (\d+)/.exec(String((e as Error).message));
  return m ? Number(m[1]) : text.length;
}

function invalid(errors: ValidationError[]): Reply {
  const v = validationFailed(errors);
  return reply(v.status, v.body);
}

/** The body's fields checked against a pydantic model: `required` must be present; every listed field has a type. */
function check(body: Obj, fields: Record<string, "string" | "bool" | "int" | "strings">, required: string[]): ValidationError[] {
  const errors: ValidationError[] = [];
  for (const name of required) {
    if (body[name] === undefined) errors.push({ type: "missing", loc: ["body", name], msg: "Field required", input: body as JsonValue });
  }
  for (const [name, kind] of Object.entries(fields)) {
    const value = body[name];
    if (value === undefined || (value === null && !required.includes(name))) continue;
    const input = value as JsonValue;
    if (kind === "string" && typeof value !== "string")
      errors.push({ type: "string_type", loc: ["body", name], msg: "Input should be a valid string", input });
    if (kind === "bool" && typeof value !== "boolean")
      errors.push({ type: "bool_type", loc: ["body", name], msg: "Input should be a valid boolean", input });
    if (kind === "int" && !Number.isInteger(value))
      errors.push({ type: "int_type", loc: ["body", name], msg: "Input should be a valid integer", input });
    if (kind === "strings") {
      if (!Array.isArray(value)) errors.push({ type: "list_type", loc: ["body", name], msg: "Input should be a valid list", input });
      else
        value.forEach(
          (v, i) =>
            typeof v !== "string" &&
            errors.push({ type: "string_type", loc: ["body", name, i], msg: "Input should be a valid string", input: v as JsonValue }),
        );
    }
  }
  return errors;
}

function digest(text: string | Buffer): string {
  return createHash("sha256").update(text).digest("hex");
}

/**
 * Devin's web app under the pin's service domain. Handlers see no catalog, so it is read off the frozen
 * session list, whose pull request links are on `https://github.<domain>` (see context.ts).
 */
async function appHost(input: ComputeInput): Promise<string> {
  const list = await input.read("v1/sessions?limit=1000");
  const page = list ? (JSON.parse(list) as { sessions: Array<{ pull_request: { url: string } | null }> }) : { sessions: [] };
  const pr = page.sessions.find((s) => s.pull_request)?.pull_request?.url;
  const m = pr ? /^https:\/\/github\.([^/]+)\//.exec(pr) : null;
  return m ? `https://app.devin.${m[1]}` : "https://app.devin.ai";
}

const SESSION_FIELDS = {
  prompt: "string",
  snapshot_id: "string",
  playbook_id: "string",
  unlisted: "bool",
  idempotent: "bool",
  max_acu_limit: "int",
  planning_mode_agency: "string",
  secret_ids: "strings",
  knowledge_ids: "strings",
  tags: "strings",
  title: "string",
} as const;

/** POST /v1/sessions */
const createSession: ComputeHandler = async (input) => {
  const denied = authorized(input);
  if (denied) return denied;
  const parsed = jsonBody(input);
  if ("error" in parsed) return parsed.error;
  const { body } = parsed;
  const errors = check(body, SESSION_FIELDS, ["prompt"]);
  if (body.planning_mode_agency != null && body.planning_mode_agency !== "auto_confirm" && body.planning_mode_agency !== "sync_confirm") {
    errors.push({
      type: "enum",
      loc: ["body", "planning_mode_agency"],
      msg: "Input should be 'auto_confirm' or 'sync_confirm'",
      input: body.planning_mode_agency as JsonValue,
      ctx: { expected: "'auto_confirm' or 'sync_confirm'" },
    });
  }
  if (errors.length) return invalid(errors);
  const hex = digest(`devin/v1/sessions\u0000${canonical(body)}`).slice(0, 32);
  const answer: Record<string, JsonValue> = { session_id: `devin-${hex}`, url: `${await appHost(input)}/sessions/${hex}` };
  // Devin sends is_new_session only for an idempotent create.
  if (body.idempotent === true) answer.is_new_session = true;
  return reply(200, answer);
};

/** POST /v1/sessions/{session_id}/message */
const sendMessage: ComputeHandler = async (input) => {
  const denied = authorized(input);
  if (denied) return denied;
  // FastAPI validates the body before the endpoint looks the session up.
  const parsed = jsonBody(input);
  if ("error" in parsed) return parsed.error;
  const errors = check(parsed.body, { message: "string" }, ["message"]);
  if (errors.length) return invalid(errors);
  const text = await input.read(input.path.replace(/\/message$/, ""));
  if (text === undefined) return reply(notFound.status, notFound.body);
  const session = JSON.parse(text) as { session_id: string; status_enum: string };
  if (session.status_enum === "working" || session.status_enum === "blocked") return reply(200, null);
  return reply(200, { detail: `Session ${session.session_id} is ${session.status_enum}, not running: the message was not delivered.` });
};

/** POST /v1/attachments (multipart/form-data with a `file` part) */
const uploadAttachment: ComputeHandler = async (input) => {
  const denied = authorized(input);
  if (denied) return denied;
  const type = input.headers["content-type"] ?? "";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  const raw = input.body ?? Buffer.alloc(0);
  const head = raw.toString("latin1");
  const part = boundary ? head.split(`--${boundary}`).find((p) => /content-disposition:[^\r\n]*\bname="file"/i.test(p)) : undefined;
  if (!part) return invalid([{ type: "missing", loc: ["body", "file"], msg: "Field required", input: null }]);
  const name = /filename="([^"]*)"/i.exec(part)?.[1] || "upload";
  const origin = input.serving.pagination?.origin ?? "";
  const id = uuid(digest(raw));
  return {
    status: 200,
    headers: { "content-type": "text/plain; charset=utf-8" },
    body: `${origin}/v1/attachments/${id}/${encodeURIComponent(Buffer.from(name, "latin1").toString("utf8"))}`,
  };
};

/**
 * POST /v1/secrets (`{type, key, value, sensitive?, note?}`): `{"id": "sec_<hex>"}`, as Devin's "Create
 * Secret" documents, with `<hex>` from the SHA-256 of the canonical body. Nothing is stored: the secret is
 * not listed by `GET /v1/secrets`, and its value is never echoed.
 */
const createSecret: ComputeHandler = async (input) => {
  const denied = authorized(input);
  if (denied) return denied;
  const parsed = jsonBody(input);
  if ("error" in parsed) return parsed.error;
  const { body } = parsed;
  const errors = check(body, { type: "string", key: "string", value: "string", sensitive: "bool", note: "string" }, [
    "type",
    "key",
    "value",
  ]);
  if (typeof body.type === "string" && !["cookie", "key-value", "totp"].includes(body.type)) {
    errors.push({
      type: "enum",
      loc: ["body", "type"],
      msg: "Input should be 'cookie', 'key-value' or 'totp'",
      input: body.type,
      ctx: { expected: "'cookie', 'key-value' or 'totp'" },
    });
  }
  // pydantic reports errors in the model's field order.
  const order = ["type", "key", "value", "sensitive", "note"];
  errors.sort((a, b) => order.indexOf(String(a.loc[1])) - order.indexOf(String(b.loc[1])));
  if (errors.length) return invalid(errors);
  return reply(200, { id: `sec_${digest(`devin/v1/secrets\u0000${canonical(body)}`).slice(0, 32)}` });
};

/** The writes answered by a computed reply; every other write gets the read-only error. */
export const writeRoutes: ComputedRoute[] = [
  { method: "POST", path: "^v1/sessions$", handler: "create-session", run: createSession },
  { method: "POST", path: "^v1/sessions/[^/]+/message$", handler: "send-message", run: sendMessage },
  { method: "POST", path: "^v1/attachments$", handler: "upload-attachment", run: uploadAttachment },
  { method: "POST", path: "^v1/secrets$", handler: "create-secret", run: createSecret },
];
