import { afterIdPagination, conformance } from "../../conformance/suite.js";
import { validateCompliance } from "./schema.js";

/**
 * The Compliance API's bodies carry no URLs (no message here has files, so no download links): the
 * link check has nothing to check, `minLinks: 0`. Every path shares the prefix
 * `v1/compliance/workspaces/{workspace_id}/`, so route families are named by five segments
 * (`familyDepth: 5`). Bodies are validated with zod validators written from OpenAI's published OpenAPI
 * description of the Compliance API ("Enterprise Compliance API" 1.1.5; see schema.ts and the provider
 * README).
 */
conformance("chatgpt", {
  minLinks: 0,
  familyDepth: 5,
  pagination: afterIdPagination({ pageParam: "after", isPage: (b) => b.object === "list" }),
  // `_snapverse/chatgpt/logs-index` is the frozen input of the computed log list (never served).
  validate: (_pin, path, body) => (path.startsWith("_snapverse/") ? undefined : validateCompliance(path, body)),
});
