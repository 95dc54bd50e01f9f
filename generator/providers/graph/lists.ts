import type { ContinuationTokenPaging } from "../../core/pagination/paging.js";
import type { ExpressionSpec, FilterSpec, ListProfile, SortSpec } from "../../core/lists/profile.js";
import { listPages } from "../../core/paginate.js";
import type { JsonValue, Pagination, Resource } from "../../core/provider.js";
import { V } from "./context.js";

/**
 * Graph's collections page by `$top` (how many; each resource has a default, and 999 at most: a larger or
 * malformed `$top` is Graph's 400) and an opaque `$skiptoken` that only ever arrives inside
 * `@odata.nextLink`, an absolute URL that a client follows as given (the SDK's PageIterator does).
 *
 * The mechanism is core's continuation token, sealed (the same request gives the same token), writing the
 * next page's link into `@odata.nextLink` (a key that starts with `@` is one key to core's field paths),
 * on pages the build renders and pages the engine computes (a sort, a `$deltatoken`, an unrendered size)
 * alike. The directory lists (at most a few dozen items) are rendered at every size up to their length,
 * so that an unfiltered `$top` is a file; event lists at their default and maximum.
 */
export const MAX_TOP = 999;
/** Directory objects: 100 a page unless `$top` says otherwise. */
export const DIRECTORY_TOP = 100;
/** Outlook items (events, calendars): 10 a page. */
export const OUTLOOK_TOP = 10;
/** The sign-in log: 1,000 a page, its default and its maximum. */
export const SIGN_IN_TOP = 1000;

export function graphPagination(origin: string, defaultSize: number, rendered: number[] = [defaultSize, MAX_TOP]): ContinuationTokenPaging {
  return {
    mechanism: "continuation-token",
    pageParam: "$skiptoken",
    sizeParam: "$top",
    defaultSize,
    rendered,
    max: MAX_TOP,
    overMax: "error",
    underMin: "error",
    invalidSize: "error",
    origin,
    continuation: { linkField: "@odata.nextLink", token: "opaque" },
  };
}

/** The sign-in log pages by `$top` up to 1,000 (one rendered size: others are computed from it). */
export function signInPagination(origin: string): ContinuationTokenPaging {
  return { ...graphPagination(origin, SIGN_IN_TOP, [SIGN_IN_TOP]), max: SIGN_IN_TOP };
}

/** Every size from 1 to the list's length, and the default and the maximum: any unfiltered `$top` is a file. */
export function everySize(length: number, defaultSize: number): number[] {
  return [...new Set([...Array.from({ length: Math.max(1, length) }, (_, i) => i + 1), defaultSize, MAX_TOP])].sort((a, b) => a - b);
}

/**
 * The pages of one collection: `{"@odata.context", value, "@odata.nextLink"}`, and on the last page of a
 * delta round `@odata.deltaLink` instead of a next link.
 */
export function collectionPages(
  p: Pagination,
  path: string,
  context: string,
  items: JsonValue[],
  options: { deltaLink?: string; sizes?: number[] } = {},
): Iterable<Resource> {
  return listPages(p, path, items, {
    envelope: "value",
    ...(options.sizes ? { sizes: options.sizes } : {}),
    wrap: (value, fields) => {
      const next = fields["@odata.nextLink"];
      const body: Record<string, JsonValue> = { "@odata.context": context };
      if (typeof next === "string") body["@odata.nextLink"] = odataLink(next);
      else if (options.deltaLink) body["@odata.deltaLink"] = options.deltaLink;
      body.value = value;
      return body;
    },
  });
}

/** Graph spells its system query options with a literal `$` in the links it writes. */
export function odataLink(url: string): string {
  return url.replace(/([?&])%24(top|skiptoken|deltatoken)=/g, "$1$$$2=");
}

/**
 * The keys of a page the engine computes, in Graph's order (control information before `value`): the next
 * link, the template's delta link kept, and `@odata.count` (totalFields), which the engine writes on every
 * page it computes; `$count=true` is what makes it compute one.
 */
const PAGE_KEYS = ["@odata.context", "@odata.count", "@odata.nextLink", "value"];
const DELTA_KEYS = ["@odata.context", "@odata.count", "@odata.nextLink", "@odata.deltaLink", "value"];
const COUNT = ["@odata.count"];
/** `$count=true`: every item (all have an id), counted; `$count=false` is no filter. */
const countParam: FilterSpec = { param: "$count", field: "id", op: "present", type: "string", accepted: ["true", "false"], all: ["false"] };

/** `$search` is not evaluated by this host: any value is Graph's 400, never a silently unfiltered answer. */
const noFilter = (param: string, accepted: string[]): FilterSpec => ({
  param,
  field: "id",
  op: "eq",
  type: "string",
  accepted,
  all: accepted,
});

/**
 * `$filter` in OData's syntax, the core grammar's OData dialect: `eq ne gt ge lt le`, `and or not`,
 * parentheses, `in (…)`, `startsWith`/`endsWith`, `any` over collections (`groupTypes/any(c:c eq 'Unified')`),
 * `null`/`true`/`false` and `''` inside quoted values, over the properties directory objects carry.
 */
const PROPERTIES: Record<string, "string" | "boolean" | "time"> = {
  id: "string",
  displayName: "string",
  givenName: "string",
  surname: "string",
  mail: "string",
  userPrincipalName: "string",
  jobTitle: "string",
  department: "string",
  officeLocation: "string",
  userType: "string",
  accountEnabled: "boolean",
  createdDateTime: "time",
  employeeId: "string",
  companyName: "string",
  country: "string",
  city: "string",
  preferredLanguage: "string",
  mailNickname: "string",
  mailEnabled: "boolean",
  securityEnabled: "boolean",
  visibility: "string",
  groupTypes: "string",
};
/** `$select=displayName,mail`: each object keeps the named properties (and its `@odata.type`). */
const SELECT = { param: "$select", always: ["@odata.type"] };

const odataFilter: ExpressionSpec = {
  param: "$filter",
  // Collections are reached element by element (`groupTypes[]`), which is what `any` compares.
  fields: Object.fromEntries(
    Object.entries(PROPERTIES).map(([name, type]) => [name, { field: name === "groupTypes" ? "groupTypes[]" : name, type }]),
  ),
  operators: ["=", "!=", ">", ">=", "<", "<=", "IN"],
  wordOperators: { eq: "=", ne: "!=", gt: ">", ge: ">=", lt: "<", le: "<=" },
  functions: ["startsWith", "endsWith"],
  lambdas: true,
  doubledQuotes: true,
  caseInsensitiveFields: true,
  literals: { null: null, true: true, false: false },
};

/**
 * `$filter` on the sign-in log, over the properties Graph filters it by (`createdDateTime ge …`, `userId eq
 * '…'`, `startsWith(appDisplayName,'Microsoft')`, `status/errorCode ne 0`, `location/city eq '…'`).
 */
const SIGN_IN_PROPERTIES: Record<string, [string, "string" | "boolean" | "time" | "number"]> = {
  id: ["id", "string"],
  createdDateTime: ["createdDateTime", "time"],
  userId: ["userId", "string"],
  userPrincipalName: ["userPrincipalName", "string"],
  userDisplayName: ["userDisplayName", "string"],
  appId: ["appId", "string"],
  appDisplayName: ["appDisplayName", "string"],
  ipAddress: ["ipAddress", "string"],
  clientAppUsed: ["clientAppUsed", "string"],
  correlationId: ["correlationId", "string"],
  conditionalAccessStatus: ["conditionalAccessStatus", "string"],
  isInteractive: ["isInteractive", "boolean"],
  resourceId: ["resourceId", "string"],
  resourceDisplayName: ["resourceDisplayName", "string"],
  "status/errorCode": ["status.errorCode", "number"],
  "location/city": ["location.city", "string"],
  "location/state": ["location.state", "string"],
  "location/countryOrRegion": ["location.countryOrRegion", "string"],
  "deviceDetail/operatingSystem": ["deviceDetail.operatingSystem", "string"],
  "deviceDetail/browser": ["deviceDetail.browser", "string"],
};
const signInFilter: ExpressionSpec = {
  ...odataFilter,
  fields: Object.fromEntries(Object.entries(SIGN_IN_PROPERTIES).map(([name, [field, type]]) => [name, { field, type }])),
};

/** `$orderby=displayName`, `displayName desc`: the keys Graph sorts directory objects by. */
function orderBy(fields: string[]): SortSpec {
  const keys: SortSpec["keys"] = {};
  const directions: Record<string, "asc" | "desc"> = {};
  for (const f of fields) {
    for (const [suffix, direction] of [
      ["", "asc"],
      [" asc", "asc"],
      [" desc", "desc"],
    ] as const) {
      keys[`${f}${suffix}`] = { field: f, type: "string" };
      directions[`${f}${suffix}`] = direction;
    }
  }
  return { param: "$orderby", keys, default: { key: fields[0]!, direction: "asc" }, directions, unknown: "error" };
}

/**
 * A delta link made as of an instant: `$deltatoken` is that instant in epoch milliseconds (opaque to a
 * client), and following it returns what was created after it, ending with a delta link as of this build.
 */
const deltaToken: FilterSpec = { param: "$deltatoken", field: "createdDateTime", op: "gt", type: "time" };

export function listProfiles(origin: string): ListProfile[] {
  const dir = graphPagination(origin, DIRECTORY_TOP);
  const outlook = graphPagination(origin, OUTLOOK_TOP);
  const users = [noFilter("$search", []), countParam];
  const keys = PAGE_KEYS,
    totalFields = COUNT;
  return [
    {
      path: `^${V}/users$`,
      paging: dir,
      keys,
      totalFields,
      filters: users,
      expression: odataFilter,
      select: SELECT,
      sort: orderBy(["displayName", "userPrincipalName"]),
    },
    {
      path: `^${V}/groups$`,
      paging: dir,
      keys,
      totalFields,
      filters: users,
      expression: odataFilter,
      select: SELECT,
      sort: orderBy(["displayName"]),
    },
    { path: `^${V}/users/delta$`, paging: dir, keys: DELTA_KEYS, filters: [deltaToken] },
    { path: `^${V}/groups/delta$`, paging: dir, keys: DELTA_KEYS, filters: [deltaToken] },
    {
      path: `^${V}/(users|groups)/[^/]+/(members|owners|directReports|memberOf|transitiveMembers|transitiveMemberOf)$`,
      paging: dir,
      keys,
      totalFields,
      filters: users,
      expression: odataFilter,
      select: SELECT,
      sort: orderBy(["displayName"]),
    },
    { path: `^${V}/(organization|subscribedSkus|users/[^/]+/licenseDetails)$`, paging: dir, keys },
    { path: `^${V}/(users|groups)/[^/]+/(events|calendars)$`, paging: outlook, keys, totalFields, filters: [countParam] },
    // Newest first, always (Graph has no `$orderby` on the log).
    { path: `^${V}/auditLogs/signIns$`, paging: signInPagination(origin), keys, expression: signInFilter },
  ];
}
