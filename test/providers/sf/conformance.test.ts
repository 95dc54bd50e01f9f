import { conformance } from "../../conformance/suite.js";
import { validateSf } from "./schema.js";

/**
 * Salesforce serves no pre-rendered list: every collection is a SOQL query, computed over the frozen org
 * and paged by `nextRecordsUrl` (soql.test.ts walks those). What is pre-rendered (versions, resources,
 * limits, the global and per-object describe) is checked here: determinism, errors and schema. Salesforce
 * writes its URLs relative to the instance (`/services/data/v67.0/sobjects/Account`), which the shared
 * link check does not read as links (`minLinks: 0`); soql.test.ts follows every one of them instead.
 */
conformance("sf", {
  minLinks: 0,
  pagination: {
    next: (_h, body) => (body as { nextRecordsUrl?: string }).nextRecordsUrl,
    items: (body) => (body as { records?: unknown[] }).records,
    identity: (item) => String((item as { Id: string }).Id),
    pageSizeParam: "batchSize",
  },
  minimums: { walkedLists: 0, multiPageLists: 0, validatedFamilies: 5, ignoredParamRoutes: 7 },
  validate: (_pin, path, body) => validateSf(path, body),
});
