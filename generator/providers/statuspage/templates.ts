import type { JsonValue } from "../../core/provider.js";
import type { SpContext } from "./context.js";

/**
 * Incident templates: the update texts the team posts again and again. Read off the world's updates: a
 * (status, body) pair posted on at least two incidents (or two maintenances) and naming no service is a
 * saved template, named after its status; listed in the order of the incident's life.
 */
const LIFE = ["investigating", "identified", "monitoring", "resolved", "scheduled", "in_progress", "verifying", "completed"];
const LABEL: Record<string, string> = {
  investigating: "Investigating",
  identified: "Identified",
  monitoring: "Monitoring a fix",
  resolved: "Resolved",
  scheduled: "Maintenance scheduled",
  in_progress: "Maintenance in progress",
  verifying: "Verifying maintenance",
  completed: "Maintenance completed",
};

export function templateList(sp: SpContext): JsonValue[] {
  const uses = new Map<string, { status: string; body: string; kind: "incident" | "maintenance"; count: number }>();
  const count = (kind: "incident" | "maintenance", status: string, body: string) => {
    const key = `${kind}\u0000${status}\u0000${body}`;
    const seen = uses.get(key) ?? { status, body, kind, count: 0 };
    seen.count++;
    uses.set(key, seen);
  };
  for (const i of sp.incidents) {
    if (i.kind === "realtime")
      for (const u of new Set(i.part.updates.filter((x) => x.at <= sp.asOf).map((x) => `${x.status}\u0000${x.body}`)))
        count("incident", ...(u.split("\u0000") as [string, string]));
    else
      for (const u of new Set(i.maintenance.updates.filter((x) => x.at <= sp.asOf).map((x) => `${x.status}\u0000${x.body}`)))
        count("maintenance", ...(u.split("\u0000") as [string, string]));
  }
  const slugs = sp.world.operations.services.map((s) => s.slug);
  return [...uses.values()]
    .filter((t) => t.count >= 2 && !slugs.some((slug) => t.body.includes(slug)))
    .sort((a, b) => LIFE.indexOf(a.status) - LIFE.indexOf(b.status) || (a.body < b.body ? -1 : a.body > b.body ? 1 : 0))
    .map((t) => ({
      id: sp.id(`template/${t.kind}/${t.status}/${t.body}`),
      components: [],
      name: LABEL[t.status] ?? t.status,
      title: t.kind === "incident" ? "Service disruption" : "Scheduled maintenance",
      body: t.body,
      group_id: null,
      update_status: t.status,
      should_tweet: false,
      should_send_notifications: true,
    }));
}
