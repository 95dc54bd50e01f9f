import { conformance } from "../../conformance/suite.js";
import { HubSpotOpenApi } from "./openapi.js";

const openapi = new HubSpotOpenApi();

conformance("hubspot", {
  pagination: {
    // HubSpot's cursor: `paging.next.link` (the same request with `after`), absent on the last page.
    next: (_headers, body) => (body as { paging?: { next?: { link?: string } } }).paging?.next?.link,
    items: (body) => {
      const page = body as { results?: unknown } | null;
      return page && typeof page === "object" && Array.isArray(page.results) ? page.results : undefined;
    },
    identity: (item) => {
      const o = item as Record<string, unknown>;
      return String(o.id ?? o.toObjectId ?? o.name ?? JSON.stringify(item));
    },
    pageSizeParam: "limit",
    pageParam: "after",
  },
  validate: (_pin, path, body) => openapi.validate(path, body),
});
