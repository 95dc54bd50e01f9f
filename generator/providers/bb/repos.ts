import type { Branch, Release, Repo } from "../../world/types.js";
import type { JsonObject } from "../../core/provider.js";
import { projectRef, user, workspaceOwner, workspaceRef } from "./accounts.js";
import { commitObject } from "./commits.js";
import { type BbContext, bbTime, commitTime, encPath, href } from "./context.js";

/** A repository as commits, pull requests and pipelines embed it. */
export function repoRef(bb: BbContext, repo: Repo): JsonObject {
  return bb.once(`repo-ref/${repo.name}`, () => ({
    type: "repository",
    full_name: `${bb.ws}/${repo.name}`,
    links: {
      self: href(bb.repoUrl(repo)),
      html: href(bb.repoHtml(repo)),
      avatar: href(repoAvatar(bb, repo)),
    },
    name: repo.name,
    uuid: bb.repoUuid(repo),
  }));
}

function repoAvatar(bb: BbContext, repo: Repo): string {
  return (
    `https://bytebucket.${bb.pin.catalog.serviceDomain}/` +
    `ravatar/${encodeURIComponent(bb.repoUuid(repo))}?ts=${repo.language.toLowerCase()}`
  );
}

/** The last time anything happened in the repository: its newest commit or pull request update. */
export function repoUpdatedAt(repo: Repo): number {
  return Math.max(repo.createdAt, repo.mainCommits.at(-1)?.committedAt ?? 0, ...repo.pulls.map((p) => p.updatedAt));
}

/** `GET /2.0/repositories/{workspace}[/{repo_slug}]`: the full repository. */
export function repository(bb: BbContext, repo: Repo): JsonObject {
  return bb.once(`repo/${repo.name}`, () => {
    const u = bb.repoUrl(repo);
    const size = [...repo.objects.blobs.keys()].reduce((n, sha) => n + repo.objects.blobs.byteLength(sha)!, 0);
    return {
      type: "repository",
      full_name: `${bb.ws}/${repo.name}`,
      links: {
        self: href(u),
        html: href(bb.repoHtml(repo)),
        avatar: href(repoAvatar(bb, repo)),
        pullrequests: href(`${u}/pullrequests`),
        commits: href(`${u}/commits`),
        forks: href(`${u}/forks`),
        watchers: href(`${u}/watchers`),
        branches: href(`${u}/refs/branches`),
        tags: href(`${u}/refs/tags`),
        downloads: href(`${u}/downloads`),
        source: href(`${u}/src`),
        clone: [
          { name: "https", href: bb.cloneUrl(repo) },
          { name: "ssh", href: `git@bitbucket.${bb.pin.catalog.serviceDomain}:${bb.ws}/${repo.name}.git` },
        ],
        hooks: href(`${u}/hooks`),
      },
      name: repo.name,
      slug: repo.name,
      description: repo.description,
      scm: "git",
      website: null,
      owner: workspaceOwner(bb),
      workspace: workspaceRef(bb),
      is_private: true,
      project: projectRef(bb, bb.team(repo.teamId)),
      fork_policy: "no_public_forks",
      created_on: bbTime(repo.createdAt),
      updated_on: bbTime(repoUpdatedAt(repo)),
      size,
      language: repo.language.toLowerCase(),
      uuid: bb.repoUuid(repo),
      mainbranch: { name: repo.defaultBranch, type: "branch" },
      override_settings: { default_merge_strategy: true, branching_model: true },
      parent: null,
      enforced_signed_commits: null,
      has_issues: false,
      has_wiki: false,
    };
  });
}

/** `GET …/refs/branches[/{name}]`. */
export function branch(bb: BbContext, repo: Repo, b: Branch): JsonObject {
  const u = bb.repoUrl(repo);
  const head = bb.commitsOf(repo).get(b.headSha)!;
  return {
    name: b.name,
    target: commitObject(bb, repo, head),
    links: {
      self: href(`${u}/refs/branches/${encPath(b.name)}`),
      commits: href(`${u}/commits/${encPath(b.name)}`),
      html: href(`${bb.repoHtml(repo)}/branch/${encPath(b.name)}`),
    },
    type: "branch",
    merge_strategies: ["merge_commit", "squash", "fast_forward", "squash_fast_forward", "rebase_fast_forward", "rebase_merge"],
    default_merge_strategy: "squash",
  };
}

/** `GET …/refs/tags[/{name}]`: each release's annotated tag. */
export function tag(bb: BbContext, repo: Repo, r: Release): JsonObject {
  const u = bb.repoUrl(repo);
  const target = bb.commitsOf(repo).get(r.targetSha)!;
  const tagger = bb.person(r.authorId);
  return {
    name: r.tag,
    target: commitObject(bb, repo, target),
    links: {
      self: href(`${u}/refs/tags/${encodeURIComponent(r.tag)}`),
      commits: href(`${u}/commits/${encodeURIComponent(r.tag)}`),
      html: href(`${bb.repoHtml(repo)}/commits/tag/${encodeURIComponent(r.tag)}`),
    },
    type: "tag",
    message: `${r.name}\n`,
    date: commitTime(r.createdAt),
    tagger: { type: "author", raw: `${tagger.name} <${tagger.email}>`, user: user(bb, tagger) },
  };
}
