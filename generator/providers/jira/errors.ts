import type { ErrorDoc, JsonValue } from "../../core/provider.js";

/**
 * Jira's error body: `{"errorMessages": [...], "errors": {}}` (`errors` names fields; empty here).
 */
export function jiraError(...messages: string[]): JsonValue {
  return { errorMessages: messages, errors: {} };
}

/**
 * Any path or id the pin does not hold. One body stands for every unknown path, so it is the 404 clients
 * meet most: an issue key or id that does not exist.
 */
export const notFound: ErrorDoc = { status: 404, body: jiraError("Issue does not exist or you do not have permission to see it.") };

/** Writes: what Jira answers a user without the permission, with the reason. The pin never changes. */
export const methodNotAllowed: ErrorDoc = {
  status: 403,
  body: jiraError(
    "You do not have permission to make changes on this Jira site: it is a read-only snapshot that answers GET requests and searches only.",
  ),
};

/** `/rest/api/3/search`, removed from Jira Cloud: what Jira answers since the removal (CHANGE-2046). */
export const searchRemoved = jiraError(
  "The requested API has been removed. Please migrate to the /rest/api/3/search/jql API. A " +
    "full migration guideline is available at https://" +
    "developer.atlassian.com/changelog/#CHANGE-2046",
);

/** A POST body that is not a JSON object. */
export const badPayload = jiraError("Invalid request payload. Refer to the REST API documentation and try again.");

/** A `nextPageToken` this search did not hand out (Jira's tokens are opaque and bound to their query). */
export const badToken = jiraError("The provided next page token is invalid or expired.");

/** A JQL query that is invalid, or outside the subset this snapshot evaluates (jql.ts). */
export function jqlError(message: string): JsonValue {
  return jiraError(message);
}
