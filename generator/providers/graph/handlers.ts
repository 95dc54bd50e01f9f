import { createHash } from "node:crypto";
import { uuidFromHex } from "../../world/ids.js";
import { parseTime } from "../../core/lists/values.js";
import { mechanismOf } from "../../core/pagination/index.js";
import { count, pageUrl } from "../../core/pagination/mechanism.js";
import { listView } from "../../core/paginate.js";
import type { ComputeHandler, ComputeInput, JsonValue, Pagination } from "../../core/provider.js";
import { canonicalQuery, resourceKey } from "../../core/query.js";
import { V } from "./context.js";
import { graphError } from "./errors.js";
import { MAX_TOP, OUTLOOK_TOP, graphPagination, odataLink } from "./lists.js";
import type { ComputedRoute } from "../../core/define-provider.js";

/**
 * What only code answers on this host:
 *
 * - `calendarView` (users' and groups'): the events that overlap the window `startDateTime`..`endDateTime`
 *   (both required, as Graph requires them), oldest first, paged by `$top` (10 by default) and an opaque
 *   `$skiptoken` in `@odata.nextLink`. It reads the owner's frozen event list (the `events` page of 999)
 *   and windows it with core's continuation-token mechanism, so its tokens are the lists' own.
 * - `users/$count`, `groups/$count`: the collection's size as text, which Graph answers only with
 *   `ConsistencyLevel: eventual` (without it, its 400).
 *
 * Every answer carries a `request-id` derived from the request, and echoes the client's `client-request-id`.
 */
type Reply = { status: number; headers: Record<string, string>; body: string };

const JSON_TYPE = "application/json;odata.metadata=minimal;odata.streaming=true;IEEE754Compatible=false;charset=utf-8";

function header(input: ComputeInput, name: string): string | undefined {
  return input.headers[name];
}

/** A GUID from the request (method, path, sorted query), stable for the same request. */
function requestIdOf(input: ComputeInput): string {
  const query = input.query
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join("&");
  const h = createHash("sha256").update(`graph\u0000${input.method}\u0000${input.path}\u0000${query}`).digest("hex");
  return uuidFromHex(h, "a");
}

function ids(input: ComputeInput) {
  const requestId = requestIdOf(input);
  return { requestId, client: header(input, "client-request-id") ?? requestId };
}

function reply(input: ComputeInput, status: number, body: string, contentType = JSON_TYPE): Reply {
  const { requestId, client } = ids(input);
  return { status, headers: { "content-type": contentType, "request-id": requestId, "client-request-id": client }, body };
}

function error(input: ComputeInput, status: number, code: string, message: string): Reply {
  const { requestId, client } = ids(input);
  const date = (input.serving.asOf ?? "1970-01-01T00:00:00Z").replace(/\.\d+Z$/, "Z");
  return reply(input, status, JSON.stringify(graphError(code, message, { requestId, date }, client)));
}

function param(input: ComputeInput, name: string): string | undefined {
  return input.query.find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
}

/** The public origin (the serving profile is rewritten to it, like every URL). */
function originOf(input: ComputeInput): string {
  return input.serving.lists?.[0]?.paging?.origin ?? "";
}

const calendarView: ComputeHandler = async (input) => {
  const [, kind, id] = /^v1\.0\/(users|groups)\/([^/]+)\/calendarView$/.exec(input.path) ?? [];
  const startText = param(input, "startDateTime");
  const endText = param(input, "endDateTime");
  if (startText === undefined || endText === undefined) {
    return error(
      input,
      400,
      "ErrorInvalidParameter",
      "This request requires a time window specified by the query string parameters StartDateTime and EndDateTime.",
    );
  }
  const from = parseTime(startText),
    to = parseTime(endText);
  if (from === undefined || to === undefined)
    return error(
      input,
      400,
      "ErrorInvalidParameter",
      `The value '${(from === undefined ? startText : endText).slice(0, 100)}' of parameter ` +
        `'${from === undefined ? "StartDateTime" : "EndDateTime"}' is invalid.`,
    );
  const base = `${V}/${kind}/${id}`;
  const text = await input.read(
    resourceKey(`${base}/events`, canonicalQuery([["$top", String(MAX_TOP)]], input.serving.query, `${base}/events`)),
  );
  if (text === undefined) return error(input, 404, "ErrorItemNotFound", "The specified object was not found in the store.");
  const all = ((JSON.parse(text) as { value: JsonValue[] }).value ?? []) as Array<{
    start: { dateTime: string };
    end: { dateTime: string };
  }>;
  const items = all.filter((e) => parseTime(e.start.dateTime)! < to && parseTime(e.end.dateTime)! > from) as unknown as JsonValue[];

  const paging: Pagination = graphPagination(originOf(input), OUTLOOK_TOP);
  const topText = param(input, "$top");
  const top = topText === undefined ? OUTLOOK_TOP : count(topText);
  if (top === undefined || top < 1 || top > MAX_TOP)
    return error(
      input,
      400,
      "Request_BadRequest",
      `Invalid page size specified: '${topText}'. Must be between 1 and ${MAX_TOP} inclusive.`,
    );
  const mechanism = mechanismOf(paging.mechanism);
  const view = listView(paging, items);
  const start = mechanism.start(paging, param(input, "$skiptoken"), top, view);
  if (typeof start !== "number") return error(input, 400, "Request_BadRequest", "Badly formed token.");
  const window = items.slice(start, start + top);
  const body: Record<string, JsonValue> = { "@odata.context": `${originOf(input)}/${V}/$metadata#${kind}('${id}')/calendarView` };
  if (start + top < items.length) {
    const carry: Array<[string, string]> = [
      ["startDateTime", startText],
      ["endDateTime", endText],
    ];
    body["@odata.nextLink"] = odataLink(
      pageUrl(paging, { path: input.path, carry, size: top }, mechanism.pageValue(paging, start + top, top, view)!),
    );
  }
  body.value = window;
  return reply(input, 200, JSON.stringify(body));
};

/** `GET /users/$count`: text, and only with `ConsistencyLevel: eventual`. */
const collectionCount: ComputeHandler = async (input) => {
  const [, kind] = /^v1\.0\/(users|groups)\/\$count$/.exec(input.path) ?? [];
  if ((header(input, "consistencylevel") ?? "").toLowerCase() !== "eventual") {
    return error(input, 400, "Request_BadRequest", "$count is not currently supported.");
  }
  const text = await input.read(
    resourceKey(`${V}/${kind}`, canonicalQuery([["$top", String(MAX_TOP)]], input.serving.query, `${V}/${kind}`)),
  );
  if (text === undefined) return error(input, 404, "Request_ResourceNotFound", `Resource '${kind}' does not exist.`);
  return reply(input, 200, String((JSON.parse(text) as { value: unknown[] }).value.length), "text/plain;charset=utf-8");
};

/** The computed routes, matched on the resource path after aliases (`me/…` is a user's). */
export const computedRoutes: ComputedRoute[] = [
  { method: "GET", path: `^${V.replace(".", "\\.")}/(users|groups)/[^/]+/calendarView$`, handler: "calendar-view", run: calendarView },
  { method: "GET", path: `^${V.replace(".", "\\.")}/(users|groups)/\\$count$`, handler: "count", run: collectionCount },
];
