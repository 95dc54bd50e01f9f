import { createHash } from "node:crypto";
import { canonicalJson as canonical } from "../../core/canonical-json.js";
import { jsonBody } from "../../core/compute.js";
import type { JsonObject, ComputeHandler, ComputeInput, JsonValue } from "../../core/provider.js";
import { objectId, rfc3339 } from "./context.js";
import { type Reply, JSON_TYPE, asOfOf, checkRequest, errorReply, invalid, requestIdOf } from "./http.js";
import { resolveModel } from "./models.js";
import type { ComputedRoute } from "../../core/define-provider.js";

/**
 * `POST /v1/messages` and `POST /v1/messages/count_tokens`, answered statelessly: the answer is a pure
 * function of the request body and the host's organization, so the same request gets the same bytes and
 * nothing is stored. The reply is a short text that quotes the last user message and names a reference
 * derived from it; token counts come from text lengths (about four bytes a token), and count_tokens says
 * exactly the `input_tokens` the message would use. `stream: true` gives Anthropic's server-sent events
 * (message_start, content_block_start, ping, content_block_delta… , content_block_stop, message_delta
 * with the usage, message_stop) whose text deltas concatenate to the plain answer's text; the stream and
 * the plain answer share their message id (`stream` is left out of the request's hash).
 */
const SSE_TYPE = "text/event-stream; charset=utf-8";

/** About four bytes a token. */
export function tokens(text: string): number {
  return text === "" ? 0 : Math.max(1, Math.ceil(Buffer.byteLength(text) / 4));
}

/** The text of a content field: a string, or the text blocks of a list (tool results' text too). */
function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((b) => {
      if (!b || typeof b !== "object") return "";
      const block = b as JsonObject;
      if (typeof block.text === "string") return block.text;
      if (block.type === "tool_result") return textOf(block.content);
      if (block.type === "tool_use") return JSON.stringify(block.input ?? {});
      return "";
    })
    .filter(Boolean)
    .join("\n");
}

/** The reply to a conversation: it quotes the last user message and names a reference derived from it. */
export function replyText(lastUser: string | undefined): string {
  if (lastUser === undefined || lastUser.trim() === "") {
    return (
      "Snapshot reply: there is no user message to answer. This is a frozen snapshot of the Anthropic API, so the same request always " +
      "gets this same reply."
    );
  }
  const flat = lastUser.replace(/\s+/g, " ").trim();
  const excerpt = flat.length > 80 ? `${flat.slice(0, 79)}…` : flat;
  const ref = createHash("sha256").update(lastUser).digest("hex").slice(0, 8);
  return (
    `Snapshot reply ${ref}: you asked "${excerpt}". This is a frozen snapshot of the Anthropic API, so the same request always gets ` +
    `this same reply.`
  );
}

/** Pieces of text as a stream sends them: words with their leading space. */
export function pieces(text: string): string[] {
  return text.match(/\s*\S+/g) ?? (text ? [text] : []);
}

interface Request {
  model: { id: string; maxOutput: number };
  messages: JsonObject[];
  system: string;
  maxTokens: number | undefined;
  stopSequences: string[];
  stream: boolean;
  tools: unknown[];
}

type Parsed = Request | Reply;

const ROLES = new Set(["user", "assistant"]);

/** Reads a request body the way the Messages API validates it; `count` skips `max_tokens` (count_tokens has none). */
function parse(input: ComputeInput, count: boolean): Parsed {
  const parsed = jsonBody(input);
  if (parsed.kind === "empty") return invalid(input, "messages: Field required");
  if (parsed.kind === "malformed" || !parsed.value || typeof parsed.value !== "object" || Array.isArray(parsed.value)) {
    return invalid(input, "There was an issue with the format or content of your request: the body is not a JSON object.");
  }
  const body = parsed.value as JsonObject;
  if (typeof body.model !== "string" || body.model === "") return invalid(input, "model: Field required");
  if (!count && body.max_tokens === undefined) return invalid(input, "max_tokens: Field required");
  if (!count && (typeof body.max_tokens !== "number" || !Number.isInteger(body.max_tokens) || body.max_tokens < 1)) {
    return invalid(input, "max_tokens: Input should be a valid integer greater than or equal to 1");
  }
  if (body.messages === undefined) return invalid(input, "messages: Field required");
  if (!Array.isArray(body.messages)) return invalid(input, "messages: Input should be a valid list");
  if (body.messages.length === 0) return invalid(input, "messages: at least one message is required");
  for (const [i, m] of body.messages.entries()) {
    if (!m || typeof m !== "object" || Array.isArray(m)) return invalid(input, `messages.${i}: Input should be a valid dictionary`);
    const msg = m as JsonObject;
    if (typeof msg.role !== "string" || !ROLES.has(msg.role))
      return invalid(input, `messages.${i}.role: Input should be 'user' or 'assistant'`);
    if (msg.content === undefined) return invalid(input, `messages.${i}.content: Field required`);
    if (typeof msg.content !== "string" && !Array.isArray(msg.content))
      return invalid(input, `messages.${i}.content: Input should be a valid string or a list of content blocks`);
  }
  const model = resolveModel(body.model, asOfOf(input));
  if (!model) return errorReply(input, 404, "not_found_error", `model: ${body.model.slice(0, 100)}`);
  const maxTokens = typeof body.max_tokens === "number" ? body.max_tokens : undefined;
  if (maxTokens !== undefined && maxTokens > model.maxOutput) {
    return invalid(
      input,
      `max_tokens: ${maxTokens} > ${model.maxOutput}, which is the maximum allowed number of output tokens for ${model.id}`,
    );
  }
  const stops = Array.isArray(body.stop_sequences) ? body.stop_sequences.filter((s): s is string => typeof s === "string" && s !== "") : [];
  return {
    model,
    messages: body.messages as JsonObject[],
    system: textOf(body.system),
    maxTokens,
    stopSequences: stops,
    stream: body.stream === true,
    tools: Array.isArray(body.tools) ? body.tools : [],
  };
}

/** The input tokens of a request: system, tools and every message, with a few tokens of framing each. */
function inputTokens(req: Request): number {
  const system = req.system === "" ? 0 : tokens(req.system) + 3;
  const tools = req.tools.length === 0 ? 0 : tokens(canonical(req.tools)) + 300;
  return req.messages.reduce((sum, m) => sum + tokens(textOf(m.content)) + 4, 4 + system + tools);
}

interface Plan {
  id: string;
  hash: Buffer;
  model: string;
  text: string;
  stopReason: "end_turn" | "max_tokens" | "stop_sequence";
  stopSequence: string | null;
  input: number;
  output: number;
}

function plan(input: ComputeInput, req: Request): Plan {
  const body = (jsonBody(input) as { value: JsonObject }).value;
  const { stream: _stream, ...rest } = body;
  const hash = createHash("sha256")
    .update(`${input.serving.headers["anthropic-organization-id"] ?? ""}\u0000messages\u0000${canonical(rest)}`)
    .digest();
  const lastUser = [...req.messages].reverse().find((m) => m.role === "user");
  let text = replyText(lastUser ? textOf(lastUser.content) : undefined);
  let stopReason: Plan["stopReason"] = "end_turn";
  let stopSequence: string | null = null;
  const hit = req.stopSequences
    .map((s) => ({ s, at: text.indexOf(s) }))
    .filter((x) => x.at >= 0)
    .sort((a, b) => a.at - b.at)[0];
  if (hit) {
    text = text.slice(0, hit.at);
    stopReason = "stop_sequence";
    stopSequence = hit.s;
  }
  if (req.maxTokens !== undefined && tokens(text) > req.maxTokens) {
    // Whole words that fit the budget (at least the first piece), so the stream's deltas are the same words.
    let kept = "";
    for (const piece of pieces(text)) {
      if (kept !== "" && tokens(kept + piece) > req.maxTokens) break;
      kept += piece;
    }
    text = kept;
    stopReason = "max_tokens";
    stopSequence = null;
  }
  return {
    id: objectId("msg", hash.toString("hex")),
    hash,
    model: req.model.id,
    text,
    stopReason,
    stopSequence,
    input: inputTokens(req),
    output: tokens(text),
  };
}

function usage(p: Plan): JsonObject {
  return {
    input_tokens: p.input,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
    output_tokens: p.output,
    service_tier: "standard",
    inference_geo: /-\d{8}$/.test(p.model) ? "not_available" : "global",
  };
}

export function message(p: Plan): JsonObject {
  return {
    id: p.id,
    type: "message",
    role: "assistant",
    model: p.model,
    content: [{ type: "text", text: p.text }],
    stop_reason: p.stopReason,
    stop_sequence: p.stopSequence,
    usage: usage(p),
  };
}

/** The events of a streamed message, as `event:`/`data:` pairs. */
export function events(p: Plan): Array<[string, JsonObject]> {
  const start = { ...message(p), content: [], stop_reason: null, stop_sequence: null, usage: { ...usage(p), output_tokens: 1 } };
  const out: Array<[string, JsonObject]> = [
    ["message_start", { type: "message_start", message: start }],
    ["content_block_start", { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } }],
    ["ping", { type: "ping" }],
  ];
  for (const piece of pieces(p.text))
    out.push(["content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: piece } }]);
  out.push(["content_block_stop", { type: "content_block_stop", index: 0 }]);
  out.push([
    "message_delta",
    {
      type: "message_delta",
      delta: { stop_reason: p.stopReason, stop_sequence: p.stopSequence },
      usage: { input_tokens: p.input, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: p.output },
    },
  ]);
  out.push(["message_stop", { type: "message_stop" }]);
  return out;
}

/** The rate-limit headers of an answer (the organization's limits, less this request). */
function limits(p: Plan, resetAt: string): Record<string, string> {
  return {
    "anthropic-ratelimit-requests-limit": "4000",
    "anthropic-ratelimit-requests-remaining": "3999",
    "anthropic-ratelimit-requests-reset": resetAt,
    "anthropic-ratelimit-input-tokens-limit": "2000000",
    "anthropic-ratelimit-input-tokens-remaining": String(2_000_000 - p.input),
    "anthropic-ratelimit-input-tokens-reset": resetAt,
    "anthropic-ratelimit-output-tokens-limit": "400000",
    "anthropic-ratelimit-output-tokens-remaining": String(400_000 - p.output),
    "anthropic-ratelimit-output-tokens-reset": resetAt,
  };
}

const messages: ComputeHandler = async (input) => {
  const bad = checkRequest(input);
  if (bad) return bad;
  const req = parse(input, false);
  if ("status" in req) return req;
  const p = plan(input, req);
  const resetAt = rfc3339(asOfOf(input) + 1000 + (p.hash[0]! % 50) * 1000);
  const headers = { "request-id": requestIdOf(input), ...limits(p, resetAt) };
  if (!req.stream) return { status: 200, headers: { "content-type": JSON_TYPE, ...headers }, body: JSON.stringify(message(p)) };
  const body = events(p)
    .map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
    .join("");
  return { status: 200, headers: { "content-type": SSE_TYPE, "cache-control": "no-cache", ...headers }, body };
};

const countTokens: ComputeHandler = async (input) => {
  const bad = checkRequest(input);
  if (bad) return bad;
  const req = parse(input, true);
  if ("status" in req) return req;
  return {
    status: 200,
    headers: { "content-type": JSON_TYPE, "request-id": requestIdOf(input) },
    body: JSON.stringify({ input_tokens: inputTokens(req) } satisfies JsonValue),
  };
};

export const messageRoutes: ComputedRoute[] = [
  { method: "POST", path: "^v1/messages$", handler: "messages", run: messages },
  { method: "POST", path: "^v1/messages/count_tokens$", handler: "count-tokens", run: countTokens },
];
