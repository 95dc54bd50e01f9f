import type { FieldSubset, Mechanism } from "./mechanism.js";
import { count, fieldSubset } from "./mechanism.js";
import type { PagingBase } from "./paging.js";

/**
 * Start-at pages, and which of `self nextPage maxResults startAt total isLast` they carry: `fields`, or
 * another subset for the list paths of `fieldsByPath` (the first whose regex source matches).
 */
export interface StartAtPaging extends PagingBase, FieldSubset {
  mechanism: "start-at";
  fieldsByPath?: Array<{ path: string; fields: string[] }>;
}

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
