/**
 * What every pagination says, whatever its mechanism. Lists are pre-rendered at `rendered` sizes; any
 * other size up to `max`, any start, and any filtered or sorted variant are computed from the frozen
 * items by the query engine, with the markers of the same mechanism.
 */
export interface PagingBase {
  /** The page parameter: a page number, an offset (`$skip`, `startAt`), or a cursor (`after`). */
  pageParam: string;
  sizeParam: string;
  /** The size a request without `sizeParam` gets; links leave it out when it is the default. */
  defaultSize: number;
  rendered: number[];
  max: number;
  /** A size above `max`: clamped to it (most providers) or refused with the bad-request error. */
  overMax?: "clamp" | "error";
  /** A size below 1 (`limit=0`): 1 (most providers) or the bad-request error. */
  underMin?: "clamp" | "error";
  /** A size that is not a whole number: the default size (most providers) or the bad-request error. */
  invalidSize?: "default" | "error";
  /** The pin's canonical origin; answers name the request's in its place, like every URL (decision 0027). */
  origin: string;
}

/**
 * Which of a mechanism's page fields the pages carry (body-links: `pagelen size page next previous`;
 * start-at: `self nextPage maxResults startAt total isLast`). Absent: every field of the mechanism.
 */
export interface FieldSubset {
  fields?: string[];
}

/**
 * Where the next page's token goes (a response header such as `x-ms-continuationtoken`, or a body field
 * path such as `paging.next.after`, with `paging.next.link` beside it when `linkField`), and how tokens
 * are spelled: the decimal index of the next item, or an opaque token bound to the query.
 */
export interface Continuation {
  header?: string;
  field?: string;
  linkField?: string;
  token: "offset" | "opaque";
  /** What the last page's `field` and `linkField` hold: left out (default), null (CircleCI) or "" (Slack). */
  last?: "absent" | "null" | "empty";
  /** A body field that says whether a next page follows, on every page (Slack's `has_more`). */
  moreField?: string;
}

/** Item-id pages: the field whose value a client sends back, and the parameter that pages backwards. */
export interface AfterIdPaging extends PagingBase {
  mechanism: "after-id";
  /** The item field whose value a client sends back (default `id`). */
  idField?: string;
  /**
   * The parameter that asks for the page just before an id (`before_id`), for clients that page
   * backwards from a page's `first_id`; such a page's `has_more` says whether more items precede it.
   */
  beforeParam?: string;
}

/** Body-link pages, and which of `pagelen size page next previous` they carry (`fields`). */
export interface BodyLinksPaging extends PagingBase, FieldSubset {
  mechanism: "body-links";
}

/** Continuation-token pages: where the token goes and how it is spelled; an item count where written. */
export interface ContinuationTokenPaging extends PagingBase {
  mechanism: "continuation-token";
  continuation?: Continuation;
  /** The body field that counts a page's items (Azure DevOps' `count`), on every page. */
  countField?: string;
}

/** Cursor-link pages read the base settings only. */
export interface CursorLinkPaging extends PagingBase {
  mechanism: "cursor-link";
}

/** Link-header pages read the base settings only. */
export interface LinkHeaderPaging extends PagingBase {
  mechanism: "link-header";
}

/** Offset pages, and the page fields some providers write (Azure DevOps' `count`, PagerDuty's position). */
export interface OffsetPaging extends PagingBase {
  mechanism: "offset";
  /** The body field that counts a page's items (Azure DevOps' `count`), if any. */
  countField?: string;
  /**
   * Lists that say where each page is (PagerDuty: `{…, limit, offset, total, more}`): the body fields
   * for the size, the start, whether more follow, and the whole count (null unless the request sets
   * `totalParam=true`).
   */
  offsetFields?: { size?: string; start?: string; more?: string; total?: string; totalParam?: string };
  /** The deepest window a request may reach (`offset + limit`), past which it is refused with `message`. */
  maxWindow?: { items: number; message: string };
}

/**
 * Page-field pages: the body fields (dot paths) that report the page number, the size, the list's
 * length, the number of pages (0 for an empty list) and whether pages follow or precede; unnamed ones
 * are left out.
 */
export interface PageFieldsPaging extends PagingBase {
  mechanism: "page-fields";
  pageFields?: { page?: string; size?: string; total?: string; pages?: string; hasNext?: string; hasPrevious?: string };
}

/** Page-header pages read the base settings only; every link names its size. */
export interface PageHeadersPaging extends PagingBase {
  mechanism: "page-headers";
}

/**
 * Start-at pages, and which of `self nextPage maxResults startAt total isLast` they carry: `fields`, or
 * another subset for the list paths of `fieldsByPath` (the first whose regex source matches).
 */
export interface StartAtPaging extends PagingBase, FieldSubset {
  mechanism: "start-at";
  fieldsByPath?: Array<{ path: string; fields: string[] }>;
}

/**
 * A mechanism a provider contributes (`<provider>/<name>`, Provider.mechanisms). Its own settings are
 * typed in the provider's folder, as an interface that extends this one; core reads only the base, and
 * `idField` when the mechanism reads item ids (ListView.idAt).
 */
export interface ContributedPaging extends PagingBase {
  mechanism: `${string}/${string}`;
  /** The item field a mechanism's ListView reads as an item's id (default `id`). */
  idField?: string;
}

/**
 * How a list pages: one variant per mechanism, keyed by `mechanism`, each with only the settings its
 * mechanism reads (the variants are above, the mechanisms one file each; the files import their variant
 * from here, so the types form no circle).
 */
export type Pagination =
  | LinkHeaderPaging
  | PageHeadersPaging
  | BodyLinksPaging
  | PageFieldsPaging
  | OffsetPaging
  | StartAtPaging
  | ContinuationTokenPaging
  | AfterIdPaging
  | CursorLinkPaging
  | ContributedPaging;

/** The pagination mechanisms in core/pagination/, one file each (what each writes is said there). */
export type CoreMechanismName = Exclude<Pagination, ContributedPaging>["mechanism"];
/** A core mechanism, or one a provider contributes (`<provider>/<name>`, see Provider.mechanisms). */
export type MechanismName = Pagination["mechanism"];
/** The pagination of one core mechanism, by its name. */
export type PagingOf<N extends CoreMechanismName> = Extract<Pagination, { mechanism: N }>;
