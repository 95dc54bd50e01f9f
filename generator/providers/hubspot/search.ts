/**
 * HubSpot's CRM search, evaluated over the pin's frozen records: `filterGroups` (OR of groups, each an
 * AND of filters), a top-level `filters` array (one more AND, into every group), one sort, a free-text `query`,
 * `properties`, `limit` (default 10, at most 200) and
 * `after` (the decimal offset). Pure functions of the request and the records; the handler reads them.
 *
 * Comparison follows the property's type: numbers numerically, datetimes as instants (a filter value is
 * epoch milliseconds or an ISO date or datetime), everything else as case-insensitive text. A record
 * without a value matches only NEQ, NOT_IN, NOT_HAS_PROPERTY and NOT_CONTAINS_TOKEN. The pseudo-property
 * `associations.{contact,company,deal,ticket}` filters by associated record id.
 */
export interface SearchRecord {
  id: string;
  properties: Record<string, string | null>;
  createdAt: string;
  updatedAt: string;
  archived: boolean;
  associations?: Record<string, { results: Array<{ id: string; type: string }> }>;
}

export type Types = Map<string, string>;

export const OPERATORS = [
  "EQ",
  "NEQ",
  "LT",
  "LTE",
  "GT",
  "GTE",
  "BETWEEN",
  "IN",
  "NOT_IN",
  "HAS_PROPERTY",
  "NOT_HAS_PROPERTY",
  "CONTAINS_TOKEN",
  "NOT_CONTAINS_TOKEN",
] as const;
type Operator = (typeof OPERATORS)[number];

export interface Filter {
  propertyName: string;
  operator: Operator;
  value?: string;
  highValue?: string;
  values?: string[];
}
export interface Sort {
  propertyName: string;
  direction: "ASCENDING" | "DESCENDING";
}

export interface SearchRequest {
  filterGroups: Filter[][];
  sorts: Sort[];
  query: string | undefined;
  properties: string[];
  limit: number;
  after: number;
}

export const MAX_LIMIT = 200;
export const MAX_RESULTS = 10_000;
const PLURAL: Record<string, string> = { contact: "contacts", company: "companies", deal: "deals", ticket: "tickets" };

/** The request as HubSpot reads it, or the message of its VALIDATION_ERROR. */
export function parseSearch(body: unknown, types: Types): SearchRequest | string {
  if (!body || typeof body !== "object" || Array.isArray(body)) return "Invalid input JSON: the request body must be a JSON object.";
  const b = body as Record<string, unknown>;
  const groupsIn = b.filterGroups ?? [];
  if (!Array.isArray(groupsIn)) return "Invalid input JSON: filterGroups must be an array.";
  if (groupsIn.length > 5) return `There are too many filter groups (${groupsIn.length}). The maximum is 5.`;
  const filterGroups: Filter[][] = [];
  let total = 0;
  for (const g of groupsIn) {
    const filters = (g as { filters?: unknown } | null)?.filters;
    if (!Array.isArray(filters)) return "Invalid input JSON: each filter group must have a filters array.";
    if (filters.length > 6) return `There are too many filters in a filter group (${filters.length}). The maximum is 6.`;
    total += filters.length;
    const out: Filter[] = [];
    for (const f of filters) {
      const parsed = parseFilter(f, types);
      if (typeof parsed === "string") return parsed;
      out.push(parsed);
    }
    filterGroups.push(out);
  }
  // A top-level `filters` array (Airbyte's incremental search sends one, with no filterGroups) is one
  // implicit AND group; beside filterGroups it is ANDed into every group.
  const topIn = b.filters;
  if (topIn !== undefined && topIn !== null) {
    if (!Array.isArray(topIn)) return "Invalid input JSON: filters must be an array.";
    const top: Filter[] = [];
    for (const f of topIn) {
      const parsed = parseFilter(f, types);
      if (typeof parsed === "string") return parsed;
      top.push(parsed);
    }
    total += top.length;
    if (top.length) {
      if (filterGroups.length === 0) filterGroups.push(top);
      else for (const [i, g] of filterGroups.entries()) filterGroups[i] = [...top, ...g];
    }
  }
  if (total > 18) return `There are too many filters (${total}). The maximum is 18 across all filter groups.`;
  const sortsIn = b.sorts ?? [];
  if (!Array.isArray(sortsIn)) return "Invalid input JSON: sorts must be an array.";
  if (sortsIn.length > 1) return "Only one sort is supported.";
  const sorts: Sort[] = [];
  for (const s of sortsIn) {
    let sort: Sort | undefined;
    if (typeof s === "string" && s !== "")
      sort = s.startsWith("-") ? { propertyName: s.slice(1), direction: "DESCENDING" } : { propertyName: s, direction: "ASCENDING" };
    else if (s && typeof s === "object" && typeof (s as Sort).propertyName === "string") {
      const direction = String((s as Sort).direction ?? "ASCENDING").toUpperCase();
      if (direction !== "ASCENDING" && direction !== "DESCENDING")
        return `Invalid sort direction '${direction}': use ASCENDING or DESCENDING.`;
      sort = { propertyName: (s as Sort).propertyName, direction };
    }
    if (!sort) return "Invalid input JSON: a sort is a property name or {propertyName, direction}.";
    if (!types.has(sort.propertyName)) return `Unable to sort by '${sort.propertyName}': the property does not exist.`;
    sorts.push(sort);
  }
  const limit = b.limit === undefined || b.limit === null ? 10 : Number(b.limit);
  if (!Number.isInteger(limit) || limit < 0) return "Invalid input JSON: limit must be a non-negative integer.";
  if (limit > MAX_LIMIT) return `The limit of ${limit} is too large. The maximum is ${MAX_LIMIT}.`;
  const afterIn = b.after === undefined || b.after === null || b.after === "" ? "0" : String(b.after);
  if (!/^\d+$/.test(afterIn)) return `Invalid value for after: '${afterIn}'. Use the paging.next.after of a previous response.`;
  const after = Number(afterIn);
  if (after + limit > MAX_RESULTS)
    return `The search can page through at most ${MAX_RESULTS} results: after + limit must not exceed ${MAX_RESULTS}.`;
  const properties = Array.isArray(b.properties) ? b.properties.filter((p): p is string => typeof p === "string" && p !== "") : [];
  const query = typeof b.query === "string" && b.query.trim() !== "" ? b.query : undefined;
  return { filterGroups, sorts, query, properties, limit, after };
}

function parseFilter(f: unknown, types: Types): Filter | string {
  if (!f || typeof f !== "object") return "Invalid input JSON: a filter must be an object.";
  const x = f as Record<string, unknown>;
  if (typeof x.propertyName !== "string" || x.propertyName === "")
    return "Invalid input JSON: Cannot build Filter, some of required attributes are not set [propertyName]";
  const operator = typeof x.operator === "string" ? x.operator.toUpperCase() : "";
  if (!OPERATORS.includes(operator as Operator)) {
    return operator === ""
      ? "Invalid input JSON: Cannot build Filter, some of required attributes are not set [operator]"
      : `Invalid input JSON: Cannot deserialize value of type Operator from String "${operator}": ` +
          `not one of the values accepted: ${OPERATORS.join(", ")}`;
  }
  const assoc = /^associations\.(contact|company|deal|ticket)$/.exec(x.propertyName);
  if (!assoc && !types.has(x.propertyName)) return `There was a problem with the request: the property '${x.propertyName}' does not exist.`;
  const op = operator as Operator;
  const str = (v: unknown) => (v === undefined || v === null ? undefined : String(v));
  const filter: Filter = { propertyName: x.propertyName, operator: op };
  const value = str(x.value);
  if (value !== undefined) filter.value = value;
  const high = str(x.highValue);
  if (high !== undefined) filter.highValue = high;
  if (Array.isArray(x.values)) filter.values = x.values.map(String);
  if (["EQ", "NEQ", "LT", "LTE", "GT", "GTE", "CONTAINS_TOKEN", "NOT_CONTAINS_TOKEN"].includes(op) && value === undefined)
    return `The ${op} operator on '${x.propertyName}' needs a value.`;
  if (op === "BETWEEN" && (value === undefined || high === undefined))
    return `The BETWEEN operator on '${x.propertyName}' needs a value and a highValue.`;
  if ((op === "IN" || op === "NOT_IN") && !filter.values?.length)
    return `The ${op} operator on '${x.propertyName}' needs a list of values.`;
  return filter;
}

type Comparable = number | string;

function comparable(type: string | undefined, raw: string): Comparable | undefined {
  if (type === "number") {
    const n = Number(raw);
    return Number.isNaN(n) ? undefined : n;
  }
  if (type === "datetime" || type === "date") {
    if (/^-?\d+$/.test(raw)) return Number(raw);
    const ms = Date.parse(raw);
    return Number.isNaN(ms) ? undefined : ms;
  }
  return raw.toLowerCase();
}

function compare(a: Comparable, b: Comparable): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

const tokens = (s: string) =>
  s
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

function containsToken(text: string, value: string): boolean {
  const v = value.toLowerCase().trim();
  if (v.includes("*")) {
    const re = new RegExp(
      `^${v
        .split("*")
        .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
        .join(".*")}$`,
    );
    return (
      re.test(text.toLowerCase()) ||
      text
        .toLowerCase()
        .split(/\s+/)
        .some((w) => re.test(w))
    );
  }
  const want = tokens(v);
  const have = tokens(text);
  if (want.length === 0) return false;
  for (let i = 0; i + want.length <= have.length; i++) if (want.every((t, j) => have[i + j] === t)) return true;
  return false;
}

function matches(rec: SearchRecord, f: Filter, types: Types): boolean {
  const assoc = /^associations\.(contact|company|deal|ticket)$/.exec(f.propertyName);
  if (assoc) {
    const ids = new Set((rec.associations?.[PLURAL[assoc[1]!]!]?.results ?? []).map((a) => a.id));
    const has = (v: string | undefined) => v !== undefined && ids.has(v);
    switch (f.operator) {
      case "EQ":
        return has(f.value);
      case "NEQ":
        return !has(f.value);
      case "IN":
        return (f.values ?? []).some(has);
      case "NOT_IN":
        return !(f.values ?? []).some(has);
      case "HAS_PROPERTY":
        return ids.size > 0;
      case "NOT_HAS_PROPERTY":
        return ids.size === 0;
      default:
        return false;
    }
  }
  const raw = rec.properties[f.propertyName];
  const present = raw !== null && raw !== undefined && raw !== "";
  const type = types.get(f.propertyName);
  const mine = present ? comparable(type, raw) : undefined;
  const eq = (v: string | undefined) => {
    if (mine === undefined || v === undefined) return false;
    const other = comparable(type, v);
    return other !== undefined && compare(mine, other) === 0;
  };
  const cmp = (v: string | undefined, ok: (c: number) => boolean) => {
    if (mine === undefined || v === undefined) return false;
    const other = comparable(type, v);
    return other !== undefined && ok(compare(mine, other));
  };
  switch (f.operator) {
    case "EQ":
      return eq(f.value);
    case "NEQ":
      return !eq(f.value);
    case "LT":
      return cmp(f.value, (c) => c < 0);
    case "LTE":
      return cmp(f.value, (c) => c <= 0);
    case "GT":
      return cmp(f.value, (c) => c > 0);
    case "GTE":
      return cmp(f.value, (c) => c >= 0);
    case "BETWEEN":
      return cmp(f.value, (c) => c >= 0) && cmp(f.highValue, (c) => c <= 0);
    case "IN":
      return (f.values ?? []).some(eq);
    case "NOT_IN":
      return !(f.values ?? []).some(eq);
    case "HAS_PROPERTY":
      return present;
    case "NOT_HAS_PROPERTY":
      return !present;
    case "CONTAINS_TOKEN":
      return present && containsToken(raw, f.value ?? "");
    case "NOT_CONTAINS_TOKEN":
      return !(present && containsToken(raw, f.value ?? ""));
  }
}

/** Every free-text token must start a token of one of the searchable properties. */
function matchesQuery(rec: SearchRecord, query: string, searchable: string[]): boolean {
  const have = searchable.flatMap((p) => tokens(rec.properties[p] ?? ""));
  const whole = searchable.map((p) => (rec.properties[p] ?? "").toLowerCase());
  return tokens(query).every((t) => have.some((h) => h.startsWith(t))) || whole.includes(query.trim().toLowerCase());
}

/** The matching records in result order (the sort, then id; records without the sort value last). */
export function runSearch(records: SearchRecord[], req: SearchRequest, types: Types, searchable: string[]): SearchRecord[] {
  const hits = records.filter(
    (r) =>
      !r.archived &&
      (req.filterGroups.length === 0 || req.filterGroups.some((g) => g.every((f) => matches(r, f, types)))) &&
      (req.query === undefined || matchesQuery(r, req.query, searchable)),
  );
  const sort = req.sorts[0];
  const key = (r: SearchRecord) => {
    if (!sort) return undefined;
    const raw = r.properties[sort.propertyName];
    return raw === null || raw === undefined || raw === "" ? undefined : comparable(types.get(sort.propertyName), raw);
  };
  const byId = (a: SearchRecord, b: SearchRecord) => Number(a.id) - Number(b.id);
  return hits
    .map((r) => ({ r, k: key(r) }))
    .sort((a, b) => {
      if (sort) {
        if (a.k === undefined || b.k === undefined) {
          if (a.k !== b.k) return a.k === undefined ? 1 : -1;
        } else {
          const c = compare(a.k, b.k);
          if (c !== 0) return sort.direction === "DESCENDING" ? -c : c;
        }
      }
      return byId(a.r, b.r);
    })
    .map((x) => x.r);
}
