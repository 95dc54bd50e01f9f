import { beforeAll, describe, expect, it } from "vitest";
import { liveHostSelected } from "../../support/live-hosts.js";
import { type Any, ok, walk } from "./http.js";
import { DAY, accountIncidents, isoSeconds, liveWorld, onCallAt } from "./world.js";

/**
 * Issue 14's coherence items that concern PagerDuty, read from the served host and checked against the
 * world: on-call people are members of the team that owns the service; every incident's trigger (named
 * by its alerts and its trigger log entry) is a deployment or an error group that exists in the world, or
 * a monitor's check that came through one of the service's integrations (which triggers the incident and,
 * when the check recovers, resolves it); the first assignee is the person on call for the service's team
 * when the incident opened.
 */
const run = liveHostSelected("pd") ? describe : describe.skip;
const world = liveWorld();

run("PagerDuty host: coherence with the world", () => {
  let services: Any[] = [];
  let policies: Any[] = [];
  let incidents: Any[] = [];
  const userPerson = new Map<string, number>();
  const teamOf = new Map<string, number>();

  beforeAll(async () => {
    services = (await walk("services", "services")).items;
    policies = (await walk("escalation_policies", "escalation_policies")).items;
    incidents = (await walk("incidents", "incidents", [["date_range", "all"]])).items;
    for (const u of (await walk("users", "users")).items) userPerson.set(u.id, world.people.find((p) => p.email === u.email)!.id);
    for (const t of (await walk("teams", "teams")).items) teamOf.set(t.id, world.teams.find((x) => x.name === t.name)!.id);
  });

  it("puts on call only members of the team that owns the service", async () => {
    const oncalls = (
      await walk("oncalls", "oncalls", [
        ["since", isoSeconds(world.start)],
        ["until", isoSeconds(world.asOf + 28 * DAY)],
      ])
    ).items;
    expect(services.length).toBe(world.operations.services.length);
    let checked = 0;
    for (const s of services) {
      const team = s.teams[0].id as string;
      const members = new Set((await walk(`teams/${team}/members`, "members")).items.map((m) => m.user.id as string));
      const policy = policies.find((p) => p.id === s.escalation_policy.id)!;
      expect(policy.teams.map((t: Any) => t.id)).toStrictEqual([team]);
      for (const o of oncalls.filter((x) => x.escalation_policy.id === policy.id)) {
        expect(members.has(o.user.id), `${o.user.summary} on call for ${s.name}`).toBe(true);
        expect(world.people[userPerson.get(o.user.id)! - 1]!.teamId).toBe(teamOf.get(team));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(services.length);
  });

  it("triggers every incident by a deployment or an error group of the world, or a monitor through the service's integration", async () => {
    expect(incidents.length).toBe(accountIncidents(world).length);
    for (const inc of incidents) {
      const alerts = (await walk(`incidents/${inc.id}/alerts`, "alerts")).items;
      expect(alerts.length).toBeGreaterThan(0);
      const d = alerts[0]!.body.details as Any;
      const service = world.operations.services.find((s) => s.name === inc.service.summary)!;
      if (d.source === "deployment") {
        const repo = world.repos.find((r) => r.name === d.repository)!;
        expect(repo.id).toBe(service.repoId);
        const deployment = repo.deployments.find((x) => x.id === d.deployment_id);
        expect(deployment, `deployment ${d.deployment_id} of ${repo.name}`).toBeDefined();
        expect(deployment!.sha).toBe(d.sha);
        expect(deployment!.createdAt).toBeLessThanOrEqual(Date.parse(inc.created_at));
      } else if (d.source === "monitor") {
        const integrations = (await ok(`services/${inc.service.id}`)).service.integrations as Any[];
        const through = integrations.find((x) => x.summary === d.integration)!;
        expect(through, `${d.integration} on ${service.name}`).toBeDefined();
        expect(alerts[0]!.integration).toStrictEqual(through);
        expect((await ok(`services/${inc.service.id}/integrations/${through.id}`)).integration.service.id).toBe(inc.service.id);
        const source = world.operations.incidents.find((x) => x.number === inc.incident_number)!;
        expect(source.trigger).toStrictEqual({ kind: "monitor", monitor: d.integration, check: d.check, query: d.query });
        expect([inc.urgency, source.statusPage, source.postmortem]).toStrictEqual(["low", undefined, undefined]);
        const log = (await walk(`incidents/${inc.id}/log_entries`, "log_entries")).items;
        expect(log.find((e) => e.type === "trigger_log_entry")!.agent).toStrictEqual(through);
        const resolve = log.find((e) => e.type === "resolve_log_entry");
        if (resolve && source.resolvedById === undefined)
          expect([resolve.agent, resolve.summary]).toStrictEqual([through, "Resolved through the API."]);
        else if (resolve) expect(userPerson.get(resolve.agent.id)).toBe(source.resolvedById);
      } else {
        expect(d.source).toBe("errors");
        const error = world.operations.errors.find((e) => e.id === d.error_id);
        expect(error, `error group ${d.error_id}`).toBeDefined();
        expect(error!.serviceId).toBe(service.id);
        expect(error!.firstSeen).toBeLessThanOrEqual(Date.parse(inc.created_at));
      }
      const log = (await walk(`incidents/${inc.id}/log_entries`, "log_entries")).items;
      const trigger = log.find((e) => e.type === "trigger_log_entry")!;
      expect(trigger.id).toBe(inc.first_trigger_log_entry.id);
      expect(trigger.channel.details).toStrictEqual(
        Object.fromEntries(Object.entries(d).filter(([k]) => k !== "monitor" && k !== "summary")),
      );
    }
  });

  it("assigns each incident first to the person on call for the service's team when it opened", async () => {
    for (const inc of incidents) {
      const log = (await walk(`incidents/${inc.id}/log_entries`, "log_entries")).items;
      const assign = log.filter((e) => e.type === "assign_log_entry").at(-1)!;
      expect(assign.created_at).toBe(inc.created_at);
      const service = world.operations.services.find((s) => s.name === inc.service.summary)!;
      const policy = world.operations.policies.find((p) => p.id === service.policyId)!;
      const target = policy.rules[0]!.target;
      expect(target.kind).toBe("schedule");
      const schedule = world.operations.schedules.find((s) => s.id === (target as { id: number }).id)!;
      const onCall = onCallAt(schedule, Date.parse(inc.created_at));
      expect(userPerson.get(assign.assignees[0].id), `incident #${inc.incident_number}`).toBe(onCall);
      expect(world.people[onCall! - 1]!.teamId).toBe(service.teamId);
    }
  });
});
