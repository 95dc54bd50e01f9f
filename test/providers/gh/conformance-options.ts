import type { ConformanceOptions } from "../../conformance/suite.js";
import { FILE_LINKS } from "../../../generator/providers/gh/index.js";
import { GitHubOpenApi } from "./openapi.js";

const openapi = new GitHubOpenApi();

/** GitHub's conformance options, shared by the files that check its pins (one pin each, under the per-file budget). */
export const options: ConformanceOptions = {
  fileLinks: FILE_LINKS,
  pagination: {
    next: (headers) => /<([^>]+)>;\s*rel="next"/.exec(headers.link ?? "")?.[1],
    // Lists are arrays, or {total_count, <items>} envelopes (check runs, workflow runs, jobs, workflows).
    items: (body) => {
      if (Array.isArray(body)) return body;
      if (body && typeof body === "object" && "total_count" in body) return Object.values(body).find(Array.isArray);
      return undefined;
    },
    identity: (item) => {
      const o = item as Record<string, unknown>;
      return String(o.id ?? o.sha ?? o.name ?? o.ref ?? JSON.stringify(item));
    },
    pageSizeParam: "per_page",
  },
  // Legacy forms GitHub still answers are missing from the description: `downloads` (every repository's
  // `downloads_url`; the Downloads API left the description but answers `[]`), and team URLs as
  // /organizations/{id}/team/{id}, GET /git/refs[/{ref}] and /statuses/{sha}; they are checked as their modern twins.
  validate: (_pin, path, body) => {
    if (/^repos\/[^/]+\/[^/]+\/downloads$/.test(path)) return Array.isArray(body) && body.length === 0 ? undefined : "downloads is not []";
    // `git/refs[/prefix]` lists every matching ref as `git/matching-refs/{prefix}` does, a full ref name one
    // ref as `git/ref/{ref}`; `statuses/{sha}` is `commits/{sha}/statuses`.
    const modern = path
      .replace(/^organizations\/(\d+)\/team\/(\d+)/, "orgs/$1/teams/$2")
      .replace(/\/git\/refs$/, "/git/matching-refs/heads")
      .replace(/\/git\/refs\//, Array.isArray(body) ? "/git/matching-refs/" : "/git/ref/")
      .replace(/\/statuses\/([0-9a-f]{40})$/, "/commits/$1/statuses");
    const problem = openapi.validate(`/${modern}`, body);
    return problem && `[${problem.template}] ${problem.errors.slice(0, 300)}`;
  },
  repositories: {
    list: /^orgs\/[^/]+\/repos$/,
    cloneUrl: (r) => r.clone_url,
    commits: (r) => `${r.url}/commits`,
    sha: (c) => c.sha,
  },
};
