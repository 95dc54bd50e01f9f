import { canonicalQuery, resourceKey } from "./query.js";
import type { ComputeInput, ErrorDoc, JsonValue } from "./provider.js";

/**
 * The small kit every computed handler shares (decision 0007): a JSON reply in the provider's content
 * type, a pre-rendered error as a reply, the request body read as JSON, and a served resource of the
 * same pin read by path and query. Handlers stay pure functions of the request and the frozen pin.
 */
export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body: string | Buffer;
}

export const JSON_TYPE = "application/json; charset=utf-8";

export function jsonReply(status: number, body: unknown, options: { contentType?: string; headers?: Record<string, string> } = {}): Reply {
  return { status, headers: { "content-type": options.contentType ?? JSON_TYPE, ...(options.headers ?? {}) }, body: JSON.stringify(body) };
}

/** A provider's pre-rendered error (ServingProfile.errors), as a reply. */
export function errorReply(doc: ErrorDoc, contentType = JSON_TYPE): Reply {
  return { status: doc.status, headers: { "content-type": contentType, ...(doc.headers ?? {}) }, body: JSON.stringify(doc.body) };
}

/** The request body as JSON: absent (empty or blank), parsed, or malformed (with the parser's error and the text). */
export type JsonBody = { kind: "empty" } | { kind: "json"; value: unknown } | { kind: "malformed"; error: unknown; text: string };

export function jsonBody(input: Pick<ComputeInput, "body">): JsonBody {
  const text = input.body?.toString("utf8") ?? "";
  if (text.trim() === "") return { kind: "empty" };
  try {
    return { kind: "json", value: JSON.parse(text) as unknown };
  } catch (error) {
    return { kind: "malformed", error, text };
  }
}

/** The body as a JSON object (`whenEmpty` for no body); undefined when it is malformed or not an object. */
export function objectBody(
  input: Pick<ComputeInput, "body">,
  whenEmpty: Record<string, unknown> | undefined = {},
): Record<string, unknown> | undefined {
  const parsed = jsonBody(input);
  if (parsed.kind === "empty") return whenEmpty;
  if (parsed.kind === "malformed") return undefined;
  const v = parsed.value;
  return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

/** A served JSON resource of the same pin, by path and query (canonicalized as the build keyed it). */
export async function readResource<T = JsonValue>(
  input: Pick<ComputeInput, "read" | "serving">,
  path: string,
  query: Array<[string, string]> = [],
): Promise<T | undefined> {
  const text = await input.read(resourceKey(path, canonicalQuery(query, input.serving.query, path)));
  return text === undefined ? undefined : (JSON.parse(text) as T);
}
