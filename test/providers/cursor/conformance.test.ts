import { conformance } from "../../conformance/suite.js";
import { validateCursor } from "./schema.js";

type Page = { items?: unknown; teamMembers?: unknown; page?: unknown; pageSize?: unknown; totalCount?: unknown } | null;

/**
 * Cursor's GET lists: `/teams/members` (one unpaged body) and the AI code tracking lists
 * `/analytics/ai-code/commits` and `/changes`, which the query engine pages by `page` and `pageSize` and
 * report the page in the body (`{items, totalCount, page, pageSize}`, no links): a client asks for
 * page + 1 while `page * pageSize < totalCount`. Its POST reports and the CSV downloads are computed
 * answers, checked over HTTP in the workflow, query and coherence tests. Bodies carry no URLs
 * (`minLinks: 0`). Cursor publishes no OpenAPI description: the validators are zod schemas written from
 * its documentation (schema.ts).
 */
conformance("cursor", {
  minLinks: 0,
  // Cursor's Admin API has three GET lists (members, AI commits, AI changes), each pre-rendered whole
  // within the default 7-day window, which fits one page; its reports are POST reads. The query engine's
  // property test walks the two paged lists over many pages at small sizes.
  minimums: { walkedLists: 5, multiPageLists: 0, validatedFamilies: 8 },
  pagination: {
    next: (_headers, body, url) => {
      const b = body as Page;
      if (!b || typeof b.page !== "number" || typeof b.pageSize !== "number" || typeof b.totalCount !== "number") return undefined;
      if (b.page * b.pageSize >= b.totalCount) return undefined;
      const u = new URL(url);
      u.searchParams.set("page", String(b.page + 1));
      return u.href;
    },
    items: (body) => {
      const b = body as Page;
      const list = b?.items ?? b?.teamMembers;
      return Array.isArray(list) ? list : undefined;
    },
    identity: (item) => {
      const i = item as { commitHash?: string; changeId?: string; id?: string };
      return String(i.commitHash ?? i.changeId ?? i.id);
    },
    pageSizeParam: "pageSize",
    pageParam: "page",
  },
  validate: (_pin, path, body) => validateCursor(path, body),
});
