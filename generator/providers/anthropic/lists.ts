import type { AfterIdPaging } from "../../core/pagination/paging.js";
import type { FilterSpec, ListProfile } from "../../core/lists/profile.js";
import { listPages } from "../../core/paginate.js";
import type { JsonValue, Pagination, Resource } from "../../core/provider.js";

/**
 * Anthropic's lists (models and every Admin API list): `limit` 20 by default, 1 to 1000, and item-id
 * cursors on core's `after-id` mechanism. The page is `{data, has_more, first_id, last_id}`; the next
 * page is asked for with `after_id=<last_id>`, as the SDK's `Page` does, and the one before a page with
 * `before_id=<first_id>` (its `has_more` then says whether more come before it). A `limit` outside
 * 1..1000 or no integer is Anthropic's 400 `invalid_request_error`.
 */
export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 1000;

/** The body keys of a page, in Anthropic's order. */
export const PAGE_KEYS = ["data", "has_more", "first_id", "last_id"];

export function anthPagination(origin: string, idField = "id"): AfterIdPaging {
  return {
    mechanism: "after-id",
    pageParam: "after_id",
    sizeParam: "limit",
    defaultSize: DEFAULT_LIMIT,
    rendered: [DEFAULT_LIMIT, MAX_LIMIT],
    max: MAX_LIMIT,
    overMax: "error",
    underMin: "error",
    invalidSize: "error",
    origin,
    idField,
    beforeParam: "before_id",
  };
}

/** Every page of a list at 20 and 1000 items, from its start and along the `after_id` chain. */
export function pagesOf(p: Pagination, path: string, items: JsonValue[]): Iterable<Resource> {
  return listPages(p, path, items, {
    envelope: "data",
    wrap: (data, fields) => ({
      data,
      has_more: fields.has_more ?? false,
      first_id: fields.first_id ?? null,
      last_id: fields.last_id ?? null,
    }),
  });
}

export function modelPages(origin: string, items: JsonValue[]): Iterable<Resource> {
  return pagesOf(anthPagination(origin), "v1/models", items);
}

/** A repeated filter (`roles[]=user&roles[]=developer`, folded by the engine): any of the values. */
const anyOf = (param: string, field: string, extra: Partial<FilterSpec> = {}): FilterSpec => ({
  param,
  field,
  op: "eq",
  type: "string",
  ...extra,
});

const ROLES = ["user", "developer", "billing", "admin", "claude_code_user"];

/**
 * The list endpoints as the query engine reads them. Filters the SDK sends and the served items carry
 * are evaluated; a value no item has gives an empty page. Not evaluated (ignored): `include_archived`
 * (no workspace is archived), `include_default` (the default workspace is not listed), `before_id`.
 */
export function listProfiles(origin: string): ListProfile[] {
  const paging = anthPagination(origin);
  const keys = PAGE_KEYS;
  return [
    { path: "^v1/models$", paging, keys, filters: [anyOf("lifecycle", "lifecycle", { accepted: ["active", "deprecated", "retired"] })] },
    {
      path: "^v1/organizations/users$",
      paging,
      keys,
      filters: [anyOf("email", "email", { ignoreCase: true }), anyOf("roles", "role", { accepted: ROLES })],
    },
    {
      path: "^v1/organizations/invites$",
      paging,
      keys,
      filters: [
        anyOf("email", "email", { ignoreCase: true }),
        anyOf("roles", "role", { accepted: ROLES }),
        anyOf("statuses", "status", { accepted: ["accepted", "expired", "pending"] }),
      ],
    },
    { path: "^v1/organizations/workspaces$", paging, keys, filters: [anyOf("ids", "id")] },
    { path: "^v1/organizations/workspaces/[^/]+/members$", paging: anthPagination(origin, "user_id"), keys },
    {
      path: "^v1/organizations/api_keys$",
      paging,
      keys,
      filters: [
        anyOf("status", "status", { accepted: ["active", "archived", "expired", "inactive"] }),
        anyOf("workspace_id", "scope.workspace_id"),
        anyOf("created_by_user_id", "created_by.id"),
      ],
    },
  ];
}
