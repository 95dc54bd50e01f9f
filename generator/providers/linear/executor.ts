import {
  type GraphQLFieldResolver,
  type GraphQLResolveInfo,
  type GraphQLTypeResolver,
  getNamedType,
  isNonNullType,
  isObjectType,
} from "graphql";
import { connection, sourceOf } from "./connections.js";
import { entityNotFound, notServed } from "./errors.js";
import { fill } from "./schema.js";
import { type Entity, type Store, isRef } from "./store.js";
import { PRIORITY } from "./workflow.js";

/**
 * The resolvers: one field resolver for the whole schema, reading the pin's records.
 * - A field the record carries is its value; an `{id}` reference is followed to the record it names.
 * - A connection field holds the records `connections.ts` names for it, filtered, ordered and paged.
 * - Root fields: `viewer`, `organization`, lookups by id (issues also by identifier, `PAY-5123`), and
 *   every list of a served type; a lookup that finds nothing is Linear's `Entity not found: <Type>`.
 * - Anything else is null where the schema allows it, else a deterministic neutral value (schema.ts).
 * Resolvers are synchronous over data already in memory: the same query gives the same bytes.
 */
export interface ExecContext {
  store: Store;
}

type Obj = Record<string, unknown>;
type Special = (source: Obj, args: Obj, store: Store, info: GraphQLResolveInfo) => unknown;

const FIELDS: Record<string, Special> = {
  "Query.viewer": (_s, _a, store) => store.viewer,
  "Query.organization": (_s, _a, store) => store.organization,
  "Query.issue": (_s, args, store) => store.get("Issue", String(args.id)) ?? store.issueByIdentifier(String(args.id)) ?? notFound("Issue"),
  "Query.issueVcsBranchSearch": (_s, args, store) => store.issueByBranch(String(args.branchName)) ?? null,
  "Query.attachmentIssue": (_s, args, store) => {
    const attachment = store.get("Attachment", String(args.id)) ?? notFound("Attachment");
    return store.get("Issue", (attachment.issue as { id: string }).id) ?? notFound("Issue");
  },
  "Query.attachmentsForURL": (_s, args, store, info) =>
    connection(
      store.all("Attachment").filter((a) => a.url === args.url),
      args,
      store,
      info,
    ),
  "Query.issueSearch": (_s, args, store, info) => {
    const q = String(args.query ?? "").toLowerCase();
    const hits = store
      .all("Issue")
      .filter((i) => `${String(i.identifier)} ${String(i.title)} ${String(i.description ?? "")}`.toLowerCase().includes(q));
    return connection(hits, args, store, info);
  },
  "Query.issuePriorityValues": () => [
    { priority: 0, label: "No priority" },
    ...Object.values(PRIORITY).map((p) => ({ priority: p.value, label: p.label })),
  ],
  "Query.comment": (_s, args, store) => {
    // A comment by its hash (the id of a comment's sync hash) is not modelled: refused rather than not found.
    if (args.hash !== undefined && args.hash !== null) throw notServed("comment by hash");
    return (args.id ? store.get("Comment", String(args.id)) : undefined) ?? notFound("Comment");
  },
  "Organization.projectStatuses": (_s, _a, store) => store.all("ProjectStatus"),
  "Team.membership": (team, args, store) =>
    store.refs("TeamMembership", "team", String(team.id)).find((m) => (m.user as { id: string }).id === args.userId) ?? null,
};

function notFound(type: string): never {
  throw entityNotFound(type);
}

export const fieldResolver: GraphQLFieldResolver<Obj, ExecContext> = (source, args, { store }, info) => {
  const parentType = info.parentType.name;
  const special = FIELDS[`${parentType}.${info.fieldName}`];
  if (special) return special(source, args, store, info);
  const named = getNamedType(info.returnType);
  if (isObjectType(named) && named.name.endsWith("Connection") && named.getFields().pageInfo) {
    const nodes = named.getFields().nodes;
    const nodeType = nodes ? getNamedType(nodes.type).name : "";
    const items =
      typeof source.id === "string" || parentType === "Query"
        ? sourceOf(parentType, info.fieldName, source as Entity, store, nodeType)
        : undefined;
    return connection(items ?? [], args, store, info);
  }
  if (parentType === "Query" && typeof args.id === "string" && isObjectType(named)) {
    return store.get(named.name, args.id) ?? notFound(named.name);
  }
  const value = source[info.fieldName];
  if (value !== undefined && value !== null) {
    if (isObjectType(named) && isRef(value)) return store.get(named.name, value.id) ?? fill(info.returnType, at(source, info, store));
    if (isObjectType(named) && Array.isArray(value) && value.every(isRef)) {
      return value.map((r) => store.get(named.name, (r as { id: string }).id)).filter((e) => e !== undefined);
    }
    return value;
  }
  if (value === null && !isNonNullType(info.returnType)) return null;
  return fill(info.returnType, at(source, info, store));
};

function at(source: Obj, info: GraphQLResolveInfo, store: Store) {
  return { parent: source, field: info.fieldName, asOf: store.asOf };
}

/** Interfaces and unions: every record and filled object names its type. */
export const typeResolver: GraphQLTypeResolver<Obj, ExecContext> = (value) =>
  typeof value.__typename === "string" ? value.__typename : undefined;
