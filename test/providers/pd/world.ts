import { DAY, isoSeconds } from "../../../generator/world/clock.js";
import type { Incident, OnCallSchedule, World } from "../../../generator/world/types.js";
import { liveWorld } from "../../support/live-hosts.js";

export { DAY, isoSeconds, liveWorld };

/** Who is on call on a schedule at an instant, from the world's shifts. */
export function onCallAt(s: OnCallSchedule, at: number): number | undefined {
  return s.shifts.find((sh) => sh.start <= at && at < sh.end)?.personId;
}

/** The incidents on the account at as-of (created by then), oldest first. */
export function accountIncidents(world: World): Incident[] {
  return world.operations.incidents.filter((i) => i.createdAt <= world.asOf);
}

/** Their status at as-of, from the instants (resolved, acknowledged, or still triggered). */
export function statusAt(world: World, i: Incident): "triggered" | "acknowledged" | "resolved" {
  if (i.resolvedAt !== undefined && i.resolvedAt <= world.asOf) return "resolved";
  if (i.acknowledgedAt !== undefined && i.acknowledgedAt <= world.asOf) return "acknowledged";
  return "triggered";
}

/** Incidents not resolved at as-of. */
export function openIncidents(world: World): Incident[] {
  return accountIncidents(world).filter((i) => statusAt(world, i) !== "resolved");
}
