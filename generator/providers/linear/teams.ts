import type { JsonObject } from "../../core/provider.js";
import { DAY } from "../../world/clock.js";
import type { Sprint, Team, WorkItem } from "../../world/types.js";
import { type LinearContext, iso } from "./context.js";
import { STATES, issueFacts } from "./workflow.js";

/**
 * Teams (the world's teams; key = the tracker key), each with Linear's default workflow states and one
 * cycle per company sprint, numbered as the sprints are (two weeks, starting Mondays).
 */

const TEAM_COLORS = ["#5e6ad2", "#26b5ce", "#4cb782", "#f2c94c", "#f2994a", "#eb5757", "#bb87fc", "#95a2b3"];

export function teams(lc: LinearContext): JsonObject[] {
  return [...lc.world.teams].sort((a, b) => a.createdAt - b.createdAt || a.id - b.id).map((t) => team(lc, t));
}

function team(lc: LinearContext, t: Team): JsonObject {
  const lead = lc.person(t.leadId);
  const active = lc.world.sprints.find((s) => s.state === "active");
  return {
    __typename: "Team",
    id: lc.teamId(t),
    name: t.name,
    displayName: t.name,
    key: t.key,
    description: t.description,
    icon: null,
    color: TEAM_COLORS[(t.id - 1) % TEAM_COLORS.length]!,
    private: false,
    visibility: "public",
    timezone: lead.timeZone,
    inviteHash: lc.hex(`team/${t.key}/invite`, 16),
    issueCount: lc.world.workItems.filter((i) => i.teamId === t.id).length,
    cyclesEnabled: true,
    cycleDuration: 2,
    cycleCooldownTime: 0,
    cycleStartDay: 1,
    upcomingCycleCount: 2,
    cycleLockToActive: false,
    cycleIssueAutoAssignStarted: true,
    cycleIssueAutoAssignCompleted: true,
    issueEstimationType: "fibonacci",
    issueEstimationAllowZero: false,
    issueEstimationExtended: false,
    inheritIssueEstimation: false,
    inheritWorkflowStatuses: false,
    defaultIssueEstimate: 1,
    triageEnabled: false,
    requirePriorityToLeaveTriage: false,
    groupIssueHistory: true,
    autoArchivePeriod: 6,
    autoClosePeriod: null,
    autoCloseStateId: null,
    setIssueSortOrderOnStateChange: "bottom",
    issueOrderingNoPriorityFirst: false,
    issueSortOrderDefaultToBottom: true,
    scimManaged: false,
    aiThreadSummariesEnabled: false,
    aiDiscussionSummariesEnabled: false,
    slackNewIssue: false,
    slackIssueComments: false,
    slackIssueStatuses: false,
    createdAt: iso(t.createdAt),
    updatedAt: iso(t.createdAt),
    archivedAt: null,
    retiredAt: null,
    organization: { id: lc.orgId() },
    parent: null,
    activeCycle: active ? { id: lc.cycleId(t, active) } : null,
    defaultIssueState: { id: lc.stateId(t, "Backlog") },
    markedAsDuplicateWorkflowState: { id: lc.stateId(t, "Canceled") },
    triageIssueState: null,
  };
}

/** Six states per team, created with the team, in Linear's board order. */
export function workflowStates(lc: LinearContext): JsonObject[] {
  return lc.world.teams.flatMap((t) =>
    STATES.map((s, position) => {
      const at = iso(t.createdAt + position * 1_000);
      return {
        __typename: "WorkflowState",
        id: lc.stateId(t, s.status),
        name: s.name,
        type: s.type,
        color: s.color,
        description: s.description,
        position,
        createdAt: at,
        updatedAt: at,
        archivedAt: null,
        team: { id: lc.teamId(t) },
        inheritedFrom: null,
      };
    }),
  );
}

export function cycles(lc: LinearContext): JsonObject[] {
  const closed = lc.world.sprints.filter((s) => s.state === "closed");
  const previous = closed.at(-1);
  const next = lc.world.sprints.find((s) => s.state === "future");
  return lc.world.teams.flatMap((t) => lc.world.sprints.map((s) => cycle(lc, t, s, s === previous, s === next)));
}

function cycle(lc: LinearContext, t: Team, s: Sprint, isPrevious: boolean, isNext: boolean): JsonObject {
  const items = lc.world.workItems.filter((i) => i.teamId === t.id && i.sprintId === s.id);
  const history = scopeHistory(lc, s, items);
  const scope = history.scope.at(-1) ?? 0;
  const done = history.completedScope.at(-1) ?? 0;
  // Cycles are created two cycles ahead (upcomingCycleCount), never after the team or the as-of.
  const createdAt = Math.min(lc.asOf, Math.max(t.createdAt, s.startAt - 28 * DAY));
  const completedAt = s.state === "closed" ? s.endAt + 1_000 : undefined;
  return {
    __typename: "Cycle",
    id: lc.cycleId(t, s),
    number: s.number,
    name: s.name,
    description: null,
    startsAt: iso(s.startAt),
    endsAt: iso(s.endAt + 1_000),
    completedAt: iso(completedAt),
    autoArchivedAt: null,
    isActive: s.state === "active",
    isFuture: s.state === "future",
    isPast: s.state === "closed",
    isNext,
    isPrevious,
    progress: scope === 0 ? 0 : Math.round((done / scope) * 1000) / 1000,
    issueCountHistory: history.issues,
    completedIssueCountHistory: history.completedIssues,
    scopeHistory: history.scope,
    completedScopeHistory: history.completedScope,
    inProgressScopeHistory: history.inProgressScope,
    createdAt: iso(createdAt),
    updatedAt: iso(completedAt ?? createdAt),
    archivedAt: null,
    team: { id: lc.teamId(t) },
    inheritedFrom: null,
  };
}

/** One value per day of the cycle up to the as-of, at the end of that day, as Linear's cycle charts. */
function scopeHistory(lc: LinearContext, s: Sprint, items: WorkItem[]) {
  const out = {
    issues: [] as number[],
    completedIssues: [] as number[],
    scope: [] as number[],
    completedScope: [] as number[],
    inProgressScope: [] as number[],
  };
  for (let d = s.startAt; d <= Math.min(s.endAt, lc.asOf); d += DAY) {
    const at = Math.min(d + DAY - 1, lc.asOf);
    const added = items.filter(
      (i) => (issueFacts(lc, i).addedToCycleAt ?? Infinity) <= at && (issueFacts(lc, i).canceledAt ?? Infinity) > at,
    );
    const completed = added.filter((i) => (issueFacts(lc, i).completedAt ?? Infinity) <= at);
    const started = added.filter((i) => (issueFacts(lc, i).startedAt ?? Infinity) <= at && !completed.includes(i));
    const sum = (list: WorkItem[]) => list.reduce((n, i) => n + i.estimate, 0);
    out.issues.push(added.length);
    out.completedIssues.push(completed.length);
    out.scope.push(sum(added));
    out.completedScope.push(sum(completed));
    out.inProgressScope.push(sum(started));
  }
  return out;
}
