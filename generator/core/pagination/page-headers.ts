import type { Mechanism } from "./mechanism.js";
import { pageUrl } from "./mechanism.js";
import { pageNumbers, pageOf } from "./page-numbers.js";
import type { PageHeadersPaging } from "./paging.js";

/**
 * Page numbers with a `Link` header (prev, next, first, last; every link names its size) and the six
 * headers `x-next-page`, `x-page`, `x-per-page`, `x-prev-page`, `x-total`, `x-total-pages`.
 */
export const pageHeaders: Mechanism<PageHeadersPaging> = {
  ...pageNumbers,
  headerNames: () => ["link", "x-next-page", "x-page", "x-per-page", "x-prev-page", "x-total", "x-total-pages"],
  markers(p, at) {
    const { page, lastPage } = pageOf(at.start, at.size, at.total);
    const url = (n: number) => pageUrl(p, at, String(n), { forceSize: true });
    const prev = page > 1 ? Math.min(page - 1, lastPage) : undefined;
    const next = page < lastPage ? page + 1 : undefined;
    const links: string[] = [];
    if (prev) links.push(`<${url(prev)}>; rel="prev"`);
    if (next) links.push(`<${url(next)}>; rel="next"`);
    links.push(`<${url(1)}>; rel="first"`, `<${url(lastPage)}>; rel="last"`);
    return {
      headers: {
        link: links.join(", "),
        "x-next-page": next ? String(next) : "",
        "x-page": String(page),
        "x-per-page": String(at.size),
        "x-prev-page": prev ? String(prev) : "",
        "x-total": String(at.total),
        "x-total-pages": String(lastPage),
      },
      fields: {},
    };
  },
};
