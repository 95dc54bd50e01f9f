import type { Mechanism } from "./mechanism.js";
import type { CursorLinkPaging } from "./paging.js";

/**
 * Cursors in a `Link` header that names both neighbours, each with whether it holds anything (Sentry's
 * pagination: sentry/api/paginator.py GenericOffsetPaginator, sentry/api/base.py build_cursor_link).
 *
 * - A cursor is `<value>:<offset>:<is_prev>` (`0:100:0`); the page starts at `offset`.
 * - Every page carries a `Link` header with both neighbours, always both, each with `results` saying
 *   whether the neighbour holds anything, and the cursor repeated as an attribute:
 * `<…/issues/?&cursor=0:0:1>; rel="previous"; results="false"; cursor="0:0:1", <…/issues/?&cursor=0:100:0>; rel="next";
 * results="true"; cursor="0:100:0"`.
 *   Clients follow `next` while `results="true"`. The URL is the request's path (with its trailing
 *   slash), `?`, the request's other parameters, then `&cursor=`: hence `?&cursor=` when there are none.
 * - A cursor that is not three numbers is Sentry's 400 `Invalid cursor parameter.`
 */
export const cursorLink: Mechanism<CursorLinkPaging> = {
  headerNames: () => ["link"],
  start(_p, value) {
    if (value === undefined || value === "") return 0;
    const m = /^(-?\d+(?:\.\d+)?):(\d{1,9}):([01])$/.exec(value);
    return m ? Number(m[2]) : { problem: "Invalid cursor parameter." };
  },
  pageValue(_p, start) {
    return start === 0 ? undefined : `0:${start}:0`;
  },
  markers(p, at) {
    const prev = `0:${Math.max(0, at.start - at.size)}:1`;
    const next = `0:${at.start + at.size}:0`;
    const link = (name: string, cursor: string, results: boolean) =>
      `<${pageLink(p, at.path, at.carry, at.size, cursor)}>; rel="${name}"; results="${results}"; cursor="${cursor}"`;
    return {
      headers: { link: [link("previous", prev, at.start > 0), link("next", next, at.start + at.size < at.total)].join(", ") },
      fields: {},
    };
  },
};

/** `<origin>/<path>/?<other parameters>&cursor=<cursor>`, parameters quoted as Django's urlquote does. */
function pageLink(p: CursorLinkPaging, path: string, carry: Array<[string, string]>, size: number, cursor: string): string {
  const pairs = carry.filter(([k]) => k !== p.pageParam && k !== p.sizeParam);
  if (size !== p.defaultSize) pairs.push([p.sizeParam, String(size)]);
  const query = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&");
  return `${p.origin}/${path}/?${query}&cursor=${cursor}`;
}
