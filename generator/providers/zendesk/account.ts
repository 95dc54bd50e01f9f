import { commentObject, iso } from "./objects.js";
import type { JsonObject } from "../../core/provider.js";
import { ticketFields } from "./fields.js";
import type { ZdModel, ZdTicket } from "./model.js";

/**
 * The account's smaller lists that connectors (Airbyte, tap-zendesk) read beside the tickets: its one
 * brand and ticket form, the tags in use, group and organization memberships, ticket audits, and the
 * `count` endpoints.
 */
const api = (origin: string) => `${origin}/api/v2`;

export function brandObject(m: ZdModel, origin: string): JsonObject {
  const id = m.numericId("brand/default");
  const created = m.groups[0]?.createdAt ?? m.world.start;
  return {
    url: `${api(origin)}/brands/${id}.json`,
    id,
    name: m.world.company.name,
    brand_url: `https://${m.subdomain}.zendesk.com`,
    subdomain: m.subdomain,
    host_mapping: null,
    has_help_center: false,
    help_center_state: "disabled",
    active: true,
    default: true,
    is_deleted: false,
    logo: null,
    ticket_form_ids: [m.numericId("form/default")],
    signature_template: "{{agent.signature}}",
    created_at: iso(created),
    updated_at: iso(created),
  };
}

export function ticketFormObject(m: ZdModel, origin: string): JsonObject {
  const id = m.numericId("form/default");
  const created = m.groups[0]?.createdAt ?? m.world.start;
  return {
    url: `${api(origin)}/ticket_forms/${id}.json`,
    id,
    name: "Default Ticket Form",
    raw_name: "Default Ticket Form",
    display_name: "Default Ticket Form",
    raw_display_name: "Default Ticket Form",
    end_user_visible: true,
    position: 1,
    ticket_field_ids: ticketFields(m).map((f) => f.id),
    active: true,
    default: true,
    created_at: iso(created),
    updated_at: iso(created),
    in_all_brands: true,
    restricted_brand_ids: [],
    end_user_conditions: [],
    agent_conditions: [],
  };
}

/** Tags in use on tickets, the most used first (then by name), as `{name, count}`. */
export function tagObjects(m: ZdModel): JsonObject[] {
  const counts = new Map<string, number>();
  for (const t of m.tickets) for (const tag of t.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0)).map(([name, count]) => ({ name, count }));
}

export function groupMembershipObjects(m: ZdModel, origin: string): JsonObject[] {
  return m.groups
    .flatMap((g) =>
      g.memberIds.map((userId) => {
        const user = m.users.find((u) => u.id === userId)!;
        const id = m.numericId(`group/${g.id}/member/${userId}`);
        const at = Math.max(g.createdAt, user.createdAt);
        return {
          url: `${api(origin)}/group_memberships/${id}.json`,
          id,
          user_id: userId,
          group_id: g.id,
          default: user.groupId === g.id,
          created_at: iso(at),
          updated_at: iso(at),
        };
      }),
    )
    .sort((a, b) => (a.id as number) - (b.id as number));
}

export function organizationMembershipObjects(m: ZdModel, origin: string): JsonObject[] {
  const names = new Map(m.organizations.map((o) => [o.id, o.name]));
  return m.users
    .filter((u) => u.organizationId !== null)
    .map((u) => {
      const id = m.numericId(`organization/${u.organizationId}/member/${u.id}`);
      return {
        url: `${api(origin)}/organization_memberships/${id}.json`,
        id,
        user_id: u.id,
        organization_id: u.organizationId!,
        default: true,
        organization_name: names.get(u.organizationId!) ?? "",
        view_tickets: false,
        created_at: iso(u.createdAt),
        updated_at: iso(u.createdAt),
      };
    })
    .sort((a, b) => (a.id as number) - (b.id as number));
}

/** A ticket's audits: one per comment (the first also creating the ticket), oldest first. */
export function auditObjects(m: ZdModel, t: ZdTicket): JsonObject[] {
  return t.comments.map((c, i) => {
    const comment = commentObject(m, t, c, i);
    const events: JsonObject[] = [
      {
        id: c.id,
        type: "Comment",
        author_id: c.authorId,
        body: c.body,
        html_body: comment.html_body!,
        plain_body: c.body,
        public: c.public,
        attachments: [],
        audit_id: comment.audit_id!,
      },
    ];
    if (i === 0) events.push({ id: m.numericId(`ticket/${t.id}/event/0/create`), type: "Create", value: "new", field_name: "status" });
    return {
      id: comment.audit_id!,
      ticket_id: t.id,
      created_at: iso(c.createdAt),
      author_id: c.authorId,
      metadata: comment.metadata!,
      via: comment.via!,
      events,
    };
  });
}

/** `{count: {value, refreshed_at}}`, refreshed at as-of. */
export function countObject(m: ZdModel, value: number): JsonObject {
  return { count: { value, refreshed_at: iso(m.world.asOf) } };
}
