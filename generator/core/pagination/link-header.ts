import type { Mechanism } from "./mechanism.js";
import { pageUrl } from "./mechanism.js";
import { pageNumbers, pageOf } from "./page-numbers.js";
import type { LinkHeaderPaging } from "./paging.js";

/**
 * Page numbers with a `Link` header: rel prev, next, last, first, absolute URLs; no header at all on a
 * list of one page. A page past the last links back (prev to the last page, first).
 */
export const linkHeader: Mechanism<LinkHeaderPaging> = {
  ...pageNumbers,
  headerNames: () => ["link"],
  markers(p, at) {
    const { page, lastPage } = pageOf(at.start, at.size, at.total);
    const url = (n: number) => pageUrl(p, at, String(n));
    const links: string[] = [];
    if (page > 1) links.push(`<${url(Math.min(page - 1, lastPage))}>; rel="prev"`);
    if (page < lastPage) links.push(`<${url(page + 1)}>; rel="next"`, `<${url(lastPage)}>; rel="last"`);
    if (page > 1) links.push(`<${url(1)}>; rel="first"`);
    const headers: Record<string, string> = links.length ? { link: links.join(", ") } : {};
    return { headers, fields: {} };
  },
};
