import type { JsonValue } from "../json.js";
import type { Mechanism } from "./mechanism.js";
import { setPath } from "./mechanism.js";
import { pageNumbers, pageOf } from "./page-numbers.js";
import type { PageFieldsPaging } from "./paging.js";

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
