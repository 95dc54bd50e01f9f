import type { Branch, FileChange, Repo } from "../../world/types.js";
import type { JsonObject } from "../../core/provider.js";
import { type GlContext, gitDate } from "./context.js";
import { pipelineBasic, pipelineStatus } from "./pipelines.js";

/**
 * `Commit`: every field from the git object itself (the same SHA, author, committer and dates as every
 * other provider), dates in the committer's own offset and the message as git stores it, with its final
 * newline. Squash merges keep the committer the world gave them.
 */
export function commit(gl: GlContext, repo: Repo, sha: string): JsonObject {
  return gl.once(`commit/${repo.id}/${sha}`, () => {
    const c = gl.gitCommit(repo, sha);
    const message = `${c.message}\n`;
    return {
      id: sha,
      short_id: sha.slice(0, 8),
      created_at: gitDate(c.committer.at, c.committer.offsetMinutes),
      parent_ids: c.parents,
      title: c.message.split("\n")[0]!,
      message,
      author_name: c.author.name,
      author_email: c.author.email,
      authored_date: gitDate(c.author.at, c.author.offsetMinutes),
      committer_name: c.committer.name,
      committer_email: c.committer.email,
      committed_date: gitDate(c.committer.at, c.committer.offsetMinutes),
      trailers: {},
      extended_trailers: {},
      web_url: `${gl.projectWeb(repo)}/-/commit/${sha}`,
    };
  });
}

export function commitStats(files: FileChange[]): JsonObject {
  const additions = files.reduce((n, f) => n + f.additions, 0);
  const deletions = files.reduce((n, f) => n + f.deletions, 0);
  return { additions, deletions, total: additions + deletions };
}

/** A commit as the list shows it with `with_stats=true`. */
export function commitWithStats(gl: GlContext, repo: Repo, sha: string): JsonObject {
  return { ...commit(gl, repo, sha), stats: commitStats(gl.commits(repo).get(sha)!.files) };
}

/** `CommitDetail`: `GET /projects/:id/repository/commits/:sha`, with stats and the commit's last pipeline. */
export function commitDetail(gl: GlContext, repo: Repo, sha: string): JsonObject {
  const run = gl.lastPipeline(repo, sha);
  return {
    ...commitWithStats(gl, repo, sha),
    status: run ? pipelineStatus(run) : null,
    project_id: gl.projectId(repo),
    last_pipeline: run ? pipelineBasic(gl, repo, run) : null,
  };
}

/** GitLab's diff body: the hunks of a unified diff, without the `diff --git` and `---`/`+++` headers. */
export function diffText(f: FileChange): string {
  return f.patch.endsWith("\n") ? f.patch : `${f.patch}\n`;
}

function modes(f: FileChange): { a: string; b: string } {
  return { a: f.status === "added" ? "0" : "100644", b: f.status === "removed" ? "0" : "100644" };
}

/** An entry of `GET /projects/:id/repository/commits/:sha/diff`. */
export function commitDiff(f: FileChange): JsonObject {
  const m = modes(f);
  return {
    diff: diffText(f),
    new_path: f.path,
    old_path: f.path,
    a_mode: m.a,
    b_mode: m.b,
    new_file: f.status === "added",
    renamed_file: false,
    deleted_file: f.status === "removed",
    generated_file: false,
  };
}

/** An entry of `GET /projects/:id/merge_requests/:iid/diffs`. */
export function mergeRequestDiff(f: FileChange): JsonObject {
  const m = modes(f);
  return {
    old_path: f.path,
    new_path: f.path,
    a_mode: m.a,
    b_mode: m.b,
    diff: diffText(f),
    collapsed: false,
    too_large: false,
    new_file: f.status === "added",
    renamed_file: false,
    deleted_file: f.status === "removed",
    generated_file: false,
  };
}

/** `Branch`. */
export function branch(gl: GlContext, repo: Repo, b: Branch): JsonObject {
  return {
    name: b.name,
    commit: commit(gl, repo, b.headSha),
    merged: false,
    protected: b.protected,
    developers_can_push: false,
    developers_can_merge: false,
    can_push: true,
    default: b.name === repo.defaultBranch,
    web_url: `${gl.projectWeb(repo)}/-/tree/${b.name}`,
  };
}
