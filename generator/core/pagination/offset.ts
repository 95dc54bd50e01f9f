import type { JsonValue } from "../json.js";
import type { Mechanism } from "./mechanism.js";
import { count } from "./mechanism.js";
import type { OffsetPaging } from "./paging.js";

/**
 * An item offset and a size (`$skip`/`$top`, `offset`/`limit`), no links: a client reads until a short
 * page, or while `more` says so. `countField` counts the page's items where the provider writes it;
 * `offsetFields` writes where the page is; `maxWindow` refuses a page that reaches too deep.
 */
export const offset: Mechanism<OffsetPaging> = {
  headerNames: () => [],
  start(p, value, size) {
    const n = value === undefined ? 0 : count(value);
    if (n === undefined) return { problem: `${p.pageParam} must be a non-negative integer` };
    return p.maxWindow && n + size > p.maxWindow.items ? { problem: p.maxWindow.message } : n;
  },
  pageValue(_p, start) {
    return String(start);
  },
  markers(p, at) {
    const items = Math.max(0, Math.min(at.size, at.total - at.start));
    const fields: Record<string, JsonValue> = p.countField ? { [p.countField]: items } : {};
    const f = p.offsetFields;
    if (f?.size) fields[f.size] = at.size;
    if (f?.start) fields[f.start] = at.start;
    if (f?.total) fields[f.total] = at.carry.some(([k, v]) => k === f.totalParam && v === "true") ? at.total : null;
    if (f?.more) fields[f.more] = at.start + at.size < at.total;
    return { headers: {}, fields };
  },
};
