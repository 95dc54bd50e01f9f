import { conformance } from "../../conformance/suite.js";
import { UNSERVED_LINKS } from "../../../generator/providers/graph/index.js";
import { NEXT_TOKEN_HEADER } from "../../../generator/providers/graph/lists.js";
import { validateGraph } from "./schema.js";

/**
 * Graph pages by `@odata.nextLink`, an absolute URL a client follows as given; pages the query engine
 * computes (a sort, a delta token) carry the next `$skiptoken` in a header instead (lists.ts says why), which
 * a walk then sets on the page it read. Bodies validate against Graph's published v1.0 metadata (schema.ts).
 */
conformance("graph", {
  unservedLinks: UNSERVED_LINKS,
  pagination: {
    next: (headers, body, url) => {
      const link = (body as Record<string, unknown>)["@odata.nextLink"];
      if (typeof link === "string") return link;
      const token = headers[NEXT_TOKEN_HEADER];
      if (!token) return undefined;
      const next = new URL(url);
      next.searchParams.set("$skiptoken", token);
      return next.href;
    },
    items: (body) => {
      const page = body as { value?: unknown } | null;
      return page && typeof page === "object" && "@odata.context" in page && Array.isArray(page.value) ? page.value : undefined;
    },
    identity: (item) => String((item as { id: unknown }).id),
    pageSizeParam: "$top",
    pageParam: "$skiptoken",
  },
  validate: (_pin, path, body) => validateGraph(path, body),
});
