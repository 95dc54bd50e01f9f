import { jsonReply } from "../../core/compute.js";
import { BoundedMemo } from "../../core/memo.js";
import { type DocumentNode, type ExecutionResult, GraphQLError, execute, getOperationAST, parse, validate } from "graphql";
import type { ComputeHandler, ComputeInput, JsonValue, ServingProfile } from "../../core/provider.js";
import { AUTHENTICATION_ERROR, MUTATION_FORBIDDEN, badRequest, internalExtensions, queryError } from "./errors.js";
import { fieldResolver, typeResolver } from "./executor.js";
import { linearSchema } from "./schema.js";
import { Store } from "./store.js";
import type { ComputedRoute } from "../../core/define-provider.js";

/**
 * `POST /graphql`: Linear's GraphQL endpoint, executed by graphql-js against Linear's published schema
 * over the pin's frozen data (the `graphql/data/…` resources, read once per pin and kept).
 * 1. No Authorization header: 401 AUTHENTICATION_ERROR (any key is accepted, as a snapshot has one user).
 * 2. A body that is not `{query, variables?, operationName?}`: 400.
 * 3. A query that does not parse or validate against the schema: 400 with graphql-js's messages.
 * 4. Mutations: Linear's FORBIDDEN error; the pin never changes.
 * 5. Execution: `{data}` or `{errors, data}` with Linear's error extensions, HTTP 200.
 */

/** One store per loaded pin: a rebuilt pin comes with a new serving profile object, hence a new store. */
const stores = new WeakMap<ServingProfile, Promise<Store>>();

function storeFor(input: ComputeInput): Promise<Store> {
  let store = stores.get(input.serving);
  if (!store) {
    store = Store.load(input);
    stores.set(input.serving, store);
    store.catch(() => stores.delete(input.serving));
  }
  return store;
}

/** Parsed and validated documents by query text (the SDK sends the same large documents again and again). */
type Prepared = { document?: DocumentNode; errors?: JsonValue[]; status: number };
const documents = new BoundedMemo<string, Prepared>(500);

function prepare(query: string): Prepared {
  return documents.get(query, () => {
    try {
      const document = parse(query);
      const invalid = validate(linearSchema(), document);
      return invalid.length
        ? { errors: invalid.map((e) => queryError(e, "GRAPHQL_VALIDATION_FAILED")), status: 400 }
        : { document, status: 200 };
    } catch (error) {
      if (!(error instanceof GraphQLError)) throw error;
      return { errors: [queryError(error, "GRAPHQL_PARSE_FAILED")], status: 400 };
    }
  });
}

const reply = (status: number, body: JsonValue) => jsonReply(status, body);

export const graphql: ComputeHandler = async (input) => {
  if (!(input.headers.authorization ?? "").trim()) return reply(AUTHENTICATION_ERROR.status, AUTHENTICATION_ERROR.body);
  let request: { query?: unknown; variables?: unknown; operationName?: unknown };
  try {
    request = JSON.parse(input.body?.toString("utf8") || "null") as typeof request;
  } catch {
    return reply(400, badRequest("The request body is not valid JSON.").body);
  }
  if (!request || typeof request !== "object" || Array.isArray(request) || typeof request.query !== "string") {
    return reply(400, badRequest("The request body must be a JSON object with a `query` string.").body);
  }
  const { variables, operationName } = request;
  if (variables !== undefined && variables !== null && (typeof variables !== "object" || Array.isArray(variables))) {
    return reply(400, badRequest("`variables` must be a JSON object.").body);
  }
  const prepared = prepare(request.query);
  if (!prepared.document) return reply(prepared.status, { errors: prepared.errors ?? [] });
  const name = typeof operationName === "string" ? operationName : undefined;
  const operation = getOperationAST(prepared.document, name);
  if (operation && operation.operation !== "query") return reply(200, { errors: [MUTATION_FORBIDDEN], data: null });
  const store = await storeFor(input);
  const result = (await execute({
    schema: linearSchema(),
    document: prepared.document,
    rootValue: {},
    contextValue: { store },
    variableValues: (variables ?? undefined) as Record<string, unknown> | undefined,
    operationName: name,
    fieldResolver,
    typeResolver,
  })) as ExecutionResult;
  // No `data` at all: the variables or the operation name were wrong (a request error, as Linear's 400).
  if (!("data" in result)) {
    return reply(400, {
      errors: (result.errors ?? []).map((e) => ({
        ...(e.toJSON() as unknown as Record<string, JsonValue>),
        extensions: {
          ...internalExtensions(),
          type: "graphql error",
          code: "BAD_USER_INPUT",
          statusCode: 400,
          userError: true,
          userPresentableMessage: e.message,
        },
      })),
    });
  }
  const errors = result.errors?.map((e) => {
    const json = e.toJSON() as unknown as Record<string, JsonValue>;
    return { ...json, extensions: (e.extensions && Object.keys(e.extensions).length ? e.extensions : internalExtensions()) as JsonValue };
  });
  return reply(200, errors?.length ? { errors, data: (result.data ?? null) as JsonValue } : { data: (result.data ?? null) as JsonValue });
};

/** The computed route: every POST to the GraphQL endpoint. */
export const computedRoutes: ComputedRoute[] = [{ method: "POST", path: "^graphql$", handler: "graphql", run: graphql }];
