import type { JsonObject } from "../../core/provider.js";
import type { Issue, PullRequest, Repo } from "../../world/types.js";
import { type GlContext, ts } from "./context.js";
import { mrNotes, note, type NoteRef } from "./merge-requests.js";
import { issueNotes } from "./issues.js";
import { userBasic } from "./users.js";

/** What one project event is about: its action, target and author, before the entity is written. */
interface EventRef {
  key: string;
  action: "opened" | "closed" | "accepted" | "commented on";
  at: number;
  authorId: number;
  target: { id: number; iid: number | null; type: "MergeRequest" | "Issue" | "Note" | "DiffNote"; title: string };
  note?: { ref: NoteRef; noteable: { id: number; iid: number; type: "MergeRequest" | "Issue" } };
}

/**
 * `GET /projects/:id/events` (the `Event` entity), newest first: merge requests opened, merged
 * (`accepted`) and closed, issues opened and closed, and the notes people wrote on them (`commented on`,
 * with the note). Pushes are not listed: the world does not record who pushed which commits when, so no
 * `pushed to` event (with its `push_data`) can be told truthfully. GitLab writes no event for a system note.
 */
export function projectEvents(gl: GlContext, repo: Repo): JsonObject[] {
  const refs = [...repo.pulls.flatMap((pr) => pullEvents(gl, repo, pr)), ...repo.issues.flatMap((i) => issueEvents(gl, repo, i))];
  const ids = new Map(refs.map((r) => [r, gl.ids.id(`gl/${repo.name}/event/${r.key}`)]));
  return refs
    .filter((r) => r.at <= gl.world.asOf)
    .sort((a, b) => b.at - a.at || ids.get(b)! - ids.get(a)!)
    .map((r) => event(gl, repo, r, ids.get(r)!));
}

function pullEvents(gl: GlContext, repo: Repo, pr: PullRequest): EventRef[] {
  const target = { id: pr.id, iid: pr.number, type: "MergeRequest" as const, title: pr.title };
  const out: EventRef[] = [{ key: `mr/${pr.number}/opened`, action: "opened", at: pr.createdAt, authorId: pr.authorId, target }];
  if (pr.mergedAt !== undefined)
    out.push({ key: `mr/${pr.number}/merged`, action: "accepted", at: pr.mergedAt, authorId: pr.mergedById ?? pr.authorId, target });
  const closed = pr.mergedAt === undefined ? pr.events.find((e) => e.event === "closed") : undefined;
  if (closed) out.push({ key: `mr/${pr.number}/closed`, action: "closed", at: closed.createdAt, authorId: closed.actorId, target });
  const noteable = { id: pr.id, iid: pr.number, type: "MergeRequest" as const };
  for (const n of mrNotes(gl, repo, pr)) if (!n.system) out.push(commented(`mr/${pr.number}`, n, noteable, pr.title));
  return out;
}

function issueEvents(gl: GlContext, repo: Repo, i: Issue): EventRef[] {
  const target = { id: i.id, iid: i.number, type: "Issue" as const, title: i.title };
  const out: EventRef[] = [{ key: `issue/${i.number}/opened`, action: "opened", at: i.createdAt, authorId: i.authorId, target }];
  const closed = i.events.find((e) => e.event === "closed");
  if (i.state === "closed" && closed)
    out.push({ key: `issue/${i.number}/closed`, action: "closed", at: closed.createdAt, authorId: closed.actorId, target });
  const noteable = { id: i.id, iid: i.number, type: "Issue" as const };
  for (const n of issueNotes(gl, repo, i)) if (!n.system) out.push(commented(`issue/${i.number}`, n, noteable, i.title));
  return out;
}

function commented(prefix: string, n: NoteRef, noteable: NonNullable<EventRef["note"]>["noteable"], title: string): EventRef {
  return {
    key: `${prefix}/note/${n.id}`,
    action: "commented on",
    at: n.createdAt,
    authorId: n.authorId,
    // A note has no iid: GitLab's `target_iid` is null for it.
    target: { id: n.id, iid: null, type: n.diff ? "DiffNote" : "Note", title },
    note: { ref: n, noteable },
  };
}

function event(gl: GlContext, repo: Repo, r: EventRef, id: number): JsonObject {
  const author = userBasic(gl, gl.person(r.authorId));
  return {
    id,
    project_id: gl.projectId(repo),
    action_name: r.action,
    target_id: r.target.id,
    target_iid: r.target.iid,
    target_type: r.target.type,
    author_id: author.id!,
    target_title: r.target.title,
    created_at: ts(r.at),
    ...(r.note ? { note: note(gl, repo, r.note.ref, r.note.noteable) } : {}),
    author,
    imported: false,
    imported_from: "none",
    author_username: author.username!,
  };
}
