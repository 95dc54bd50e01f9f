import type { AfterIdPaging } from "./after-id.js";
import type { BodyLinksPaging } from "./body-links.js";
import type { ContinuationTokenPaging } from "./continuation-token.js";
import type { CursorLinkPaging } from "./cursor-link.js";
import type { LinkHeaderPaging } from "./link-header.js";
import type { OffsetPaging } from "./offset.js";
import type { PageFieldsPaging } from "./page-fields.js";
import type { PageHeadersPaging } from "./page-headers.js";
import type { StartAtPaging } from "./start-at.js";

export type {
  AfterIdPaging,
  BodyLinksPaging,
  ContinuationTokenPaging,
  CursorLinkPaging,
  LinkHeaderPaging,
  OffsetPaging,
  PageFieldsPaging,
  PageHeadersPaging,
  StartAtPaging,
};

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
  /** The pin's canonical origin, rewritten to the public one like every URL. */
  origin: string;
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
 * mechanism reads (the variants are declared beside their mechanisms, one file each).
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
