import type { Issue, PullRequest, Repo } from "../../world/types.js";
import type { JsonObject } from "../../core/provider.js";
import { type GhContext, nodeId } from "./context.js";
import { gitCommit } from "./files.js";
import { issueComment, issueEvent, review, reviewComment } from "./threads.js";

/**
 * `GET /repos/{o}/{r}/issues/{n}/timeline`: everything that happened on an issue or pull request, oldest
 * first, each item marked by `event` (the `timeline-issue-events` union of GitHub's OpenAPI).
 *
 * - Issue events keep the shape `issues/{n}/events` lists (without `issue`).
 * - `commented`: the issue comment, with `actor` (its author).
 * - On pull requests, `committed`: the git commit object of each commit on the branch, which has no
 *   `actor`, `id` or `created_at` (its time is the committer date); `reviewed`: the review; and
 *   `line-commented`: one event per review thread, carrying the thread's comments. The world's review
 *   comments start one thread each (none replies to another).
 *
 * Within one second, GitHub's order is commits, events, comments, reviews, then review threads: what the
 * GraphQL `timelineItems` of the same thread answers (graphql/threads.ts).
 */
export function issueTimeline(gh: GhContext, repo: Repo, thread: Issue | PullRequest): JsonObject[] {
  const isPull = "headBranch" in thread;
  const items: Array<{ at: number; rank: number; body: JsonObject }> = [];
  if (isPull)
    for (const c of thread.commits) items.push({ at: c.committedAt, rank: 0, body: { ...gitCommit(gh, repo, c), event: "committed" } });
  for (const e of thread.events) items.push({ at: e.createdAt, rank: 1, body: issueEvent(gh, repo, e) });
  for (const c of thread.comments) {
    const body = issueComment(gh, repo, thread.number, isPull, c);
    items.push({ at: c.createdAt, rank: 2, body: { ...body, event: "commented", actor: body.user! } });
  }
  if (isPull) {
    for (const r of thread.reviews) {
      items.push({ at: r.submittedAt, rank: 3, body: { ...review(gh, repo, thread, r), event: "reviewed" } });
      for (const c of r.comments) {
        items.push({
          at: c.createdAt,
          rank: 4,
          body: { event: "line-commented", node_id: nodeId("PRRT", c.id), comments: [reviewComment(gh, repo, thread, r, c)] },
        });
      }
    }
  }
  // A stable sort keeps the world's order among items of one kind and one second.
  return items.sort((a, b) => Math.floor(a.at / 1000) - Math.floor(b.at / 1000) || a.rank - b.rank).map((x) => x.body);
}
