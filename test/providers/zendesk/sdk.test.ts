import { createRequire } from "node:module";
import { describe, expect, inject, it } from "vitest";
import { expectedOrganizations, expectedTickets, expectedUsers, liveWorld } from "./world.js";

/**
 * The workflow of node-zendesk 6.0.1 given only `endpointUri` (it takes any base URL, http included) and
 * an email/token pair: the current user, every ticket, user and organization paged to the end (the client
 * asks for `page[size]=100` and follows `links.next`), one escalated ticket with its comments and metrics,
 * groups, ticket fields and satisfaction ratings, then the incremental ticket export from a start time and
 * on from each page's cursor to the end of the stream, and the time-based user export. Expected values
 * come from the world.
 */
const require = createRequire(import.meta.url);
type Any = Record<string, any>;
const zendesk = require("node-zendesk") as { createClient(options: Record<string, unknown>): Any };

const endpointUri = `${inject("baseUrl")}/zendesk/api/v2`;
const client = zendesk.createClient({
  username: "agent@kestrelworks.io",
  token: "snapverse-test-token",
  endpointUri,
  throwOriginalException: true,
});
const world = liveWorld();
const tickets = expectedTickets(world);

describe("Zendesk Support workflow with node-zendesk 6.0.1", () => {
  it("reads the current user, and lists every ticket, user and organization to the end", async () => {
    const me = (await client.users.me()).result as Any;
    const admin = world.people.find((p) => p.admin)!;
    expect([me.id, me.name, me.email, me.role]).toStrictEqual([admin.id, admin.name, admin.email, "admin"]);

    const listed = (await client.tickets.list()) as Any[];
    expect(listed.map((t) => t.id)).toStrictEqual(tickets.map((t) => t.id));
    expect(listed.map((t) => t.subject)).toStrictEqual(tickets.map((t) => t.subject));

    const users = (await client.users.list()) as Any[];
    expect(users.length).toBeGreaterThan(100);
    expect(users.map((u) => `${u.id} ${u.name} ${u.email} ${u.role}`)).toStrictEqual(
      expectedUsers(world).map((u) => `${u.id} ${u.name} ${u.email} ${u.role}`),
    );

    const orgs = (await client.organizations.list()) as Any[];
    expect(orgs.map((o) => `${o.name} ${o.domain_names[0]}`)).toStrictEqual(
      expectedOrganizations(world).map((c) => `${c.name} ${c.domain}`),
    );
  });

  it("gets an escalated ticket, its comments (requester first, an internal note citing the bug) and its metrics", async () => {
    const escalated = tickets.find((t) => t.workItemKey && t.closedAt !== undefined && t.closedAt <= world.asOf)!;
    const ticket = (await client.tickets.show(escalated.id)).result as Any;
    const many = (await client.tickets.showMany([escalated.id, tickets[0]!.id])).result as Any[];
    expect(many.map((t) => t.id).sort((a, b) => a - b)).toStrictEqual([escalated.id, tickets[0]!.id].sort((a, b) => a - b));
    expect([ticket.id, ticket.requester_id, ticket.assignee_id, ticket.organization_id]).toStrictEqual([
      escalated.id,
      escalated.contactId,
      escalated.ownerId,
      escalated.companyId,
    ]);
    expect(ticket.custom_fields.map((f: Any) => f.value)).toContain(escalated.workItemKey);
    expect(["solved", "closed"]).toContain(ticket.status);

    const comments = (await client.tickets.getComments(escalated.id)) as Any[];
    expect(comments[0]!.author_id).toBe(escalated.contactId);
    expect(comments[0]!.body).toBe(ticket.description);
    const note = comments.find((c) => c.public === false)!;
    expect(note.body).toContain(escalated.workItemKey);
    expect(comments.map((c) => c.created_at)).toStrictEqual([...comments.map((c) => c.created_at)].sort());

    // node-zendesk unwraps only the envelopes it names for tickets; `ticket_metric` stays wrapped.
    const metric = ((await client.tickets.listMetrics(escalated.id)).result as Any).ticket_metric as Any;
    expect(metric.ticket_id).toBe(escalated.id);
    expect(metric.solved_at).not.toBeNull();
  });

  it("lists groups, ticket fields and satisfaction ratings", async () => {
    const groups = (await client.groups.list()) as Any[];
    expect(groups.map((g) => g.name).sort()).toStrictEqual(["Customer Success", "Engineering Escalations", "Support"]);
    const fields = (await client.ticketfields.list()) as Any[];
    expect(fields.map((f) => f.type)).toContain("priority");
    expect(fields.find((f) => f.title === "Engineering issue")?.type).toBe("text");
    const ratings = (await client.satisfactionratings.list()) as Any[];
    const rated = new Set(ratings.map((r) => r.ticket_id));
    for (const id of rated) expect(tickets.find((t) => t.id === id)?.closedAt).toBeDefined();
  });

  it("exports tickets incrementally from a start time, then from each cursor to the end of the stream", async () => {
    const start = Math.floor(world.start / 1000);
    const first = (await client.ticketexport.get(["incremental", "tickets", "cursor", { start_time: start }])).result as Any;
    const seen: Any[] = [...first.tickets];
    let page = first;
    for (let guard = 0; !page.end_of_stream; guard++) {
      expect(guard).toBeLessThan(20);
      page = (await client.ticketexport.exportCursor(start, page.after_cursor)).result as Any;
      seen.push(...page.tickets);
    }
    const want = tickets.filter((t) => (seen.find((s) => s.id === t.id)?.generated_timestamp ?? 0) >= start);
    expect(seen.map((t) => t.id).sort((a, b) => a - b)).toStrictEqual(want.map((t) => t.id));
    expect(seen.map((t) => t.generated_timestamp)).toStrictEqual([...seen.map((t) => t.generated_timestamp)].sort((a, b) => a - b));
    expect(page.after_cursor).toEqual(expect.any(String));

    // From the middle: only tickets generated since.
    const middle = seen[Math.floor(seen.length / 2)]!.generated_timestamp as number;
    const later = (await client.ticketexport.get(["incremental", "tickets", "cursor", { start_time: middle, per_page: 5 }])).result as Any;
    expect(later.tickets[0].generated_timestamp).toBe(middle);
    expect(later.end_of_stream).toBe(false);
    const next = (await client.ticketexport.exportCursor(middle, later.after_cursor)).result as Any;
    expect(next.tickets[0].id).toBe(seen[Math.floor(seen.length / 2) + 5]!.id);

    // The time-based user export: one page of at most 1000, to the end of the stream.
    const users = (await client.users.incremental(0)) as Any[];
    expect(users.map((u) => u.id).sort((a, b) => a - b)).toStrictEqual(expectedUsers(world).map((u) => u.id));
  });
});
