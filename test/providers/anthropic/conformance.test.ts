import { conformance } from "../../conformance/suite.js";
import { UNSERVED_LINKS } from "../../../generator/providers/anthropic/index.js";
import { validateAnthropic } from "./schema.js";

/** A page of an Anthropic list: `{data, has_more, first_id, last_id}`. */
function page(body: unknown): { data: unknown[]; has_more?: boolean; last_id?: string | null } | undefined {
  const p = body as { data?: unknown; has_more?: unknown } | null;
  return p && typeof p === "object" && Array.isArray(p.data) && typeof p.has_more === "boolean" && "last_id" in p ? (p as { data: unknown[] }) : undefined;
}

/**
 * Anthropic's bodies carry ids, never URLs (no self links, no Link header), so the link check finds
 * nothing to check; `minLinks: 0` says so. Lists page by `after_id=<last_id>` while `has_more` says so,
 * as the SDK's `Page` does. Anthropic's OpenAPI description is not available offline: the validators are
 * zod schemas written from its API reference and the SDK's types (schema.ts, README).
 */
conformance("anthropic", {
  minLinks: 0,
  // Anthropic refuses a request without an API version; the SDK always sends one.
  requestHeaders: { "anthropic-version": "2023-06-01" },
  unservedLinks: UNSERVED_LINKS,
  pagination: {
    next: (_headers, body, url) => {
      const p = page(body);
      if (!p?.has_more || !p.last_id) return undefined;
      const next = new URL(url);
      next.searchParams.set("after_id", p.last_id);
      return next.href;
    },
    items: (body) => page(body)?.data,
    identity: (item) => String((item as { id?: unknown; user_id?: unknown }).id ?? (item as { user_id: unknown }).user_id),
    pageSizeParam: "limit",
    pageParam: "after_id",
  },
  validate: (_pin, path, body) => validateAnthropic(path, body),
});
