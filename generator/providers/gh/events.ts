import type { JsonObject } from "../../core/provider.js";
import { isoSeconds } from "../../world/clock.js";
import type { Commit, Person, PullRequest, Repo } from "../../world/types.js";
import type { GhContext } from "./context.js";
import { release } from "./delivery.js";
import { viewer } from "./discovery.js";
import { issueComment, issueObject, review, reviewComment } from "./threads.js";

/**
 * The activity feed (`GET /repos/{o}/{r}/events`), derived from the world's timeline: pushes, branches
 * and tags created and deleted, pull requests opened and closed, reviews and review comments, issues
 * opened and closed, comments, releases. GitHub keeps a timeline of at most 300 events and only those
 * of the past 90 days, newest first; payloads have the shapes of the 2025 events API (a push names its
 * ref, head and before, not its commits; pull requests are minimal).
 */
export const EVENT_WINDOW_DAYS = 90;
export const EVENT_LIMIT = 300;
const DAY = 86_400_000;

interface Raw {
  at: number;
  /** Orders events of the same second: the order GitHub records them in. */
  rank: number;
  actorId: number;
  type: string;
  payload: () => JsonObject;
}

/** An event's `actor`: GitHub's short account form (no `type`, a `display_login`). */
export function eventActor(gh: GhContext, login: string, id: number): JsonObject {
  return {
    id,
    login,
    display_login: login,
    gravatar_id: "",
    url: `${gh.api}/users/${login}`,
    avatar_url: `https://avatars.${gh.pin.catalog.serviceDomain}/u/${id}?`,
  };
}

function orgActor(gh: GhContext): JsonObject {
  return {
    id: gh.orgId(),
    login: gh.org,
    gravatar_id: "",
    url: `${gh.api}/orgs/${gh.org}`,
    avatar_url: `https://avatars.${gh.pin.catalog.serviceDomain}/u/${gh.orgId()}?`,
  };
}

/** `pull-request-minimal`, as event payloads carry a pull request. */
function pullMinimal(gh: GhContext, repo: Repo, pr: PullRequest): JsonObject {
  const r = { id: gh.repoId(repo), url: gh.repoUrl(repo), name: repo.name };
  return {
    url: `${gh.repoUrl(repo)}/pulls/${pr.number}`,
    id: pr.id,
    number: pr.number,
    head: { ref: pr.headBranch, sha: pr.commits.at(-1)?.sha ?? pr.baseSha, repo: r },
    base: { ref: repo.defaultBranch, sha: pr.baseSha, repo: r },
  };
}

/** Every event of a repository, oldest first, before the window is applied. */
function repoActivity(gh: GhContext, repo: Repo): Raw[] {
  const out: Raw[] = [];
  const push = (c: Commit, ref: string, actorId: number) =>
    out.push({
      at: c.committedAt,
      rank: 1,
      actorId,
      type: "PushEvent",
      payload: () => ({
        repository_id: gh.repoId(repo),
        push_id: gh.pushId(repo, ref, c.sha),
        ref: `refs/heads/${ref}`,
        head: c.sha,
        before: c.parents[0] ?? "0000000000000000000000000000000000000000",
      }),
    });
  const create = (at: number, actorId: number, ref: string, refType: "branch" | "tag") =>
    out.push({
      at,
      rank: 0,
      actorId,
      type: "CreateEvent",
      payload: () => ({
        ref,
        ref_type: refType,
        full_ref: `refs/${refType === "tag" ? "tags" : "heads"}/${ref}`,
        master_branch: repo.defaultBranch,
        description: repo.description,
        pusher_type: "user",
      }),
    });
  const mergedBy = new Map(repo.pulls.filter((p) => p.mergeCommitSha).map((p) => [p.mergeCommitSha!, p.mergedById!]));
  for (const c of repo.mainCommits) push(c, repo.defaultBranch, mergedBy.get(c.sha) ?? c.authorId);
  for (const pr of repo.pulls) {
    const minimal = () => pullMinimal(gh, repo, pr);
    const first = pr.commits[0];
    create(Math.min(pr.createdAt, first?.committedAt ?? pr.createdAt), pr.authorId, pr.headBranch, "branch");
    for (const c of pr.commits) push(c, pr.headBranch, pr.authorId);
    out.push({
      at: pr.createdAt,
      rank: 2,
      actorId: pr.authorId,
      type: "PullRequestEvent",
      payload: () => ({ action: "opened", number: pr.number, pull_request: minimal() }),
    });
    for (const r of pr.reviews) {
      out.push({
        at: r.submittedAt,
        rank: 3,
        actorId: r.reviewerId,
        type: "PullRequestReviewEvent",
        payload: () => {
          const { author_association: _a, ...body } = review(gh, repo, pr, r);
          // Event payloads spell a review's state in lower case, as webhooks do.
          return {
            action: "created",
            review: { ...body, state: r.state.toLowerCase(), updated_at: isoSeconds(r.submittedAt) },
            pull_request: minimal(),
          };
        },
      });
      for (const c of r.comments) {
        out.push({
          at: c.createdAt,
          rank: 4,
          actorId: c.authorId,
          type: "PullRequestReviewCommentEvent",
          payload: () => ({ action: "created", pull_request: minimal(), comment: reviewComment(gh, repo, pr, r, c) }),
        });
      }
    }
    for (const c of pr.comments) {
      out.push({
        at: c.createdAt,
        rank: 5,
        actorId: c.authorId,
        type: "IssueCommentEvent",
        payload: () => ({ action: "created", issue: issueObject(gh, repo, pr), comment: issueComment(gh, repo, pr.number, true, c) }),
      });
    }
    const closedAt = pr.mergedAt ?? pr.closedAt;
    if (closedAt !== undefined) {
      out.push({
        at: closedAt,
        rank: 6,
        actorId: pr.mergedById ?? pr.authorId,
        type: "PullRequestEvent",
        payload: () => ({ action: "closed", number: pr.number, pull_request: minimal() }),
      });
    }
    const deleted = pr.events.find((e) => e.event === "head_ref_deleted");
    if (deleted) {
      out.push({
        at: deleted.createdAt,
        rank: 7,
        actorId: deleted.actorId,
        type: "DeleteEvent",
        payload: () => ({ ref: pr.headBranch, ref_type: "branch", full_ref: `refs/heads/${pr.headBranch}`, pusher_type: "user" }),
      });
    }
  }
  for (const issue of repo.issues) {
    // The issue as it read when it was opened: open, no comments yet.
    const opened = (): JsonObject => ({
      ...issueObject(gh, repo, issue),
      state: "open",
      state_reason: null,
      comments: 0,
      closed_at: null,
      closed_by: null,
      updated_at: isoSeconds(issue.createdAt),
    });
    out.push({
      at: issue.createdAt,
      rank: 2,
      actorId: issue.authorId,
      type: "IssuesEvent",
      payload: () => ({ action: "opened", issue: opened() }),
    });
    for (const c of issue.comments) {
      out.push({
        at: c.createdAt,
        rank: 5,
        actorId: c.authorId,
        type: "IssueCommentEvent",
        payload: () => ({
          action: "created",
          issue: issueObject(gh, repo, issue),
          comment: issueComment(gh, repo, issue.number, false, c),
        }),
      });
    }
    if (issue.closedAt !== undefined) {
      out.push({
        at: issue.closedAt,
        rank: 6,
        actorId: issue.closedById ?? issue.authorId,
        type: "IssuesEvent",
        payload: () => ({ action: "closed", issue: issueObject(gh, repo, issue) }),
      });
    }
  }
  for (const r of repo.releases) {
    create(r.publishedAt, r.authorId, r.tag, "tag");
    out.push({
      at: r.publishedAt,
      rank: 8,
      actorId: r.authorId,
      type: "ReleaseEvent",
      payload: () => ({ action: "published", release: release(gh, repo, r) }),
    });
  }
  return out.filter((e) => e.at <= gh.world.asOf).sort((a, b) => a.at - b.at || a.rank - b.rank);
}

/**
 * A repository's events, newest first, within GitHub's window (the 300 newest of the past 90 days).
 * Ids are strings that grow with time, as GitHub's do: the second since the world began, the
 * repository, and the event's place within that second.
 */
export function repoEvents(gh: GhContext, repo: Repo): JsonObject[] {
  return recentEvents(gh, repo).slice(0, EVENT_LIMIT);
}

/** Every event of the past 90 days, newest first. */
function recentEvents(gh: GhContext, repo: Repo): JsonObject[] {
  return gh.once(`events/${repo.id}`, () => {
    const all = repoActivity(gh, repo);
    const seq = new Map<number, number>();
    const from = gh.world.asOf - EVENT_WINDOW_DAYS * DAY;
    const out: Array<{ at: number; event: JsonObject }> = [];
    for (const e of all) {
      const second = Math.floor((e.at - gh.world.start) / 1000);
      const n = seq.get(second) ?? 0;
      seq.set(second, n + 1);
      if (e.at < from) continue;
      const id = 50_000_000_000 + (second * 64 + repo.id) * 64 + Math.min(n, 63);
      const p = gh.person(e.actorId);
      out.push({
        at: e.at,
        event: {
          id: String(id),
          type: e.type,
          actor: eventActor(gh, p.handles.github, gh.userId(p)),
          repo: { id: gh.repoId(repo), name: `${gh.org}/${repo.name}`, url: gh.repoUrl(repo) },
          payload: e.payload(),
          public: false,
          created_at: isoSeconds(e.at),
          org: orgActor(gh),
        },
      });
    }
    return out.reverse().map((e) => e.event);
  });
}

/**
 * `GET /users/{login}/events`: only the token holder sees events of private repositories, so the
 * viewer's own events (every repository, newest first, GitHub's window) and an empty list for anyone
 * else, as GitHub answers for accounts whose activity is all private.
 */
export function userEvents(gh: GhContext, who: Person): JsonObject[] {
  if (who.id !== viewer(gh).id) return [];
  const login = who.handles.github;
  const mine = gh.world.repos.flatMap((r) => recentEvents(gh, r)).filter((e) => (e.actor as JsonObject).login === login);
  return mine
    .sort((a, b) =>
      String(b.created_at) < String(a.created_at) ? -1 : String(b.created_at) > String(a.created_at) ? 1 : Number(b.id) - Number(a.id),
    )
    .slice(0, EVENT_LIMIT);
}
