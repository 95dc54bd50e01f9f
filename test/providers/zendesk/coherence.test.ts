import { describe, expect, inject, it } from "vitest";
import { expectedOrganizations, expectedTickets, liveWorld } from "./world.js";

/**
 * The Zendesk account is the world's customer support, as a company running HubSpot and Zendesk side by
 * side would have it: organizations are the CRM's companies (same names and domains), end users its
 * contacts, agents the Support team's staff, tickets its tickets; escalated tickets cite, in a comment
 * and in the "Engineering issue" field, the key of a bug that exists in Jira or Linear; every comment is
 * by the requester or an agent, within the ticket's life and never after as-of.
 */
const base = `${inject("baseUrl")}/zendesk/api/v2`;
const headers = { Authorization: "Bearer coherence" };
const world = liveWorld();
type Any = Record<string, any>;

async function get(path: string): Promise<Any> {
  const res = await fetch(`${base}/${path}`, { headers });
  expect(res.status, path).toBe(200);
  return (await res.json()) as Any;
}

async function all(path: string, envelope: string): Promise<Any[]> {
  const out: Any[] = [];
  for (let url: string | undefined = `${base}/${path}`; url;) {
    const body = (await (await fetch(url, { headers })).json()) as Any;
    out.push(...(body[envelope] as Any[]));
    url = body.meta.has_more ? body.links.next : undefined;
  }
  return out;
}

describe("Zendesk coherence with the world", () => {
  it("organizations are the CRM's companies, with the same names and domains", async () => {
    const orgs = await all("organizations.json", "organizations");
    expect(orgs.map((o) => `${o.id} ${o.name} ${o.domain_names.join(",")}`)).toStrictEqual(
      expectedOrganizations(world).map((c) => `${c.id} ${c.name} ${c.domain}`),
    );
  });

  it("end users are the CRM's contacts in their companies, and agents the Support team", async () => {
    const users = await all("users.json", "users");
    const contacts = world.commerce.contacts.filter((c) => c.createdAt <= world.asOf);
    const endUsers = users.filter((u) => u.role === "end-user");
    expect(endUsers.map((u) => `${u.name} ${u.email} ${u.organization_id}`).sort()).toStrictEqual(
      contacts.map((c) => `${c.firstName} ${c.lastName} ${c.email} ${c.companyId}`).sort(),
    );
    const agents = users.filter((u) => u.role === "agent");
    expect(agents.map((u) => u.email).sort()).toStrictEqual(
      world.commerce.staff
        .filter((s) => s.team === "Support")
        .map((s) => s.email)
        .sort(),
    );
    const admins = users.filter((u) => u.role === "admin");
    expect(admins.map((u) => u.email)).toStrictEqual(world.people.filter((p) => p.admin).map((p) => p.email));
    // Every ticket is assigned to an agent of the Support team.
    const agentIds = new Set(agents.map((a) => a.id));
    for (const t of await all("tickets.json", "tickets")) expect(agentIds.has(t.assignee_id), `${t.id}`).toBe(true);
  });

  it("escalated tickets cite the keys of bugs that exist, in a comment and in the Engineering issue field", async () => {
    const fields = await all("ticket_fields.json", "ticket_fields");
    const field = fields.find((f) => f.title === "Engineering issue")!;
    const items = new Map(world.workItems.map((w) => [w.key, w]));
    const escalated = expectedTickets(world).filter((t) => t.workItemKey);
    expect(escalated.length).toBeGreaterThan(0);
    for (const t of escalated) {
      const ticket = (await get(`tickets/${t.id}.json`)).ticket as Any;
      const key = (ticket.custom_fields as Any[]).find((f) => f.id === field.id)!.value as string;
      expect(key).toBe(t.workItemKey);
      expect(items.get(key)?.type, key).toBe("Bug");
      const comments = await all(`tickets/${t.id}/comments.json`, "comments");
      // The internal note follows the first reply by an hour or two: a ticket younger than that may not have it yet.
      const age = Math.min(t.closedAt ?? world.asOf, world.asOf) - t.createdAt;
      if (age >= 3 * 3_600_000)
        expect(
          comments.some((c) => c.public === false && String(c.body).includes(key)),
          `${t.id}`,
        ).toBe(true);
      expect(ticket.tags).toContain("escalated");
    }
  });

  it("comments are by the requester or an agent, within the ticket's life; ratings only on solved tickets", async () => {
    const staffIds = new Set(world.commerce.staff.map((s) => s.id));
    for (const t of expectedTickets(world)) {
      const comments = await all(`tickets/${t.id}/comments.json`, "comments");
      expect(comments[0]!.author_id).toBe(t.contactId);
      const end = Math.min(t.closedAt ?? world.asOf, world.asOf);
      for (const c of comments) {
        expect(c.author_id === t.contactId || staffIds.has(c.author_id), `${t.id}/${c.id}`).toBe(true);
        const at = Date.parse(c.created_at);
        expect(at >= t.createdAt - 999 && at <= end, `${t.id}/${c.id} at ${c.created_at}`).toBe(true);
      }
    }
    const solved = new Map(
      expectedTickets(world)
        .filter((t) => t.closedAt !== undefined && t.closedAt <= world.asOf)
        .map((t) => [t.id, t]),
    );
    for (const r of await all("satisfaction_ratings.json", "satisfaction_ratings")) {
      const t = solved.get(r.ticket_id);
      expect(t, `${r.id}`).toBeDefined();
      expect(Date.parse(r.created_at)).toBeGreaterThanOrEqual(t!.closedAt! - 999);
      expect(Date.parse(r.created_at)).toBeLessThanOrEqual(world.asOf);
      expect([r.requester_id, r.assignee_id]).toStrictEqual([t!.contactId, t!.ownerId]);
    }
  });
});
