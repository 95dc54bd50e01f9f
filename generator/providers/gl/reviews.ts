import { createHash } from "node:crypto";
import type { JsonObject } from "../../core/provider.js";
import type { PullRequest, Repo } from "../../world/types.js";
import { commitDiff } from "./commits.js";
import { type GlContext, ts } from "./context.js";
import { mrCommits, mrFull, mrNotes, note, type NoteRef } from "./merge-requests.js";

/**
 * A merge request's diff versions (`MergeRequestDiff`). The world keeps a branch's final diff against its
 * base, not each push, so every merge request has one version: the branch as it stands, collected when its
 * last commit arrived. Its head is the merge request's last commit and its base the merge base, as in
 * `diff_refs`.
 */
export function mrVersion(gl: GlContext, repo: Repo, pr: PullRequest): JsonObject {
  const head = pr.commits.at(-1);
  const headSha = head?.sha ?? pr.baseSha;
  return {
    id: versionId(gl, repo, pr),
    head_commit_sha: headSha,
    base_commit_sha: pr.baseSha,
    start_commit_sha: pr.baseSha,
    created_at: ts(Math.max(pr.createdAt, head?.committedAt ?? pr.createdAt)),
    merge_request_id: pr.id,
    state: "collected",
    real_size: String(pr.files.length),
    // GitLab's patch id is `git patch-id` over the diff: a stable digest of the same changes stands in.
    patch_id_sha: createHash("sha1").update(`${repo.name}/${pr.number}/${pr.baseSha}..${headSha}`).digest("hex"),
  };
}

export function versionId(gl: GlContext, repo: Repo, pr: PullRequest): number {
  return gl.ids.id(`gl/${repo.name}/mr/${pr.number}/version`);
}

/** `GET …/versions/:version_id` (`MergeRequestDiffFull`): the version with its commits (newest first) and diffs. */
export function mrVersionFull(gl: GlContext, repo: Repo, pr: PullRequest): JsonObject {
  return {
    ...mrVersion(gl, repo, pr),
    commits: mrCommits(gl, repo, pr),
    diffs: pr.files.map(commitDiff),
  };
}

/**
 * `GET …/merge_requests/:iid/changes` (deprecated in GitLab 15.7 for `/diffs`, still served):
 * `MergeRequestChanges`, the merge request with its diffs as `changes`; none overflows the diff limits.
 */
export function mrChanges(gl: GlContext, repo: Repo, pr: PullRequest): JsonObject {
  return { ...mrFull(gl, repo, pr), changes: pr.files.map(commitDiff), overflow: false };
}

/**
 * `GET …/merge_requests/:iid/discussions`: every note in a thread, threads ordered by their first note.
 * A note on the merge request (a comment, a review summary, a system note) is a thread of its own
 * (`individual_note: true`); a line comment starts a resolvable diff thread. Notes inside a thread run
 * oldest first, as GitLab lists them.
 */
export function mrDiscussions(gl: GlContext, repo: Repo, pr: PullRequest): JsonObject[] {
  const notes = [...mrNotes(gl, repo, pr)].sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
  const noteable = { id: pr.id, iid: pr.number, type: "MergeRequest" as const };
  return notes.map((n: NoteRef) => ({
    id: discussionId(repo, pr, n),
    individual_note: n.diff === undefined,
    notes: [note(gl, repo, n, noteable)],
  }));
}

/** A discussion id is 40 hex digits in GitLab; a digest of the thread's first note. */
function discussionId(repo: Repo, pr: PullRequest, first: NoteRef): string {
  return createHash("sha1").update(`gl/${repo.name}/mr/${pr.number}/discussion/${first.id}`).digest("hex");
}
