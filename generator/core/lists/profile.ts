import type { Pagination } from "../pagination/paging.js";
import type { JsonValue } from "../provider.js";

/**
 * What a list endpoint answers, as data (decision 0008): the parameters that select its frozen items,
 * the filters, sorts and query languages it evaluates over them, how it pages, and how a computed page's
 * body is laid out. The build writes the canonical variant of every list as files; every other variant is
 * computed from the same items by the query engine (core/lists/engine.ts), in the companion server and at
 * the edge alike.
 *
 * The options are grouped by feature below. The groups are types only: a profile stays one flat object,
 * because serving.json (a pin's profiles, key by key) is part of every tree hash (decision 0025).
 */
export interface ListProfile extends ListSelection, ListParameters, ListQueryLanguages, ListBody {
  /** A regex source over the resource path (no query); the first profile that matches applies. */
  path: string;
  /**
   * How this list pages, when it differs from the pin's `pagination`: a whole pagination (a mechanism
   * and its settings, checked against that mechanism's variant), never a partial override.
   */
  paging?: Pagination;
}

/** Which frozen list a request reads, and how its parameters may be spelled. */
export interface ListSelection {
  /**
   * Other spellings of the list's parameters, read as the canonical name (Azure DevOps takes
   * `searchCriteria.$top` and `$top` alike): `{ "searchCriteria.$top": "$top" }`.
   */
  paramAliases?: Record<string, string>;
  /**
   * Parameters that select *which* frozen list is read (a branch for commits); they stay in the key.
   * A selector value with no frozen list behind it answers the provider's 404.
   */
  selectors?: string[];
  /**
   * Fixed parameters of the frozen list the engine reads (`state=all` when `state` is a filter): the
   * pre-rendered list with every item the filters can choose from.
   */
  source?: Record<string, string>;
}

/** Plain parameters: one filter or sort key each, and the parameters the list insists on. */
export interface ListParameters {
  filters?: FilterSpec[];
  sort?: SortSpec;
  /**
   * Parameters the list cannot answer without (GitHub's search `q`): a request that omits one, or sends
   * it blank, is refused with the provider's bad-request error for that parameter, naming `message`.
   */
  required?: Array<{ param: string; message: string }>;
}

/** Parameters that hold a language of their own: an expression, a search, a projection. */
export interface ListQueryLanguages {
  /** A small query language over the items (`q=` BBQL, Agile `jql=`, WIQL-like WHERE/ORDER BY, OData `$filter`). */
  expression?: ExpressionSpec;
  /** A search of `key:value` terms and free words (Sentry's `query=`, GitHub's `q=`). */
  qualifiers?: QualifierSpec;
  /**
   * A projection parameter (OData's `$select=displayName,mail`): each item keeps only the named fields
   * (matched without regard to case, in the item's own order) and the `always` ones (`@odata.type`).
   */
  select?: {
    param: string;
    always?: string[];
    /**
     * The item field whose members are named (Jira's Agile `fields=key,created,updated` names members of
     * each issue's `fields`): the item's other fields are kept whole, and the parameter may repeat. Then
     * `*all` and `*navigable` name every member, and `-name` leaves one out.
     */
    within?: string;
  };
}

/** How the engine lays out a computed page's body. */
export interface ListBody {
  /**
   * Body fields that count the whole (filtered) list, rewritten when the engine filters: GitHub's
   * `total_count`. Page-position fields (`size`, `total`) belong to the paging mechanism.
   */
  totalFields?: string[];
  /**
   * The body's keys in the provider's order, for object pages the engine writes: the envelope key holds
   * the items, the mechanism's fields and the template page's other fields fill the rest, and an absent
   * (undefined) value is left out. Without it, the template page's key order is kept.
   */
  keys?: string[];
  /**
   * Parameters that change a field of every item rather than which items are listed (GitHub's
   * `exclude_pull_requests=true` answers each workflow run with `pull_requests: []`): with one of
   * `values` (compared without regard to case), each item's top-level `field` becomes `to`, in its place.
   * Any other value is the default answer.
   */
  rewrites?: ItemRewrite[];
}

/** One field every item of a page answers differently when a parameter asks (ListBody.rewrites). */
export interface ItemRewrite {
  param: string;
  values: string[];
  field: string;
  to: JsonValue;
}

/** The types item fields and parameter values are compared as. */
export type ValueType = "string" | "time" | "number" | "boolean";

/**
 * One query parameter compared with one item field. `field` is a dotted path into the item JSON
 * (`commit.committer.date`); `a.b[].c` reaches into arrays (any element matches).
 */
export interface FilterSpec extends FilterAbsence, FilterValues, FilterBounds {
  param: string;
  /** The item field; several fields mean any of them may match (a login or an email). */
  field: string | string[];
  /**
   * eq: the field equals the value (a repeated parameter or a `split` list means any of them);
   * ne: differs from it; gte/gt/lte/lt: a bound; range: GitHub's `a..b`, `>=a`, `<b`, `a..*`;
   * contains: a substring (case-insensitive); present: the field is set (`true`) or not (`false`).
   */
  op: "eq" | "ne" | "gte" | "gt" | "lte" | "lt" | "range" | "contains" | "present";
  type: ValueType;
}

/** When a filter applies at all: the values that mean none, and the default of an absent parameter. */
export interface FilterAbsence {
  /** Values that mean "no filter" (`state=all`). */
  all?: string[];
  /** The value applied when the parameter is absent (GitHub pulls: `state=open`). */
  default?: string;
  /** Parameters whose presence switches the default off (Sentry: `statsPeriod=14d` unless `start`/`end`). */
  defaultUnless?: string[];
}

/** How a request's values are read and compared. */
export interface FilterValues {
  /** Request values that stand for other field values (`opened` -> `open`, `merged` -> [`merged`]). */
  values?: Record<string, string | string[]>;
  /**
   * Values that ask whether the field is set at all rather than for a value, compared without regard to
   * case: `{ none: false, "*": true }` (GitHub's `assignee` and `milestone`), `{ None: false, Any: true }`
   * (GitLab's `labels`, `milestone`, `assignee_id`). An empty array or a null counts as unset.
   */
  presence?: Record<string, boolean>;
  /** Only these values are accepted; any other gets the provider's bad-request error. */
  accepted?: string[];
  /** A separator that splits one value into several (`labels=a,b`). */
  split?: string;
  /** Several values (split or repeated) match an item when any (default) or all of them match (GitHub labels). */
  matchAll?: boolean;
  /** Compare strings without regard to case (GitHub logins, emails). */
  ignoreCase?: boolean;
  /**
   * What a malformed value gets: `error` (the provider's 400/422, the default for times and numbers)
   * or `ignore` (the provider drops the filter, as GitHub does for a bad `since` on some lists).
   */
  invalid?: "error" | "ignore";
}

/** How time and number bounds are read. */
export interface FilterBounds {
  /**
   * Times: the instant (ISO) that relative values count back from, the list's as-of: `now` is it, and
   * `<n>d` is n days before it (Cursor's `startDate=7d`). A default may be written the same way.
   */
  relativeTo?: string;
  /**
   * gt/lt bounds that another parameter makes inclusive (Slack's `inclusive=true` turns `oldest`/`latest`
   * into >= and <=): its name; `true` or `1` includes the bound.
   */
  inclusiveParam?: string;
  /**
   * Times with lte/lt/gt: a date alone bounds its whole day (`endDate=2026-09-30` includes that day; GitLab's
   * events `after=2026-09-30` starts the day after).
   */
  wholeDay?: boolean;
}

/**
 * How a list sorts: `param` names the key (`sort=updated`, `order_by=updated_at`), `directionParam` the
 * direction (`direction=asc`, `sort=asc`); with `minusPrefix`, `sort=-updated_on` means descending.
 * The frozen list is in `default` order; a request for it is answered from the files.
 */
export interface SortSpec {
  param: string;
  directionParam?: string;
  minusPrefix?: boolean;
  keys: Record<string, { field: string; type: ValueType }>;
  default: { key: string; direction: "asc" | "desc" };
  /** A key's direction when the request names none (GitHub: desc for dates, asc for others). */
  directions?: Record<string, "asc" | "desc">;
  /** Unknown keys: `error` (the provider's 400/422) or `ignore` (default order). */
  unknown?: "error" | "ignore";
  /** Unknown direction values: `error` or `ignore` (the key's direction). */
  unknownDirection?: "error" | "ignore";
  /** `direction` counts only beside `sort` (GitHub's comment lists ignore it alone). */
  directionNeedsSort?: boolean;
}

/**
 * A query language over the items: `field OP value` clauses joined by AND/OR (NOT, parentheses), and
 * an optional `ORDER BY`. Dialects differ in spelling only, so the grammar is one and the differences
 * are data, grouped below by what they spell: field names, values, operators.
 */
export interface ExpressionSpec extends ExpressionFieldSpelling, ExpressionValueSpelling, ExpressionOperatorSpelling {
  param: string;
  /** The dialect's field names, each an item field and the type its values compare as. */
  fields: Record<string, { field: string; type: ValueType }>;
  /** Operators the dialect has, from `= != ~ !~ > >= < <= IN NOT_IN IS IS_NOT LIKE`. */
  operators: string[];
  /** `ORDER BY` allowed at the end (JQL, WIQL). */
  orderBy?: boolean;
  /** `ORDER BY f DESC NULLS LAST` is allowed (SOQL); nulls sort first ascending and last descending anyway. */
  nullsOrder?: boolean;
}

/** How a dialect spells field names. */
export interface ExpressionFieldSpelling {
  /** Field names are compared without regard to case (JQL, WIQL). */
  caseInsensitiveFields?: boolean;
  /** `[System.State]` spelling of field names (WIQL). */
  bracketFields?: boolean;
}

/** How a dialect spells values. */
export interface ExpressionValueSpelling {
  /** Unquoted words that are literal values (`null`, `EMPTY`, `true`). */
  literals?: Record<string, null | boolean>;
  /** A quote inside a quoted value is written twice (`'O''Brien'`), as OData and SQL write it. */
  doubledQuotes?: boolean;
  /**
   * The offset of a time literal written without one (`'2026/03/01 10:00'`), in minutes east of UTC:
   * Jira reads such literals in the caller's time zone. Default 0 (UTC).
   */
  utcOffsetMinutes?: number;
  /**
   * Words that name a span of time rather than an instant (SOQL's `TODAY`, `LAST_N_DAYS:30`), already
   * resolved against the as-of clock: [from, to) in epoch ms, keys upper-case. `= X` is inside the span,
   * `> X` after it, `< X` before it, `>= X` from its start, `<= X` up to its end, `!= X` outside it.
   */
  ranges?: Record<string, [number, number]>;
}

/** How a dialect spells operators beyond the symbols: words, functions, lambdas. */
export interface ExpressionOperatorSpelling {
  /** Operators spelled as words (OData's `eq ne gt ge lt le`), each standing for one of `operators`. */
  wordOperators?: Record<string, string>;
  /** String functions a clause may be (OData's `startsWith(field,'x')`, `endsWith`, `contains`); case-insensitive. */
  functions?: Array<"startsWith" | "endsWith" | "contains">;
  /** `field/any(x:x eq 'v')`: a clause over the elements of an array field (OData lambdas). */
  lambdas?: boolean;
}

/**
 * A filter a search term stands for: a FilterSpec without its parameter (the term names it). `op` is
 * what a bare value means (default: `eq` for strings and booleans; for times and numbers always
 * `range`, so `>v`, `>=v`, `<v`, `<=v`, `a..b` and a bare date read as GitHub's range syntax does).
 */
export type QualifierFilter = Omit<FilterSpec, "param" | "op" | "default" | "all" | "split" | "relativeTo" | "invalid"> & {
  op?: FilterSpec["op"];
};

/**
 * A search language of space-separated terms, all of which must match (core/lists/qualifiers.ts):
 * `key:value` (value quoted with "…" when it has spaces, `[a,b]` for any of several), a negated
 * `!key:value` or `-key:value`, and free words. Dialects differ in their keys and words only, so
 * those are data: Sentry's `is:unresolved lastSeen:-24h level:error crash`, GitHub's
 * `is:open -label:bug created:2026-01-01..2026-02-01 crash`.
 */
export interface QualifierSpec {
  param: string;
  /** `key` -> the filters its value is read into (several: all of them must match). */
  keys?: Record<string, QualifierFilter | QualifierFilter[]>;
  /** Terms with a fixed meaning, `is:unresolved` -> filters with their values (`{ field: "status", value: "unresolved" }`). */
  fixed?: Record<string, Array<QualifierFilter & { value: string }>>;
  /** Prefixes that negate a `key:value` term (Sentry `!`, GitHub `-`); none by default. */
  negation?: string[];
  /** Fields free words are looked for in (every word, case-insensitive substring, in any of them). */
  text?: string[];
  /** A term whose key is not known: free text (`text`) or refused (`error`, the default). */
  unknown?: "text" | "error";
  /**
   * Times may be relative to this instant (ISO; the list's as-of): `-24h` is within the last 24 hours,
   * `+14d` more than 14 days ago (units s, m, h, d, w). Without it, relative values are malformed.
   */
  relativeTo?: string;
  /** The search applied when the parameter is absent (Sentry: `is:unresolved`); an empty one filters nothing. */
  default?: string;
}
