import type { ErrorDoc } from "../../core/provider.js";

/**
 * CircleCI's error body is `{"message": "…"}` (the description's default response). Without a token
 * (`Circle-Token`, or HTTP basic auth with the token as user) the v2 API answers 401 "You must log in
 * first."; a path or an entity it does not know, 404 "Not found."; a write made with a token that may
 * only read, 403 "Permission denied", which is what this read-only host answers to every write.
 */
export const notFound: ErrorDoc = { status: 404, body: { message: "Not found." } };

export const unauthorized: ErrorDoc = { status: 401, body: { message: "You must log in first." } };

export const permissionDenied: ErrorDoc = { status: 403, body: { message: "Permission denied" } };

/** A parameter CircleCI refuses (`page-token` that is no token, `mine=maybe`, a `start-date` that is no time). */
export const badRequest: ErrorDoc = { status: 400, body: { message: "{message}" } };
