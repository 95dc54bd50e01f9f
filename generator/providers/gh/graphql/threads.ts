import { milestone } from "./milestones.js";
import { actor } from "./accounts.js";
import { checkBounds, page } from "./connection.js";
import { branchRef, commit, commitBySha } from "./git.js";
import { type Args, type Info, type Node, empty, noReactions, once, ordered, pathOf, pullState, time, upper } from "./node.js";
import type { PinSource, Rest } from "./source.js";
import { renderContext } from "../body-media.js";
import { bodyHtml, htmlText } from "../markdown.js";

/**
 * `bodyHTML` and `bodyText` from the REST body, rendered as the REST API's `body_html`/`body_text` are
 * (the same renderer and the same references), so the two APIs agree. Rendered once per node, when asked.
 */
function renderedBody(src: PinSource, rest: Rest) {
  const html = once(async () => {
    const body = String(rest.body ?? "");
    const repoPath = /\/(repos\/[^/]+\/[^/]+)\//.exec(String(rest.url ?? rest.pull_request_url))?.[1];
    if (!repoPath || !rest.html_url) return "";
    return bodyHtml(body, await renderContext(body, repoPath, String(rest.html_url), (path) => src.get(path)));
  });
  return { bodyHTML: html, bodyText: async () => htmlText(await html()) };
}

/** `IssueOrder` over REST issues or pulls (`counts`: comments by number, for COMMENTS). */
export function threadOrder(items: readonly Rest[], order: Args | undefined, counts: Map<number, number>): Rest[] {
  return ordered(items, order, {
    CREATED_AT: (i) => String(i.created_at),
    UPDATED_AT: (i) => String(i.updated_at),
    COMMENTS: (i) => counts.get(i.number) ?? 0,
  });
}

export function label(repoHtml: string, rest: Rest): Node {
  return {
    __typename: "Label",
    id: rest.node_id,
    name: rest.name,
    color: rest.color,
    description: rest.description ?? null,
    isDefault: rest.default ?? false,
    url: `${repoHtml}/labels/${encodeURIComponent(rest.name)}`,
    resourcePath: pathOf(`${repoHtml}/labels/${encodeURIComponent(rest.name)}`),
  };
}

/** What issues and pull requests share: body, author, labels, assignees, comments, timeline. */
function threadFields(src: PinSource, repo: Node, base: string, rest: Rest, thread: () => Node) {
  const repoHtml = String(repo.url);
  const comments = () => src.list(`${base}/issues/${rest.number}/comments`);
  return {
    id: rest.node_id,
    databaseId: rest.id,
    fullDatabaseId: String(rest.id),
    ...noReactions(checkBounds),
    number: rest.number,
    title: rest.title,
    body: rest.body ?? "",
    ...renderedBody(src, rest),
    url: rest.html_url,
    resourcePath: pathOf(rest.html_url),
    createdAt: rest.created_at,
    updatedAt: rest.updated_at,
    closedAt: time(rest.closed_at),
    closed: rest.state === "closed",
    lastEditedAt: null,
    publishedAt: rest.created_at,
    locked: rest.locked ?? false,
    activeLockReason: null,
    author: () => actor(src, rest.user),
    editor: null,
    authorAssociation: rest.author_association,
    milestone: () => milestone(src, repo, rest.milestone),
    // The company uses no projects (classic or v2): GitHub's empty connections.
    projectCards: empty(checkBounds),
    projectItems: empty(checkBounds),
    repository: () => repo,
    labels: (args: Args, info: Info) => page(rest.labels as Rest[], args, info, (l) => label(repoHtml, l)),
    assignees: (args: Args, info: Info) => page((rest.assignees ?? []) as Rest[], args, info, (u) => actor(src, u)),
    comments: async (args: Args, info: Info) => {
      let items = await comments();
      if (args.orderBy?.field === "UPDATED_AT") items = ordered(items, args.orderBy, { UPDATED_AT: (c) => String(c.updated_at) });
      return page(items, args, info, (c) => issueComment(src, c, thread()));
    },
  };
}

/** A pull request from REST's list form or `pulls/{n}`; the counts only the latter has are read when asked. */
export function pullRequest(src: PinSource, repo: Repo, base: string, rest: Rest): Node {
  const path = `${base}/pulls/${rest.number}`;
  const full = once(async () => (await src.get(path)) ?? rest);
  const reviews = () => src.list(`${path}/reviews`);
  const reviewComments = () => src.list(`${path}/comments`);
  const node: Node = {
    __typename: "PullRequest",
    ...threadFields(src, repo, base, rest, () => node),
    state: pullState(rest),
    isDraft: rest.draft ?? false,
    merged: rest.merged_at !== null && rest.merged_at !== undefined,
    mergedAt: time(rest.merged_at),
    mergedBy: async () => actor(src, (await full()).merged_by),
    permalink: rest.html_url,
    baseRefName: rest.base.ref,
    headRefName: rest.head.ref,
    baseRefOid: rest.base.sha,
    headRefOid: rest.head.sha,
    baseRef: async () => {
      const b = await src.get(`${base}/branches/${rest.base.ref}`);
      return b ? branchRef(src, repo, base, rest.base.ref, b.commit.sha) : null;
    },
    // A merged pull request's branch is deleted (the repository deletes branches on merge).
    headRef: async () => {
      const b = await src.get(`${base}/branches/${rest.head.ref}`);
      return b ? branchRef(src, repo, base, rest.head.ref, b.commit.sha) : null;
    },
    baseRepository: () => repo,
    headRepository: () => repo,
    headRepositoryOwner: () => (repo.owner as () => Node | null)(),
    isCrossRepository: false,
    maintainerCanModify: false,
    additions: async () => (await full()).additions,
    deletions: async () => (await full()).deletions,
    changedFiles: async () => (await full()).changed_files,
    totalCommentsCount: async () => Number((await full()).comments ?? 0) + Number((await full()).review_comments ?? 0),
    mergeStateStatus: async () => String((await full()).mergeable_state ?? "unknown").toUpperCase(),
    canBeRebased: async () => (await full()).rebaseable === true,
    mergeable: async () =>
      (await full()).mergeable === true ? "MERGEABLE" : (await full()).mergeable === false ? "CONFLICTING" : "UNKNOWN",
    mergeCommit: async () =>
      rest.merge_commit_sha && rest.merged_at
        ? commitBySha(src, base, rest.merge_commit_sha).then((c) => (c ? commit(src, repo, base, c) : null))
        : null,
    reviewDecision: async () => {
      const latest = new Map<string, string>();
      for (const r of await reviews())
        if (r.state !== "COMMENTED" && r.state !== "PENDING") latest.set(String(r.user?.login), String(r.state));
      const states = [...latest.values()];
      if (states.includes("CHANGES_REQUESTED")) return "CHANGES_REQUESTED";
      if (states.includes("APPROVED")) return "APPROVED";
      return "REVIEW_REQUIRED";
    },
    reviews: async (args: Args, info: Info) => {
      let items = await reviews();
      if (args.states?.length) items = items.filter((r) => (args.states as string[]).includes(String(r.state)));
      if (args.author) items = items.filter((r) => r.user?.login === args.author);
      return page(items, args, info, (r) => review(src, repo, base, node, r, reviewComments));
    },
    latestReviews: async (args: Args, info: Info) => {
      const latest = new Map<string, Rest>();
      for (const r of await reviews()) if (r.state !== "PENDING") latest.set(String(r.user?.login), r);
      return page([...latest.values()], args, info, (r) => review(src, repo, base, node, r, reviewComments));
    },
    reviewRequests: async (args: Args, info: Info) => {
      const requested = ((await full()).requested_reviewers ?? []) as Rest[];
      return page(requested, args, info, (u) => ({
        __typename: "ReviewRequest",
        id: `RR_${Buffer.from(`0:${rest.id}:${u.id}`).toString("base64url")}`,
        databaseId: null,
        asCodeOwner: false,
        requestedReviewer: actor(src, u),
        pullRequest: node,
      }));
    },
    commits: async (args: Args, info: Info) =>
      page(await src.list(`${path}/commits`), args, info, (c) => pullRequestCommit(src, repo, base, node, rest, c)),
    files: async (args: Args, info: Info) =>
      page(await src.list(`${path}/files`), args, info, (f) => ({
        __typename: "PullRequestChangedFile",
        path: f.filename,
        additions: f.additions,
        deletions: f.deletions,
        changeType: CHANGE_TYPE[String(f.status)] ?? "CHANGED",
        viewerViewedState: "UNVIEWED",
      })),
    participants: async (args: Args, info: Info) => {
      const people = new Map<string, Rest>();
      for (const u of [
        rest.user,
        ...(await src.list(`${base}/issues/${rest.number}/comments`)).map((c) => c.user),
        ...(await reviews()).map((r) => r.user),
      ])
        if (u) people.set(String(u.login), u);
      return page([...people.values()], args, info, (u) => actor(src, u));
    },
    timelineItems: async (args: Args, info: Info) => timeline(src, repo, base, node, rest, true, args, info, reviews, reviewComments),
  };
  return node;
}

type Repo = Node;

const CHANGE_TYPE: Record<string, string> = {
  added: "ADDED",
  removed: "DELETED",
  modified: "MODIFIED",
  renamed: "RENAMED",
  copied: "COPIED",
  changed: "CHANGED",
};

export function issue(src: PinSource, repo: Repo, base: string, rest: Rest): Node {
  const node: Node = {
    __typename: "Issue",
    ...threadFields(src, repo, base, rest, () => node),
    state: upper(rest.state),
    stateReason: upper(rest.state_reason),
    timelineItems: async (args: Args, info: Info) => timeline(src, repo, base, node, rest, false, args, info),
    participants: async (args: Args, info: Info) => {
      const people = new Map<string, Rest>();
      for (const u of [rest.user, ...(await src.list(`${base}/issues/${rest.number}/comments`)).map((c) => c.user)])
        if (u) people.set(String(u.login), u);
      return page([...people.values()], args, info, (u) => actor(src, u));
    },
  };
  return node;
}

export function issueComment(src: PinSource, rest: Rest, thread: Node): Node {
  return {
    __typename: "IssueComment",
    id: rest.node_id,
    databaseId: rest.id,
    fullDatabaseId: String(rest.id),
    ...noReactions(checkBounds),
    body: rest.body,
    ...renderedBody(src, rest),
    createdAt: rest.created_at,
    updatedAt: rest.updated_at,
    publishedAt: rest.created_at,
    lastEditedAt: null,
    url: rest.html_url,
    resourcePath: pathOf(rest.html_url),
    author: () => actor(src, rest.user),
    editor: null,
    authorAssociation: rest.author_association,
    isMinimized: false,
    minimizedReason: null,
    includesCreatedEdit: false,
    viewerDidAuthor: false,
    pullRequest: thread.__typename === "PullRequest" ? thread : null,
    issue: thread.__typename === "Issue" ? thread : undefined,
  };
}

export function review(src: PinSource, repo: Repo, base: string, pr: Node, rest: Rest, allComments: () => Promise<Rest[]>): Node {
  return {
    __typename: "PullRequestReview",
    id: rest.node_id,
    databaseId: rest.id,
    fullDatabaseId: String(rest.id),
    ...noReactions(checkBounds),
    author: () => actor(src, rest.user),
    body: rest.body ?? "",
    ...renderedBody(src, rest),
    state: rest.state,
    submittedAt: time(rest.submitted_at),
    createdAt: time(rest.submitted_at),
    publishedAt: time(rest.submitted_at),
    updatedAt: time(rest.submitted_at),
    lastEditedAt: null,
    url: rest.html_url,
    resourcePath: pathOf(rest.html_url),
    authorAssociation: rest.author_association,
    pullRequest: pr,
    repository: repo,
    editor: null,
    isMinimized: false,
    commit: async () => {
      const c = rest.commit_id ? await commitBySha(src, base, rest.commit_id) : undefined;
      return c ? commit(src, repo, base, c) : null;
    },
    comments: async (args: Args, info: Info) =>
      page(
        (await allComments()).filter((c) => c.pull_request_review_id === rest.id),
        args,
        info,
        (c) => reviewComment(src, repo, base, pr, c),
      ),
  };
}

export function reviewComment(src: PinSource, repo: Repo, base: string, pr: Node, rest: Rest): Node {
  const commitOf = (sha: string) => async () => {
    const c = await commitBySha(src, base, sha);
    return c ? commit(src, repo, base, c) : null;
  };
  return {
    __typename: "PullRequestReviewComment",
    id: rest.node_id,
    databaseId: rest.id,
    fullDatabaseId: String(rest.id),
    ...noReactions(checkBounds),
    body: rest.body,
    ...renderedBody(src, rest),
    path: rest.path,
    position: rest.position,
    originalPosition: rest.original_position,
    line: rest.line,
    originalLine: rest.original_line,
    startLine: rest.start_line,
    originalStartLine: rest.original_start_line,
    diffHunk: rest.diff_hunk,
    createdAt: rest.created_at,
    updatedAt: rest.updated_at,
    publishedAt: rest.created_at,
    lastEditedAt: null,
    url: rest.html_url,
    resourcePath: pathOf(rest.html_url),
    author: () => actor(src, rest.user),
    authorAssociation: rest.author_association,
    outdated: false,
    isMinimized: false,
    editor: null,
    subjectType: upper(rest.subject_type),
    pullRequest: pr,
    repository: repo,
    commit: commitOf(rest.commit_id),
    originalCommit: commitOf(rest.original_commit_id),
    pullRequestReview: null,
    replyTo: null,
  };
}

function pullRequestCommit(src: PinSource, repo: Repo, base: string, pr: Node, rest: Rest, c: Rest): Node {
  const url = `${rest.html_url}/commits/${c.sha}`;
  return {
    __typename: "PullRequestCommit",
    id: `PURC_${Buffer.from(`0:${rest.id}:${c.sha}`).toString("base64url")}`,
    url,
    resourcePath: pathOf(url),
    commit: commit(src, repo, base, c),
    pullRequest: pr,
  };
}

/** Timeline item kinds: the GraphQL type of each REST issue event, and the `itemTypes` value naming it. */
const EVENT_TYPES: Record<string, string> = {
  labeled: "LabeledEvent",
  assigned: "AssignedEvent",
  closed: "ClosedEvent",
  reopened: "ReopenedEvent",
  merged: "MergedEvent",
  referenced: "ReferencedEvent",
  head_ref_deleted: "HeadRefDeletedEvent",
  review_requested: "ReviewRequestedEvent",
};
const ITEM_TYPE = (typename: string) => typename.replace(/([a-z])([A-Z])/g, "$1_$2").toUpperCase();

async function timeline(
  src: PinSource,
  repo: Repo,
  base: string,
  thread: Node,
  rest: Rest,
  isPull: boolean,
  args: Args,
  info: Info,
  reviews?: () => Promise<Rest[]>,
  reviewComments?: () => Promise<Rest[]>,
) {
  const items: Array<{ at: string; rank: number; node: Node }> = [];
  for (const e of await src.list(`${base}/issues/${rest.number}/events`)) {
    const typename = EVENT_TYPES[String(e.event)];
    if (typename) items.push({ at: e.created_at, rank: 1, node: timelineEvent(src, repo, base, thread, rest, typename, e) });
  }
  for (const c of await src.list(`${base}/issues/${rest.number}/comments`))
    items.push({ at: c.created_at, rank: 2, node: issueComment(src, c, thread) });
  if (isPull && reviews && reviewComments) {
    for (const c of await src.list(`${base}/pulls/${rest.number}/commits`))
      items.push({ at: c.commit.committer.date, rank: 0, node: pullRequestCommit(src, repo, base, thread, rest, c) });
    for (const r of await reviews()) items.push({ at: r.submitted_at, rank: 3, node: review(src, repo, base, thread, r, reviewComments) });
  }
  let sorted = items.map((x, i) => ({ ...x, i })).sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.rank - b.rank || a.i - b.i));
  if (args.since) sorted = sorted.filter((x) => Date.parse(x.at) >= Date.parse(args.since));
  const totalCount = sorted.length;
  if (args.itemTypes?.length) sorted = sorted.filter((x) => (args.itemTypes as string[]).includes(ITEM_TYPE(String(x.node.__typename))));
  if (args.skip) sorted = sorted.slice(Number(args.skip));
  const conn = page(sorted, args, info, (x) => x.node);
  return { ...conn, totalCount, filteredCount: sorted.length, pageCount: conn.nodes.length, updatedAt: rest.updated_at };
}

function timelineEvent(src: PinSource, repo: Repo, base: string, thread: Node, rest: Rest, typename: string, e: Rest): Node {
  const common = { __typename: typename, id: e.node_id, databaseId: e.id, actor: () => actor(src, e.actor), createdAt: e.created_at };
  const commitNode = async () => {
    const c = e.commit_id ? await commitBySha(src, base, e.commit_id) : undefined;
    return c ? commit(src, repo, base, c) : null;
  };
  switch (typename) {
    case "LabeledEvent":
      return {
        ...common,
        label: label(String(repo.url), { node_id: "", name: e.label.name, color: e.label.color, default: false, description: null }),
        labelable: thread,
      };
    case "AssignedEvent":
      return { ...common, assignee: () => actor(src, e.assignee), user: () => actor(src, e.assignee), assignable: thread };
    case "ClosedEvent":
      return {
        ...common,
        closable: thread,
        closer: null,
        stateReason: upper(rest.state_reason),
        url: `${rest.html_url}#event-${e.id}`,
        resourcePath: `${pathOf(rest.html_url)}#event-${e.id}`,
      };
    case "ReopenedEvent":
      return { ...common, closable: thread, stateReason: null };
    case "MergedEvent":
      return {
        ...common,
        commit: commitNode,
        mergeRefName: rest.base.ref,
        mergeRef: null,
        pullRequest: thread,
        url: `${rest.html_url}#event-${e.id}`,
        resourcePath: `${pathOf(rest.html_url)}#event-${e.id}`,
      };
    case "ReferencedEvent":
      return { ...common, commit: commitNode, commitRepository: repo, isCrossRepository: false, isDirectReference: true, subject: thread };
    case "HeadRefDeletedEvent":
      return { ...common, headRefName: rest.head.ref, headRef: null, pullRequest: thread };
    default:
      return { ...common, requestedReviewer: () => actor(src, e.requested_reviewer), pullRequest: thread };
  }
}
