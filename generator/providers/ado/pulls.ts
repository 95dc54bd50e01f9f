import type { JsonValue, Pagination, Resource } from "../../core/provider.js";
import type { PullRequest, Repo, Review } from "../../world/types.js";
import { isoFull, type AdoContext } from "./context.js";
import { commitRef } from "./git.js";
import { valueList } from "./lists.js";

/**
 * Pull requests: per repository and per project, filtered by `searchCriteria.status` (active by default,
 * completed, abandoned, all; the names and the SDK's numeric enum values), each pull request by
 * repository and by id, its reviewers (and each reviewer), threads and comments (and each comment),
 * labels (and each label), statuses (none is posted), commits, iterations and work item refs.
 */
export const STATUSES: Array<[name: string, code: string, keep: (s: string) => boolean]> = [
  ["active", "1", (s) => s === "active"],
  ["abandoned", "2", (s) => s === "abandoned"],
  ["completed", "3", (s) => s === "completed"],
  ["all", "4", () => true],
];

export function pullStatus(pr: PullRequest): "active" | "completed" | "abandoned" {
  return pr.state === "open" ? "active" : pr.mergedAt !== undefined ? "completed" : "abandoned";
}

/** Azure DevOps votes: 10 approved, -5 waiting for the author, 0 no vote. */
function vote(review: Review | undefined): number {
  return review?.state === "APPROVED" ? 10 : review?.state === "CHANGES_REQUESTED" ? -5 : 0;
}

function reviewers(ado: AdoContext, repo: Repo, pr: PullRequest): JsonValue[] {
  const ids = [...new Set([...pr.reviewerIds, ...pr.reviews.map((r) => r.reviewerId)])];
  return ids.map((id) => {
    const p = ado.person(id);
    const last =
      [...pr.reviews].reverse().find((r) => r.reviewerId === id && r.state !== "COMMENTED") ?? pr.reviews.find((r) => r.reviewerId === id);
    return {
      reviewerUrl: `${ado.pullUrl(repo, pr)}/reviewers/${ado.personId(p)}`,
      vote: vote(last),
      hasDeclined: false,
      isFlagged: false,
      ...ado.identity(p),
    };
  });
}

function repoRef(ado: AdoContext, repo: Repo): JsonValue {
  const pr = ado.projectRef() as Record<string, JsonValue>;
  return {
    id: ado.repoId(repo),
    name: repo.name,
    url: ado.repoUrl(repo),
    project: { id: pr.id!, name: pr.name!, state: pr.state!, visibility: pr.visibility!, lastUpdateTime: pr.lastUpdateTime! },
  };
}

export function pullRequest(ado: AdoContext, repo: Repo, pr: PullRequest, full: boolean): JsonValue {
  const id = ado.pullId(repo, pr);
  const status = pullStatus(pr);
  const url = ado.pullUrl(repo, pr);
  const repoUrl = ado.repoUrl(repo);
  const head = pr.commits.at(-1)!.sha;
  const closedBy = status === "completed" ? (pr.mergedById ?? pr.authorId) : pr.authorId;
  const labels = labelsOf(ado, repo, pr);
  return {
    repository: repoRef(ado, repo),
    pullRequestId: id,
    codeReviewId: id,
    status,
    createdBy: ado.identity(ado.person(pr.authorId)),
    creationDate: isoFull(pr.createdAt),
    ...(pr.closedAt !== undefined ? { closedDate: isoFull(pr.closedAt) } : {}),
    title: pr.title,
    description: pr.body,
    sourceRefName: `refs/heads/${pr.headBranch}`,
    targetRefName: `refs/heads/${repo.defaultBranch}`,
    mergeStatus: status === "abandoned" ? "notSet" : "succeeded",
    isDraft: false,
    mergeId: ado.guid(`pull/${repo.name}/${pr.number}/merge`),
    lastMergeSourceCommit: { commitId: head, url: `${repoUrl}/commits/${head}` },
    lastMergeTargetCommit: { commitId: pr.baseSha, url: `${repoUrl}/commits/${pr.baseSha}` },
    ...(pr.mergeCommitSha ? { lastMergeCommit: { commitId: pr.mergeCommitSha, url: `${repoUrl}/commits/${pr.mergeCommitSha}` } } : {}),
    reviewers: reviewers(ado, repo, pr),
    ...(labels.length ? { labels } : {}),
    url,
    supportsIterations: true,
    ...(full
      ? {
          _links: {
            self: { href: url },
            repository: { href: repoUrl },
            workItems: { href: `${url}/workitems` },
            sourceBranch: { href: `${repoUrl}/refs/heads/${pr.headBranch}` },
            targetBranch: { href: `${repoUrl}/refs/heads/${repo.defaultBranch}` },
            statuses: { href: `${url}/statuses` },
            sourceCommit: { href: `${repoUrl}/commits/${head}` },
            targetCommit: { href: `${repoUrl}/commits/${pr.baseSha}` },
            createdBy: { href: ado.identity(ado.person(pr.authorId)).url as string },
            iterations: { href: `${url}/iterations` },
          },
          ...(status !== "active" ? { closedBy: ado.identity(ado.person(closedBy)) } : {}),
          ...(status === "completed"
            ? {
                completionOptions: {
                  mergeCommitMessage: `Merged PR ${id}: ${pr.title}`,
                  deleteSourceBranch: true,
                  mergeStrategy: "squash",
                  transitionWorkItems: true,
                },
              }
            : {}),
          artifactId: `vstfs:///Git/PullRequestId/${ado.projectId}%2f${ado.repoId(repo)}%2f${id}`,
        }
      : {}),
  };
}

/** WebApiTagDefinition: the world's labels, as the pull request and its `labels` list carry them. */
function labelsOf(ado: AdoContext, repo: Repo, pr: PullRequest): JsonValue[] {
  return pr.labels.map((name) => ({
    id: ado.guid(`label/${name}`),
    name,
    active: true,
    url: `${ado.pullUrl(repo, pr)}/labels/${ado.guid(`label/${name}`)}`,
  }));
}

interface ThreadSpec {
  at: number;
  authorId: number;
  content: string;
  system?: { type: string; properties: Record<string, string> };
  context?: { path: string; line: number };
  status?: string;
}

/** The conversation as Azure DevOps threads: votes and status changes as system threads, comments as text threads. */
function threadSpecs(ado: AdoContext, pr: PullRequest): ThreadSpec[] {
  const specs: ThreadSpec[] = [];
  const status = pullStatus(pr);
  const textStatus = status === "active" ? "active" : status === "completed" ? "fixed" : "closed";
  for (const r of pr.reviews) {
    const p = ado.person(r.reviewerId);
    const v = vote(r);
    if (r.state !== "COMMENTED") {
      specs.push({
        at: r.submittedAt,
        authorId: r.reviewerId,
        content: `${p.name} voted ${v}`,
        system: { type: "VoteUpdate", properties: { CodeReviewVoteResult: String(v), CodeReviewVotedByIdentity: "1" } },
      });
    }
    if (r.body) specs.push({ at: r.submittedAt, authorId: r.reviewerId, content: r.body, status: textStatus });
    for (const c of r.comments)
      specs.push({ at: c.createdAt, authorId: c.authorId, content: c.body, context: { path: c.path, line: c.line }, status: textStatus });
  }
  for (const c of pr.comments) specs.push({ at: c.createdAt, authorId: c.authorId, content: c.body, status: textStatus });
  if (status !== "active" && pr.closedAt !== undefined) {
    const by = status === "completed" ? (pr.mergedById ?? pr.authorId) : pr.authorId;
    const word = status === "completed" ? "Completed" : "Abandoned";
    specs.push({
      at: pr.closedAt,
      authorId: by,
      content: `${ado.person(by).name} updated the pull request status to ${word}`,
      system: { type: "StatusUpdate", properties: { CodeReviewStatus: word, CodeReviewStatusUpdatedByIdentity: "1" } },
    });
  }
  return specs
    .map((s, i) => [s, i] as const)
    .sort(([a, i], [b, j]) => a.at - b.at || i - j)
    .map(([s]) => s);
}

function threads(ado: AdoContext, repo: Repo, pr: PullRequest): Array<{ thread: JsonValue; comment: JsonValue }> {
  const url = ado.pullUrl(repo, pr);
  const repoUrl = ado.repoUrl(repo);
  const iterations = pr.commits.length;
  return threadSpecs(ado, pr).map((s, i) => {
    const tid = i + 1;
    const author = ado.identity(ado.person(s.authorId));
    const at = isoFull(s.at);
    const comment = {
      id: 1,
      parentCommentId: 0,
      author,
      content: s.content,
      publishedDate: at,
      lastUpdatedDate: at,
      lastContentUpdatedDate: at,
      commentType: s.system ? "system" : "text",
      usersLiked: [],
      _links: {
        self: { href: `${url}/threads/${tid}/comments/1` },
        repository: { href: repoUrl },
        threads: { href: `${url}/threads/${tid}` },
        pullRequests: { href: url },
      },
    };
    const properties: Record<string, JsonValue> = {};
    if (s.system) {
      properties.CodeReviewThreadType = { $type: "System.String", $value: s.system.type };
      for (const [k, v] of Object.entries(s.system.properties)) properties[k] = { $type: "System.String", $value: v };
    }
    const thread = {
      ...(s.context
        ? {
            pullRequestThreadContext: {
              iterationContext: { firstComparingIteration: 1, secondComparingIteration: iterations },
              changeTrackingId: tid,
            },
          }
        : {}),
      id: tid,
      publishedDate: at,
      lastUpdatedDate: at,
      comments: [comment],
      ...(s.status ? { status: s.status } : {}),
      threadContext: s.context
        ? {
            filePath: `/${s.context.path}`,
            rightFileStart: { line: s.context.line, offset: 1 },
            rightFileEnd: { line: s.context.line, offset: 1 },
          }
        : null,
      properties,
      ...(s.system ? { identities: { 1: author } } : {}),
      isDeleted: false,
      _links: { self: { href: `${url}/threads/${tid}` }, repository: { href: repoUrl } },
    };
    return { thread, comment };
  });
}

function iteration(ado: AdoContext, pr: PullRequest, n: number): JsonValue {
  const c = pr.commits[n - 1]!;
  return {
    id: n,
    description: pr.title,
    author: ado.identity(ado.person(pr.authorId)),
    createdDate: isoFull(c.committedAt),
    updatedDate: isoFull(c.committedAt),
    sourceRefCommit: { commitId: c.sha },
    targetRefCommit: { commitId: pr.baseSha },
    commonRefCommit: { commitId: pr.baseSha },
    hasMoreCommits: false,
    reason: n === 1 ? "create" : "push",
  };
}

export function* pullResources(ado: AdoContext, p: Pagination): Generator<Resource> {
  const all: Array<{ repo: Repo; pr: PullRequest }> = [];
  const newest = (a: { repo: Repo; pr: PullRequest }, b: { repo: Repo; pr: PullRequest }) =>
    b.pr.createdAt - a.pr.createdAt || ado.pullId(b.repo, b.pr) - ado.pullId(a.repo, a.pr);
  for (const repo of ado.world.repos) {
    const base = `${ado.repoPath(repo)}/pullRequests`;
    const mine = repo.pulls.map((pr) => ({ repo, pr })).sort(newest);
    all.push(...mine);
    yield* statusLists(ado, p, base, mine);
    for (const { pr } of mine) yield* onePull(ado, p, repo, pr);
  }
  all.sort(newest);
  const projectBase = `${ado.projectPath()}/_apis/git/pullRequests`;
  yield* statusLists(ado, p, projectBase, all);
  for (const { repo, pr } of all) yield { path: `${projectBase}/${ado.pullId(repo, pr)}`, body: pullRequest(ado, repo, pr, true) };
}

function* statusLists(ado: AdoContext, p: Pagination, path: string, pulls: Array<{ repo: Repo; pr: PullRequest }>): Generator<Resource> {
  for (const [name, code, keep] of STATUSES) {
    const items = pulls.filter(({ pr }) => keep(pullStatus(pr))).map(({ repo, pr }) => pullRequest(ado, repo, pr, false));
    // Active is the default: its list is the key without a status.
    yield* valueList(p, path, items, name === "active" ? [] : [["searchCriteria.status", name]]);
    if (name !== "active") yield* valueList(p, path, items, [["searchCriteria.status", code]]);
  }
}

function* onePull(ado: AdoContext, p: Pagination, repo: Repo, pr: PullRequest): Generator<Resource> {
  const base = `${ado.repoPath(repo)}/pullRequests/${ado.pullId(repo, pr)}`;
  yield { path: base, body: pullRequest(ado, repo, pr, true) };
  const revs = reviewers(ado, repo, pr);
  yield* valueList(p, `${base}/reviewers`, revs);
  for (const r of revs) yield { path: `${base}/reviewers/${(r as { id: string }).id}`, body: r };
  // No policy or service posts a status to these pull requests (builds report on the build itself).
  yield* valueList(p, `${base}/statuses`, []);
  const labels = labelsOf(ado, repo, pr);
  yield* valueList(p, `${base}/labels`, labels);
  for (const l of labels) yield { path: `${base}/labels/${(l as { id: string }).id}`, body: l };
  const list = threads(ado, repo, pr);
  yield* valueList(
    p,
    `${base}/threads`,
    list.map((t) => t.thread),
  );
  for (const [i, t] of list.entries()) {
    yield { path: `${base}/threads/${i + 1}`, body: t.thread };
    yield* valueList(p, `${base}/threads/${i + 1}/comments`, [t.comment]);
    yield { path: `${base}/threads/${i + 1}/comments/1`, body: t.comment };
  }
  const commits = [...pr.commits].reverse().map((c) => {
    const { changeCounts: _c, remoteUrl: _r, ...rest } = commitRef(ado, repo, c) as Record<string, JsonValue>;
    return rest as JsonValue;
  });
  yield* valueList(p, `${base}/commits`, commits);
  const iterations = pr.commits.map((_, i) => iteration(ado, pr, i + 1));
  yield* valueList(p, `${base}/iterations`, iterations);
  const item = ado.world.workItems.find((w) => w.key === pr.workItemKey);
  yield* valueList(p, `${base}/workitems`, item ? [{ id: String(item.id), url: ado.workItemUrl(item.id) }] : []);
}
