import type { CiRun, PullRequest, Repo } from "../../world/types.js";
import type { JsonObject } from "../../core/provider.js";
import { commit } from "./commits.js";
import { type GlContext, ts } from "./context.js";
import { pipeline, pipelineBasic, pipelineStatus } from "./pipelines.js";
import { milestone, pullMilestone } from "./planning.js";
import { userBasic } from "./users.js";

/** GitLab's states: a pull request merged is `merged`, closed without merging `closed`, open `opened`. */
export function mrState(pr: PullRequest): "opened" | "closed" | "merged" {
  return pr.mergedAt !== undefined ? "merged" : pr.state === "open" ? "opened" : "closed";
}

/** The merge request's pipelines, newest first. */
export function mrPipelines(gl: GlContext, repo: Repo, pr: PullRequest): CiRun[] {
  return gl.pipelines(repo).filter((r) => r.pullNumber === pr.number);
}

function headPipeline(gl: GlContext, repo: Repo, pr: PullRequest): CiRun | undefined {
  const head = pr.commits.at(-1)?.sha;
  return mrPipelines(gl, repo, pr).find((r) => r.headSha === head);
}

function approval(pr: PullRequest) {
  return pr.reviews.find((r) => r.state === "APPROVED");
}

function detailedMergeStatus(gl: GlContext, repo: Repo, pr: PullRequest): string {
  if (pr.state !== "open") return "not_open";
  const run = headPipeline(gl, repo, pr);
  if (run && pipelineStatus(run) === "failed") return "ci_must_pass";
  if (run && pipelineStatus(run) !== "success") return "ci_still_running";
  return approval(pr) ? "mergeable" : "not_approved";
}

function references(gl: GlContext, repo: Repo, sigil: string, iid: number): JsonObject {
  return { short: `${sigil}${iid}`, relative: `${sigil}${iid}`, full: `${gl.fullPath(repo)}${sigil}${iid}` };
}

export const TIME_STATS = { time_estimate: 0, total_time_spent: 0, human_time_estimate: null, human_total_time_spent: null };

/** Notes people wrote (GitLab's `user_notes_count` leaves out system notes). */
function userNotes(pr: PullRequest): number {
  return pr.comments.length + pr.reviews.filter((r) => r.body !== "").length + pr.reviews.reduce((n, r) => n + r.comments.length, 0);
}

/**
 * `MergeRequestBasic` (with the EE `approvals_before_merge`), as lists return it. The project merges by
 * fast-forward with squashing, so a merged request has no merge commit: its squashed commit on the
 * default branch is `squash_commit_sha`, the same SHA other providers call the merge commit.
 */
export function mrBasic(gl: GlContext, repo: Repo, pr: PullRequest): JsonObject {
  return gl.once(`mr/${repo.id}/${pr.number}`, () => {
    const author = userBasic(gl, gl.person(pr.authorId));
    const merger = pr.mergedById === undefined ? null : userBasic(gl, gl.person(pr.mergedById));
    const closed = pr.state === "closed" && pr.mergedAt === undefined;
    const m = pullMilestone(gl, repo, pr);
    return {
      id: pr.id,
      iid: pr.number,
      project_id: gl.projectId(repo),
      title: pr.title,
      description: pr.body,
      state: mrState(pr),
      created_at: ts(pr.createdAt),
      updated_at: ts(pr.updatedAt),
      merged_by: merger,
      merge_user: merger,
      merged_at: ts(pr.mergedAt),
      closed_by: closed ? author : null,
      closed_at: closed ? ts(pr.closedAt) : null,
      target_branch: repo.defaultBranch,
      source_branch: pr.headBranch,
      user_notes_count: userNotes(pr),
      upvotes: 0,
      downvotes: 0,
      author,
      assignees: [author],
      assignee: author,
      reviewers: pr.reviewerIds.map((id) => userBasic(gl, gl.person(id))),
      source_project_id: gl.projectId(repo),
      target_project_id: gl.projectId(repo),
      labels: [...pr.labels].sort(),
      draft: false,
      imported: false,
      imported_from: "none",
      work_in_progress: false,
      milestone: m ? milestone(gl, repo, m) : null,
      merge_when_pipeline_succeeds: false,
      merge_status: "can_be_merged",
      detailed_merge_status: detailedMergeStatus(gl, repo, pr),
      merge_after: null,
      sha: pr.commits.at(-1)?.sha ?? pr.baseSha,
      merge_commit_sha: null,
      squash_commit_sha: pr.mergeCommitSha ?? null,
      discussion_locked: null,
      should_remove_source_branch: null,
      force_remove_source_branch: true,
      prepared_at: ts(pr.createdAt),
      reference: `!${pr.number}`,
      references: references(gl, repo, "!", pr.number),
      web_url: `${gl.projectWeb(repo)}/-/merge_requests/${pr.number}`,
      time_stats: TIME_STATS,
      squash: true,
      squash_on_merge: true,
      task_completion_status: { count: 0, completed_count: 0 },
      has_conflicts: false,
      blocking_discussions_resolved: true,
      approvals_before_merge: null,
    };
  });
}

/** `MergeRequest`: `GET /projects/:id/merge_requests/:iid`, with its pipeline, diff refs and the viewer's rights. */
export function mrFull(gl: GlContext, repo: Repo, pr: PullRequest): JsonObject {
  const run = headPipeline(gl, repo, pr);
  const started = run?.jobs.length ? Math.min(...run.jobs.map((j) => j.startedAt)) : undefined;
  const finished = run?.status === "completed" ? Math.max(...run.jobs.map((j) => j.completedAt ?? j.startedAt)) : undefined;
  const m = pullMilestone(gl, repo, pr);
  const release = pr.mergedAt !== undefined && m?.state === "closed" ? repo.releases.find((r) => r.tag === m.title) : undefined;
  const production = release && repo.deployments.find((d) => d.environment === "production" && d.ref === release.tag);
  const head = pr.commits.at(-1)?.sha ?? pr.baseSha;
  return {
    ...mrBasic(gl, repo, pr),
    subscribed: false,
    changes_count: String(pr.files.length),
    latest_build_started_at: ts(started),
    latest_build_finished_at: ts(finished),
    first_deployed_to_production_at: ts(production?.statuses.find((s) => s.state === "success")?.createdAt),
    pipeline: run ? pipelineBasic(gl, repo, run) : null,
    head_pipeline: run ? pipeline(gl, repo, run) : null,
    diff_refs: { base_sha: pr.baseSha, head_sha: head, start_sha: pr.baseSha },
    merge_error: null,
    first_contribution: false,
    user: { can_merge: true },
  };
}

/** `GET /projects/:id/merge_requests/:iid/approvals` (GitLab EE's approval state: one approval required). */
export function approvals(gl: GlContext, repo: Repo, pr: PullRequest): JsonObject {
  const approved = approval(pr);
  const basic = mrBasic(gl, repo, pr);
  const viewer = gl.viewer.id;
  return {
    id: basic.id!,
    iid: basic.iid!,
    project_id: basic.project_id!,
    title: basic.title!,
    description: basic.description!,
    state: basic.state!,
    created_at: basic.created_at!,
    updated_at: basic.updated_at!,
    merge_status: "can_be_merged",
    approved: approved !== undefined,
    approvals_required: 1,
    approvals_left: approved ? 0 : 1,
    require_password_to_approve: false,
    approved_by: approved ? [{ user: userBasic(gl, gl.person(approved.reviewerId)) }] : [],
    suggested_approvers: pr.reviewerIds.filter((id) => id !== approved?.reviewerId).map((id) => userBasic(gl, gl.person(id))),
    approvers: [],
    approver_groups: [],
    user_has_approved: approved?.reviewerId === viewer,
    user_can_approve: pr.state === "open" && pr.authorId !== viewer && approved?.reviewerId !== viewer,
    approval_rules_left: [],
    has_approval_rules: false,
    merge_request_approvers_available: true,
    multiple_approval_rules_available: true,
    invalid_approvers_rules: [],
  };
}

/** A note on a merge request or an issue: people's comments, and GitLab's system notes. */
export interface NoteRef {
  id: number;
  authorId: number;
  body: string;
  createdAt: number;
  system: boolean;
  diff?: { path: string; line: number; headSha: string; baseSha: string; resolvedById?: number; resolvedAt?: number };
}

export function note(
  gl: GlContext,
  repo: Repo,
  n: NoteRef,
  noteable: { id: number; iid: number; type: "MergeRequest" | "Issue" },
): JsonObject {
  const out: JsonObject = {
    id: n.id,
    type: n.diff ? "DiffNote" : null,
    body: n.body,
    attachment: null,
    author: userBasic(gl, gl.person(n.authorId)),
    created_at: ts(n.createdAt),
    updated_at: ts(n.createdAt),
    system: n.system,
    noteable_id: noteable.id,
    noteable_type: noteable.type,
    project_id: gl.projectId(repo),
  };
  if (n.diff) {
    out.commit_id = null;
    out.position = {
      base_sha: n.diff.baseSha,
      start_sha: n.diff.baseSha,
      head_sha: n.diff.headSha,
      old_path: n.diff.path,
      new_path: n.diff.path,
      position_type: "text",
      old_line: null,
      new_line: n.diff.line,
      line_range: null,
    };
    out.resolvable = true;
    out.resolved = n.diff.resolvedById !== undefined;
    out.resolved_by = n.diff.resolvedById === undefined ? null : userBasic(gl, gl.person(n.diff.resolvedById));
    out.resolved_at = ts(n.diff.resolvedAt);
  } else {
    out.resolvable = false;
  }
  Object.assign(out, {
    confidential: false,
    internal: false,
    imported: false,
    imported_from: "none",
    noteable_iid: noteable.iid,
    commands_changes: {},
  });
  return out;
}

/** Newest first, as GitLab lists notes by default (`order_by=created_at&sort=desc`). */
export function newestFirst(notes: NoteRef[]): NoteRef[] {
  return [...notes].sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
}

/**
 * A merge request's notes: comments, review summaries, line comments (diff notes, resolved when it
 * merged), and the system notes GitLab writes for review requests, approvals, requested changes and
 * closing.
 */
export function mrNotes(gl: GlContext, repo: Repo, pr: PullRequest): NoteRef[] {
  const sys = (what: string) => gl.ids.id(`gl/${repo.name}/mr/${pr.number}/note/${what}`);
  const notes: NoteRef[] = pr.comments.map((c) => ({
    id: c.id,
    authorId: c.authorId,
    body: c.body,
    createdAt: c.createdAt,
    system: false,
  }));
  for (const r of pr.reviews) {
    if (r.body !== "") notes.push({ id: r.id, authorId: r.reviewerId, body: r.body, createdAt: r.submittedAt, system: false });
    if (r.state === "APPROVED")
      notes.push({
        id: sys(`approved/${r.id}`),
        authorId: r.reviewerId,
        body: "approved this merge request",
        createdAt: r.submittedAt,
        system: true,
      });
    if (r.state === "CHANGES_REQUESTED")
      notes.push({ id: sys(`changes/${r.id}`), authorId: r.reviewerId, body: "requested changes", createdAt: r.submittedAt, system: true });
    for (const c of r.comments) {
      const resolved = pr.mergedAt !== undefined ? { resolvedById: pr.authorId, resolvedAt: pr.mergedAt } : {};
      notes.push({
        id: c.id,
        authorId: c.authorId,
        body: c.body,
        createdAt: c.createdAt,
        system: false,
        diff: { path: c.path, line: c.line, headSha: c.commitSha, baseSha: pr.baseSha, ...resolved },
      });
    }
  }
  for (const e of pr.events) {
    if (e.event === "review_requested" && e.reviewerId !== undefined) {
      notes.push({
        id: sys(`review/${e.id}`),
        authorId: e.actorId,
        body: `requested review from @${gl.person(e.reviewerId).handles.gitlab}`,
        createdAt: e.createdAt,
        system: true,
      });
    }
    if (e.event === "closed" && pr.mergedAt === undefined)
      notes.push({ id: sys(`closed/${e.id}`), authorId: e.actorId, body: "closed", createdAt: e.createdAt, system: true });
  }
  return newestFirst(notes);
}

/** A merge request's commits, newest first. */
export function mrCommits(gl: GlContext, repo: Repo, pr: PullRequest): JsonObject[] {
  return [...pr.commits].reverse().map((c) => commit(gl, repo, c.sha));
}
