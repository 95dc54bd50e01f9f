import { afterIdPagination, conformance } from "../../conformance/suite.js";
import { validateAnthropic } from "./schema.js";

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
  pagination: afterIdPagination({
    pageParam: "after_id",
    isPage: (b) => typeof b.has_more === "boolean" && "last_id" in b,
    // Workspace members are named by their user.
    identity: (item) => String((item as { id?: unknown; user_id?: unknown }).id ?? (item as { user_id: unknown }).user_id),
  }),
  validate: (_pin, path, body) => validateAnthropic(path, body),
});
