import type { ContinuationTokenPaging } from "../../core/pagination/paging.js";
import { listPages } from "../../core/paginate.js";
import type { JsonValue, Resource } from "../../core/provider.js";
import type { FilterSpec, ListProfile, SortSpec, ValueType } from "../../core/lists/profile.js";
import type { HsContext } from "./context.js";

/**
 * HubSpot's cursor paging, on core's `continuation-token` mechanism: `limit` (a default and a maximum per endpoint)
 * and `after`, an opaque cursor that is, here, the decimal offset of the next item. A page that is not
 * the last carries `paging: {next: {after, link}}`; `link` is the same request with `after` set (the
 * filters first, then `limit` when it is not the default, then `after`). The last page has no `paging`.
 *
 * Pages are pre-rendered at each endpoint's default and maximum sizes (these bytes are locked); any other
 * `limit` from 1 to 100 (HubSpot's `limit=50`), any `after` and the filters below are computed by the
 * query engine from the pages at the largest size.
 */
export interface Limit {
  default: number;
  sizes: number[];
}

export const OBJECTS_LIMIT: Limit = { default: 10, sizes: [10, 100] };
/** Owners default to 100 (HubSpot allows 500; the world has far fewer owners, so 100 is one page). */
export const OWNERS_LIMIT: Limit = { default: 100, sizes: [10, 100] };
/**
 * v4 associations default to 500: any limit of 100 or more gets the one page of all of them (no record
 * has 100). Pages of 1 are pre-rendered too, for clients that walk associations one at a time.
 */
export const ASSOCIATIONS_LIMIT: Limit = { default: 100, sizes: [1, 10, 100] };
export const FILES_LIMIT: Limit = { default: 10, sizes: [10, 100] };

/** The largest `limit` any list reads; larger ones are clamped to it (the query rules clamp too). */
export const MAX_LIST_LIMIT = 100;

export function hsPagination(origin: string, limit: Limit): ContinuationTokenPaging {
  return {
    mechanism: "continuation-token",
    pageParam: "after",
    sizeParam: "limit",
    defaultSize: limit.default,
    rendered: limit.sizes,
    max: MAX_LIST_LIMIT,
    origin,
    continuation: { field: "paging.next.after", linkField: "paging.next.link", token: "offset" },
  };
}

/**
 * Every page of a list at each pre-rendered size, as `{results, paging?}`. `filters` are the query
 * parameters that select the list (sorted by name), kept in each page's key and link.
 */
export function cursorPages(
  hs: HsContext,
  path: string,
  items: JsonValue[],
  limit: Limit,
  filters: Array<[string, string]> = [],
  headers: Record<string, string> = {},
): Iterable<Resource> {
  return listPages(hsPagination(hs.api, limit), path, items, {
    filters,
    headers,
    envelope: "results",
    wrap: (page, fields) => ({ results: page, ...(fields as Record<string, JsonValue>) }),
  });
}

/**
 * The list endpoints, as the query engine reads them. `archived` selects the frozen list (the live
 * records, or the archived ones); `False`/`FALSE` (tap-hubspot's Python booleans) are dropped from the
 * key like `false` by the query rules. `properties`, `associations` and `propertiesWithHistory` are not
 * declared: every record carries them all (objects.ts), so they change nothing and are ignored.
 */
export function listProfiles(origin: string): ListProfile[] {
  return [
    { path: "^crm/v3/objects/[^/]+$", selectors: ["archived", "propertiesWithHistory"], paging: hsPagination(origin, OBJECTS_LIMIT) },
    { path: "^settings/v3/users$", paging: hsPagination(origin, { default: 100, sizes: [10, 100] }) },
    {
      path: "^crm/v3/owners$",
      selectors: ["archived"],
      paging: hsPagination(origin, OWNERS_LIMIT),
      // `email=` looks an owner up; an address no owner has gives an empty list, as HubSpot answers.
      filters: [{ param: "email", field: "email", op: "eq", type: "string", ignoreCase: true }],
    },
    { path: "^crm/v4/objects/[^/]+/[^/]+/associations/[^/]+$", paging: hsPagination(origin, ASSOCIATIONS_LIMIT) },
    { path: "^files/v3/files/search$", paging: hsPagination(origin, FILES_LIMIT), filters: fileSearch, sort: searchSort(FILE_SORT) },
    { path: "^files/v3/folders/search$", paging: hsPagination(origin, FILES_LIMIT), filters: folderSearch, sort: searchSort(FOLDER_SORT) },
  ];
}

const field = (param: string, path: string, type: ValueType, op: FilterSpec["op"] = "eq", extra: Partial<FilterSpec> = {}): FilterSpec => ({
  param,
  field: path,
  op,
  type,
  ...extra,
});

/** `x`, `xGte`, `xLte` on one field: HubSpot's exact value and inclusive bounds (times in epoch milliseconds or ISO). */
const bounded = (name: string, type: ValueType): FilterSpec[] => [
  field(name, name, type),
  field(`${name}Gte`, name, type, "gte"),
  field(`${name}Lte`, name, type, "lte"),
];

/**
 * What files and folders search by, as files.json documents each parameter: `name` is a substring,
 * `ids` and `parentFolderIds` any of a list (repeated or comma-joined), `before` the latest update
 * (epoch milliseconds), the rest exact values or inclusive bounds. A file without a height, width or
 * expiry (every document here) matches no bound on it, as HubSpot's index has none to compare.
 */
const commonSearch: FilterSpec[] = [
  field("ids", "id", "number", "eq", { split: "," }),
  field("idGte", "id", "number", "gte"),
  field("idLte", "id", "number", "lte"),
  field("name", "name", "string", "contains"),
  field("path", "path", "string"),
  field("parentFolderIds", "parentFolderId", "string", "eq", { split: "," }),
  ...bounded("createdAt", "time"),
  ...bounded("updatedAt", "time"),
  field("before", "updatedAt", "time", "lt"),
];

const fileSearch: FilterSpec[] = [
  ...commonSearch,
  ...bounded("expiresAt", "time"),
  ...bounded("size", "number"),
  ...bounded("height", "number"),
  ...bounded("width", "number"),
  field("extension", "extension", "string", "eq", { ignoreCase: true }),
  field("type", "type", "string"),
  field("encoding", "encoding", "string"),
  field("fileMd5", "fileMd5", "string"),
  field("url", "url", "string"),
  field("isUsableInContent", "isUsableInContent", "boolean"),
  // Public files are served to anyone (the PUBLIC_ and HIDDEN_ indexable levels); private ones need a signed URL.
  field("allowsAnonymousAccess", "access", "string", "eq", {
    values: {
      true: ["PUBLIC_INDEXABLE", "PUBLIC_NOT_INDEXABLE", "HIDDEN_INDEXABLE", "HIDDEN_NOT_INDEXABLE"],
      false: ["PRIVATE", "HIDDEN_PRIVATE", "SENSITIVE"],
    },
  }),
];

const folderSearch: FilterSpec[] = commonSearch;

const FILE_SORT = ["id", "name", "path", "createdAt", "updatedAt", "size", "extension", "type"];
const FOLDER_SORT = ["id", "name", "path", "createdAt", "updatedAt"];

/** `sort=name` ascending, `sort=-name` descending (files.json); the frozen lists are in id order. */
function searchSort(keys: string[]): SortSpec {
  const types: Record<string, ValueType> = { id: "number", size: "number", createdAt: "time", updatedAt: "time" };
  return {
    param: "sort",
    minusPrefix: true,
    keys: Object.fromEntries(keys.map((k) => [k, { field: k, type: types[k] ?? "string" }])),
    default: { key: "id", direction: "asc" },
    unknown: "ignore",
  };
}
