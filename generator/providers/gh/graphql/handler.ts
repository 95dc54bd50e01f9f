import {
  type DocumentNode,
  type ExecutionResult,
  type GraphQLError,
  type GraphQLFieldResolver,
  type GraphQLTypeResolver,
  execute,
  getOperationAST,
  isLeafType,
  parse,
  validate,
} from "graphql";
import { jsonBody, jsonReply } from "../../../core/compute.js";
import { BoundedMemo } from "../../../core/memo.js";
import type { ComputeHandler, JsonValue } from "../../../core/provider.js";
import { PROBLEMS_PARSING_JSON, UNAUTHENTICATED, executionError, unserved, validationError } from "./errors.js";
import type { Args, Node } from "./node.js";
import { queryRoot } from "./query.js";
import { githubSchema } from "./schema.js";
import { sourceFor } from "./source.js";
import type { ComputedRoute } from "../../../core/define-provider.js";

/**
 * `POST /graphql` (and `/api/graphql`, GitHub Enterprise's path): GitHub's GraphQL API executed by
 * graphql-js against GitHub's published schema, every value read from the pin's REST resources.
 * 1. No Authorization header: 401, as GitHub (GraphQL always needs a token).
 * 2. A body that is not JSON: 400 "Problems parsing JSON".
 * 3. No query, a query that does not parse or validate: HTTP 200 with `errors`, as GitHub.
 * 4. Mutations: a FORBIDDEN error per field: a snapshot is read-only.
 * 5. Execution: `{data}` or `{data, errors}` with GitHub's error types, HTTP 200. Errors are listed in
 *    document order, so the same request always gives the same bytes however the reads interleave.
 */
const HEADERS = {
  "x-ratelimit-resource": "graphql",
  "x-ratelimit-limit": "5000",
  "x-ratelimit-remaining": "4999",
  "x-ratelimit-used": "1",
};
const reply = (status: number, body: JsonValue) => jsonReply(status, body, { headers: HEADERS });

/** Parsed and validated documents by query text (clients send the same documents again and again). */
type Prepared = { document?: DocumentNode; errors?: JsonValue[] };
const documents = new BoundedMemo<string, Prepared>(500);

function prepare(query: string): Prepared {
  return documents.get(query, () => {
    try {
      const document = parse(query);
      const invalid = validate(githubSchema(), document).filter((e) => !nullabilityOnly(e) && !leafTypesOnly(e));
      return invalid.length ? { errors: invalid.map((e) => validationError(e, document)) } : { document };
    } catch (error) {
      const e = error as GraphQLError;
      return {
        errors: [
          { message: e.message, ...(e.locations ? { locations: e.locations.map((l) => ({ line: l.line, column: l.column })) } : {}) },
        ],
      };
    }
  });
}

/**
 * graphql-ruby, behind GitHub, does not refuse two selections of one response key whose types differ
 * only in nullability (`... on User { name } ... on Team { name }`: String and String!), where
 * graphql-js's overlapping-fields rule does; DevLake's pull request query has exactly that.
 */
function nullabilityOnly(error: GraphQLError): boolean {
  const m = /they return conflicting types "([^"]+)" and "([^"]+)"/.exec(error.message);
  return m !== null && m[1]!.replace(/!/g, "") === m[2]!.replace(/!/g, "");
}

/**
 * GitHub also executes one response key selected on mutually exclusive object types with different leaf
 * types: the gh CLI's `issueOrPullRequest { ...on Issue { state } ...on PullRequest { state } }` (the
 * enums IssueState and PullRequestState). graphql-js refuses any two types that differ; a value of one
 * object type only ever has one of the two fields, so nothing is merged. The rule's message names the
 * two types, not the parents: this allows conflicts between two enums or scalars whose selections sit
 * on different object types, which is what the rule reports only for fields of distinct parents.
 */
function leafTypesOnly(error: GraphQLError): boolean {
  const m = /they return conflicting types "([^"]+)" and "([^"]+)"/.exec(error.message);
  if (!m) return false;
  const named = (t: string) => githubSchema().getType(t.replace(/[![\]]/g, ""));
  const [a, b] = [named(m[1]!), named(m[2]!)];
  return a !== undefined && b !== undefined && isLeafType(a) && isLeafType(b) && !/[[\]]/.test(m[1]! + m[2]!);
}

/** Every field reads the value object's field: a value, or a function of the arguments (node.ts). */
const fieldResolver: GraphQLFieldResolver<Node, unknown, Args> = (source, args, _context, info) => {
  const value = source[info.fieldName];
  if (value === undefined) throw unserved(info);
  return typeof value === "function" ? (value as (a: Args, i: typeof info) => unknown)(args, info) : value;
};

const typeResolver: GraphQLTypeResolver<Node, unknown> = (value) => value.__typename;

/** Errors in the order of their paths in the response, then of their places in the document. */
function byPath(a: GraphQLError, b: GraphQLError): number {
  const pa = a.path ?? [],
    pb = b.path ?? [];
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    const x = pa[i]!,
      y = pb[i]!;
    if (x === y) continue;
    if (typeof x === "number" && typeof y === "number") return x - y;
    const la = a.locations?.[0],
      lb = b.locations?.[0];
    if (la && lb && (la.line !== lb.line || la.column !== lb.column)) return la.line - lb.line || la.column - lb.column;
    return String(x) < String(y) ? -1 : 1;
  }
  return pa.length - pb.length;
}

export const graphql: ComputeHandler = async (input) => {
  if (!(input.headers.authorization ?? "").trim()) return reply(401, UNAUTHENTICATED);
  const body = jsonBody(input);
  if (body.kind === "malformed") return reply(400, PROBLEMS_PARSING_JSON);
  const request = (
    body.kind === "json" && body.value && typeof body.value === "object" && !Array.isArray(body.value) ? body.value : {}
  ) as Record<string, unknown>;
  if (typeof request.query !== "string" || request.query.trim() === "") {
    return reply(200, { errors: [{ message: "A query attribute must be specified and must be a string." }] });
  }
  const variables = request.variables ?? undefined;
  if (variables !== undefined && variables !== null && (typeof variables !== "object" || Array.isArray(variables))) {
    return reply(200, { errors: [{ message: "Variables are invalid JSON." }] });
  }
  const prepared = prepare(request.query);
  if (!prepared.document) return reply(200, { errors: prepared.errors ?? [] });
  const operationName = typeof request.operationName === "string" && request.operationName !== "" ? request.operationName : undefined;
  const operation = getOperationAST(prepared.document, operationName);
  if (operation && operation.operation !== "query") {
    const fields = operation.selectionSet.selections.flatMap((s) => (s.kind === "Field" ? [s] : []));
    return reply(200, {
      data: Object.fromEntries(fields.map((f) => [f.alias?.value ?? f.name.value, null])),
      errors: fields.map((f) => ({
        type: "FORBIDDEN",
        path: [f.alias?.value ?? f.name.value],
        locations: f.loc ? [{ line: f.loc.startToken.line, column: f.loc.startToken.column }] : [],
        message: "This snapshot is read-only: mutations are not applied (snapverse).",
      })),
    });
  }
  const src = sourceFor(input);
  const result = (await execute({
    schema: githubSchema(),
    document: prepared.document,
    rootValue: queryRoot(src),
    operationName,
    variableValues: (variables ?? undefined) as Record<string, unknown> | undefined,
    fieldResolver,
    typeResolver,
  })) as ExecutionResult;
  const errors = [...(result.errors ?? [])].sort(byPath).map(executionError);
  // No `data` at all: wrong variables or operation name, a request error.
  if (!("data" in result)) return reply(200, { errors });
  return reply(200, errors.length ? { data: (result.data ?? null) as JsonValue, errors } : { data: (result.data ?? null) as JsonValue });
};

/** Every POST to GitHub's GraphQL endpoint, at api.github.com's path and at GitHub Enterprise's. */
export const graphqlRoutes: ComputedRoute[] = [
  { method: "POST", path: "^graphql$", handler: "graphql", run: graphql },
  { method: "POST", path: "^api/graphql$", handler: "graphql", run: graphql },
];
