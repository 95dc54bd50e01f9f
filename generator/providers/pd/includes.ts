import type { JsonObject, JsonValue, Resource } from "../../core/provider.js";
import type { PdContext } from "./context.js";
import { logEntries } from "./log-entries.js";
import { team, user } from "./people.js";
import { policy, service } from "./services.js";

/**
 * `include[]` on the incident list: the references an incident carries replaced by the whole objects,
 * as PagerDuty side-loads them. `services` → `service`, `teams` → `teams[]`, `escalation_policies` →
 * `escalation_policy`, `assignees` (and `users`) → `assignments[].assignee`, `acknowledgers` (and `users`)
 * → `acknowledgements[].acknowledger`, `agents` → `last_status_change_by`, `first_trigger_log_entries`
 * → `first_trigger_log_entry`; `priorities` and `conference_bridge` change nothing (the priority is
 * always whole; there is no bridge). The objects come from a private map of every referenced object.
 */
export const OBJECTS_DATA = "_snapverse/pd/objects.json";

export const INCLUDES = [
  "acknowledgers",
  "agents",
  "assignees",
  "conference_bridge",
  "escalation_policies",
  "first_trigger_log_entries",
  "priorities",
  "services",
  "teams",
  "users",
];

export function* objectResources(pd: PdContext): Generator<Resource> {
  const objects: Record<string, JsonValue> = {};
  for (const p of pd.users) objects[pd.userId(p.id)] = user(pd, p);
  for (const t of pd.teams) objects[pd.teamId(t.id)] = team(pd, t);
  for (const s of pd.world.operations.services) objects[pd.serviceId(s.id)] = service(pd, s);
  for (const p of pd.world.operations.policies) objects[pd.policyId(p.id)] = policy(pd, p);
  for (const i of pd.incidents) for (const e of logEntries(pd, i)) if (e.type === "trigger_log_entry") objects[e.id as string] = e;
  yield { path: OBJECTS_DATA, body: objects };
}

/** An incident with the requested references made whole (a reference not in the map stays as it is). */
export function expand(incident: JsonObject, include: Set<string>, objects: Record<string, JsonObject>): JsonObject {
  const whole = (ref: JsonValue | undefined): JsonValue | undefined => {
    const id = ref && typeof ref === "object" && !Array.isArray(ref) ? (ref.id as string | undefined) : undefined;
    return id !== undefined && objects[id] ? objects[id] : ref;
  };
  const out: JsonObject = { ...incident };
  const users = include.has("users");
  if (include.has("services")) out.service = whole(out.service)!;
  if (include.has("teams")) out.teams = (out.teams as JsonValue[]).map((t) => whole(t)!);
  if (include.has("escalation_policies")) out.escalation_policy = whole(out.escalation_policy)!;
  if (include.has("assignees") || users)
    out.assignments = (out.assignments as JsonObject[]).map((a) => ({ ...a, assignee: whole(a.assignee)! }));
  if (include.has("acknowledgers") || users)
    out.acknowledgements = (out.acknowledgements as JsonObject[]).map((a) => ({ ...a, acknowledger: whole(a.acknowledger)! }));
  if (include.has("agents")) out.last_status_change_by = whole(out.last_status_change_by)!;
  if (include.has("first_trigger_log_entries")) out.first_trigger_log_entry = whole(out.first_trigger_log_entry)!;
  return out;
}
