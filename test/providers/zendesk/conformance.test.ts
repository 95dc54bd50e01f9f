import { conformance } from "../../conformance/suite.js";
import { validateZendesk } from "./schema.js";

const ENVELOPES = [
  "tickets",
  "comments",
  "users",
  "organizations",
  "groups",
  "ticket_fields",
  "satisfaction_ratings",
  "ticket_metrics",
  "ticket_events",
  "audits",
  "group_memberships",
  "organization_memberships",
  "brands",
  "ticket_forms",
  "tags",
];

type Page = Record<string, unknown> & { meta?: { has_more?: boolean }; links?: { next?: string | null } };

/**
 * Zendesk's lists page by cursor: a client follows `links.next` while `meta.has_more` says so, as
 * node-zendesk and the connectors do; the cursor exports follow `after_url` and the time-based exports
 * `next_page` until `end_of_stream`. Every `url` in a body is a served resource.
 */
conformance("zendesk", {
  pagination: {
    next: (_headers, body) => {
      const b = body as Page;
      if (b.meta) return b.meta.has_more === true && typeof b.links?.next === "string" ? b.links.next : undefined;
      if ("end_of_stream" in b && b.end_of_stream !== true)
        return typeof b.after_url === "string" ? b.after_url : typeof b.next_page === "string" ? b.next_page : undefined;
      return undefined;
    },
    items: (body) => {
      const b = body as Page | null;
      if (!b || typeof b !== "object" || Array.isArray(b) || !("meta" in b || "end_of_stream" in b)) return undefined;
      const key = ENVELOPES.find((k) => Array.isArray(b[k]));
      return key ? (b[key] as unknown[]) : undefined;
    },
    // Tags have no id: a tag is its name.
    identity: (item) => String((item as { id?: unknown; name?: unknown }).id ?? (item as { name: unknown }).name),
    pageSizeParam: "page[size]",
    pageParam: "page[after]",
  },
  validate: (_pin, path, body) => validateZendesk(path, body),
});
