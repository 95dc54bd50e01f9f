import type { JsonObject } from "../../core/provider.js";
import { slugify } from "../../world/ids.js";
import { Rng } from "../../world/rng.js";
import type { WorkItem, WorkItemStatus } from "../../world/types.js";
import { type LinearContext, day, iso } from "./context.js";
import { PRIORITY, issueFacts } from "./workflow.js";

/**
 * Issues (the world's work items, with the same identifiers that commits, branches and pull requests
 * cite), their history (one entry per status change, with its actor and time), their comments and the
 * attachment that links the pull request implementing them, as Linear's GitHub integration shows it.
 */

export function issues(lc: LinearContext): JsonObject[] {
  return byCreation(lc).map((item) => issue(lc, item));
}

function byCreation(lc: LinearContext): WorkItem[] {
  return lc.once("items", () => [...lc.world.workItems].sort((a, b) => a.createdAt - b.createdAt || a.id - b.id));
}

function issue(lc: LinearContext, item: WorkItem): JsonObject {
  const team = lc.team(item.teamId);
  const facts = issueFacts(lc, item);
  const sprint = item.sprintId === undefined ? undefined : lc.sprint(item.sprintId);
  const repo = item.repoId === undefined ? undefined : lc.repo(item.repoId);
  return {
    __typename: "Issue",
    id: lc.issueId(item),
    identifier: item.key,
    number: item.number,
    title: item.title,
    description: item.description,
    priority: PRIORITY[item.priority].value,
    priorityLabel: PRIORITY[item.priority].label,
    prioritySortOrder: item.number,
    estimate: item.estimate,
    url: lc.issueUrl(item),
    branchName: branchName(lc, item),
    labelIds: item.labels.map((l) => lc.labelId(l)),
    previousIdentifiers: [],
    customerTicketCount: 0,
    reactionData: [],
    reactions: [],
    boardOrder: 0,
    sortOrder: -item.number,
    subIssueSortOrder: null,
    inheritsSharedAccess: false,
    trashed: null,
    dueDate: null,
    createdAt: iso(item.createdAt),
    updatedAt: iso(issueUpdatedAt(lc, item)),
    addedToTeamAt: iso(item.createdAt),
    addedToCycleAt: iso(facts.addedToCycleAt),
    addedToProjectAt: repo ? iso(item.createdAt) : null,
    startedAt: iso(facts.startedAt),
    completedAt: iso(facts.completedAt),
    canceledAt: iso(facts.canceledAt),
    archivedAt: null,
    autoArchivedAt: null,
    autoClosedAt: null,
    startedTriageAt: null,
    triagedAt: null,
    snoozedUntilAt: null,
    slaStartedAt: null,
    slaBreachesAt: null,
    slaHighRiskAt: null,
    slaMediumRiskAt: null,
    slaType: null,
    team: { id: lc.teamId(team) },
    state: { id: lc.stateId(team, item.status) },
    creator: { id: lc.userId(lc.person(item.reporterId)) },
    assignee: { id: lc.userId(lc.person(item.assigneeId)) },
    cycle: sprint ? { id: lc.cycleId(team, sprint) } : null,
    project: repo ? { id: lc.projectId(repo) } : null,
    parent: null,
    projectMilestone: null,
    snoozedBy: null,
    delegate: null,
  };
}

/** The issue's last update: its last status change, or a later comment by the stale-work app. */
function issueUpdatedAt(lc: LinearContext, item: WorkItem): number {
  return Math.max(item.updatedAt, ...lc.staleNudges(item).map((n) => n.at));
}

/** The pull request's head branch when there is one (it cites the key), else Linear's suggested name. */
function branchName(lc: LinearContext, item: WorkItem): string {
  const pull = lc.pull(item);
  if (pull) return pull.pr.headBranch;
  const words = slugify(item.title).split("-").slice(0, 4).join("-");
  return `${lc.person(item.assigneeId).handles.github}/${item.key.toLowerCase()}-${words}`;
}

/** One history entry per status change: from and to state, the actor and the time. */
export function issueHistory(lc: LinearContext): JsonObject[] {
  return byCreation(lc).flatMap((item) => {
    const team = lc.team(item.teamId);
    const state = (s: WorkItemStatus) => lc.stateId(team, s);
    return item.transitions.map((t, n) => {
      const actor = lc.userId(lc.person(t.byId));
      return {
        __typename: "IssueHistory",
        id: lc.historyId(item, n),
        createdAt: iso(t.at),
        updatedAt: iso(t.at),
        archivedAt: null,
        issue: { id: lc.issueId(item) },
        actorId: actor,
        actor: { id: actor },
        fromStateId: state(t.from),
        toStateId: state(t.to),
        fromState: { id: state(t.from) },
        toState: { id: state(t.to) },
        updatedDescription: null,
        archived: null,
        trashed: null,
        autoArchived: null,
        autoClosed: null,
      };
    });
  });
}

/** The pull request that implements an issue, linked the way Linear's GitHub integration links it. */
export function attachments(lc: LinearContext): JsonObject[] {
  return byCreation(lc).flatMap((item) => {
    const pull = lc.pull(item);
    if (!pull) return [];
    const { repo, pr } = pull;
    const status = pr.mergedAt !== undefined ? "merged" : pr.state === "open" ? "open" : "closed";
    const url = lc.pullUrl(repo, pr);
    const updatedAt = Math.min(lc.asOf, pr.mergedAt ?? pr.closedAt ?? pr.updatedAt);
    return [
      {
        __typename: "Attachment",
        id: lc.attachmentId(item),
        title: pr.title,
        subtitle: `#${pr.number} ${status === "merged" ? "Merged" : status === "open" ? "Open" : "Closed"}`,
        url,
        sourceType: "github",
        groupBySource: true,
        metadata: {
          status,
          number: pr.number,
          title: pr.title,
          url,
          branch: pr.headBranch,
          repoName: repo.name,
          repoLogin: lc.world.company.slug,
          draft: false,
          createdAt: iso(pr.createdAt),
          updatedAt: iso(updatedAt),
          ...(pr.mergedAt !== undefined ? { mergedAt: iso(pr.mergedAt) } : {}),
          ...(pr.closedAt !== undefined ? { closedAt: iso(pr.closedAt) } : {}),
        },
        source: { type: "github" },
        createdAt: iso(pr.createdAt),
        updatedAt: iso(updatedAt),
        archivedAt: null,
        issue: { id: lc.issueId(item) },
        creator: { id: lc.userId(lc.person(pr.authorId)) },
        originalIssue: null,
      },
    ];
  });
}

const START = ["Picking this up now.", "Taking this one. First step: reproduce it locally.", "Starting on this today."] as const;
const MIDDLE = [
  "Can we add a test for the empty case before this ships?",
  "Is this blocked on anything, or can it stay in the current cycle?",
  "Looks good from my side, thanks for picking this up.",
  "I paired on this for a bit: the approach in the description holds.",
  "Bumping the priority: support has asked about this twice this week.",
] as const;
const END = ["Verified on staging.", "Shipped, closing this out.", "Confirmed fixed in production."] as const;

/**
 * A few comments per issue, keyed by the issue so that nothing else shifts them: the assignee starting
 * the work, teammates in between, the pull request when it opens, and a closing note on done items.
 * Every comment falls between the issue's creation and its last update.
 */
export function comments(lc: LinearContext): JsonObject[] {
  return byCreation(lc).flatMap((item) => {
    const rng = new Rng(lc.world.generation.seed, `linear/issue/${item.key}/comments`);
    const team = lc.team(item.teamId);
    const end = Math.min(item.updatedAt, lc.asOf);
    const start = issueFacts(lc, item).startedAt;
    const plan: Array<{ at: number; by: number; body: string }> = [];
    if (start !== undefined && rng.chance(0.6)) plan.push({ at: start, by: item.assigneeId, body: rng.pick(START) });
    const pull = lc.pull(item);
    if (pull && pull.pr.createdAt >= item.createdAt && pull.pr.createdAt <= end && rng.chance(0.7)) {
      plan.push({ at: pull.pr.createdAt, by: item.assigneeId, body: `Opened ${lc.pullUrl(pull.repo, pull.pr)} for review.` });
    }
    const others = team.memberIds.filter((id) => id !== item.assigneeId);
    const middle = rng.int(0, 2);
    for (let n = 0; n < middle && end > item.createdAt; n++) {
      const by = others.length ? rng.pick(others) : item.reporterId;
      plan.push({ at: item.createdAt + Math.floor((rng.float() * (end - item.createdAt)) / 1_000) * 1_000, by, body: rng.pick(MIDDLE) });
    }
    if (item.status === "Done" && rng.chance(0.5)) plan.push({ at: end, by: item.assigneeId, body: rng.pick(END) });
    plan.sort((a, b) => a.at - b.at);
    const people = plan.map((c, n) =>
      commentObject(lc, item, lc.commentId(item, n), c.body, c.at, { user: { id: lc.userId(lc.person(c.by)) } }),
    );
    return [...people, ...nudges(lc, item)].sort((a, b) =>
      String(a.createdAt) < String(b.createdAt) ? -1 : String(a.createdAt) > String(b.createdAt) ? 1 : 0,
    );
  });
}

/** A comment as the API returns it; `author` is `{user}` for a person, `{user: null, botActor}` for an app. */
function commentObject(lc: LinearContext, item: WorkItem, id: string, body: string, at: number, author: JsonObject): JsonObject {
  return {
    __typename: "Comment",
    id,
    body,
    bodyData: JSON.stringify({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: body }] }] }),
    url: `${lc.issueUrl(item)}#comment-${id.slice(0, 8)}`,
    reactionData: [],
    reactions: [],
    quotedText: null,
    hideInLinear: false,
    isArtificialAgentSessionRoot: false,
    createdAt: iso(at),
    updatedAt: iso(at),
    editedAt: null,
    resolvedAt: null,
    archivedAt: null,
    issueId: lc.issueId(item),
    issue: { id: lc.issueId(item) },
    ...author,
    parent: null,
    parentId: null,
  } as JsonObject;
}

/** The company's own API app that runs the stale-work rule (world/work/automation.ts), as `botActor` names it. */
const NUDGE_APP = "Stale Work Nudge";

/**
 * The world's stale-work rule as Linear shows it: a small app of the company's own (an OAuth application
 * acting as itself, `actor=app`) that every 6 hours comments on the open issue longest without an update.
 * A comment created by an app has no `user`; `botActor` names the app. Its ids have their own path, so
 * the people's comments keep theirs.
 */
function nudges(lc: LinearContext, item: WorkItem): JsonObject[] {
  const assignee = lc.person(item.assigneeId);
  const botActor = {
    id: lc.uuid("oauth-client/stale-work"),
    type: "oauthClient",
    subType: null,
    name: NUDGE_APP,
    userDisplayName: null,
    avatarUrl: null,
  };
  return lc
    .staleNudges(item)
    .filter((n) => n.at <= lc.asOf)
    .map((n, k) => {
      const body =
        `${assignee.name}, this issue has had no update since ${day(n.idleSince)}. Is it still on track? Please move it on, or ` +
        `add a comment saying what is blocking it.`;
      return commentObject(lc, item, lc.uuid(`issue/${item.key}/comment/stale-work/${k}`), body, n.at, { user: null, botActor });
    });
}
