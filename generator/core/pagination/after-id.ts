import type { Mechanism } from "./mechanism.js";
import type { AfterIdPaging } from "./paging.js";

/**
 * Item-id cursors: the next page is asked for with `after=<id of the last item seen>`, and the body says
 * `first_id`, `last_id` and `has_more`. An id that is not in the list starts past its end (an empty page).
 * With a `beforeParam` a client pages backwards: the page ends just before that id (the engine windows it).
 */
export const afterId: Mechanism<AfterIdPaging> = {
  headerNames: () => [],
  start(_p, value, _size, list) {
    if (value === undefined || value === "") return 0;
    const at = list.indexOf(value);
    return at === -1 ? list.total : at + 1;
  },
  pageValue(_p, start, _size, list) {
    return start === 0 ? undefined : list.idAt(start - 1);
  },
  markers(_p, at) {
    const ids = at.ids ?? [];
    // has_more looks the way the client is paging: forward past the page, or backward before it.
    const hasMore = at.backward ? at.start > 0 : at.start + at.size < at.total;
    return { headers: {}, fields: { first_id: ids[0] ?? null, last_id: ids.at(-1) ?? null, has_more: hasMore } };
  },
};
