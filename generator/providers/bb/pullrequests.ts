import type { JsonObject, JsonValue } from "../../core/provider.js";
import type { PullRequest, Repo } from "../../world/types.js";
import { user } from "./accounts.js";
import { commitRef } from "./commits.js";
import { type BbContext, bbTime, href, prState, rendered } from "./context.js";
import { repoRef } from "./repos.js";

/** A pull request as comments, activity and pipelines point at one. */
export function pullRef(bb: BbContext, repo: Repo, pr: PullRequest): JsonObject {
  return bb.once(`pull-ref/${repo.name}/${pr.number}`, () => ({
    type: "pullrequest",
    id: pr.number,
    title: pr.title,
    links: { self: href(`${bb.repoUrl(repo)}/pullrequests/${pr.number}`), html: href(pullHtml(bb, repo, pr)) },
  }));
}

function pullHtml(bb: BbContext, repo: Repo, pr: PullRequest): string {
  return `${bb.repoHtml(repo)}/pull-requests/${pr.number}`;
}

function endpoint(bb: BbContext, repo: Repo, branch: string, sha: string): JsonObject {
  return { branch: { name: branch }, commit: commitRef(bb, repo, sha), repository: repoRef(bb, repo) };
}

function headSha(pr: PullRequest): string {
  return pr.commits.at(-1)?.sha ?? pr.baseSha;
}

/** Who closed it: the merger, or for a declined one its author. */
function closedBy(pr: PullRequest): number | undefined {
  if (pr.state === "open") return undefined;
  return pr.mergedById ?? pr.authorId;
}

/** A pull request as `GET …/pullrequests` lists it; `full` adds what only `GET …/pullrequests/{id}` returns. */
export function pullObject(bb: BbContext, repo: Repo, pr: PullRequest, full = false): JsonObject {
  const listed = bb.once(`pull/${repo.name}/${pr.number}`, () => {
    const self = `${bb.repoUrl(repo)}/pullrequests/${pr.number}`;
    const closer = closedBy(pr);
    return {
      comment_count: comments(pr).length,
      task_count: 0,
      type: "pullrequest",
      id: pr.number,
      title: pr.title,
      description: pr.body,
      state: prState(pr),
      draft: false,
      merge_commit: pr.mergeCommitSha ? commitRef(bb, repo, pr.mergeCommitSha) : null,
      close_source_branch: true,
      closed_by: closer === undefined ? null : user(bb, bb.person(closer)),
      author: user(bb, bb.person(pr.authorId)),
      reason: "",
      created_on: bbTime(pr.createdAt),
      updated_on: bbTime(pr.updatedAt),
      destination: endpoint(bb, repo, repo.defaultBranch, pr.baseSha),
      source: endpoint(bb, repo, pr.headBranch, headSha(pr)),
      links: {
        self: href(self),
        html: href(pullHtml(bb, repo, pr)),
        commits: href(`${self}/commits`),
        approve: href(`${self}/approve`),
        "request-changes": href(`${self}/request-changes`),
        diff: href(
          `${bb.repoUrl(repo)}/diff/${bb.ws}/${repo.name}:${headSha(pr).slice(0, 12)}` +
            `%0D${pr.baseSha.slice(0, 12)}?from_pullrequest_id=${pr.number}`,
        ),
        diffstat: href(
          `${bb.repoUrl(repo)}/diffstat/${bb.ws}/${repo.name}:${headSha(pr).slice(0, 12)}` +
            `%0D${pr.baseSha.slice(0, 12)}?from_pullrequest_id=${pr.number}`,
        ),
        comments: href(`${self}/comments`),
        activity: href(`${self}/activity`),
        merge: href(`${self}/merge`),
        decline: href(`${self}/decline`),
        statuses: href(`${self}/statuses`),
      },
      summary: rendered(pr.body),
    } as JsonObject;
  });
  if (!full) return listed;
  return {
    ...listed,
    rendered: { title: rendered(pr.title), description: rendered(pr.body), reason: rendered("") },
    reviewers: pr.reviewerIds.map((id) => user(bb, bb.person(id))),
    participants: participants(bb, pr),
  };
}

/** Reviewers (with their verdict) and everyone else who commented. */
function participants(bb: BbContext, pr: PullRequest): JsonValue[] {
  const out: JsonValue[] = [];
  for (const id of pr.reviewerIds) {
    const mine = pr.reviews.filter((r) => r.reviewerId === id);
    const last = mine.filter((r) => r.state !== "COMMENTED").at(-1);
    const state = last?.state === "APPROVED" ? "approved" : last?.state === "CHANGES_REQUESTED" ? "changes_requested" : null;
    const at = mine.at(-1)?.submittedAt;
    out.push({
      type: "participant",
      user: user(bb, bb.person(id)),
      role: "REVIEWER",
      approved: state === "approved",
      state,
      participated_on: at === undefined ? null : bbTime(at),
    });
  }
  const others = new Map<number, number>();
  for (const c of comments(pr))
    if (!pr.reviewerIds.includes(c.authorId) && c.authorId !== pr.authorId)
      others.set(c.authorId, Math.max(others.get(c.authorId) ?? 0, c.createdAt));
  for (const [id, at] of [...others].sort((a, b) => a[0] - b[0])) {
    out.push({
      type: "participant",
      user: user(bb, bb.person(id)),
      role: "PARTICIPANT",
      approved: false,
      state: null,
      participated_on: bbTime(at),
    });
  }
  return out;
}

/** One comment of a pull request: general ones, review summaries, and inline ones on a file line. */
export interface PullComment {
  id: number;
  authorId: number;
  body: string;
  createdAt: number;
  inline?: { path: string; line: number };
}

/** The world's conversation, review bodies and review comments as Bitbucket comments, oldest first. */
export function comments(pr: PullRequest): PullComment[] {
  const out: PullComment[] = pr.comments.map((c) => ({ id: c.id, authorId: c.authorId, body: c.body, createdAt: c.createdAt }));
  for (const r of pr.reviews) {
    if (r.body.trim() !== "") out.push({ id: r.id, authorId: r.reviewerId, body: r.body, createdAt: r.submittedAt });
    for (const c of r.comments)
      out.push({ id: c.id, authorId: c.authorId, body: c.body, createdAt: c.createdAt, inline: { path: c.path, line: c.line } });
  }
  return out.sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
}

/** `GET …/pullrequests/{id}/comments[/{comment_id}]`. */
export function commentObject(bb: BbContext, repo: Repo, pr: PullRequest, c: PullComment): JsonObject {
  return bb.once(`comment/${repo.name}/${c.id}`, () => ({
    id: c.id,
    created_on: bbTime(c.createdAt),
    updated_on: bbTime(c.createdAt),
    content: rendered(c.body),
    user: user(bb, bb.person(c.authorId)),
    deleted: false,
    ...(c.inline ? { inline: { from: null, to: c.inline.line, path: c.inline.path } } : {}),
    pending: false,
    type: "pullrequest_comment",
    links: {
      self: href(`${bb.repoUrl(repo)}/pullrequests/${pr.number}/comments/${c.id}`),
      html: href(`${pullHtml(bb, repo, pr)}/_/diff#comment-${c.id}`),
    },
    pullrequest: pullRef(bb, repo, pr),
  }));
}

function update(bb: BbContext, repo: Repo, pr: PullRequest, state: string, byId: number, at: number): JsonObject {
  return {
    update: {
      state,
      title: pr.title,
      description: pr.body,
      reason: "",
      author: user(bb, bb.person(byId)),
      date: bbTime(at),
      destination: endpoint(bb, repo, repo.defaultBranch, pr.baseSha),
      source: endpoint(bb, repo, pr.headBranch, headSha(pr)),
    },
    pull_request: pullRef(bb, repo, pr),
  };
}

/**
 * `GET …/pullrequests/{id}/activity`, newest first: the opening update, approvals and change requests,
 * comments, and the merge or decline.
 */
export function activity(bb: BbContext, repo: Repo, pr: PullRequest): JsonValue[] {
  const ref = pullRef(bb, repo, pr);
  const items: Array<{ at: number; order: number; body: JsonObject }> = [
    { at: pr.createdAt, order: 0, body: update(bb, repo, pr, "OPEN", pr.authorId, pr.createdAt) },
  ];
  for (const r of pr.reviews) {
    const who = user(bb, bb.person(r.reviewerId));
    if (r.state === "APPROVED")
      items.push({
        at: r.submittedAt,
        order: 1,
        body: { approval: { date: bbTime(r.submittedAt), pullrequest: ref, user: who }, pull_request: ref },
      });
    if (r.state === "CHANGES_REQUESTED")
      items.push({
        at: r.submittedAt,
        order: 1,
        body: { changes_requested: { date: bbTime(r.submittedAt), pullrequest: ref, user: who }, pull_request: ref },
      });
  }
  for (const c of comments(pr))
    items.push({ at: c.createdAt, order: 2, body: { comment: commentObject(bb, repo, pr, c), pull_request: ref } });
  const state = prState(pr);
  if (state !== "OPEN") {
    const at = pr.mergedAt ?? pr.closedAt ?? pr.updatedAt;
    items.push({ at, order: 3, body: update(bb, repo, pr, state, closedBy(pr)!, at) });
  }
  return items.sort((a, b) => b.at - a.at || b.order - a.order).map((i) => i.body);
}
