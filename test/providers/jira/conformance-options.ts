import type { ConformanceOptions } from "../../conformance/suite.js";
import { FILE_LINKS } from "../../../generator/providers/jira/index.js";
import { DEFAULT_SIZE } from "../../../generator/providers/jira/lists.js";
import { validateJira } from "./schema.js";

type Page = Record<string, unknown>;

/**
 * The items of a page in any of Jira's envelopes: PageBean and Agile `values`, `issues`, `comments`, `worklogs`,
 * `dashboards`, or a plain array.
 */
function items(body: unknown): unknown[] | undefined {
  if (Array.isArray(body)) return body;
  const page = body as Page | null;
  if (!page || typeof page !== "object" || typeof page.startAt !== "number") return undefined;
  for (const key of ["values", "issues", "comments", "worklogs", "dashboards"]) if (Array.isArray(page[key])) return page[key] as unknown[];
  return undefined;
}

/**
 * What a Jira client does for the next page: follow a PageBean's `nextPage`; otherwise ask for `startAt`
 * plus the items just read, until `isLast`, `total` or a short page says there is no more.
 */
function next(_headers: Record<string, string>, body: unknown, pageUrl: string): string | undefined {
  const url = new URL(pageUrl);
  const got = items(body) ?? [];
  const start = Number(url.searchParams.get("startAt") ?? "0");
  if (Array.isArray(body)) {
    const size = Number(url.searchParams.get("maxResults") ?? DEFAULT_SIZE);
    if (got.length < size) return undefined;
  } else {
    const page = body as Page;
    if (typeof page.nextPage === "string") return page.nextPage;
    if (typeof page.self === "string" || page.isLast === true || got.length === 0) return undefined;
    if (typeof page.total === "number" && Number(page.startAt) + got.length >= page.total) return undefined;
  }
  url.searchParams.set("startAt", String(start + got.length));
  return url.href;
}

/** Jira's conformance options, shared by the files that check its pins (one pin each, under the per-file budget). */
export const options: ConformanceOptions = {
  fileLinks: FILE_LINKS,
  pagination: {
    next,
    items,
    identity: (item) => {
      const o = item as Record<string, unknown>;
      const id = o.id ?? o.accountId ?? o.key ?? JSON.stringify(item);
      // A workflow's id is an object (`{name, entityId}`).
      return typeof id === "object" ? JSON.stringify(id) : String(id);
    },
    pageSizeParam: "maxResults",
    pageParam: "startAt",
  },
  // Atlassian publishes its OpenAPI descriptions only on developer.atlassian.com (not available offline
  // here, and not shipped by jira.js): these are zod validators written from those descriptions, for
  // every entity the pins serve (see schema.ts and the provider README).
  validate: (_pin, path, body) => validateJira(path, body),
};
