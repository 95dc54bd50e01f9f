import type { ErrorDoc } from "../../core/provider.js";

/** GitHub's error bodies: message, documentation_url, and the status as a string. */
export const notFound: ErrorDoc = {
  status: 404,
  body: { message: "Not Found", documentation_url: "https://docs.github.com/rest", status: "404" },
};

export const methodNotAllowed: ErrorDoc = {
  status: 403,
  body: {
    message: "Resource not accessible by integration: this snapshot is read-only",
    documentation_url: "https://docs.github.com/rest",
    status: "403",
  },
};

export const badVersion: ErrorDoc = {
  status: 400,
  body: {
    message: "Unsupported 'X-GitHub-Api-Version' header: {version}. Supported versions are: 2022-11-28, 2026-03-10.",
    documentation_url: "https://docs.github.com/rest/about-the-rest-api/api-versions",
    status: "400",
  },
};

/**
 * A malformed list parameter. The only parameters GitHub refuses here are times (`since`, `until`,
 * Actions' `created`); its observed answer to a bad `since` is this message (lampepfl/bench#581), with
 * the status 422 that GitHub's parameter validation uses. Sort and direction values are never refused.
 */
export const badRequest: ErrorDoc = {
  status: 422,
  body: {
    message: "The {param} parameter needs to be in ISO 8601 format: YYYY-MM-DDTHH:MM:SSZ",
    documentation_url: "https://docs.github.com/rest",
    status: "422",
  },
};

/**
 * A list parameter GitHub honours that the pin cannot answer (`mentioned`, `role=admin`), or a value GitHub
 * cannot read (`milestone=v1`, not a number, `*` or `none`): GitHub's validation failure, naming the field, so a client
 * sees an error rather than a 200 with the wrong items.
 */
export const unanswerable: ErrorDoc = {
  status: 422,
  body: {
    message: "Validation Failed",
    errors: [{ code: "invalid", field: "{param}", value: "{value}" }],
    documentation_url: "https://docs.github.com/rest",
    status: "422",
  },
};
