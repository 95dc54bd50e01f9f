import type { JsonObject } from "../../core/provider.js";
import { isoSeconds } from "../../world/clock.js";
import type { Comment, Issue, IssueEvent, PullRequest, Repo, Review, ReviewComment } from "../../world/types.js";
import { type GhContext, nodeId, ts } from "./context.js";
import { minimalRepo } from "./repos.js";
import { milestoneOf } from "./milestones.js";
import { simpleAccount, simpleUser } from "./users.js";

export function labelObject(gh: GhContext, repo: Repo, name: string): JsonObject {
  const label = gh.world.labels.find((l) => l.name === name)!;
  // Unique by construction: repoId % 10^6 differs between repositories (generation × 10^5 + id × 313,
  // below 10^6 for fewer than 320 repositories) and there are fewer than 100 labels.
  const id = 5_000_000_000 + (gh.repoId(repo) % 1_000_000) * 100 + gh.world.labels.indexOf(label);
  return {
    id,
    node_id: nodeId("LA", id),
    url: `${gh.repoUrl(repo)}/labels/${encodeURIComponent(name)}`,
    name,
    color: label.color,
    default: ["bug", "enhancement", "documentation"].includes(name),
    description: label.description,
  };
}

function association(gh: GhContext, personId: number): string {
  return gh.person(personId).admin ? "OWNER" : "MEMBER";
}

export function reactions(url: string): JsonObject {
  return { url: `${url}/reactions`, total_count: 0, "+1": 0, "-1": 0, laugh: 0, hooray: 0, confused: 0, heart: 0, rocket: 0, eyes: 0 };
}

function branchRef(gh: GhContext, repo: Repo, ref: string, sha: string, personLogin: JsonObject): JsonObject {
  return { label: `${gh.org}:${ref}`, ref, sha, user: personLogin, repo: minimalRepo(gh, repo) };
}

/** `pull-request-simple`, as the list endpoint returns it. */
export function pullSimple(gh: GhContext, repo: Repo, pr: PullRequest): JsonObject {
  const u = gh.repoUrl(repo);
  const html = `${gh.repoHtml(repo)}/pull/${pr.number}`;
  const self = `${u}/pulls/${pr.number}`;
  const head = pr.commits.at(-1)?.sha ?? pr.baseSha;
  const owner = simpleUser(gh, gh.person(pr.authorId));
  return {
    url: self,
    id: pr.id,
    node_id: nodeId("PR", pr.id),
    html_url: html,
    diff_url: `${html}.diff`,
    patch_url: `${html}.patch`,
    issue_url: `${u}/issues/${pr.number}`,
    number: pr.number,
    state: pr.state,
    locked: false,
    title: pr.title,
    user: simpleUser(gh, gh.person(pr.authorId)),
    body: pr.body,
    labels: pr.labels.map((l) => labelObject(gh, repo, l)),
    milestone: milestoneOf(gh, repo, pr),
    active_lock_reason: null,
    created_at: isoSeconds(pr.createdAt),
    updated_at: isoSeconds(pr.updatedAt),
    closed_at: ts(pr.closedAt),
    merged_at: ts(pr.mergedAt),
    merge_commit_sha: pr.mergeCommitSha ?? null,
    assignee: simpleUser(gh, gh.person(pr.authorId)),
    assignees: [simpleUser(gh, gh.person(pr.authorId))],
    requested_reviewers:
      pr.state === "open"
        ? pr.reviewerIds.filter((id) => !pr.reviews.some((r) => r.reviewerId === id)).map((id) => simpleUser(gh, gh.person(id)))
        : [],
    requested_teams: [],
    draft: false,
    commits_url: `${self}/commits`,
    review_comments_url: `${self}/comments`,
    review_comment_url: `${u}/pulls/comments{/number}`,
    comments_url: `${u}/issues/${pr.number}/comments`,
    statuses_url: `${u}/statuses/${head}`,
    head: branchRef(gh, repo, pr.headBranch, head, owner),
    base: branchRef(gh, repo, repo.defaultBranch, pr.baseSha, simpleAccount(gh, gh.org, gh.orgId(), "Organization")),
    _links: {
      self: { href: self },
      html: { href: html },
      issue: { href: `${u}/issues/${pr.number}` },
      comments: { href: `${u}/issues/${pr.number}/comments` },
      review_comments: { href: `${self}/comments` },
      review_comment: { href: `${u}/pulls/comments{/number}` },
      commits: { href: `${self}/commits` },
      statuses: { href: `${u}/statuses/${head}` },
    },
    author_association: association(gh, pr.authorId),
    auto_merge: null,
  };
}

/** `GET /repos/{o}/{r}/pulls/{n}` (`pull-request`). */
export function pullFull(gh: GhContext, repo: Repo, pr: PullRequest): JsonObject {
  const additions = pr.files.reduce((n, f) => n + f.additions, 0);
  const deletions = pr.files.reduce((n, f) => n + f.deletions, 0);
  const merged = pr.mergedAt !== undefined;
  return {
    ...pullSimple(gh, repo, pr),
    merged,
    mergeable: pr.state === "open" ? true : null,
    rebaseable: pr.state === "open" ? true : null,
    mergeable_state: pr.state === "open" ? (pr.reviews.some((r) => r.state === "APPROVED") ? "clean" : "blocked") : "unknown",
    merged_by: merged ? simpleUser(gh, gh.person(pr.mergedById!)) : null,
    comments: pr.comments.length,
    review_comments: pr.reviews.reduce((n, r) => n + r.comments.length, 0),
    maintainer_can_modify: false,
    commits: pr.commits.length,
    additions,
    deletions,
    changed_files: pr.files.length,
  };
}

export function review(gh: GhContext, repo: Repo, pr: PullRequest, r: Review): JsonObject {
  const html = `${gh.repoHtml(repo)}/pull/${pr.number}#pullrequestreview-${r.id}`;
  return {
    id: r.id,
    node_id: nodeId("PRR", r.id),
    user: simpleUser(gh, gh.person(r.reviewerId)),
    body: r.body,
    state: r.state,
    html_url: html,
    pull_request_url: `${gh.repoUrl(repo)}/pulls/${pr.number}`,
    author_association: association(gh, r.reviewerId),
    _links: { html: { href: html }, pull_request: { href: `${gh.repoUrl(repo)}/pulls/${pr.number}` } },
    submitted_at: isoSeconds(r.submittedAt),
    commit_id: r.commitSha,
  };
}

export function reviewComment(gh: GhContext, repo: Repo, pr: PullRequest, r: Review, c: ReviewComment): JsonObject {
  const u = `${gh.repoUrl(repo)}/pulls/comments/${c.id}`;
  const html = `${gh.repoHtml(repo)}/pull/${pr.number}#discussion_r${c.id}`;
  const prUrl = `${gh.repoUrl(repo)}/pulls/${pr.number}`;
  return {
    url: u,
    pull_request_review_id: r.id,
    id: c.id,
    node_id: nodeId("PRRC", c.id),
    diff_hunk: c.diffHunk,
    path: c.path,
    position: c.line,
    original_position: c.line,
    commit_id: c.commitSha,
    original_commit_id: c.commitSha,
    user: simpleUser(gh, gh.person(c.authorId)),
    body: c.body,
    created_at: isoSeconds(c.createdAt),
    updated_at: isoSeconds(c.createdAt),
    html_url: html,
    pull_request_url: prUrl,
    author_association: association(gh, c.authorId),
    _links: { self: { href: u }, html: { href: html }, pull_request: { href: prUrl } },
    start_line: null,
    original_start_line: null,
    start_side: null,
    line: c.line,
    original_line: c.line,
    side: "RIGHT",
    subject_type: "line",
    reactions: reactions(u),
  };
}

/** An issue as `/issues` lists it; pull requests appear too, marked by `pull_request`. */
export function issueObject(gh: GhContext, repo: Repo, thread: Issue | PullRequest): JsonObject {
  const u = gh.repoUrl(repo);
  const self = `${u}/issues/${thread.number}`;
  const isPull = "headBranch" in thread;
  const html = `${gh.repoHtml(repo)}/${isPull ? "pull" : "issues"}/${thread.number}`;
  const assigneeId = isPull ? thread.authorId : thread.assigneeId;
  const out: JsonObject = {
    id: thread.id,
    node_id: nodeId(isPull ? "PR" : "I", thread.id),
    url: self,
    repository_url: u,
    labels_url: `${self}/labels{/name}`,
    comments_url: `${self}/comments`,
    events_url: `${self}/events`,
    html_url: html,
    number: thread.number,
    state: thread.state,
    state_reason: isPull ? null : (thread.stateReason ?? null),
    title: thread.title,
    body: thread.body,
    user: simpleUser(gh, gh.person(thread.authorId)),
    labels: thread.labels.map((l) => labelObject(gh, repo, l)),
    assignee: assigneeId === undefined ? null : simpleUser(gh, gh.person(assigneeId)),
    assignees: assigneeId === undefined ? [] : [simpleUser(gh, gh.person(assigneeId))],
    milestone: milestoneOf(gh, repo, thread),
    locked: false,
    active_lock_reason: null,
    comments: thread.comments.length,
    closed_at: ts(thread.closedAt),
    created_at: isoSeconds(thread.createdAt),
    updated_at: isoSeconds(thread.updatedAt),
    closed_by: null,
    author_association: association(gh, thread.authorId),
    reactions: reactions(self),
    timeline_url: `${self}/timeline`,
    performed_via_github_app: null,
  };
  if (isPull) {
    delete out.closed_by;
    out.draft = false;
    out.pull_request = {
      url: `${u}/pulls/${thread.number}`,
      html_url: html,
      diff_url: `${html}.diff`,
      patch_url: `${html}.patch`,
      merged_at: ts(thread.mergedAt),
    };
  } else {
    out.closed_by = thread.closedById === undefined ? null : simpleUser(gh, gh.person(thread.closedById));
  }
  return out;
}

export function issueComment(gh: GhContext, repo: Repo, number: number, isPull: boolean, c: Comment): JsonObject {
  const u = `${gh.repoUrl(repo)}/issues/comments/${c.id}`;
  return {
    id: c.id,
    node_id: nodeId("IC", c.id),
    url: u,
    html_url: `${gh.repoHtml(repo)}/${isPull ? "pull" : "issues"}/${number}#issuecomment-${c.id}`,
    body: c.body,
    user: simpleUser(gh, gh.person(c.authorId)),
    created_at: isoSeconds(c.createdAt),
    updated_at: isoSeconds(c.createdAt),
    issue_url: `${gh.repoUrl(repo)}/issues/${number}`,
    author_association: association(gh, c.authorId),
    performed_via_github_app: null,
    reactions: reactions(u),
  };
}

export function issueEvent(gh: GhContext, repo: Repo, e: IssueEvent): JsonObject {
  const out: JsonObject = {
    id: e.id,
    node_id: nodeId("E", e.id),
    url: `${gh.repoUrl(repo)}/issues/events/${e.id}`,
    actor: simpleUser(gh, gh.person(e.actorId)),
    event: e.event,
    commit_id: e.commitSha ?? null,
    commit_url: e.commitSha ? `${gh.repoUrl(repo)}/commits/${e.commitSha}` : null,
    created_at: isoSeconds(e.createdAt),
    performed_via_github_app: null,
  };
  if (e.label) out.label = { name: e.label, color: gh.world.labels.find((l) => l.name === e.label)!.color };
  if (e.assigneeId !== undefined) {
    out.assignee = simpleUser(gh, gh.person(e.assigneeId));
    out.assigner = simpleUser(gh, gh.person(e.actorId));
  }
  if (e.reviewerId !== undefined) {
    out.review_requester = simpleUser(gh, gh.person(e.actorId));
    out.requested_reviewer = simpleUser(gh, gh.person(e.reviewerId));
  }
  return out;
}
