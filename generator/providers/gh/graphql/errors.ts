import { type ASTNode, type DocumentNode, GraphQLError, type GraphQLResolveInfo, Kind, type SelectionSetNode } from "graphql";
import type { JsonValue } from "../../../core/provider.js";

/**
 * GitHub's GraphQL errors. Resolver errors carry GitHub's `type` (NOT_FOUND, EXCESSIVE_PAGINATION, …);
 * the response lists them as GitHub does: `{type, path, locations, message}`, with HTTP 200.
 */
export class GitHubError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = (message: string) => new GitHubError("NOT_FOUND", message);

/**
 * A field of GitHub's schema that this simulation does not answer: an error naming it, never a silent
 * null (the README lists what is served).
 */
export function unserved(info: GraphQLResolveInfo): GitHubError {
  return new GitHubError(
    "NOT_SERVED",
    `Field '${info.fieldName}' on type '${info.parentType.name}' is not served by this ` +
      `snapshot (snapverse); see the gh provider README for ` +
      `the fields it answers.`,
  );
}

/** An error of the executed response, in GitHub's key order. */
export function executionError(error: GraphQLError): JsonValue {
  const original = error.originalError;
  const type = original instanceof GitHubError ? original.type : undefined;
  return {
    ...(type ? { type } : {}),
    ...(error.path ? { path: [...error.path] } : {}),
    ...(error.extensions && Object.keys(error.extensions).length ? { extensions: error.extensions as JsonValue } : {}),
    ...(error.locations ? { locations: error.locations.map((l) => ({ line: l.line, column: l.column })) } : {}),
    message: error.message,
  };
}

/**
 * Where graphql-ruby places a validation error: the definition (`query Q`, `query` when anonymous,
 * `fragment F`), then the response keys down to the offending field.
 */
function rubyPath(document: DocumentNode, target: ASTNode | undefined): string[] {
  const walk = (set: SelectionSetNode | undefined, path: string[]): string[] | undefined => {
    for (const sel of set?.selections ?? []) {
      if (sel.kind === Kind.FIELD) {
        const here = [...path, sel.alias?.value ?? sel.name.value];
        if (sel === target) return here;
        const inner = walk(sel.selectionSet, here);
        if (inner) return inner;
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        const inner = walk(sel.selectionSet, path);
        if (inner) return inner;
      }
    }
    return undefined;
  };
  for (const d of document.definitions) {
    if (d.kind === Kind.OPERATION_DEFINITION) {
      const label = d.name ? `${d.operation} ${d.name.value}` : d.operation;
      if (d === target) return [label];
      const found = walk(d.selectionSet, [label]);
      if (found) return found;
    } else if (d.kind === Kind.FRAGMENT_DEFINITION) {
      const found = walk(d.selectionSet, [`fragment ${d.name.value}`]);
      if (found) return found;
    }
  }
  const first = document.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION);
  return first && first.kind === Kind.OPERATION_DEFINITION ? [first.name ? `${first.operation} ${first.name.value}` : first.operation] : [];
}

/**
 * A query that does not validate, in graphql-ruby's words where GitHub's differ from graphql-js's
 * (undefined fields carry `extensions.code`), otherwise graphql-js's message. HTTP 200, as GitHub.
 */
export function validationError(error: GraphQLError, document: DocumentNode): JsonValue {
  const locations = error.locations?.map((l) => ({ line: l.line, column: l.column }));
  const path = rubyPath(document, error.nodes?.[0]);
  const undefinedField = /^Cannot query field "([^"]+)" on type "([^"]+)"\./.exec(error.message);
  if (undefinedField) {
    const [, fieldName, typeName] = undefinedField;
    return {
      path,
      extensions: { code: "undefinedField", typeName: typeName!, fieldName: fieldName! },
      ...(locations ? { locations } : {}),
      message: `Field '${fieldName}' doesn't exist on type '${typeName}'`,
    };
  }
  return { path, ...(locations ? { locations } : {}), message: error.message };
}

/** 401 and 400 bodies: GitHub's REST-style JSON for requests that never reach GraphQL. */
export const UNAUTHENTICATED = {
  message: "This endpoint requires you to be authenticated.",
  documentation_url: "https://docs.github.com/graphql/guides/forming-calls-with-graphql#authenticating-with-graphql",
};
export const PROBLEMS_PARSING_JSON = { message: "Problems parsing JSON", documentation_url: "https://docs.github.com/graphql" };
