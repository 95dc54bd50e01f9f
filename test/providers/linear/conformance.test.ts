import { conformance } from "../../conformance/suite.js";
import { validateLinearData } from "./schema.js";

/**
 * Linear is one GraphQL endpoint (`POST /graphql`, computed; see graphql.test.ts and linear-sdk.test.ts).
 * What the suite walks are the pin's GET resources: the data the executor reads (`graphql/data/…`), one
 * list per Linear type paged like Linear's connections (50 by default, 250 at most, Link header).
 */
conformance("linear", {
  pagination: {
    next: (headers) => /<([^>]+)>;\s*rel="next"/.exec(headers.link ?? "")?.[1],
    items: (body) => (Array.isArray(body) ? body : undefined),
    identity: (item) => String((item as { id: unknown }).id),
    pageSizeParam: "per_page",
  },
  // Every record is a response fragment of its type in Linear's published SDL (see schema.ts).
  validate: (_pin, path, body) => validateLinearData(path, body),
});
