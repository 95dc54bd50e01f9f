import type { ErrorDoc, JsonValue } from "../../core/provider.js";

/**
 * Microsoft Graph's error body (https://learn.microsoft.com/graph/errors):
 * `{"error":{"code","message","innerError":{"date","request-id","client-request-id"}}}`. Pre-rendered
 * errors carry the host's error request id and its as-of date (the profile's `request-id` header repeats
 * it); computed answers derive theirs from the request and echo the client's `client-request-id`.
 */
export interface ErrorIds {
  requestId: string;
  date: string;
}

export function graphError(code: string, message: string, ids: ErrorIds, clientRequestId = ids.requestId): JsonValue {
  return { error: { code, message, innerError: { date: ids.date, "request-id": ids.requestId, "client-request-id": clientRequestId } } };
}

/** An unknown id or a path the host does not serve: the directory's 404. */
export function notFound(ids: ErrorIds): ErrorDoc {
  return {
    status: 404,
    body: graphError(
      "Request_ResourceNotFound",
      "Resource does not exist or one of its queried reference-property objects are not present.",
      ids,
    ),
  };
}

/** No `Authorization: Bearer …` (any token passes: the host is not a secret). */
export function missingToken(ids: ErrorIds): ErrorDoc {
  return {
    status: 401,
    headers: {
      "www-authenticate":
        'Bearer realm="", authorization_uri="https://login.microsoftonline.com/common/oauth2/authorize", ' +
        'client_id="00000003-0000-0000-c000-000000000000"',
    },
    body: graphError("InvalidAuthenticationToken", "Access token is empty.", ids),
  };
}

/** Writes: the snapshot's token holds read scopes only, so Graph refuses as it refuses any unprivileged write. */
export function writeRefused(ids: ErrorIds): ErrorDoc {
  return {
    status: 403,
    body: graphError(
      "Authorization_RequestDenied",
      "Insufficient privileges to complete the operation. This is a read-only snapshot of a Microsoft 365 tenant: nothing was changed.",
      ids,
    ),
  };
}

/** A query option Graph refuses (`$top=1000`, an unknown `$orderby`, a `$filter` this host does not evaluate). */
export function badRequest(ids: ErrorIds): ErrorDoc {
  return { status: 400, body: graphError("Request_BadRequest", "{message}", ids) };
}

export function badRequestByParam(ids: ErrorIds): Record<string, ErrorDoc> {
  const unsupported = (message: string): ErrorDoc => ({ status: 400, body: graphError("Request_UnsupportedQuery", message, ids) });
  return {
    $filter: { status: 400, body: graphError("BadRequest", "Invalid filter clause: {message}", ids) },
    $search: unsupported(
      "Request with $search query parameter only works through MSGraph with a special request header: 'ConsistencyLevel: eventual'. This " +
        "snapshot does not evaluate $search.",
    ),
    $orderby: unsupported("Sorting not supported for '{value}'."),
    $deltatoken: { status: 400, body: graphError("Request_BadRequest", "Badly formed token.", ids) },
    $skiptoken: { status: 400, body: graphError("Request_BadRequest", "Badly formed token.", ids) },
  };
}

export function badRequestByReason(ids: ErrorIds, max: number): Partial<Record<"format" | "value" | "range" | "minimum", ErrorDoc>> {
  const doc = (message: string): ErrorDoc => ({ status: 400, body: graphError("Request_BadRequest", message, ids) });
  return {
    format: doc("Invalid value '{value}' for query parameter '{param}'."),
    range: doc(`Invalid page size specified: '{value}'. Must be between 1 and ${max} inclusive.`),
    minimum: doc(`Invalid page size specified: '{value}'. Must be between 1 and ${max} inclusive.`),
  };
}
