import type { JsonObject } from "../../core/provider.js";
import type { Repo, WorkItem } from "../../world/types.js";
import { type LinearContext, day, iso, projectName } from "./context.js";
import { issueFacts } from "./workflow.js";

/**
 * Projects, the workspace's project statuses and its issue labels. A project is derived from the work:
 * one per repository that work items were delivered in ("Payments API" for payments-api), owned by the
 * repository's team and led by its lead; its issues are those items.
 */

/** Linear's default project statuses. */
const PROJECT_STATUSES = [
  { type: "backlog", name: "Backlog", color: "#bec2c8" },
  { type: "planned", name: "Planned", color: "#e2e2e2" },
  { type: "started", name: "In Progress", color: "#f2c94c" },
  { type: "completed", name: "Completed", color: "#5e6ad2" },
  { type: "canceled", name: "Canceled", color: "#95a2b3" },
] as const;

export function projectStatuses(lc: LinearContext): JsonObject[] {
  const at = iso(lc.world.company.foundedAt);
  return PROJECT_STATUSES.map((s, position) => ({
    __typename: "ProjectStatus",
    id: lc.projectStatusId(s.type),
    name: s.name,
    type: s.type,
    color: s.color,
    description: null,
    position,
    indefinite: s.type === "backlog",
    createdAt: at,
    updatedAt: at,
    archivedAt: null,
  }));
}

/** The repositories that carry work, each with its items, by repository id. */
export function projectRepos(lc: LinearContext): Array<{ repo: Repo; items: WorkItem[] }> {
  return lc.once("project-repos", () =>
    lc.world.repos
      .map((repo) => ({ repo, items: lc.world.workItems.filter((i) => i.repoId === repo.id) }))
      .filter((p) => p.items.length > 0),
  );
}

export function projects(lc: LinearContext): JsonObject[] {
  return projectRepos(lc).map(({ repo, items }) => project(lc, repo, items));
}

function project(lc: LinearContext, repo: Repo, items: WorkItem[]): JsonObject {
  const team = lc.team(repo.teamId);
  const facts = items.map((i) => issueFacts(lc, i));
  const live = items.filter((i) => i.status !== "Canceled");
  const scope = live.reduce((n, i) => n + i.estimate, 0);
  const done = live.filter((i) => i.status === "Done").reduce((n, i) => n + i.estimate, 0);
  const finished = items.every((i) => i.status === "Done" || i.status === "Canceled");
  const started = facts.map((f) => f.startedAt).filter((t): t is number => t !== undefined);
  const createdAt = Math.min(...items.map((i) => i.createdAt));
  const updatedAt = Math.max(...items.map((i) => i.updatedAt));
  const completedAt = finished ? Math.max(...facts.map((f) => f.completedAt ?? f.canceledAt ?? 0)) : undefined;
  const members = [...new Set(items.map((i) => i.assigneeId))].sort((a, b) => a - b);
  return {
    __typename: "Project",
    id: lc.projectId(repo),
    name: projectName(repo),
    description: repo.description,
    slugId: lc.projectSlug(repo).slice(-12),
    url: lc.projectUrl(repo),
    icon: null,
    color: "#5e6ad2",
    state: finished ? "completed" : "started",
    status: { id: lc.projectStatusId(finished ? "completed" : "started") },
    priority: 0,
    priorityLabel: "No priority",
    prioritySortOrder: 0,
    sortOrder: repo.id,
    progress: scope === 0 ? 0 : Math.round((done / scope) * 1000) / 1000,
    scope,
    health: null,
    labelIds: [],
    startDate: day(createdAt),
    targetDate: null,
    startedAt: iso(started.length ? Math.min(...started) : undefined),
    completedAt: iso(completedAt),
    canceledAt: null,
    createdAt: iso(createdAt),
    updatedAt: iso(updatedAt),
    archivedAt: null,
    trashed: null,
    slackNewIssue: false,
    slackIssueComments: false,
    slackIssueStatuses: false,
    frequencyResolution: "weekly",
    lead: { id: lc.userId(lc.person(team.leadId)) },
    creator: { id: lc.userId(lc.person(team.leadId)) },
    teams: { nodes: [{ id: lc.teamId(team) }] },
    members: { nodes: members.map((id) => ({ id: lc.userId(lc.person(id)) })) },
  };
}

/** The workspace's labels (no team), in the world's order. */
export function issueLabels(lc: LinearContext): JsonObject[] {
  const at = iso(lc.world.company.foundedAt);
  return lc.world.labels.map((l) => {
    const used = lc.world.workItems.filter((i) => i.labels.includes(l.name)).map((i) => i.createdAt);
    return {
      __typename: "IssueLabel",
      id: lc.labelId(l.name),
      name: l.name,
      color: `#${l.color}`,
      description: l.description,
      isGroup: false,
      lastAppliedAt: iso(used.length ? Math.max(...used) : undefined),
      createdAt: at,
      updatedAt: at,
      archivedAt: null,
      retiredAt: null,
      team: null,
      parent: null,
      inheritedFrom: null,
      creator: null,
      organization: { id: lc.orgId() },
    };
  });
}
