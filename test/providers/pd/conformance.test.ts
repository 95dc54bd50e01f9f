import { conformance } from "../../conformance/suite.js";
import { PdSpec } from "./openapi.js";

const spec = new PdSpec();

/** The items of a PagerDuty page: the one array beside `limit`, `offset`, `total` and `more`. */
function itemsOf(body: unknown): unknown[] | undefined {
  if (!body || typeof body !== "object" || Array.isArray(body) || !("more" in body) || !("offset" in body)) return undefined;
  return Object.values(body as Record<string, unknown>).find(Array.isArray);
}

/**
 * PagerDuty's classic pagination: a client asks for `offset + limit` while `more` is true, as
 * @pagerduty/pdjs's `next` does. Team members are named by their user. Every body is validated against
 * PagerDuty's published description (openapi.ts), undocumented fields included.
 */
conformance("pd", {
  requestHeaders: { accept: "application/vnd.pagerduty+json;version=2" },
  pagination: {
    next: (_headers, body, url) => {
      const b = body as { more?: unknown; offset?: unknown; limit?: unknown };
      if (!itemsOf(body) || b.more !== true || typeof b.offset !== "number" || typeof b.limit !== "number") return undefined;
      const next = new URL(url);
      next.searchParams.set("limit", String(b.limit));
      next.searchParams.set("offset", String(b.offset + b.limit));
      return next.href;
    },
    items: itemsOf,
    identity: (item) => {
      const i = item as { id?: unknown; user?: { id?: unknown } };
      return String(i.id ?? i.user?.id);
    },
    pageSizeParam: "limit",
    pageParam: "offset",
  },
  validate: (_pin, path, body) => {
    if (path.startsWith("_snapverse/")) return undefined;
    // One priority has no operation in the description (README): its envelope holds a `Priority` as the list does.
    if (/^priorities\/P[A-Z0-9]{6}$/.test(path)) {
      const keys = Object.keys(body as object).join(",");
      return keys === "priority" ? spec.validateSchema("Priority", (body as { priority: unknown }).priority) : `${path}: keys ${keys}`;
    }
    return spec.validate(path, body);
  },
});
