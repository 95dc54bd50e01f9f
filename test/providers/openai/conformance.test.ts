import { conformance } from "../../conformance/suite.js";
import { UNSERVED_LINKS } from "../../../generator/providers/openai/index.js";
import { OpenAiSpec } from "./openapi.js";

const spec = new OpenAiSpec();

/** A cursor list: `{object:"list", data, first_id, last_id, has_more}`; `/v1/models` is a list without paging. */
function list(body: unknown): { data: unknown[]; has_more?: boolean; last_id?: string | null } | undefined {
  const page = body as { object?: unknown; data?: unknown } | null;
  return page && typeof page === "object" && page.object === "list" && Array.isArray(page.data) ? (page as { data: unknown[] }) : undefined;
}

/**
 * OpenAI's bodies and headers carry no URLs at all (no self links, no Link header), so the link check
 * finds nothing to check; `minLinks: 0` says so.
 */
conformance("openai", {
  minLinks: 0,
  unservedLinks: UNSERVED_LINKS,
  pagination: {
    // The next page: the same request with `after` set to the page's last id, while `has_more` says so.
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
  validate: (_pin, path, body) => spec.validate(path, body),
});
