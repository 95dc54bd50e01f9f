import { GraphQLError } from "graphql";
import type { ErrorDoc, JsonValue } from "../../core/provider.js";

/**
 * Linear's error bodies. Every answer of the GraphQL endpoint is `{errors: [{message, …, extensions}]}`
 * with Linear's extensions: `type` (the SDK maps it to its error classes: "authentication error",
 * "invalid input", "graphql error", "forbidden"), `code`, `statusCode`, `userError` and
 * `userPresentableMessage` (the SDK shows it after the message).
 */
type Extensions = { [key: string]: JsonValue };

function extensions(type: string, code: string, statusCode: number, userPresentableMessage: string, http?: number): Extensions {
  return { type, code, statusCode, userError: true, userPresentableMessage, meta: {}, ...(http ? { http: { status: http } } : {}) };
}

/** A path outside the API (only `POST /graphql` and the pin's data resources are served). */
export const notFound: ErrorDoc = {
  status: 404,
  body: {
    errors: [
      { message: "Not found", extensions: extensions("invalid input", "NOT_FOUND", 404, "Linear's API is served at POST /graphql.") },
    ],
  },
};

/** A write anywhere but the GraphQL endpoint. */
export const methodNotAllowed: ErrorDoc = {
  status: 405,
  body: {
    errors: [
      {
        message: "Method not allowed",
        extensions: extensions("invalid input", "METHOD_NOT_ALLOWED", 405, "Send GraphQL operations with POST /graphql."),
      },
    ],
  },
};

/** No Authorization header: Linear answers 401 before reading the query. */
export const AUTHENTICATION_ERROR = {
  status: 401,
  body: {
    errors: [
      {
        message: "Authentication required, not authenticated",
        extensions: extensions(
          "authentication error",
          "AUTHENTICATION_ERROR",
          401,
          "You need to authenticate to access this operation.",
          401,
        ),
      },
    ],
  },
};

/** A request body that is not a GraphQL request (`{query, variables?, operationName?}` as JSON). */
export function badRequest(message: string): { status: number; body: JsonValue } {
  return { status: 400, body: { errors: [{ message, extensions: extensions("graphql error", "BAD_REQUEST", 400, message) }] } };
}

/** A query that does not parse or does not validate against Linear's schema: HTTP 400, as Linear answers. */
export function queryError(error: GraphQLError, code: "GRAPHQL_PARSE_FAILED" | "GRAPHQL_VALIDATION_FAILED"): JsonValue {
  return {
    message: error.message,
    ...(error.locations ? { locations: error.locations.map((l) => ({ line: l.line, column: l.column })) } : {}),
    extensions: extensions("graphql error", code, 400, error.message),
  };
}

/** `issue(id: "nope")`: `Entity not found: Issue`, with the rest of the answer null. */
export function entityNotFound(type: string): GraphQLError {
  return new GraphQLError(`Entity not found: ${type}`, {
    extensions: extensions("invalid input", "INPUT_ERROR", 400, `Could not find referenced ${type}.`),
  });
}

/** An argument Linear would reject (a page size above 250, a cursor it never gave out). */
export function inputError(message: string): GraphQLError {
  return new GraphQLError("Argument Validation Error", { extensions: extensions("invalid input", "INPUT_ERROR", 400, message) });
}

/** A filter or sort field the snapshot does not evaluate: an error rather than a silently wrong answer. */
export function notServed(what: string): GraphQLError {
  return new GraphQLError(`Not supported by this snapshot: ${what}`, {
    extensions: extensions("invalid input", "INPUT_ERROR", 400, `${what} is not evaluated by this snapshot of Linear's API.`),
  });
}

/** Mutations on a frozen pin: Linear's forbidden shape; nothing is changed. */
export const MUTATION_FORBIDDEN = {
  message: "Forbidden: this snapshot of Linear is read-only",
  extensions: extensions("forbidden", "FORBIDDEN", 403, "This snapshot is frozen: mutations are not accepted."),
};

/** Anything unexpected inside the executor: Linear's internal error shape, never a stack trace. */
export function internalExtensions(): Extensions {
  return {
    type: "internal error",
    code: "INTERNAL_SERVER_ERROR",
    statusCode: 500,
    userError: false,
    userPresentableMessage: "An internal error occurred.",
    meta: {},
  };
}
