import type { PageFieldsPaging } from "../../core/pagination/paging.js";
import type { ListProfile } from "../../core/lists/profile.js";
import { listPages } from "../../core/paginate.js";
import type { JsonValue, Resource } from "../../core/provider.js";

/**
 * How Statuspage's v1 lists page, as its published description documents each (developer.statuspage.io):
 * a plain JSON array with no links, no headers and no totals; `page` counts from 1 and a page past the
 * last is `[]`; a client asks for the next page until one comes back shorter than the page size.
 *
 * - components, component groups, incident templates, the four incident views (unresolved, upcoming,
 *   scheduled, active_maintenance) and the metrics (the page's, a provider's): `page` and `per_page`, 100
 *   by default and at most;
 * - incidents: `page` and `limit` ("the default and maximum limit is 100"), and `q`, a text search over
 *   the name, status, postmortem body and update bodies.
 *
 * Sizes over 100 are clamped, as "a maximum limit of 100 will be imposed". These are core's
 * `page-fields` mechanism with no field named: page numbers, nothing written.
 */
export const PAGE_SIZE = 100;

export function paging(origin: string, sizeParam: "per_page" | "limit"): PageFieldsPaging {
  return {
    mechanism: "page-fields",
    pageParam: "page",
    sizeParam,
    defaultSize: PAGE_SIZE,
    rendered: [PAGE_SIZE],
    max: PAGE_SIZE,
    overMax: "clamp",
    underMin: "clamp",
    invalidSize: "default",
    origin,
    pageFields: {},
  };
}

/** Every page of a list at the default size (which is also the maximum). */
export function pagesOf(
  origin: string,
  path: string,
  items: JsonValue[],
  sizeParam: "per_page" | "limit" = "per_page",
): Iterable<Resource> {
  return listPages(paging(origin, sizeParam), path, items);
}

const PAGE = "v1/pages/[^/]+";

export function listProfiles(origin: string): ListProfile[] {
  const perPage = paging(origin, "per_page");
  return [
    {
      path: `^${PAGE}/incidents$`,
      paging: paging(origin, "limit"),
      filters: [{ param: "q", field: ["name", "status", "postmortem_body", "incident_updates[].body"], op: "contains", type: "string" }],
    },
    { path: `^${PAGE}/incidents/(unresolved|upcoming|scheduled|active_maintenance)$`, paging: perPage },
    { path: `^${PAGE}/components$`, paging: perPage },
    { path: `^${PAGE}/component-groups$`, paging: perPage },
    { path: `^${PAGE}/incident_templates$`, paging: perPage },
    { path: `^${PAGE}/(metrics|metrics_providers/[^/]+/metrics)$`, paging: perPage },
  ];
}
