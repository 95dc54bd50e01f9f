import { conformance } from "../../conformance/suite.js";
import { SentryOpenApi } from "./openapi.js";
import { nextLink } from "./world.js";

const openapi = new SentryOpenApi();

/**
 * Sentry pages by cursor in the `Link` header: a client follows `rel="next"` while it says
 * `results="true"` (every page names both neighbours, the last one with `results="false"`). Bodies are
 * checked against Sentry's published OpenAPI description (openapi.ts, spec/).
 */
conformance("sentry", {
  // Every request carries a token, as every Sentry client sends one.
  requestHeaders: { authorization: "Bearer snapverse-test" },
  pagination: {
    next: (headers) => nextLink(headers.link),
    items: (body) => (Array.isArray(body) ? body : undefined),
    // Tag values are named by their value, an issue's tags by their key; everything else has an id.
    identity: (item) => {
      const i = item as { id?: unknown; value?: unknown; key?: unknown };
      return String(i.id ?? i.value ?? i.key);
    },
    pageSizeParam: "per_page",
    pageParam: "cursor",
  },
  validate: (_pin, path, body) => openapi.validate(path, body),
});
