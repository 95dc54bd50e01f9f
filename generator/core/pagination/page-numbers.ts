import type { PagingBase } from "./paging.js";
import { count, type ListView } from "./mechanism.js";

/**
 * What the page-numbered mechanisms share: `page=n` (1-based) at a size; a page past the last is an
 * empty page, as the providers answer it. A page number that is not a positive integer is page 1, as
 * GitHub and GitLab read one.
 */
export const pageNumbers = {
  start(_p: PagingBase, value: string | undefined, size: number): number {
    const n = count(value);
    return (n === undefined || n < 1 ? 0 : Math.min(n, 1_000_000) - 1) * size;
  },
  pageValue(_p: PagingBase, start: number, size: number, _list: ListView): string | undefined {
    return String(Math.floor(start / size) + 1);
  },
};

/** The page number of the page starting at `start`, and the last page's (at least 1). */
export function pageOf(start: number, size: number, total: number): { page: number; lastPage: number } {
  return { page: Math.floor(start / size) + 1, lastPage: Math.max(1, Math.ceil(total / size)) };
}
