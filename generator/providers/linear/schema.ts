import { readFileSync } from "node:fs";
import { uuidFromHex } from "../../world/ids.js";
import {
  type GraphQLOutputType,
  type GraphQLSchema,
  buildSchema,
  extendSchema,
  getNamedType,
  isAbstractType,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  parse,
} from "graphql";

/**
 * Linear's published SDL, copied unmodified beside this file below a source header (see README), extended with the fields
 * @linear/sdk 98 selects that the SDL predates (`sdk-fields.graphql`), built once per process.
 * Everything the executor answers is checked against it by graphql-js: unknown fields fail validation
 * as they do on Linear, and every value is serialized through the schema's types.
 */
let schema: GraphQLSchema | undefined;

/** The files the schema is read from at run time (Provider.runtimeFiles). */
export const SCHEMA_FILES = [new URL("./schema.graphql", import.meta.url), new URL("./sdk-fields.graphql", import.meta.url)];

export function linearSchema(): GraphQLSchema {
  schema ??= extendSchema(publishedSchema(), parse(readFileSync(SCHEMA_FILES[1]!, "utf8")));
  return schema;
}

/** The published SDL alone. */
export function publishedSchema(): GraphQLSchema {
  return buildSchema(readFileSync(SCHEMA_FILES[0]!, "utf8"));
}

/** Where a filled value comes from: the record it belongs to and the as-of instant. */
export interface FillContext {
  parent: Record<string, unknown>;
  field: string;
  asOf: number;
}

/**
 * A value for a field the pin has no data for. Nullable fields are null; a non-null one gets the
 * neutral value of its type, derived only from the record it sits on, so the same query always gives
 * the same bytes: empty lists and connections, false, 0, "", the record's own creation time for
 * instants, the first value of an enum, an id derived from the parent's, and an object of such values.
 */
export function fill(type: GraphQLOutputType, at: FillContext): unknown {
  if (!isNonNullType(type)) return null;
  const inner = type.ofType;
  if (isListType(inner)) return [];
  if (isEnumType(inner)) return inner.getValues()[0]?.value ?? null;
  if (isScalarType(inner)) return scalar(inner.name, at);
  const named = getNamedType(inner);
  if (isObjectType(named) && named.name.endsWith("Connection")) return emptyConnection();
  if (isAbstractType(named)) {
    const first = linearSchema()
      .getPossibleTypes(named)
      .map((t) => t.name)
      .sort()[0];
    return { __typename: first, __filled: `${parentId(at)}/${at.field}` };
  }
  return {
    __typename: named.name,
    __filled: `${parentId(at)}/${at.field}`,
    createdAt: at.parent.createdAt,
    updatedAt: at.parent.updatedAt,
  };
}

function scalar(name: string, at: FillContext): unknown {
  switch (name) {
    case "Boolean":
      return false;
    case "Int":
    case "Float":
      return 0;
    case "ID":
    case "UUID":
      return derivedId(`${parentId(at)}/${at.field}`);
    case "DateTime":
      return typeof at.parent.createdAt === "string" ? at.parent.createdAt : new Date(at.asOf).toISOString();
    case "TimelessDate":
      return (typeof at.parent.createdAt === "string" ? at.parent.createdAt : new Date(at.asOf).toISOString()).slice(0, 10);
    case "JSON":
    case "JSONObject":
      return {};
    default:
      return "";
  }
}

function parentId(at: FillContext): string {
  return String(at.parent.id ?? at.parent.__filled ?? "root");
}

/** A UUID-shaped id from a path (FNV-1a over the path, spread to 128 bits): stable, never random. */
export function derivedId(path: string): string {
  const words: string[] = [];
  for (let seed = 0; seed < 4; seed++) {
    let h = 0x811c9dc5 ^ seed;
    for (let i = 0; i < path.length; i++) {
      h ^= path.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    words.push(h.toString(16).padStart(8, "0"));
  }
  const hex = words.join("");
  return uuidFromHex(hex, "8");
}

export function emptyConnection(): { nodes: unknown[]; edges: unknown[]; pageInfo: PageInfo } {
  return { nodes: [], edges: [], pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null } };
}

export interface PageInfo {
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  startCursor: string | null;
  endCursor: string | null;
}
