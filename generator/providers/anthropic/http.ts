import { createHash } from "node:crypto";
import type { ComputeInput, JsonValue } from "../../core/provider.js";
import { requestId } from "./context.js";
import { MISSING_VERSION, anthropicError } from "./errors.js";

/**
 * What every computed answer shares: a request id derived from the request (header and error body
 * alike), Anthropic's error replies, the credential and version checks the Admin and Messages APIs make,
 * and query parameters read the way the SDK sends them (`group_by[]=a&group_by[]=b`).
 */
export type Reply = { status: number; headers: Record<string, string>; body: string };

export const JSON_TYPE = "application/json";

/** The request's own id: the method, path, sorted query and body, with the host's organization. */
export function requestIdOf(input: ComputeInput): string {
  const query = input.query
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join("&");
  const org = input.serving.headers["anthropic-organization-id"] ?? "";
  const digest = createHash("sha256")
    .update(`${org}\u0000${input.method}\u0000${input.path}\u0000${query}\u0000${input.body?.toString("utf8") ?? ""}`)
    .digest("hex");
  return requestId(digest);
}

export function jsonReply(input: ComputeInput, body: JsonValue, extra: Record<string, string> = {}): Reply {
  return { status: 200, headers: { "content-type": JSON_TYPE, "request-id": requestIdOf(input), ...extra }, body: JSON.stringify(body) };
}

export function errorReply(input: ComputeInput, status: number, type: string, message: string): Reply {
  const id = requestIdOf(input);
  return { status, headers: { "content-type": JSON_TYPE, "request-id": id }, body: JSON.stringify(anthropicError(type, message, id)) };
}

export const invalid = (input: ComputeInput, message: string): Reply => errorReply(input, 400, "invalid_request_error", message);

/**
 * Anthropic answers 400 without `anthropic-version` (an unsupported one never reaches a handler: the
 * profile's version rule answers it), and 401 without a credential: `x-api-key`, or an OAuth token as
 * `Authorization: Bearer` (any value passes).
 */
export function checkRequest(input: ComputeInput): Reply | undefined {
  if (!input.headers["anthropic-version"]) return invalid(input, MISSING_VERSION);
  const key = input.headers["x-api-key"];
  const bearer = /^Bearer \S/i.test(input.headers.authorization ?? "");
  if (!key && !bearer) return errorReply(input, 401, "authentication_error", "x-api-key header is required");
  return undefined;
}

/** Query parameters by name: `group_by[]=a`, `group_by=a` and `group_by[0]=a` alike. */
export function params(input: ComputeInput): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [raw, value] of input.query) {
    const name = raw.replace(/\[\d*\]$/, "");
    out.set(name, [...(out.get(name) ?? []), value]);
  }
  return out;
}

/** The as-of instant of the host, ms. */
export function asOfOf(input: ComputeInput): number {
  return Date.parse(input.serving.asOf ?? "1970-01-01T00:00:00Z");
}

/** An integer query value, or undefined. */
export function integer(value: string | undefined): number | undefined {
  return value !== undefined && /^-?\d+$/.test(value.trim()) ? Number(value.trim()) : undefined;
}

/** An RFC 3339 date-time (or a date, read as UTC midnight), ms; undefined when it is neither. */
export function instant(value: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}([Tt ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?([Zz]|[+-]\d{2}:?\d{2})?)?$/.test(value)) return undefined;
  const iso = value.length === 10 ? `${value}T00:00:00Z` : /([Zz]|[+-]\d{2}:?\d{2})$/.test(value) ? value : `${value}Z`;
  const ms = Date.parse(iso.replace(" ", "T"));
  return Number.isNaN(ms) ? undefined : ms;
}
