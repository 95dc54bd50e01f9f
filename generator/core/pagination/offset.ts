import type { Mechanism } from "./mechanism.js";
import { count } from "./mechanism.js";

/**
 * An item offset and a size (`$skip`/`$top`, `offset`/`limit`), any offset allowed, no links: a client
 * reads until a short page. `countField` counts the page's items where the provider writes it.
 */
export const offset: Mechanism = {
  headerNames: () => [],
  start(p, value) {
    if (value === undefined) return 0;
    const n = count(value);
    return n === undefined ? { problem: `${p.pageParam} must be a non-negative integer` } : n;
  },
  pageValue(_p, start) {
    return String(start);
  },
  markers(p, at) {
    const items = Math.max(0, Math.min(at.size, at.total - at.start));
    return { headers: {}, fields: p.countField ? { [p.countField]: items } : {} };
  },
};
