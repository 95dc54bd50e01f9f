import type { FilterSpec, ListProfile, SortSpec } from "../../core/lists/profile.js";
import { filesPagination, oaiPagination } from "./lists.js";

/**
 * The list endpoints as the query engine reads them. Array parameters come bracketed (`emails[]=a`, the
 * SDKs), repeated (`emails=a&emails=b`) or comma-joined (`emails=a,b`): the engine folds a trailing `[]`,
 * repeats mean any of the values, and `split` takes commas. Values within one parameter are ORed, and
 * different parameters ANDed. A filter that matches nothing is a 200 with an empty list, as OpenAI
 * answers. `include_archived` is not declared: nothing in this organization is archived (params.ts).
 */
const anyOf = (param: string, field: string, extra: Partial<FilterSpec> = {}): FilterSpec => ({
  param,
  field,
  op: "eq",
  type: "string",
  split: ",",
  ...extra,
});

/** `effective_at[gte]=<unix seconds>` and its siblings: literal parameter names (only `[]` is folded). */
const effectiveAt: FilterSpec[] = (["gte", "gt", "lte", "lt"] as const).map((op) => ({
  param: `effective_at[${op}]`,
  field: "effective_at",
  op,
  type: "number",
}));

/**
 * `order=asc|desc` on `created_at`: the parameter names the direction only, so it is both the sort's
 * key parameter (no key by that name: the default key stays) and its direction parameter.
 */
function byCreated(direction: "asc" | "desc"): SortSpec {
  return {
    param: "order",
    directionParam: "order",
    keys: { created_at: { field: "created_at", type: "number" } },
    default: { key: "created_at", direction },
    unknown: "ignore",
    unknownDirection: "error",
  };
}

export function listProfiles(origin: string): ListProfile[] {
  const paging = oaiPagination(origin);
  const profiles: ListProfile[] = [
    { path: "^v1/organization/users$", paging, filters: [anyOf("emails", "email", { ignoreCase: true })] },
    { path: "^v1/organization/projects$", paging },
    { path: "^v1/organization/projects/[^/]+/users$", paging },
    {
      path: "^v1/organization/projects/[^/]+/api_keys$",
      paging,
      filters: [
        {
          param: "owner_project_access",
          field: "owner_project_access",
          op: "eq",
          type: "string",
          all: ["any"],
          accepted: ["active", "inactive", "any"],
        },
      ],
    },
    { path: "^v1/organization/admin_api_keys$", paging, sort: byCreated("asc") },
    { path: "^v1/organization/invites$", paging },
    {
      path: "^v1/organization/audit_logs$",
      // The audit log alone documents `before`: the page that ends just before an id (paging backwards).
      paging: { ...paging, beforeParam: "before" },
      filters: [
        ...effectiveAt,
        anyOf("event_types", "type"),
        anyOf("project_ids", "project.id"),
        // Every actor in this organization is a user session (no API key or service account actors).
        anyOf("actor_ids", "actor.session.user.id"),
        anyOf("actor_emails", "actor.session.user.email", { ignoreCase: true }),
        // No event here is tenant-scoped: `tenant_only=true` selects none of them.
        { param: "tenant_only", field: "tenant_only", op: "present", type: "boolean", all: ["false", "False"], values: { True: "true" } },
      ],
    },
    { path: "^v1/files$", paging: filesPagination(origin), filters: [anyOf("purpose", "purpose")], sort: byCreated("desc") },
  ];
  return profiles;
}
