import type { ErrorDoc } from "../../core/provider.js";

/**
 * Buildkite's REST API answers every error as `{"message": …}`. The 401 without a token is word for
 * word what api.buildkite.com answers (quoted by buildkite/cli and buildkite/test-engine-client tests);
 * a missing organization, pipeline or build gets its own 404 message (routes.ts).
 */
export const AUTH_REQUIRED =
  "Authentication required. Please supply a valid API Access Token: https://buildkite.com/docs/apis/rest-api#authentication";

export const notAuthenticated: ErrorDoc = { status: 401, body: { message: AUTH_REQUIRED } };

export const notFound: ErrorDoc = { status: 404, body: { message: "Not Found" } };

/**
 * A write no scope refusal names (writes.ts): Buildkite's bare 403 (`{"message": "Forbidden"}`, as
 * buildkite/docs issue 689 shows it). Nothing is ever changed.
 */
export const methodNotAllowed: ErrorDoc = { status: 403, body: { message: "Forbidden" } };

/** A list parameter Buildkite refuses (a time that is not ISO 8601). */
export const badRequest: ErrorDoc = { status: 422, body: { message: "{message}" } };

/** An artifact `state` outside new, error, finished, deleted, expired: "Returns a 422 Unprocessable Entity error for unknown values." */
export const badArtifactState: ErrorDoc = { status: 422, body: { message: "state must be one of new, error, finished, deleted, expired" } };

/** The 404 bodies of a missing organization, pipeline, build or job, as Buildkite words them. */
export const MISSING = {
  organization: "No organization found",
  pipeline: "No pipeline found",
  build: "No build found",
  job: "No job found",
} as const;
