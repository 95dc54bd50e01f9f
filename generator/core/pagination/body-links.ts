import type { Mechanism } from "./mechanism.js";
import { fieldSubset, pageUrl } from "./mechanism.js";
import { pageNumbers, pageOf } from "./page-numbers.js";
import type { BodyLinksPaging } from "./paging.js";

/**
 * Page numbers with the neighbours in the body: `pagelen` (the size), `size` (the list's length), `page`,
 * and absolute `next` and `previous` URLs, absent at the ends. Iterator-style lists carry fewer of them
 * (`fields`). Braces in a path (`{uuid}`) are percent-encoded in links, as the provider writes them.
 */
export const bodyLinks: Mechanism<BodyLinksPaging> = {
  ...pageNumbers,
  headerNames: () => [],
  markers(p, at) {
    const { page, lastPage } = pageOf(at.start, at.size, at.total);
    const url = (n: number) => pageUrl(p, at, String(n)).replace(/\{/g, "%7B").replace(/\}/g, "%7D");
    return {
      headers: {},
      fields: fieldSubset(p, at.path, {
        pagelen: at.size,
        size: at.total,
        page,
        next: page < lastPage ? url(page + 1) : undefined,
        previous: page > 1 ? url(Math.min(page - 1, lastPage)) : undefined,
      }),
    };
  },
};
