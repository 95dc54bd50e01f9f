import { DAY } from "../../world/clock.js";
import type { Sprint, WorkItem, WorkItemStatus } from "../../world/types.js";
import type { LinearContext } from "./context.js";

/**
 * Each team's workflow: Linear's default states, one per world status. `type` is Linear's state
 * category (backlog, unstarted, started, completed, canceled); "To Do" is Linear's "Todo".
 */
export const STATES: ReadonlyArray<{ status: WorkItemStatus; name: string; type: string; color: string; description: string | null }> = [
  { status: "Backlog", name: "Backlog", type: "backlog", color: "#bec2c8", description: null },
  { status: "To Do", name: "Todo", type: "unstarted", color: "#e2e2e2", description: null },
  { status: "In Progress", name: "In Progress", type: "started", color: "#f2c94c", description: null },
  { status: "In Review", name: "In Review", type: "started", color: "#0f7488", description: "Pull request open, waiting for review" },
  { status: "Done", name: "Done", type: "completed", color: "#5e6ad2", description: null },
  { status: "Canceled", name: "Canceled", type: "canceled", color: "#95a2b3", description: null },
];

/** Linear's priorities: 0 none, 1 urgent, 2 high, 3 medium, 4 low. */
export const PRIORITY: Record<WorkItem["priority"], { value: number; label: string }> = {
  Highest: { value: 1, label: "Urgent" },
  High: { value: 2, label: "High" },
  Medium: { value: 3, label: "Medium" },
  Low: { value: 4, label: "Low" },
};

export interface IssueFacts {
  startedAt: number | undefined;
  completedAt: number | undefined;
  canceledAt: number | undefined;
  addedToCycleAt: number | undefined;
}

/** When an item entered a started, completed or canceled state, from its transitions. */
export function issueFacts(lc: LinearContext, item: WorkItem): IssueFacts {
  return lc.once(`facts/${item.key}`, () => {
    const first = (pred: (s: WorkItemStatus) => boolean) => item.transitions.find((t) => pred(t.to))?.at;
    const last = item.transitions.at(-1);
    const sprint = item.sprintId === undefined ? undefined : lc.sprint(item.sprintId);
    return {
      startedAt: first((s) => s === "In Progress" || s === "In Review" || s === "Done"),
      completedAt: item.status === "Done" ? last?.at : undefined,
      canceledAt: item.status === "Canceled" ? last?.at : undefined,
      addedToCycleAt: sprint ? addedToCycle(lc, item, sprint) : undefined,
    };
  });
}

/** Planned into its cycle three days before the cycle starts, or when created if later; never after as-of. */
function addedToCycle(lc: LinearContext, item: WorkItem, sprint: Sprint): number {
  return Math.min(lc.asOf, Math.max(item.createdAt, sprint.startAt - 3 * DAY));
}
