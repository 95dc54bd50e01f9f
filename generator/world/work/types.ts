/** The work-tracking domain's part of the world: work items, their labels, sprints and the trackers' automation. */
export interface WorkPart {
  workItems: WorkItem[];
  labels: Label[];
  /** The company's two-week sprints, oldest first, ending with two future ones. */
  sprints: Sprint[];
  /** The trackers' scheduled stale-work rule (automation.ts), oldest first: none in a pinned generation. */
  staleNudges: StaleNudge[];
}

/** One run of the trackers' stale-work rule: a comment on the open item longest without an update. */
export interface StaleNudge {
  at: number;
  itemKey: string;
  /** The item's last update before the nudge. */
  idleSince: number;
}

export interface Sprint {
  id: number;
  number: number;
  name: string;
  startAt: number;
  /** The last second of the sprint. */
  endAt: number;
  state: "closed" | "active" | "future";
}

export interface Label {
  name: string;
  color: string;
  description: string;
}

export type WorkItemStatus = "Backlog" | "To Do" | "In Progress" | "In Review" | "Done" | "Canceled";

export interface Transition {
  at: number;
  from: WorkItemStatus;
  to: WorkItemStatus;
  byId: number;
}

export interface WorkItem {
  id: number;
  key: string;
  number: number;
  teamId: number;
  type: "Story" | "Bug" | "Task";
  title: string;
  description: string;
  priority: "Highest" | "High" | "Medium" | "Low";
  labels: string[];
  estimate: number;
  reporterId: number;
  assigneeId: number;
  createdAt: number;
  updatedAt: number;
  status: WorkItemStatus;
  transitions: Transition[];
  /** The sprint it was (or is being) worked in; undefined while in the backlog. */
  sprintId?: number;
  /** The SCM work that implements it, when there is any. */
  repoId?: number;
  pullNumber?: number;
}
