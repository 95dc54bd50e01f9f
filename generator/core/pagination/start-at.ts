import type { Mechanism } from "./mechanism.js";
import { count, fieldSubset } from "./mechanism.js";
import type { StartAtPaging } from "./paging.js";

/**
 * `startAt`/`maxResults` with the position in the body: `self` and `nextPage` (absent on the last page),
 * `maxResults`, `startAt`, `total`, `isLast`. Lists carry a subset (`fields`, `fieldsByPath`). Both links
 * name both parameters, the start first.
 */
export const startAt: Mechanism<StartAtPaging> = {
  headerNames: () => [],
  start(_p, value) {
    return count(value) ?? 0;
  },
  pageValue(_p, start) {
    return String(start);
  },
  markers(p, at) {
    const isLast = at.start + at.size >= at.total;
    const link = (from: number) => {
      const params = new URLSearchParams(at.carry);
      params.set(p.pageParam, String(from));
      params.set(p.sizeParam, String(at.size));
      return `${p.origin}/${at.path}?${params.toString()}`;
    };
    return {
      headers: {},
      fields: fieldSubset(p, at.path, {
        self: link(at.start),
        nextPage: isLast ? undefined : link(at.start + at.size),
        maxResults: at.size,
        startAt: at.start,
        total: at.total,
        isLast,
      }),
    };
  },
};
