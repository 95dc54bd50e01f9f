import type { ErrorDoc } from "../../core/provider.js";

/** GitHub's error bodies: message, documentation_url, and the status as a string. */
export const notFound: ErrorDoc = {
  status: 404,
  body: { message: "Not Found", documentation_url: "https://docs.github.com/rest", status: "404" },
};

export const methodNotAllowed: ErrorDoc = {
  status: 403,
  body: { message: "Resource not accessible by integration: this snapshot is read-only", documentation_url: "https://docs.github.com/rest", status: "403" },
};

export const badVersion: ErrorDoc = {
  status: 400,
  body: {
    message: "Unsupported 'X-GitHub-Api-Version' header: {version}. Supported versions are: 2022-11-28, 2026-03-10.",
    documentation_url: "https://docs.github.com/rest/about-the-rest-api/api-versions",
    status: "400",
  },
};
