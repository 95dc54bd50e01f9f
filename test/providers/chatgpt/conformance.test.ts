import { conformance } from "../../conformance/suite.js";
import { UNSERVED_LINKS } from "../../../generator/providers/chatgpt/index.js";
import { validateCompliance } from "./schema.js";

/** A Compliance API list: `{object:"list", last_id, has_more, data}`. */
function list(body: unknown): { data: unknown[]; has_more?: boolean; last_id?: string | null } | undefined {
  const page = body as { object?: unknown; data?: unknown } | null;
  return page && typeof page === "object" && page.object === "list" && Array.isArray(page.data) ? (page as { data: unknown[] }) : undefined;
}

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
  unservedLinks: UNSERVED_LINKS,
  pagination: {
    // The next page: the same request with `after` set to the page's `last_id`, while `has_more` says so.
    next: (_headers, body, url) => {
      const page = list(body);
      if (!page?.has_more || !page.last_id) return undefined;
      const next = new URL(url);
      next.searchParams.set("after", page.last_id);
      return next.href;
    },
    items: (body) => list(body)?.data,
    identity: (item) => String((item as { id: unknown }).id),
    pageSizeParam: "limit",
    pageParam: "after",
  },
  // `_snapverse/chatgpt/logs-index` is the frozen input of the computed log list (never served).
  validate: (_pin, path, body) => (path.startsWith("_snapverse/") ? undefined : validateCompliance(path, body)),
});
