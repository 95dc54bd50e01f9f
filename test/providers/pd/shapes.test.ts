import { describe, expect, it } from "vitest";
import { loadCatalog } from "../../../generator/catalog/index.js";
import { PdContext } from "../../../generator/providers/pd/context.js";
import { incident } from "../../../generator/providers/pd/incidents.js";
import { logEntries } from "../../../generator/providers/pd/log-entries.js";
import type { Incident, World } from "../../../generator/world/types.js";
import { PdSpec } from "./openapi.js";
import { liveWorld, onCallAt } from "./world.js";

/**
 * Incident states the live world may not hold at the test instant (today every incident is resolved
 * and none escalated): a world incident replayed as still triggered, as escalated, and as acknowledged
 * after escalating, rendered by the provider's own functions and validated against the description.
 */
const spec = new PdSpec();
const world = liveWorld();
const catalog = loadCatalog("catalog.yaml");

function contextWith(changed: Incident): PdContext {
  const operations = { ...world.operations, incidents: world.operations.incidents.map((i) => (i.id === changed.id ? changed : i)) };
  const w: World = { ...world, operations };
  return new PdContext(w, { pin: { name: "pd", provider: "pd" } as never, catalog, origin: "https://pd.snapverse.dev" });
}

describe("PagerDuty incidents in every state", () => {
  const base = world.operations.incidents.filter((i) => i.createdAt <= world.asOf).at(-1)!;
  const policy = world.operations.policies.find((p) => p.id === base.policyId)!;
  const lead = policy.rules[1]!.target;

  it("renders a triggered incident assigned to the person on call, with no acknowledgement", () => {
    const open: Incident = {
      ...base,
      createdAt: world.asOf - 60_000,
      status: "triggered",
      acknowledgedAt: undefined,
      acknowledgedById: undefined,
      resolvedAt: undefined,
      resolvedById: undefined,
      notes: [],
      alerts: base.alerts.map((a) => ({ ...a, at: world.asOf - 60_000, resolvedAt: undefined })),
    };
    const pd = contextWith(open);
    const body = incident(pd, open);
    expect(spec.validateSchema("Incident", body)).toBeUndefined();
    expect(body.status).toBe("triggered");
    expect(body.acknowledgements).toStrictEqual([]);
    expect((body.assignments as Array<{ assignee: { id: string } }>)[0]!.assignee.id).toBe(pd.userId(open.assigneeId));
    expect(body.alert_counts).toStrictEqual({ all: open.alerts.length, triggered: open.alerts.length, resolved: 0 });
    expect(logEntries(pd, open).map((e) => e.type)).toStrictEqual(["trigger_log_entry", "assign_log_entry", "notify_log_entry"]);
  });

  it("renders an escalated, then acknowledged incident: assigned to the escalation's target", () => {
    const at = world.asOf - 3_600_000;
    const escalated: Incident = {
      ...base,
      createdAt: at,
      escalatedAt: at + 30 * 60_000,
      status: "acknowledged",
      acknowledgedAt: at + 40 * 60_000,
      acknowledgedById: lead.kind === "user" ? lead.id : base.assigneeId,
      resolvedAt: undefined,
      resolvedById: undefined,
      notes: [],
      alerts: base.alerts.map((a) => ({ ...a, at, resolvedAt: undefined })),
    };
    const pd = contextWith(escalated);
    const body = incident(pd, escalated);
    expect(spec.validateSchema("Incident", body)).toBeUndefined();
    const target =
      lead.kind === "user"
        ? lead.id
        : onCallAt(
            world.operations.schedules.find((s) => s.id === lead.id)!,
            escalated.escalatedAt!,
          )!;
    expect((body.assignments as Array<{ assignee: { id: string } }>).map((a) => a.assignee.id)).toStrictEqual([pd.userId(target)]);
    expect((body.acknowledgements as unknown[]).length).toBe(1);
    const log = logEntries(pd, escalated);
    expect(log.map((e) => e.type)).toStrictEqual([
      "trigger_log_entry",
      "assign_log_entry",
      "notify_log_entry",
      "escalate_log_entry",
      "notify_log_entry",
      "acknowledge_log_entry",
    ]);
    for (const e of log) expect(spec.validate(`log_entries/${e.id as string}`, { log_entry: e }), String(e.type)).toBeUndefined();
    expect((log[3]!.assignees as Array<{ id: string }>)[0]!.id).toBe(pd.userId(target));
  });
});
