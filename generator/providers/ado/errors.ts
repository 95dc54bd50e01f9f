import type { ErrorDoc, JsonValue } from "../../core/provider.js";

/**
 * Azure DevOps' error body: the server's exception, serialized with `$id`, `innerException`, `message`,
 * `typeName` (the .NET type and assembly), `typeKey`, `errorCode` and `eventId`. Messages carry the
 * service's TF codes where the real service uses one for the same failure (and none where it would be made up).
 */
export function tfError(message: string, type: string, assembly: string, eventId = 3000): JsonValue {
  const typeKey = type.slice(type.lastIndexOf(".") + 1);
  return { $id: "1", innerException: null, message, typeName: `${type}, ${assembly}`, typeKey, errorCode: 0, eventId };
}

const FRAMEWORK = "Microsoft.TeamFoundation.Framework.Server";
const WEBAPI = "Microsoft.VisualStudio.Services.WebApi";

/** An unknown route or resource: the routing layer's not-found, as a TF-style body. */
export const notFound: ErrorDoc = {
  status: 404,
  body: tfError(
    "The requested resource does not exist, or you do not have permission to access it.",
    `${WEBAPI}.VssResourceNotFoundException`,
    WEBAPI,
  ),
};

/** Writes to a frozen pin: the access check a read-only identity fails. */
export const methodNotAllowed: ErrorDoc = {
  status: 403,
  body: tfError(
    "TF400813: The snapshot is read-only: this identity is not authorized to change resources in this organization.",
    `${FRAMEWORK}.UnauthorizedRequestException`,
    FRAMEWORK,
  ),
};

export function itemNotFound(path: string, repo: string, version: string, commit: string): JsonValue {
  return tfError(
    `TF401174: The item '${path}' could not be found in the repository '${repo}' at the ` +
      `version specified by '${version}' (resolved to commit '${commit}').`,
    "Microsoft.TeamFoundation.Git.Server.GitItemNotFoundException",
    "Microsoft.TeamFoundation.Git.Server",
  );
}

export function versionNotFound(version: string): JsonValue {
  return tfError(
    `TF401175:The version descriptor ${version} could not be resolved to a version commit.`,
    "Microsoft.TeamFoundation.Git.Server.GitUnresolvableToCommitException",
    "Microsoft.TeamFoundation.Git.Server",
  );
}

export function workItemNotFound(id: number | string): JsonValue {
  return tfError(
    `TF401232: Work item ${id} does not exist, or you do not have permissions to read it.`,
    "Microsoft.TeamFoundation.WorkItemTracking.Server.WorkItemUnauthorizedAccessException",
    "Microsoft.TeamFoundation.WorkItemTracking.Server",
    3200,
  );
}

export function badRequest(message: string): JsonValue {
  return tfError(message, `${WEBAPI}.VssServiceException`, WEBAPI);
}

/**
 * A list parameter the service refuses (an unknown enum value such as `queryOrder=sideways`, a bad
 * continuation token): the model binder's 400, `{message}` filled in by the resolver.
 */
export const badRequestDoc: ErrorDoc = { status: 400, body: badRequest("{message}") };

/** A WIQL statement this snapshot did not pre-render (the README lists the ones it did). */
export function wiqlNotServed(): JsonValue {
  return tfError(
    "The query statement is not answered by this snapshot: only the WIQL queries listed in its " +
      "documentation are pre-rendered (other field " +
      "lists are accepted; other clauses are not).",
    "Microsoft.TeamFoundation.WorkItemTracking.Server.Queries.QueryException",
    "Microsoft.TeamFoundation.WorkItemTracking.Server",
    3200,
  );
}

/** A WIQL statement that does not parse or uses what the snapshot does not evaluate (EVER, ASOF, MODE). */
export function wiqlError(message: string): JsonValue {
  return tfError(
    message,
    "Microsoft.TeamFoundation.WorkItemTracking.Server.Queries.QueryException",
    "Microsoft.TeamFoundation.WorkItemTracking.Server",
    3200,
  );
}

export function unknownField(name: string): JsonValue {
  return tfError(
    `TF51005: The query references a field that does not exist. The error is caused by «${name}».`,
    "Microsoft.TeamFoundation.WorkItemTracking.Server.Queries.QueryException",
    "Microsoft.TeamFoundation.WorkItemTracking.Server",
    3200,
  );
}
