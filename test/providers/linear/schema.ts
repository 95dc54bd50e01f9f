import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  type GraphQLOutputType,
  type GraphQLSchema,
  buildSchema,
  getNamedType,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
} from "graphql";
import { z } from "zod";
import { specsDir } from "../../support/specs.js";

/**
 * Linear publishes its API as GraphQL SDL (`../shared/specs/linear/schema.graphql`). The pins' data
 * resources are response fragments of its types: each record is what a query selecting its keys would
 * return. A record conforms when every key is a field of its type and every value has the field's type
 * (scalars, enums, nullability, lists, nested objects as `{id}` references or `{nodes: […]}`).
 */
let published: GraphQLSchema | undefined;

export function publishedSchema(): GraphQLSchema {
  published ??= buildSchema(readFileSync(join(specsDir("linear"), "schema.graphql"), "utf8"));
  return published;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Where a value breaks its type, or undefined when it conforms. */
export function conforms(typeName: string, value: unknown, at = typeName): string | undefined {
  const type = publishedSchema().getType(typeName);
  if (!type || !isObjectType(type)) return `${at}: no object type ${typeName} in the schema`;
  if (typeof value !== "object" || value === null || Array.isArray(value)) return `${at}: not an object`;
  for (const [key, v] of Object.entries(value)) {
    if (key === "__typename") {
      if (v !== typeName) return `${at}.__typename: ${String(v)} is not ${typeName}`;
      continue;
    }
    const field = type.getFields()[key];
    if (!field) return `${at}.${key}: not a field of ${typeName}`;
    const problem = check(field.type, v, `${at}.${key}`);
    if (problem) return problem;
  }
  return undefined;
}

function check(type: GraphQLOutputType, value: unknown, at: string): string | undefined {
  if (isNonNullType(type)) return value === null || value === undefined ? `${at}: null for ${String(type)}` : check(type.ofType, value, at);
  if (value === null) return undefined;
  if (isListType(type)) {
    if (!Array.isArray(value)) return `${at}: not a list`;
    for (const [i, item] of value.entries()) {
      const problem = check(type.ofType, item, `${at}[${i}]`);
      if (problem) return problem;
    }
    return undefined;
  }
  if (isEnumType(type)) return type.getValues().some((v) => v.name === value) ? undefined : `${at}: ${String(value)} is not a ${type.name}`;
  if (isScalarType(type)) return scalar(type.name, value, at);
  const named = getNamedType(type);
  if (isObjectType(named)) return conforms(named.name, value, at);
  return `${at}: ${named.name} is abstract; records name concrete types`;
}

function scalar(name: string, value: unknown, at: string): string | undefined {
  const ok = (() => {
    switch (name) {
      case "String":
      case "ID":
        return typeof value === "string";
      case "Int":
        return Number.isInteger(value);
      case "Float":
        return typeof value === "number" && Number.isFinite(value);
      case "Boolean":
        return typeof value === "boolean";
      case "DateTime":
        return typeof value === "string" && ISO_INSTANT.test(value);
      case "TimelessDate":
        return typeof value === "string" && ISO_DAY.test(value);
      case "JSON":
      case "JSONObject":
        return true;
      default:
        return typeof value === "string";
    }
  })();
  return ok ? undefined : `${at}: ${JSON.stringify(value)} is not a ${name}`;
}

/** `graphql/data`: the endpoint and each list's type, length and URL. */
const DataIndex = z
  .object({
    endpoint: z.url(),
    organization: z.url(),
    collections: z.record(z.string(), z.object({ type: z.string(), total: z.number().int().nonnegative(), url: z.url() }).strict()),
  })
  .strict();

const TYPES: Record<string, string> = {
  users: "User",
  teams: "Team",
  teamMemberships: "TeamMembership",
  workflowStates: "WorkflowState",
  cycles: "Cycle",
  projectStatuses: "ProjectStatus",
  projects: "Project",
  issueLabels: "IssueLabel",
  issues: "Issue",
  issueHistory: "IssueHistory",
  comments: "Comment",
  attachments: "Attachment",
};

/** The conformance suite's validator: every data resource against Linear's published schema. */
export function validateLinearData(path: string, body: unknown): string | undefined {
  if (path === "graphql/data") {
    const parsed = DataIndex.safeParse(body);
    if (!parsed.success) return parsed.error.message;
    for (const [name, c] of Object.entries(parsed.data.collections)) if (TYPES[name] !== c.type) return `${name}: type ${c.type}`;
    return undefined;
  }
  if (path === "graphql/data/organization") return conforms("Organization", body);
  const name = /^graphql\/data\/(\w+)$/.exec(path)?.[1];
  const type = name ? TYPES[name] : undefined;
  if (!type) return `no schema for ${path}`;
  if (!Array.isArray(body)) return "a data list is a JSON array";
  for (const [i, record] of body.entries()) {
    const problem = conforms(type, record, `${type}[${i}]`);
    if (problem) return problem;
  }
  return undefined;
}
