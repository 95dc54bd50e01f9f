import { DAY, weekday } from "../clock.js";
import type { WorldInput } from "../input.js";
import type { Sprint, WorkItem } from "./types.js";

const LENGTH_DAYS = 14;
const FUTURE_SPRINTS = 2;

/**
 * The company's two-week sprint cadence: from the Monday on or before the generation's start (so every
 * item's work falls in a sprint), to two
 * sprints past the as-of time. Every team runs on it (Jira sprints, Linear cycles, GitLab iterations and
 * Azure DevOps iterations are all renderings of these). A pure function of the two instants, so a later
 * as-of only appends sprints. Each work item is assigned its sprint (assignSprints).
 */
export function buildSprints(c: Pick<WorldInput, "start" | "asOf" | "workItems">): Sprint[] {
  const { start, asOf } = c;
  let first = start - (start % DAY);
  while (weekday(first) !== 1) first -= DAY;
  const sprints: Sprint[] = [];
  for (let n = 1; ; n++) {
    const startAt = first + (n - 1) * LENGTH_DAYS * DAY;
    const endAt = startAt + LENGTH_DAYS * DAY - 1000;
    const state = endAt < asOf ? "closed" : startAt <= asOf ? "active" : "future";
    sprints.push({ id: n, number: n, name: `Sprint ${n}`, startAt, endAt, state });
    if (state === "future" && sprints.filter((s) => s.state === "future").length >= FUTURE_SPRINTS) break;
  }
  assignSprints(c.workItems, sprints);
  return sprints;
}

/**
 * The sprint an item belongs to: the one in which work on it started; an item not started yet belongs
 * to the active sprint when it was created in it, and otherwise stays in the backlog.
 */
function assignSprints(items: WorkItem[], sprints: Sprint[]): void {
  const at = (t: number) => sprints.find((s) => s.startAt <= t && t <= s.endAt);
  for (const item of items) {
    const started = item.transitions.find((t) => t.to === "In Progress")?.at;
    const sprint = started !== undefined ? at(started) : at(item.createdAt)?.state === "active" ? at(item.createdAt) : undefined;
    if (sprint) item.sprintId = sprint.id;
  }
}
