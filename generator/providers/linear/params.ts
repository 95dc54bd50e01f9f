import { type GraphQLOutputType, type GraphQLSchema, getNamedType, isObjectType } from "graphql";
import type { ParamClasses } from "../../core/param-classes.js";
import { COLLECTIONS } from "./collections.js";

/**
 * Linear has no REST operations: the equivalent of a query parameter is an argument of a field the
 * endpoint answers (issue 37). The served fields (`servedFields`) are the root fields that return a type
 * the pin has records of (or a connection of one) and every field with arguments on those types; a key
 * is `<Type>.<field> <argument>`, or a bare argument name that holds on every served field.
 * test/providers/linear/parameter-classes.test.ts reads the schema against this and fails on an argument
 * left out.
 */
export const linearParams: ParamClasses = {
  unserved: [],
  computed: {
    first: "connections.ts page: 50 by default, at most 250 (INPUT_ERROR above)",
    last: "connections.ts page",
    after: "connections.ts page: a record id; a cursor the connection never gave out is an INPUT_ERROR",
    before: "connections.ts page",
    filter: "filters.ts: every comparator, relation and collection filter of the schema's filter types; others an INPUT_ERROR naming them",
    orderBy: "connections.ts ordered: createdAt (default) or updatedAt, newest first",
    sort: "connections.ts sortKeys: createdAt, updatedAt, completedAt, priority, title, estimate, dueDate; another key is an INPUT_ERROR naming it",
    id: "executor.ts: the lookup by id (issues also by identifier); none found is Entity not found",
    "Query.attachmentsForURL url": "executor.ts: the attachments with that url",
    "Query.issueSearch query": "executor.ts: substring of identifier, title, description",
    "Query.issueVcsBranchSearch branchName": "executor.ts: the issue whose branch it is",
    "Team.membership userId": "executor.ts: the user's membership of the team",
  },
  refused: {
    "Query.comment hash": "executor.ts: INPUT_ERROR `Not supported by this snapshot: comment by hash` (comments are found by id here)",
  },
  ignored: {
    includeArchived: "nothing here is archived (every record's archivedAt is null): the answer is the same; the test compares the bytes",
    includeDisabled: "every user here is active (active: true): the answer is the same; the test compares the bytes",
    includeSubTeams: "no team here has a parent team (parent: null): the answer is the same",
    "Query.issueFigmaFileKeySearch fileKey": "no issue here links a Figma file: every key finds none (connections.ts)",
  },
  unhandled: {},
};

/** A type the pin has records of. */
const SERVED_TYPES = new Set<string>([...COLLECTIONS.map((c) => c.type), "Organization"]);

/** The named type a field returns, or a connection's node type. */
function nodeTypeOf(type: GraphQLOutputType): string {
  const named = getNamedType(type);
  if (isObjectType(named) && named.name.endsWith("Connection") && named.getFields().nodes)
    return getNamedType(named.getFields().nodes!.type).name;
  return named.name;
}

/** The served fields and their arguments, as `{template: "Type.field", params}`, sorted. */
export function servedFields(schema: GraphQLSchema): Array<{ template: string; params: string[] }> {
  const out: Array<{ template: string; params: string[] }> = [];
  const add = (type: string, field: { name: string; args: ReadonlyArray<{ name: string }> }) =>
    out.push({ template: `${type}.${field.name}`, params: field.args.map((a) => a.name).sort() });
  for (const f of Object.values(schema.getQueryType()!.getFields())) if (SERVED_TYPES.has(nodeTypeOf(f.type))) add("Query", f);
  for (const name of SERVED_TYPES) {
    const type = schema.getType(name);
    if (!isObjectType(type)) continue;
    for (const f of Object.values(type.getFields())) if (f.args.length) add(name, f);
  }
  return out.sort((a, b) => (a.template < b.template ? -1 : 1));
}
