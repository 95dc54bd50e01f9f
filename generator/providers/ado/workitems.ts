import type { JsonValue, Pagination, Resource } from "../../core/provider.js";
import type { WorkItem, WorkItemStatus } from "../../world/types.js";
import { isoFull, type AdoContext } from "./context.js";
import { commentCountAt, historyAt } from "./boards.js";
import { valueList } from "./lists.js";

/**
 * Boards: the world's work items under the Agile process (User Story, Bug, Task; New, Active,
 * Resolved, Closed, Removed). Work item ids are the world's ids; the tracker key (PAY-5123) is the
 * first tag, as teams that moved from Jira keep it. Each item is served plain and with
 * `$expand=all` (relations to its pull request and to the commits that cite its key, and links), with
 * its updates: one revision at creation and one per status change, rebuilt from the same field snapshots.
 */
export const AGILE_TYPE: Record<WorkItem["type"], string> = { Story: "User Story", Bug: "Bug", Task: "Task" };

export function agileState(item: Pick<WorkItem, "type">, status: WorkItemStatus): string {
  switch (status) {
    case "Backlog":
    case "To Do":
      return "New";
    case "In Progress":
      return "Active";
    case "In Review":
      return item.type === "Task" ? "Active" : "Resolved";
    case "Done":
      return "Closed";
    case "Canceled":
      return "Removed";
  }
}

const REASONS: Record<string, Record<string, string>> = {
  "User Story": {
    New: "New",
    Active: "Implementation started",
    Resolved: "Code complete and unit tests pass",
    Closed: "Acceptance tests pass",
    Removed: "Removed from the backlog",
  },
  Bug: { New: "New", Active: "Approved", Resolved: "Fixed", Closed: "Verified", Removed: "Removed from the backlog" },
  Task: { New: "New", Active: "Work started", Closed: "Completed", Removed: "Removed from the backlog" },
};

const PRIORITY: Record<WorkItem["priority"], number> = { Highest: 1, High: 2, Medium: 3, Low: 4 };

function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** The number of revisions: the creation and one per transition. */
export function revisions(item: WorkItem): number {
  return 1 + item.transitions.length;
}

/** The item's fields as of revision `rev` (1-based), in the order Azure DevOps writes them. */
export function fieldsAt(ado: AdoContext, item: WorkItem, rev: number): Record<string, JsonValue> {
  const type = AGILE_TYPE[item.type];
  const applied = item.transitions.slice(0, rev - 1);
  const status = applied.at(-1)?.to ?? item.transitions[0]?.from ?? item.status;
  const state = agileState(item, status);
  const changedAt = applied.at(-1)?.at ?? item.createdAt;
  const changedBy = applied.at(-1)?.byId ?? item.reporterId;
  const team = ado.world.teams.find((t) => t.id === item.teamId)!;
  const sprint = item.sprintId !== undefined ? ado.world.sprints.find((s) => s.id === item.sprintId) : undefined;
  // The first time the item entered each state, up to this revision.
  const entered = (s: string) => applied.find((t) => agileState(item, t.to) === s && agileState(item, t.from) !== s);
  const stateChange = [...applied].reverse().find((t) => agileState(item, t.to) !== agileState(item, t.from));
  const who = (id: number) => ado.identity(ado.person(id));
  const fields: Record<string, JsonValue> = {
    "System.AreaPath": `${ado.projectName}\\${team.name}`,
    "System.TeamProject": ado.projectName,
    "System.IterationPath": sprint ? `${ado.projectName}\\${sprint.name}` : ado.projectName,
    "System.WorkItemType": type,
    "System.State": state,
    "System.Reason": REASONS[type]![state] ?? "New",
    "System.AssignedTo": who(item.assigneeId),
    "System.CreatedDate": isoFull(item.createdAt),
    "System.CreatedBy": who(item.reporterId),
    "System.ChangedDate": isoFull(changedAt),
    "System.ChangedBy": who(changedBy),
    "System.CommentCount": commentCountAt(ado, item, rev),
    "System.Title": item.title,
  };
  if (type !== "Task" && state !== "Removed") {
    fields["System.BoardColumn"] = status;
    fields["System.BoardColumnDone"] = false;
  }
  fields["Microsoft.VSTS.Common.StateChangeDate"] = isoFull(stateChange?.at ?? item.createdAt);
  const activated = entered("Active");
  if (activated && state !== "New") {
    fields["Microsoft.VSTS.Common.ActivatedDate"] = isoFull(activated.at);
    fields["Microsoft.VSTS.Common.ActivatedBy"] = who(activated.byId);
  }
  const resolved = entered("Resolved");
  if (resolved && (state === "Resolved" || state === "Closed")) {
    fields["Microsoft.VSTS.Common.ResolvedDate"] = isoFull(resolved.at);
    fields["Microsoft.VSTS.Common.ResolvedBy"] = who(resolved.byId);
  }
  const closed = entered("Closed");
  if (closed && state === "Closed") {
    fields["Microsoft.VSTS.Common.ClosedDate"] = isoFull(closed.at);
    fields["Microsoft.VSTS.Common.ClosedBy"] = who(closed.byId);
  }
  fields["Microsoft.VSTS.Common.Priority"] = PRIORITY[item.priority];
  if (type === "Task")
    fields["Microsoft.VSTS.Scheduling.RemainingWork"] = state === "Closed" || state === "Removed" ? 0 : item.estimate * 4;
  else {
    fields["Microsoft.VSTS.Scheduling.StoryPoints"] = item.estimate;
    fields["Microsoft.VSTS.Common.ValueArea"] = "Business";
  }
  fields[type === "Bug" ? "Microsoft.VSTS.TCM.ReproSteps" : "System.Description"] = `<div>${escapeHtml(item.description)}</div>`;
  fields["System.Tags"] = [item.key, ...item.labels].join("; ");
  return fields;
}

function relations(ado: AdoContext, item: WorkItem): JsonValue[] {
  const out: JsonValue[] = [];
  const repo = item.repoId !== undefined ? ado.repo(item.repoId) : undefined;
  if (repo) {
    const attrs = (name: string, at: number, id: number) => ({
      authorizedDate: isoFull(at),
      id,
      resourceCreatedDate: isoFull(at),
      resourceModifiedDate: isoFull(at),
      revisedDate: "9999-01-01T00:00:00Z",
      name,
    });
    const pr = item.pullNumber !== undefined ? repo.pulls.find((p) => p.number === item.pullNumber) : undefined;
    if (pr)
      out.push({
        rel: "ArtifactLink",
        url: `vstfs:///Git/PullRequestId/${ado.projectId}%2F${ado.repoId(repo)}%2F${ado.pullId(repo, pr)}`,
        attributes: attrs("Pull Request", pr.createdAt, 1000 + out.length),
      });
    for (const c of repo.mainCommits.filter((x) => x.keys.includes(item.key))) {
      out.push({
        rel: "ArtifactLink",
        url: `vstfs:///Git/Commit/${ado.projectId}%2F${ado.repoId(repo)}%2F${c.sha}`,
        attributes: attrs("Fixed in Commit", c.committedAt, 1000 + out.length),
      });
    }
  }
  return out;
}

export function workItem(ado: AdoContext, item: WorkItem, expand: boolean): JsonValue {
  const url = ado.workItemUrl(item.id);
  const rev = revisions(item);
  const fields = fieldsAt(ado, item, rev);
  if (!expand) return { id: item.id, rev, fields, url };
  const type = AGILE_TYPE[item.type];
  return {
    id: item.id,
    rev,
    fields,
    relations: relations(ado, item),
    _links: {
      self: { href: url },
      workItemUpdates: { href: `${url}/updates` },
      workItemRevisions: { href: `${url}/revisions` },
      workItemComments: { href: `${url}/comments` },
      html: { href: `${ado.web}/${ado.org}/${ado.projectId}/_workitems/edit/${item.id}` },
      workItemType: { href: `${ado.orgUrl}/${ado.projectId}/_apis/wit/workItemTypes/${encodeURIComponent(type)}` },
      fields: { href: `${ado.orgUrl}/${ado.projectId}/_apis/wit/fields` },
    },
    url,
  };
}

function updates(ado: AdoContext, item: WorkItem): JsonValue[] {
  const url = ado.workItemUrl(item.id);
  const n = revisions(item);
  const out: JsonValue[] = [];
  let before: Record<string, JsonValue> = {};
  for (let rev = 1; rev <= n; rev++) {
    const now = fieldsAt(ado, item, rev);
    const changed: Record<string, JsonValue> = rev === 1 ? { "System.Id": { newValue: item.id } } : {};
    changed["System.Rev"] = rev === 1 ? { newValue: 1 } : { oldValue: rev - 1, newValue: rev };
    for (const [k, v] of Object.entries(now)) {
      const old = before[k];
      if (old === undefined) changed[k] = { newValue: v };
      else if (JSON.stringify(old) !== JSON.stringify(v)) changed[k] = { oldValue: old, newValue: v };
    }
    for (const k of Object.keys(before)) if (!(k in now)) changed[k] = { oldValue: before[k]! };
    // A comment saved with the revision is its history entry.
    const history = historyAt(ado, item, rev);
    if (history !== undefined) changed["System.History"] = { newValue: history };
    const by = ado.person(rev === 1 ? item.reporterId : item.transitions[rev - 2]!.byId);
    const ref = ado.identity(by);
    const next = rev < n ? isoFull(item.transitions[rev - 1]!.at) : "9999-01-01T00:00:00Z";
    out.push({
      id: rev,
      workItemId: item.id,
      rev,
      revisedBy: {
        id: ref.id!,
        name: `${by.name} <${by.email}>`,
        displayName: by.name,
        url: ref.url!,
        _links: ref._links!,
        uniqueName: by.email,
        imageUrl: ref.imageUrl!,
        descriptor: ref.descriptor!,
      },
      revisedDate: next,
      fields: changed,
      url: `${url}/updates/${rev}`,
    });
    before = now;
  }
  return out;
}

export function* workItemResources(ado: AdoContext, p: Pagination): Generator<Resource> {
  const base = `${ado.org}/_apis/wit/workItems`;
  for (const item of ado.world.workItems) {
    yield { path: `${base}/${item.id}`, body: workItem(ado, item, false) };
    yield { path: `${base}/${item.id}`, query: { $expand: "all" }, body: workItem(ado, item, true) };
    const list = updates(ado, item);
    yield* valueList(p, `${base}/${item.id}/updates`, list);
    for (const [i, u] of list.entries()) yield { path: `${base}/${item.id}/updates/${i + 1}`, body: u };
    // Revisions: the item as it stood at each revision (the same field snapshots as the updates).
    const revs = Array.from({ length: revisions(item) }, (_, i) => ({
      id: item.id,
      rev: i + 1,
      fields: fieldsAt(ado, item, i + 1),
      url: `${ado.workItemUrl(item.id)}/revisions/${i + 1}`,
    }));
    yield* valueList(p, `${base}/${item.id}/revisions`, revs);
    for (const r of revs) yield { path: `${base}/${item.id}/revisions/${r.rev}`, body: r };
  }
}
