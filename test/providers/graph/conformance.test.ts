import { conformance } from "../../conformance/suite.js";
import { validateGraph } from "./schema.js";

/**
 * Graph pages by `@odata.nextLink`, an absolute URL a client follows as given, on pre-rendered and
 * computed pages alike. Bodies validate against Graph's published v1.0 metadata (schema.ts).
 */
conformance("graph", {
  pagination: {
    next: (_headers, body) => {
      const link = (body as Record<string, unknown>)["@odata.nextLink"];
      return typeof link === "string" ? link : undefined;
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
