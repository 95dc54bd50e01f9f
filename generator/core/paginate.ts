/** One page of a list: which items, which page, how many pages in all. */
export interface Page<T> {
  items: T[];
  page: number;
  perPage: number;
  lastPage: number;
  total: number;
}

/** Splits a list into numbered pages; an empty list still has its page 1. */
export function* pages<T>(items: readonly T[], perPage: number): Generator<Page<T>> {
  const lastPage = Math.max(1, Math.ceil(items.length / perPage));
  for (let page = 1; page <= lastPage; page++) {
    yield { items: items.slice((page - 1) * perPage, page * perPage), page, perPage, lastPage, total: items.length };
  }
}
