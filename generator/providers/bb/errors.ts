import type { ErrorDoc } from "../../core/provider.js";

/**
 * Bitbucket Cloud's error envelope: `{"type": "error", "error": {"message", "detail"?}}`.
 * A path the pin does not serve gets the body api.bitbucket.org answers for a URL without an API.
 */
export const notFound: ErrorDoc = {
  status: 404,
  body: {
    type: "error",
    error: {
      message: "Resource not found",
      detail:
        "There is no API hosted at this URL.\n\nFor information about our API's, please refer to the documentation at: https://" +
        "developer.atlassian.com/bitbucket/api/2/reference/",
    },
  },
};

/**
 * A write to a frozen pin: what Bitbucket answers a credential that may only read, a 403 naming the
 * privilege it lacks.
 */
export const methodNotAllowed: ErrorDoc = {
  status: 403,
  body: {
    type: "error",
    error: {
      message: "Your credentials lack one or more required privilege scopes.",
      detail: "This snapshot is read-only: it answers GET and HEAD requests only.",
    },
  },
};

/**
 * A list parameter Bitbucket refuses (a `pagelen` above a list's maximum, a `q` that does not parse, an
 * unknown `state` or pipelines `sort`): 400 naming the parameter, as `Invalid pagelen` does, with the
 * reason as `detail`.
 */
export const badRequest: ErrorDoc = {
  status: 400,
  body: { type: "error", error: { message: "Invalid {param}", detail: "{message}" } },
};

/** A BBQL `q` that does not parse: Bitbucket's message names the expression, the reason follows. */
export const badQueryExpression: ErrorDoc = {
  status: 400,
  body: { type: "error", error: { message: "Invalid filter query expression: {message}" } },
};

/**
 * The issue tracker of a repository that has none (`has_issues: false`, as every repository here: the
 * company tracks work in Jira): Bitbucket's 404 for `issues` and everything under it.
 */
export const noIssueTracker: ErrorDoc = {
  status: 404,
  body: { type: "error", error: { message: "Repository has no issue tracker." } },
};
