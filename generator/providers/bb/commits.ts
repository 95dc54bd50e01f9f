import type { Commit, Repo } from "../../world/types.js";
import type { JsonObject } from "../../core/provider.js";
import { user } from "./accounts.js";
import { type BbContext, commitTime, href, rendered } from "./context.js";
import { repoRef } from "./repos.js";

/** A commit as a pull request, pipeline or file entry points at one: hash and links. */
export function commitRef(bb: BbContext, repo: Repo, sha: string): JsonObject {
  return {
    type: "commit",
    hash: sha,
    links: { self: href(`${bb.repoUrl(repo)}/commit/${sha}`), html: href(`${bb.repoHtml(repo)}/commits/${sha}`) },
  };
}

/** The `author` of a commit: the raw git identity and the Bitbucket account it maps to. */
function author(bb: BbContext, personId: number): JsonObject {
  const p = bb.person(personId);
  return { type: "author", raw: `${p.name} <${p.email}>`, user: user(bb, p) };
}

/**
 * A commit as the commits lists return it; `GET …/commit/{sha}` adds `participants`. SHAs are the world's
 * git object ids, unchanged.
 */
export function commitObject(bb: BbContext, repo: Repo, c: Commit, single = false): JsonObject {
  const listed = bb.once(`commit/${repo.name}/${c.sha}`, () => {
    const u = `${bb.repoUrl(repo)}/commit/${c.sha}`;
    return {
      type: "commit",
      hash: c.sha,
      date: commitTime(c.committedAt),
      author: author(bb, c.authorId),
      message: c.message,
      summary: rendered(c.message),
      links: {
        self: href(u),
        html: href(`${bb.repoHtml(repo)}/commits/${c.sha}`),
        diff: href(`${bb.repoUrl(repo)}/diff/${c.sha}`),
        approve: href(`${u}/approve`),
        comments: href(`${u}/comments`),
        statuses: href(`${u}/statuses`),
        patch: href(`${bb.repoUrl(repo)}/patch/${c.sha}`),
      },
      parents: c.parents.map((sha) => commitRef(bb, repo, sha)),
      repository: repoRef(bb, repo),
      rendered: { message: rendered(c.message) },
    } as JsonObject;
  });
  return single ? { ...listed, participants: [] } : listed;
}
