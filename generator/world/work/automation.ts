import { DAY, isoSeconds, scheduleSlots } from "../clock.js";
import type { WorldInput } from "../input.js";
import type { StaleNudge, WorkItem } from "./types.js";

/** How long an open item must have gone without an update before the rule nudges it. */
const IDLE = DAY;

/**
 * The trackers' scheduled "stale work" rule (live universe only: it runs on Generation.schedule, and a
 * pinned generation has none). At every slot it looks at the open items (not Done or Canceled) and takes
 * the one that has gone longest without an update (its creation, a status change, or this rule's own
 * last nudge); when that is a day or more, it comments on it, asking the assignee whether it is still on
 * track. Commenting is an update, so the next run moves on to the next stalest item: one nudge per run,
 * never a storm. Jira renders it as an Automation for Jira scheduled rule, Linear as an API app's comment.
 *
 * A slot's choice depends only on what happened up to that slot, so a later as-of only appends nudges.
 * Each run draws from its own stream (`automation/stale/<slot>`): no other value moves.
 */
export function buildStaleNudges(c: Pick<WorldInput, "rng" | "workItems" | "schedule" | "start" | "asOf">): StaleNudge[] {
  const { rng, workItems: items, schedule, start, asOf } = c;
  if (!schedule) return [];
  const nudges: StaleNudge[] = [];
  const lastNudge = new Map<string, number>();
  for (const slot of scheduleSlots(schedule, start, asOf)) {
    let pick: { item: WorkItem; since: number } | undefined;
    for (const item of items) {
      if (item.createdAt > slot) continue;
      let status = "To Do";
      let since = item.createdAt;
      for (const t of item.transitions) {
        if (t.at > slot) break;
        status = t.to;
        since = t.at;
      }
      if (status === "Done" || status === "Canceled") continue;
      since = Math.max(since, lastNudge.get(item.key) ?? 0);
      if (!pick || since < pick.since) pick = { item, since };
    }
    if (!pick || slot - pick.since < IDLE) continue;
    // The rule's run starts on the slot; its comment lands within the next minute or two.
    const at = slot + rng(`automation/stale/${isoSeconds(slot)}`).int(4, 90) * 1000;
    if (at > asOf) break;
    nudges.push({ at, itemKey: pick.item.key, idleSince: pick.since });
    lastNudge.set(pick.item.key, at);
  }
  return nudges;
}
