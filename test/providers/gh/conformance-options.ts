import type { ConformanceOptions } from "../../conformance/suite.js";
import { FILE_LINKS } from "../../../generator/providers/gh/index.js";
import { GitHubOpenApi } from "./openapi.js";

const openapi = new GitHubOpenApi();

/** GitHub's conformance options, shared by the files that check its pins (one pin each, under the per-file budget). */
export const options: ConformanceOptions = {
  unservedOnPin: (pin) => (pin.endsWith("-g5") ? [] : [FILE_LINKS]),
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
  // Two legacy forms GitHub still answers are missing from the description: team URLs as
  // /organizations/{id}/team/{id}, and GET /git/refs/{ref}; they are checked as their modern twins.
  validate: (_pin, path, body) => {
    const modern = path.replace(/^organizations\/(\d+)\/team\/(\d+)/, "orgs/$1/teams/$2").replace(/\/git\/refs\//, "/git/ref/");
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
