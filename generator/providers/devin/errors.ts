import type { ErrorDoc, JsonValue } from "../../core/provider.js";

/**
 * Devin's API is a FastAPI application: every error body is `{"detail": ...}`, a string for HTTP errors
 * and a list of pydantic validation errors (`type`, `loc`, `msg`, `input`) for a 422.
 */
export const notFound: ErrorDoc = { status: 404, body: { detail: "Not Found" } };

/** Writes the pin does not answer (every write but the computed ones in writes.ts). */
export const methodNotAllowed: ErrorDoc = {
  status: 405,
  body: { detail: "Method Not Allowed: this snapshot of the Devin API is read-only" },
};

/** FastAPI's HTTPBearer answer to a request without `Authorization: Bearer <token>`. */
export const notAuthenticated = { status: 401, headers: { "www-authenticate": "Bearer" }, body: { detail: "Not authenticated" } };

/**
 * A list parameter that is no integer (`limit=abc`, `offset=x`): FastAPI's 422 `int_parsing`, with the
 * parameter's name in `loc`. The engine hands the error only a name and a message, not the value, so
 * `input` is null where FastAPI echoes the value sent.
 */
export const badRequest: ErrorDoc = {
  status: 422,
  body: {
    detail: [
      {
        type: "int_parsing",
        loc: ["query", "{param}"],
        msg: "Input should be a valid integer, unable to parse string as an integer",
        input: "{value}",
      },
    ],
  },
};

/** One pydantic v2 validation error, as FastAPI lists them in a 422. */
export interface ValidationError {
  type: string;
  loc: Array<string | number>;
  msg: string;
  input: JsonValue;
  ctx?: Record<string, JsonValue>;
}

export function validationFailed(errors: ValidationError[]): { status: number; body: JsonValue } {
  return { status: 422, body: { detail: errors as unknown as JsonValue } };
}
