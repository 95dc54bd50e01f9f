import { conformance } from "../../conformance/suite.js";
import { validateStatuspage } from "./schema.js";

/**
 * Statuspage's bodies carry ids and the page's public URLs (its domain, `stspg.io` shortlinks), never
 * links to API resources, so the link check finds nothing to check: `minLinks: 0`. Lists are plain
 * arrays with no links or headers; a client asks for `page + 1` until a page is shorter than its size
 * (`per_page`, or `limit` on the incidents list), 100 by default and at most. The company's page has
 * fewer than 100 of everything, so no list is several pages long at the default size (the query
 * property test walks smaller sizes), and it serves 8 lists.
 */
conformance("statuspage", {
  minLinks: 0,
  pagination: {
    next: (_headers, body, url) => {
      if (!Array.isArray(body)) return undefined;
      const u = new URL(url);
      const sizeParam = /\/incidents$/.test(u.pathname) ? "limit" : "per_page";
      const size = Number(u.searchParams.get(sizeParam) ?? 100);
      if (body.length < size) return undefined;
      u.searchParams.set("page", String(Number(u.searchParams.get("page") ?? 1) + 1));
      return u.href;
    },
    items: (body) => (Array.isArray(body) ? body : undefined),
    identity: (item) => String((item as { id: unknown }).id),
    pageSizeParam: "per_page",
  },
  minimums: { walkedLists: 8, multiPageLists: 0 },
  validate: (_pin, path, body) => validateStatuspage(path, body),
});
