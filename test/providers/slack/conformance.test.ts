import { conformance } from "../../conformance/suite.js";
import { SlackSpec } from "./schema.js";

/**
 * Slack's bodies name no URL of the Web API itself (permalinks go to the workspace, links to GitHub), so
 * the link check has nothing to check: `minLinks: 0`. Lists page by `cursor=<response_metadata.next_cursor>`
 * until the cursor is empty or absent, as `client.paginate` of @slack/web-api does. Every body is
 * validated against Slack's published description (spec/, read as schema.ts explains).
 */
const spec = new SlackSpec();
type Page = { ok?: unknown; members?: unknown; channels?: unknown; messages?: unknown; response_metadata?: { next_cursor?: unknown } };

conformance("slack", {
  minLinks: 0,
  pagination: {
    next: (_headers, body, url) => {
      const cursor = (body as Page).response_metadata?.next_cursor;
      if (typeof cursor !== "string" || cursor === "") return undefined;
      const next = new URL(url);
      next.searchParams.set("cursor", cursor);
      return next.href;
    },
    items: (body) => {
      const b = body as Page | null;
      if (!b || typeof b !== "object" || Array.isArray(b) || b.ok !== true) return undefined;
      const list = b.members ?? b.channels ?? b.messages;
      return Array.isArray(list) ? list : undefined;
    },
    identity: (item) =>
      typeof item === "string" ? item : String((item as { id?: unknown; ts?: unknown }).id ?? (item as { ts: unknown }).ts),
    pageSizeParam: "limit",
    pageParam: "cursor",
  },
  validate: (_pin, path, body) => spec.validate(path, body),
});
