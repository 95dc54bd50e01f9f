import { conformance } from "../../conformance/suite.js";
import { CircleciSchema } from "./schema.js";

const schema = new CircleciSchema();

/**
 * CircleCI's bodies name no URL of its own API (links go to github.com, app.circleci.com and the
 * artifact host), so the link check finds nothing to check: `minLinks: 0`. Lists page by
 * `page-token=<next_page_token>` until the token is null, as CircleCI's docs and DevLake do. Every body
 * is validated against CircleCI's published v2 description (schema.ts).
 */
conformance("circleci", {
  minLinks: 0,
  requestHeaders: { "circle-token": "snapverse-conformance" },
  pagination: {
    next: (_headers, body, url) => {
      const token = (body as { next_page_token?: unknown } | null)?.next_page_token;
      if (typeof token !== "string" || token === "") return undefined;
      const next = new URL(url);
      next.searchParams.set("page-token", token);
      return next.href;
    },
    items: (body) => {
      const b = body as { items?: unknown; next_page_token?: unknown } | null;
      return b && typeof b === "object" && Array.isArray(b.items) && "next_page_token" in b ? b.items : undefined;
    },
    identity: (item) => {
      const i = item as { id?: unknown; name?: unknown; path?: unknown; classname?: unknown; file?: unknown };
      return String(i.id ?? i.path ?? `${String(i.classname ?? "")}#${String(i.name)}`);
    },
    pageSizeParam: "page-size",
    pageParam: "page-token",
  },
  familyDepth: 6,
  validate: (_pin, path, body) => schema.validate(path, body),
});
