import { createHash } from "node:crypto";
import { canonicalJson as canonical } from "../../core/canonical-json.js";
import type { JsonObject, ComputeHandler, ComputeInput, JsonValue } from "../../core/provider.js";
import { invalidJson, invalidType, invalidValue, missingParameter, modelNotFound, notAChatModel } from "./errors.js";
import { isChatModel, isReasoningModel, snapshotOf } from "./models.js";
import type { ComputedRoute } from "../../core/define-provider.js";

/**
 * `POST /v1/chat/completions` and `POST /v1/responses`, answered statelessly: the answer is a pure
 * function of the request body, the pin's as-of and its organization, so the same request gets the same
 * bytes and nothing is stored. The reply is a short templated text that quotes the last user message and
 * names a reference derived from it; token counts are computed from text lengths (about four bytes a
 * token). `stream: true` gives Server-Sent Events in OpenAI's shapes: `chat.completion.chunk`s then
 * `data: [DONE]`, or the typed Responses events from `response.created` to `response.completed`.
 * The stream and the plain answer of one request share ids, `created` and text (`stream` and
 * `stream_options` are left out of the request's hash).
 */
type Reply = { status: number; headers: Record<string, string>; body: string };

const JSON_TYPE = "application/json";
const SSE_TYPE = "text/event-stream; charset=utf-8";
const B62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

function base62(bytes: Buffer, length: number): string {
  let out = "";
  for (let round = 0; out.length < length; round++) {
    for (const byte of round === 0 ? bytes : digest(`${bytes.toString("hex")}/${round}`)) {
      if (byte >= 248) continue;
      out += B62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/** About four bytes a token, as OpenAI's rule of thumb for English text. */
export function tokens(text: string): number {
  return text === "" ? 0 : Math.max(1, Math.ceil(Buffer.byteLength(text) / 4));
}

/** The text of a message's content: a string, or the text parts of a list. */
function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content
      .map((p) => (p && typeof p === "object" && typeof (p as JsonObject).text === "string" ? String((p as JsonObject).text) : ""))
      .filter(Boolean)
      .join("\n");
  }
  return "";
}

/** The reply to a conversation: it quotes the last user message and names a reference derived from it. */
export function replyText(lastUser: string | undefined): string {
  if (lastUser === undefined || lastUser.trim() === "") {
    return (
      "Snapshot reply: there is no user message to answer. This is a frozen snapshot of the OpenAI API, so the same request always " +
      "gets this same reply."
    );
  }
  const flat = lastUser.replace(/\s+/g, " ").trim();
  const excerpt = flat.length > 80 ? `${flat.slice(0, 79)}…` : flat;
  const ref = createHash("sha256").update(lastUser).digest("hex").slice(0, 8);
  return (
    `Snapshot reply ${ref}: you asked "${excerpt}". This is a frozen snapshot of the OpenAI ` +
    `API, so the same request always gets this same reply.`
  );
}

/** Pieces of text as a stream sends them: words with their leading space. */
export function pieces(text: string): string[] {
  return text.match(/\s*\S+/g) ?? (text ? [text] : []);
}

function fingerprint(model: string): string {
  return `fp_${createHash("sha256").update(`fingerprint/${model}`).digest("hex").slice(0, 10)}`;
}

/** What one request will be answered with, before it is shaped as a chat completion or a response. */
interface Plan {
  hash: Buffer;
  model: string;
  created: number;
  text: string;
  truncated: boolean;
  promptTokens: number;
  completionTokens: number;
  reasoningTokens: number;
}

function plan(
  seedText: string,
  created: number,
  model: string,
  promptTokens: number,
  lastUser: string | undefined,
  maxTokens: unknown,
): Plan {
  const hash = digest(seedText);
  const full = replyText(lastUser);
  const limit = typeof maxTokens === "number" && Number.isInteger(maxTokens) && maxTokens > 0 ? maxTokens : undefined;
  const truncated = limit !== undefined && tokens(full) > limit;
  const text = truncated ? full.slice(0, limit * 4) : full;
  const reasoningTokens = isReasoningModel(model) ? 64 * (1 + (hash[4]! % 6)) : 0;
  return {
    hash,
    model: snapshotOf(model),
    created,
    text,
    truncated,
    promptTokens,
    completionTokens: tokens(text) + reasoningTokens,
    reasoningTokens,
  };
}

// --- Chat completions ---------------------------------------------------------------------------------

export interface ChatRequest {
  model: string;
  messages: JsonObject[];
  n: number;
  stream: boolean;
  includeUsage: boolean;
  maxTokens: unknown;
}

/** Checks a chat request the way OpenAI does; an error body and status when it is not one. */
export function parseChat(body: JsonObject): ChatRequest | { status: number; error: JsonValue } {
  if (typeof body.model !== "string" || body.model === "") return { status: 400, error: missingParameter("model") };
  if (!Array.isArray(body.messages)) return { status: 400, error: missingParameter("messages") };
  if (body.messages.length === 0)
    return {
      status: 400,
      error: invalidValue(
        "messages",
        "Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead.",
      ),
    };
  if (body.messages.some((m) => !m || typeof m !== "object" || typeof (m as JsonObject).role !== "string"))
    return { status: 400, error: invalidType("messages", "an array of message objects with a 'role'") };
  const n = body.n === undefined || body.n === null ? 1 : body.n;
  if (typeof n !== "number" || !Number.isInteger(n) || n < 1 || n > 128)
    return { status: 400, error: invalidValue("n", "Invalid 'n': integer must be between 1 and 128.") };
  const options = body.stream_options as JsonObject | undefined;
  return {
    model: body.model,
    messages: body.messages as JsonObject[],
    n,
    stream: body.stream === true,
    includeUsage: options !== null && typeof options === "object" && options.include_usage === true,
    maxTokens: body.max_completion_tokens ?? body.max_tokens,
  };
}

/** The plan of a chat request. `salt` keeps ids apart for answers made elsewhere (a batch's output). */
export function planChat(req: ChatRequest, body: JsonObject, scope: { org: string; asOf: number; created?: number; salt?: string }): Plan {
  const { stream: _s, stream_options: _o, ...rest } = body;
  const seedText = `${scope.org}\u0000${scope.asOf}\u0000chat\u0000${scope.salt ?? ""}\u0000${canonical(rest)}`;
  const promptTokens = req.messages.reduce((sum, m) => sum + tokens(textOf(m.content)) + 3, 3);
  const lastUser = [...req.messages].reverse().find((m) => m.role === "user");
  const hash = digest(seedText);
  const created = scope.created ?? scope.asOf - (hash.readUInt32BE(0) % 3600);
  return plan(seedText, created, req.model, promptTokens, lastUser ? textOf(lastUser.content) : undefined, req.maxTokens);
}

function chatId(p: Plan): string {
  return `chatcmpl-${base62(p.hash, 29)}`;
}

function chatUsage(p: Plan): JsonObject {
  return {
    prompt_tokens: p.promptTokens,
    completion_tokens: p.completionTokens,
    total_tokens: p.promptTokens + p.completionTokens,
    prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
    completion_tokens_details: {
      reasoning_tokens: p.reasoningTokens,
      audio_tokens: 0,
      accepted_prediction_tokens: 0,
      rejected_prediction_tokens: 0,
    },
  };
}

export function chatCompletion(p: Plan, n: number): JsonObject {
  const choices = Array.from({ length: n }, (_, index): JsonObject => ({
    index,
    message: { role: "assistant", content: p.text, refusal: null, annotations: [] },
    logprobs: null,
    finish_reason: p.truncated ? "length" : "stop",
  }));
  const usage = chatUsage(p);
  if (n > 1) {
    usage.completion_tokens = p.completionTokens * n;
    usage.total_tokens = p.promptTokens + p.completionTokens * n;
  }
  return {
    id: chatId(p),
    object: "chat.completion",
    created: p.created,
    model: p.model,
    choices,
    usage,
    service_tier: "default",
    system_fingerprint: fingerprint(p.model),
  };
}

/** The chunks of a streamed chat completion, each choice in turn: role, the words, then the finish. */
export function chatChunks(p: Plan, n: number, includeUsage: boolean): JsonObject[] {
  const head = {
    id: chatId(p),
    object: "chat.completion.chunk",
    created: p.created,
    model: p.model,
    service_tier: "default",
    system_fingerprint: fingerprint(p.model),
  };
  const chunk = (index: number, delta: JsonObject, finish: string | null): JsonObject => ({
    ...head,
    choices: [{ index, delta, logprobs: null, finish_reason: finish }],
    ...(includeUsage ? { usage: null } : {}),
  });
  const out: JsonObject[] = [];
  for (let index = 0; index < n; index++) {
    out.push(chunk(index, { role: "assistant", content: "", refusal: null }, null));
    for (const piece of pieces(p.text)) out.push(chunk(index, { content: piece }, null));
    out.push(chunk(index, {}, p.truncated ? "length" : "stop"));
  }
  if (includeUsage) {
    const usage = chatCompletion(p, n).usage as JsonObject;
    out.push({ ...head, choices: [], usage });
  }
  return out;
}

// --- Responses ----------------------------------------------------------------------------------------

interface ResponsesRequest {
  model: string;
  input: unknown;
  instructions: string | null;
  stream: boolean;
}

function parseResponses(body: JsonObject): ResponsesRequest | { status: number; error: JsonValue } {
  if (typeof body.model !== "string" || body.model === "") return { status: 400, error: missingParameter("model") };
  if (body.input === undefined && body.instructions === undefined) return { status: 400, error: missingParameter("input") };
  if (body.input !== undefined && typeof body.input !== "string" && !Array.isArray(body.input))
    return { status: 400, error: invalidType("input", "a string or an array of input items") };
  if (body.instructions !== undefined && body.instructions !== null && typeof body.instructions !== "string")
    return { status: 400, error: invalidType("instructions", "a string") };
  return {
    model: body.model,
    input: body.input,
    instructions: (body.instructions as string | undefined) ?? null,
    stream: body.stream === true,
  };
}

/** The input's messages as (role, text): a string is one user message. */
function inputMessages(input: unknown): Array<{ role: string; text: string }> {
  if (typeof input === "string") return [{ role: "user", text: input }];
  if (!Array.isArray(input)) return [];
  return input.flatMap((item) => {
    if (!item || typeof item !== "object") return [];
    const o = item as JsonObject;
    if (typeof o.role === "string") return [{ role: o.role, text: textOf(o.content) }];
    if (o.type === "function_call_output" && typeof o.output === "string") return [{ role: "tool", text: o.output }];
    return [];
  });
}

function responseId(prefix: string, p: Plan, salt: string): string {
  const hex = createHash("sha256")
    .update(`${p.hash.toString("hex")}/${salt}`)
    .digest("hex");
  return `${prefix}_${p.created.toString(16).padStart(8, "0")}${hex.slice(0, 40)}`;
}

function outputText(p: Plan, msgId: string, status: "completed" | "incomplete" | "in_progress"): JsonObject {
  return {
    id: msgId,
    type: "message",
    status,
    content: status === "in_progress" ? [] : [{ type: "output_text", annotations: [], logprobs: [], text: p.text }],
    role: "assistant",
  };
}

function responseObject(p: Plan, body: JsonObject, req: ResponsesRequest, state: "in_progress" | "done"): JsonObject {
  const done = state === "done";
  const reasoning = isReasoningModel(p.model);
  const output: JsonValue[] = [];
  if (done) {
    if (reasoning) output.push({ id: responseId("rs", p, "reasoning"), type: "reasoning", summary: [] });
    output.push(outputText(p, responseId("msg", p, "message"), p.truncated ? "incomplete" : "completed"));
  }
  const status = !done ? "in_progress" : p.truncated ? "incomplete" : "completed";
  const num = (v: unknown, d: number) => (typeof v === "number" ? v : d);
  const reasoningParam = body.reasoning && typeof body.reasoning === "object" ? (body.reasoning as JsonObject) : {};
  return {
    id: responseId("resp", p, "response"),
    object: "response",
    created_at: p.created,
    status,
    background: false,
    billing: { payer: "developer" },
    completed_at: done ? p.created + 1 + (p.completionTokens % 5) : null,
    error: null,
    incomplete_details: done && p.truncated ? { reason: "max_output_tokens" } : null,
    instructions: req.instructions,
    max_output_tokens: typeof body.max_output_tokens === "number" ? body.max_output_tokens : null,
    max_tool_calls: null,
    model: p.model,
    output,
    parallel_tool_calls: true,
    previous_response_id: typeof body.previous_response_id === "string" ? body.previous_response_id : null,
    prompt_cache_key: null,
    prompt_cache_retention: null,
    reasoning: { effort: reasoning ? (typeof reasoningParam.effort === "string" ? reasoningParam.effort : "medium") : null, summary: null },
    safety_identifier: null,
    service_tier: "default",
    store: body.store !== false,
    temperature: reasoning ? 1 : num(body.temperature, 1),
    text: { format: { type: "text" }, verbosity: "medium" },
    tool_choice: "auto",
    tools: [],
    top_logprobs: 0,
    top_p: reasoning ? 1 : num(body.top_p, 1),
    truncation: "disabled",
    // Usage only once it is known: the description has no null usage (OpenAI sends null while in progress).
    ...(done
      ? {
          usage: {
            input_tokens: p.promptTokens,
            input_tokens_details: { cached_tokens: 0, cache_write_tokens: 0 },
            output_tokens: p.completionTokens,
            output_tokens_details: { reasoning_tokens: p.reasoningTokens },
            total_tokens: p.promptTokens + p.completionTokens,
          },
        }
      : {}),
    metadata: body.metadata && typeof body.metadata === "object" && !Array.isArray(body.metadata) ? (body.metadata as JsonObject) : {},
  };
}

function planResponses(req: ResponsesRequest, body: JsonObject, scope: { org: string; asOf: number }): Plan {
  const { stream: _s, stream_options: _o, ...rest } = body;
  const seedText = `${scope.org}\u0000${scope.asOf}\u0000responses\u0000${canonical(rest)}`;
  const messages = inputMessages(req.input);
  const promptTokens = messages.reduce((sum, m) => sum + tokens(m.text) + 3, tokens(req.instructions ?? "") + 3);
  const lastUser = [...messages].reverse().find((m) => m.role === "user");
  const created = scope.asOf - (digest(seedText).readUInt32BE(0) % 3600);
  return plan(seedText, created, req.model, promptTokens, lastUser?.text, body.max_output_tokens);
}

/** The typed events of a streamed response, numbered from 0, as the SDK's ResponseStream accumulates them. */
export function responseEvents(p: Plan, body: JsonObject, req: ResponsesRequest): JsonObject[] {
  const events: JsonObject[] = [];
  const push = (type: string, fields: JsonObject) => events.push({ type, sequence_number: events.length, ...fields });
  const start = responseObject(p, body, req, "in_progress");
  const final = responseObject(p, body, req, "done");
  push("response.created", { response: start });
  push("response.in_progress", { response: start });
  const output = final.output as JsonObject[];
  output.forEach((item, outputIndex) => {
    if (item.type === "reasoning") {
      push("response.output_item.added", { output_index: outputIndex, item });
      push("response.output_item.done", { output_index: outputIndex, item });
      return;
    }
    const itemId = String(item.id);
    push("response.output_item.added", { output_index: outputIndex, item: outputText(p, itemId, "in_progress") });
    const part = (text: string): JsonObject => ({ type: "output_text", annotations: [], logprobs: [], text });
    push("response.content_part.added", { item_id: itemId, output_index: outputIndex, content_index: 0, part: part("") });
    for (const delta of pieces(p.text))
      push("response.output_text.delta", { item_id: itemId, output_index: outputIndex, content_index: 0, delta, logprobs: [] });
    push("response.output_text.done", { item_id: itemId, output_index: outputIndex, content_index: 0, text: p.text, logprobs: [] });
    push("response.content_part.done", { item_id: itemId, output_index: outputIndex, content_index: 0, part: part(p.text) });
    push("response.output_item.done", { output_index: outputIndex, item });
  });
  push(p.truncated ? "response.incomplete" : "response.completed", { response: final });
  return events;
}

// --- Handlers -----------------------------------------------------------------------------------------

function scopeOf(input: ComputeInput): { org: string; asOf: number } {
  return {
    org: input.serving.headers["openai-organization"] ?? "",
    asOf: Math.floor(Date.parse(input.serving.asOf ?? "1970-01-01T00:00:00Z") / 1000),
  };
}

/** Headers of an inference answer: a request id from the request, and the rate limits it leaves. */
export function inferenceHeaders(hash: Buffer, contentType: string, usedTokens: number): Record<string, string> {
  return {
    "content-type": contentType,
    "openai-processing-ms": String(120 + (hash.readUInt16BE(6) % 800)),
    "x-request-id": `req_${hash.toString("hex").slice(8, 40)}`,
    "x-ratelimit-limit-requests": "10000",
    "x-ratelimit-limit-tokens": "30000000",
    "x-ratelimit-remaining-requests": "9999",
    "x-ratelimit-remaining-tokens": String(30_000_000 - usedTokens),
    "x-ratelimit-reset-requests": "6ms",
    "x-ratelimit-reset-tokens": "0s",
  };
}

export function errorReply(status: number, error: JsonValue, input: ComputeInput): Reply {
  const hash = digest(`${scopeOf(input).org}\u0000${input.path}\u0000${input.body?.toString("utf8") ?? ""}`);
  return {
    status,
    headers: {
      "content-type": JSON_TYPE,
      "openai-processing-ms": String(5 + (hash[0]! % 40)),
      "x-request-id": `req_${hash.toString("hex").slice(0, 32)}`,
    },
    body: JSON.stringify(error),
  };
}

function parseBody(input: ComputeInput): JsonObject | undefined {
  try {
    const value = JSON.parse(input.body?.toString("utf8") || "") as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as JsonObject) : undefined;
  } catch {
    return undefined;
  }
}

/** The model must be one `GET /v1/models` lists, and a chat model. */
async function checkModel(input: ComputeInput, model: string, endpoint: string): Promise<Reply | undefined> {
  const text = await input.read("v1/models");
  const known = text === undefined ? undefined : new Set((JSON.parse(text) as { data: JsonObject[] }).data.map((m) => String(m.id)));
  if (known && !known.has(model)) return errorReply(404, modelNotFound(model), input);
  if (!isChatModel(model)) return errorReply(404, notAChatModel(endpoint), input);
  return undefined;
}

function sse(events: Array<{ event?: string; data: string }>): string {
  return events.map((e) => `${e.event ? `event: ${e.event}\n` : ""}data: ${e.data}\n\n`).join("");
}

const chat: ComputeHandler = async (input) => {
  const body = parseBody(input);
  if (!body) return errorReply(400, invalidJson, input);
  const req = parseChat(body);
  if ("error" in req) return errorReply(req.status, req.error, input);
  const bad = await checkModel(input, req.model, "v1/chat/completions");
  if (bad) return bad;
  const p = planChat(req, body, scopeOf(input));
  const used = p.promptTokens + p.completionTokens * req.n;
  if (!req.stream)
    return { status: 200, headers: inferenceHeaders(p.hash, JSON_TYPE, used), body: JSON.stringify(chatCompletion(p, req.n)) };
  const chunks = chatChunks(p, req.n, req.includeUsage).map((c) => ({ data: JSON.stringify(c) }));
  return { status: 200, headers: inferenceHeaders(p.hash, SSE_TYPE, used), body: sse([...chunks, { data: "[DONE]" }]) };
};

const responses: ComputeHandler = async (input) => {
  const body = parseBody(input);
  if (!body) return errorReply(400, invalidJson, input);
  const req = parseResponses(body);
  if ("error" in req) return errorReply(req.status, req.error, input);
  const bad = await checkModel(input, req.model, "v1/responses");
  if (bad) return bad;
  const p = planResponses(req, body, scopeOf(input));
  const used = p.promptTokens + p.completionTokens;
  if (!req.stream)
    return { status: 200, headers: inferenceHeaders(p.hash, JSON_TYPE, used), body: JSON.stringify(responseObject(p, body, req, "done")) };
  const events = responseEvents(p, body, req).map((e) => ({ event: String(e.type), data: JSON.stringify(e) }));
  return { status: 200, headers: inferenceHeaders(p.hash, SSE_TYPE, used), body: sse(events) };
};

export const inferenceRoutes: ComputedRoute[] = [
  { method: "POST", path: "^v1/chat/completions$", handler: "chat-completions", run: chat },
  { method: "POST", path: "^v1/responses$", handler: "responses", run: responses },
];
