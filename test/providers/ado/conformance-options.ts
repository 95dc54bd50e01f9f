import type { ConformanceOptions } from "../../conformance/suite.js";
import { BUILDS_TOP, DEFAULT_TOP } from "../../../generator/providers/ado/lists.js";
import { FILE_LINKS } from "../../../generator/providers/ado/index.js";
import { AdoSwagger } from "./swagger.js";

const swagger = new AdoSwagger();

/**
 * Azure DevOps pages carry no links: a client asks for the next `$skip` while pages come back full, or
 * sends back `x-ms-continuationtoken` as `continuationToken`, both from the URL of the page just read.
 */
function next(headers: Record<string, string>, body: unknown, pageUrl: string): string | undefined {
  const url = new URL(pageUrl);
  const token = headers["x-ms-continuationtoken"];
  if (token) {
    url.searchParams.delete("$skip");
    url.searchParams.set("continuationToken", token);
    return url.href;
  }
  // Work item comments carry their token in the body, beside `nextPage`.
  const inBody = (body as { continuationToken?: string }).continuationToken;
  if (typeof inBody === "string") {
    url.searchParams.set("continuationToken", inBody);
    return url.href;
  }
  if (url.searchParams.has("continuationToken")) return undefined;
  const count = (body as { count: number }).count;
  const [top, skip] = url.searchParams.has("searchCriteria.$top") ? ["searchCriteria.$top", "searchCriteria.$skip"] : ["$top", "$skip"];
  const size = Number(url.searchParams.get(top) ?? (url.pathname.endsWith("/_apis/build/builds") ? BUILDS_TOP : DEFAULT_TOP));
  if (count === 0 || count !== size) return undefined;
  url.searchParams.set(skip, String(Number(url.searchParams.get(skip) ?? "0") + count));
  return url.href;
}

/** The ado conformance options, shared by the per-pin files (conformance.test.ts, conformance-g1.test.ts). */
export const options: ConformanceOptions = {
  fileLinks: FILE_LINKS,
  pagination: {
    next,
    items: (body) => {
      const page = body as { count?: unknown; value?: unknown; comments?: unknown } | null;
      if (!page || typeof page !== "object" || typeof page.count !== "number") return undefined;
      return Array.isArray(page.value) ? page.value : Array.isArray(page.comments) ? page.comments : undefined;
    },
    identity: (item) => {
      const o = item as Record<string, unknown>;
      // A work item's revisions share its id: each is the id at a revision.
      if (typeof o.rev === "number" && o.workItemId === undefined && o.fields !== undefined) return `${String(o.id)}@${o.rev}`;
      return String(o.id ?? o.commitId ?? o.descriptor ?? o.name ?? o.objectId ?? JSON.stringify(item));
    },
    pageSizeParam: "$top",
    pageParam: "$skip",
  },
  validate: (_pin, path, body) => swagger.validate(path, body),
  repositories: {
    list: /^[^/]+\/_apis\/git\/repositories$/,
    cloneUrl: (r) => r.remoteUrl,
    commits: (r) => `${r.url}/commits`,
    sha: (c) => c.commitId,
  },
};
