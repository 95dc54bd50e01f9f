import { conformance } from "../../conformance/suite.js";
import { FILE_LINKS } from "../../../generator/providers/gl/index.js";
import { validateGitLab } from "./schema.js";

conformance("gl", {
  fileLinks: FILE_LINKS,
  pagination: {
    next: (headers) => /<([^>]+)>;\s*rel="next"/.exec(headers.link ?? "")?.[1],
    // GitLab's lists are plain arrays; every other body is one object.
    items: (body) => (Array.isArray(body) ? body : undefined),
    // Tree entries are named by path (two files may share a blob), diffs by path; everything else has an id.
    identity: (item) => {
      const o = item as Record<string, unknown>;
      if (typeof o.mode === "string" && typeof o.path === "string") return o.path;
      return String(o.id ?? o.new_path ?? o.name ?? JSON.stringify(item));
    },
    pageSizeParam: "per_page",
  },
  // GitLab publishes no complete schema of REST v4: these are zod validators written from GitLab's
  // entity definitions and docs (see schema.ts and the provider README).
  validate: (_pin, path, body) => validateGitLab(path, body),
  repositories: {
    list: /^api\/v4\/projects$/,
    cloneUrl: (r) => r.http_url_to_repo,
    commits: (r) => `${r._links.self}/repository/commits`,
    sha: (c) => c.id,
  },
});
