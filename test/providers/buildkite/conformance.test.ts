import { conformance } from "../../conformance/suite.js";
import { validateBuildkite } from "./schema.js";

/**
 * Buildkite pages every list by `page`/`per_page` with a `Link` header, lists are arrays, and every
 * request carries `Authorization: Bearer <token>`. Buildkite publishes no OpenAPI description of REST
 * v2: the validators are zod schemas written from its reference pages, vendored in spec/ (README).
 */
conformance("buildkite", {
  requestHeaders: { authorization: "Bearer bkua_conformance" },
  pagination: {
    next: (headers) => /<([^>]+)>;\s*rel="next"/.exec(headers.link ?? "")?.[1],
    items: (body) => (Array.isArray(body) ? body : undefined),
    identity: (item) => String((item as { id: unknown }).id),
    pageSizeParam: "per_page",
  },
  validate: (_pin, path, body) => validateBuildkite(path, body),
});
