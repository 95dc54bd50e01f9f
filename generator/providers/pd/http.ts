import { readListRequest, runList } from "../../core/lists/engine.js";
import type { ListProfile } from "../../core/lists/profile.js";
import type { ComputeInput, ErrorDoc, JsonValue } from "../../core/provider.js";
import { argumentsError, invalidInput, notFound } from "./errors.js";
import { PAGE_FIELDS, type PdPagination } from "./paging.js";

/**
 * What the computed answers share (incidents, on-calls, a schedule's rendering, users/me): replies in
 * PagerDuty's shape, its time parameters, and lists paged by core's query engine over items the handler
 * selected (a time window, `earliest`), so the paging, filters and sorts are the engine's, not this
 * folder's.
 */
export type Reply = { status: number; headers: Record<string, string>; body: string };

const JSON_TYPE = "application/json; charset=utf-8";

export function jsonReply(body: JsonValue): Reply {
  return { status: 200, headers: { "content-type": JSON_TYPE }, body: JSON.stringify(body) };
}

export function errorReply(doc: ErrorDoc, message = ""): Reply {
  const esc = JSON.stringify(message).slice(1, -1);
  return { status: doc.status, headers: { "content-type": JSON_TYPE }, body: JSON.stringify(doc.body).replaceAll("{message}", esc) };
}

export const missing = (): Reply => errorReply(notFound);
export const invalid = (message: string): Reply => errorReply(invalidInput, message);

export function isReply(x: unknown): x is Reply {
  return typeof x === "object" && x !== null && "status" in x && "body" in x;
}

/** The first value of a parameter, `name` or `name[]`. */
export function param(input: ComputeInput, name: string): string | undefined {
  return input.query.find(([k]) => k === name || k === `${name}[]`)?.[1];
}

/** The generation's as-of instant: "now" on this host. */
export function nowOf(input: ComputeInput): number {
  return Date.parse(input.serving.asOf ?? "1970-01-01T00:00:00Z");
}

/** A `since`/`until` value: an ISO 8601 time; a date alone is its midnight UTC. */
export function timeParam(input: ComputeInput, name: string): number | undefined | Reply {
  const v = param(input, name);
  if (v === undefined || v === "") return undefined;
  const t = /^\d{4}-\d{2}-\d{2}$/.test(v) ? Date.parse(`${v}T00:00:00Z`) : /^\d{4}-\d{2}-\d{2}T/.test(v) ? Date.parse(v) : Number.NaN;
  return Number.isNaN(t) ? invalid(`${name === "since" ? "Since" : "Until"} must be a valid date`) : t;
}

/**
 * One page of `items` as the engine answers a declared list: the request's filters, sort and page
 * (parameters the handler consumed, such as `since`, are not the engine's and are left out).
 */
export function listReply(
  input: ComputeInput,
  path: string,
  profile: ListProfile,
  paging: PdPagination,
  envelope: string,
  items: JsonValue[],
  consumed: string[],
): Reply {
  const pairs = input.query.filter(([k]) => !consumed.includes(k.replace(/\[\]$/, "")));
  const req = readListRequest(path, pairs, { profile, paging }, input.serving.query);
  if ("message" in req) return errorReply(req.param === paging.pageParam ? argumentsError : invalidInput, req.message);
  const template: JsonValue = { [envelope]: [], limit: paging.defaultSize, offset: 0, total: null, more: false };
  const out = runList(req, { items, template, envelope, headers: {} });
  if ("message" in out) return errorReply(out.param === paging.pageParam ? argumentsError : invalidInput, out.message);
  return { status: 200, headers: { "content-type": JSON_TYPE, ...out.headers }, body: out.body };
}

export const PAGE_KEYS = (envelope: string) => [envelope, ...PAGE_FIELDS];
