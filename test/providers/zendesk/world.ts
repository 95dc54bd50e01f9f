import type { Ticket, World } from "../../../generator/world/types.js";

export { liveWorld } from "../../support/live-hosts.js";

/** What the tests expect of the Zendesk account, from the world (never from the served files). */
export function expectedTickets(world: World): Ticket[] {
  const contacts = new Set(world.commerce.contacts.filter((c) => c.createdAt <= world.asOf).map((c) => c.id));
  return world.commerce.tickets.filter((t) => t.createdAt <= world.asOf && contacts.has(t.contactId)).sort((a, b) => a.id - b.id);
}

/** End users (contacts), agents (support staff) and admins (the site administrators), by id. */
export function expectedUsers(world: World): Array<{ id: number; name: string; email: string; role: string }> {
  const endUsers = world.commerce.contacts
    .filter((c) => c.createdAt <= world.asOf)
    .map((c) => ({ id: c.id, name: `${c.firstName} ${c.lastName}`, email: c.email, role: "end-user" }));
  const agents = world.commerce.staff
    .filter((s) => s.team === "Support" && s.joinedAt <= world.asOf)
    .map((s) => ({ id: s.id, name: s.name, email: s.email, role: "agent" }));
  const admins = world.people
    .filter((p) => p.admin && p.joinedAt <= world.asOf)
    .map((p) => ({ id: p.id, name: p.name, email: p.email, role: "admin" }));
  return [...endUsers, ...agents, ...admins].sort((a, b) => a.id - b.id);
}

export function expectedOrganizations(world: World) {
  return world.commerce.companies.filter((c) => c.createdAt <= world.asOf).sort((a, b) => a.id - b.id);
}

export const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
