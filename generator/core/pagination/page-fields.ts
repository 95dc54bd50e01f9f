import type { JsonValue } from "../provider.js";
import type { Mechanism } from "./mechanism.js";
import { setPath } from "./mechanism.js";
import { pageNumbers, pageOf } from "./page-numbers.js";
import type { PagingBase } from "./paging.js";

/**
 * Page-field pages: the body fields (dot paths) that report the page number, the size, the list's
 * length, the number of pages (0 for an empty list) and whether pages follow or precede; unnamed ones
 * are left out.
 */
export interface PageFieldsPaging extends PagingBase {
  mechanism: "page-fields";
  pageFields?: { page?: string; size?: string; total?: string; pages?: string; hasNext?: string; hasPrevious?: string };
}

/**
 * Page numbers that the body reports under the provider's own names and no links: the page, the size,
 * the list's length, the number of pages, whether there are pages after and before
 * (`pageFields`, dot paths allowed: `pagination.currentPage`). A client asks for the next
 * page number itself. Fields without a name are not written.
 */
export const pageFields: Mechanism<PageFieldsPaging> = {
  ...pageNumbers,
  headerNames: () => [],
  markers(p, at) {
    const { page, lastPage } = pageOf(at.start, at.size, at.total);
    const names = p.pageFields ?? {};
    const values: Record<keyof NonNullable<typeof p.pageFields>, JsonValue> = {
      page,
      size: at.size,
      total: at.total,
      pages: Math.ceil(at.total / at.size),
      hasNext: page < lastPage,
      hasPrevious: page > 1,
    };
    const fields: Record<string, JsonValue | undefined> = {};
    for (const [key, name] of Object.entries(names)) if (name) setPath(fields, name, values[key as keyof typeof values]);
    return { headers: {}, fields };
  },
};
