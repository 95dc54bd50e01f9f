import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { type GraphQLScalarType, type GraphQLSchema, type IntrospectionQuery, buildClientSchema } from "graphql";

/**
 * GitHub's public GraphQL schema, as `@octokit/graphql-schema` 15.26.1 publishes it (pinned exactly in
 * package.json). The package's SDL file of that version defines two `EnterpriseOwnerInfo` fields twice,
 * which graphql-js rightly refuses; its introspection result (`schema.json`, the same schema) builds
 * cleanly, so that is what is loaded. Built once per process, on the first request (about 0.4 s).
 */
export const SCHEMA_PACKAGE = "@octokit/graphql-schema@15.26.1";

let schema: GraphQLSchema | undefined;

export function githubSchema(): GraphQLSchema {
  if (!schema) {
    const file = introspectionFile();
    const json = JSON.parse(readFileSync(file, "utf8")) as { data?: IntrospectionQuery } & IntrospectionQuery;
    schema = buildClientSchema(json.data ?? json);
    widenInt(schema.getType("Int") as GraphQLScalarType);
  }
  return schema;
}

/**
 * GitHub answers `databaseId`s past 2^31 (check suites, deployments) as plain JSON numbers, where
 * graphql-js's Int refuses anything outside 32 bits. Output only: every safe integer is served as is.
 */
function widenInt(int: GraphQLScalarType): void {
  const strict = int.serialize.bind(int);
  (int as { serialize: (value: unknown) => unknown }).serialize = (value: unknown) =>
    typeof value === "number" && Number.isSafeInteger(value) ? value : strict(value);
}

/**
 * The package exports only its index module (whose import parses the 5 MB file eagerly), so its
 * `schema.json` is found where Node would look for the package, without resolving through exports.
 */
export function introspectionFile(): string {
  const paths = createRequire(import.meta.url).resolve.paths("@octokit/graphql-schema") ?? [];
  const file = paths.map((p) => join(p, "@octokit", "graphql-schema", "schema.json")).find((f) => existsSync(f));
  if (!file) throw new Error("@octokit/graphql-schema is not installed: run npm ci");
  return file;
}
