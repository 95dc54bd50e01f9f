import { conformance } from "../../conformance/suite.js";
import { validateDevin } from "./schema.js";

conformance("devin", {
  pagination: {
    // Devin's list has no links, total or has_more: a client asks for the next offset until a page is short.
    next: (_headers, body, url) => {
      const page = (body as { sessions?: unknown[] }).sessions ?? [];
      const u = new URL(url);
      const limit = Number(u.searchParams.get("limit") ?? 100);
      if (page.length < limit) return undefined;
      u.searchParams.set("offset", String(Number(u.searchParams.get("offset") ?? 0) + limit));
      return u.href;
    },
    items: (body) => {
      const sessions = (body as { sessions?: unknown }).sessions;
      return Array.isArray(sessions) ? sessions : undefined;
    },
    identity: (item) => String((item as { session_id: string }).session_id),
    pageSizeParam: "limit",
    pageParam: "offset",
  },
  // Devin's v1 OpenAPI file is not available offline: zod validators written from its documentation
  // (see schema.ts and the provider README).
  validate: (_pin, path, body) => validateDevin(path, body),
});
