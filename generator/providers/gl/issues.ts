import type { Issue, Repo } from "../../world/types.js";
import type { JsonObject } from "../../core/provider.js";
import { type GlContext, ts } from "./context.js";
import { type NoteRef, TIME_STATS, newestFirst } from "./merge-requests.js";
import { fixingPull, issueMilestone, iteration, milestone } from "./planning.js";
import { userBasic } from "./users.js";

/**
 * Issues are the world's bug reports, one project's each, with the iid their thread number has everywhere.
 * The work items they are tracked in (PAY-5123) live in the tracker; an issue shows its work item's
 * sprint as its iteration and the fixing merge request's release as its milestone.
 */
export function issue(gl: GlContext, repo: Repo, i: Issue, single = false): JsonObject {
  const base = gl.once(`issue/${repo.id}/${i.number}`, () => buildIssue(gl, repo, i));
  return single ? insertAfter(base, "references", { subscribed: false }) : base;
}

function insertAfter(obj: JsonObject, key: string, extra: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(obj)) {
    out[k] = v!;
    if (k === key) Object.assign(out, extra);
  }
  return out;
}

function buildIssue(gl: GlContext, repo: Repo, i: Issue): JsonObject {
  const u = `${gl.projectUrl(repo)}/issues/${i.number}`;
  const assignee = i.assigneeId === undefined ? null : userBasic(gl, gl.person(i.assigneeId));
  const m = issueMilestone(gl, repo, i);
  const item = i.workItemKey === undefined ? undefined : gl.world.workItems.find((w) => w.key === i.workItemKey);
  const sprint = item?.sprintId === undefined ? undefined : gl.world.sprints.find((s) => s.id === item.sprintId);
  return {
    id: i.id,
    iid: i.number,
    project_id: gl.projectId(repo),
    title: i.title,
    description: i.body,
    state: i.state === "open" ? "opened" : "closed",
    created_at: ts(i.createdAt),
    updated_at: ts(i.updatedAt),
    closed_at: ts(i.closedAt),
    closed_by: i.closedById === undefined ? null : userBasic(gl, gl.person(i.closedById)),
    labels: [...i.labels].sort(),
    milestone: m ? milestone(gl, repo, m) : null,
    assignees: assignee ? [assignee] : [],
    author: userBasic(gl, gl.person(i.authorId)),
    type: "ISSUE",
    assignee,
    user_notes_count: i.comments.length,
    merge_requests_count: fixingPull(repo, i) ? 1 : 0,
    upvotes: 0,
    downvotes: 0,
    due_date: null,
    confidential: false,
    discussion_locked: null,
    issue_type: "issue",
    web_url: `${gl.projectWeb(repo)}/-/issues/${i.number}`,
    time_stats: TIME_STATS,
    task_completion_status: { count: 0, completed_count: 0 },
    weight: null,
    blocking_issues_count: 0,
    has_tasks: false,
    _links: { self: u, notes: `${u}/notes`, award_emoji: `${u}/award_emoji`, project: gl.projectUrl(repo), closed_as_duplicate_of: null },
    references: { short: `#${i.number}`, relative: `#${i.number}`, full: `${gl.fullPath(repo)}#${i.number}` },
    severity: "UNKNOWN",
    moved_to_id: null,
    imported: false,
    imported_from: "none",
    service_desk_reply_to: null,
    epic_iid: null,
    epic: null,
    iteration: sprint ? iteration(gl, sprint) : null,
    health_status: null,
  };
}

/** An issue's notes: comments, and the system notes for its label, assignment, mentions and closing. */
export function issueNotes(gl: GlContext, repo: Repo, i: Issue): NoteRef[] {
  const sys = (what: string) => gl.ids.id(`gl/${repo.name}/issue/${i.number}/note/${what}`);
  const notes: NoteRef[] = i.comments.map((c) => ({ id: c.id, authorId: c.authorId, body: c.body, createdAt: c.createdAt, system: false }));
  const pr = fixingPull(repo, i);
  for (const e of i.events) {
    if (e.event === "labeled" && e.label) {
      const index = gl.world.labels.findIndex((l) => l.name === e.label);
      notes.push({
        id: sys(`label/${e.id}`),
        authorId: e.actorId,
        body: `added ~${gl.labelId(index)} label`,
        createdAt: e.createdAt,
        system: true,
      });
    }
    if (e.event === "assigned" && e.assigneeId !== undefined) {
      notes.push({
        id: sys(`assign/${e.id}`),
        authorId: e.actorId,
        body: `assigned to @${gl.person(e.assigneeId).handles.gitlab}`,
        createdAt: e.createdAt,
        system: true,
      });
    }
    if (e.event === "closed") {
      const body = pr?.mergedAt !== undefined && i.stateReason === "completed" ? `closed via merge request !${pr.number}` : "closed";
      notes.push({ id: sys(`closed/${e.id}`), authorId: e.actorId, body, createdAt: e.createdAt, system: true });
    }
  }
  if (pr && pr.createdAt <= gl.world.asOf) {
    notes.push({
      id: sys(`mention/${pr.number}`),
      authorId: pr.authorId,
      body: `mentioned in merge request !${pr.number}`,
      createdAt: pr.createdAt,
      system: true,
    });
  }
  return newestFirst(notes);
}
