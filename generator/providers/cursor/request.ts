import { errorReply, jsonBody, jsonReply, type Reply } from "../../core/compute.js";
import type { ComputeInput, ErrorDoc } from "../../core/provider.js";
import { invalid } from "./errors.js";

/** What the computed answers share: Cursor's JSON replies and errors, the request body, page numbers. */
export const JSON_TYPE = "application/json; charset=utf-8";

export function ok(body: unknown): Reply {
  return jsonReply(200, body, { contentType: JSON_TYPE });
}

export function fail(doc: ErrorDoc): Reply {
  return errorReply(doc, JSON_TYPE);
}

export function badRequest(message: string): Reply {
  return fail(invalid(message));
}

/** The as-of instant of the build, the "now" of every answer. */
export function asOfOf(input: Pick<ComputeInput, "serving">): number {
  return Date.parse(input.serving.asOf ?? "1970-01-01T00:00:00Z");
}

/** The JSON object of a POST body (an empty body is `{}`), or Cursor's 400. */
export function objectBody(input: Pick<ComputeInput, "body">): Record<string, unknown> | Reply {
  const parsed = jsonBody(input);
  if (parsed.kind === "empty") return {};
  if (parsed.kind === "malformed") return badRequest("Invalid JSON in request body");
  const v = parsed.value;
  if (!v || typeof v !== "object" || Array.isArray(v)) return badRequest("Request body must be a JSON object");
  return v as Record<string, unknown>;
}

export function isReply(value: unknown): value is Reply {
  return !!value && typeof value === "object" && "status" in value && "body" in value && typeof (value as Reply).status === "number";
}

/**
 * A whole number from a JSON body or a query string (`"25"` and `25` alike), the default when absent,
 * or undefined when it is not one.
 */
export function wholeNumber(value: unknown, fallback: number): number | undefined {
  if (value === undefined || value === null || value === "") return fallback;
  const n = typeof value === "number" ? value : typeof value === "string" && /^\s*-?\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  return Number.isSafeInteger(n) ? n : undefined;
}

/** `page` (1-based) and `pageSize`, checked: an error message, or the window of a list of `total` items. */
export function pageWindow(
  pageValue: unknown,
  sizeValue: unknown,
  defaults: { size: number; max?: number },
): { page: number; size: number } | string {
  const page = wholeNumber(pageValue, 1);
  if (page === undefined || page < 1) return "page must be a positive integer";
  const size = wholeNumber(sizeValue, defaults.size);
  if (size === undefined || size < 1) return "pageSize must be a positive integer";
  if (defaults.max !== undefined && size > defaults.max) return `pageSize cannot exceed ${defaults.max}`;
  return { page, size };
}

export function slice<T>(items: T[], w: { page: number; size: number }): T[] {
  return items.slice((w.page - 1) * w.size, w.page * w.size);
}

/** Canonical CSV: a field is quoted when it holds a comma, a quote or a line break (or when asked). */
export function csvField(value: unknown, quote = false): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  return quote || /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
