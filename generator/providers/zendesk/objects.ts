import type { JsonObject, JsonValue } from "../../core/provider.js";
import type { CustomerCompany } from "../../world/types.js";
import { RAILS_ZONES, type ZdComment, type ZdGroup, type ZdModel, type ZdTicket, type ZdUser } from "./model.js";
import { type ZdField, engineeringField } from "./fields.js";

/**
 * Zendesk's JSON objects, with the fields and key order of its API reference (Tickets, Users,
 * Organizations, Groups, Ticket Comments, Satisfaction Ratings, Ticket Metrics). Times are ISO 8601
 * in UTC to the second (`2026-09-01T10:00:00Z`), as Zendesk writes them.
 */

export function iso(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
}

const base = (origin: string) => `${origin}/api/v2`;

export function userObject(m: ZdModel, origin: string, u: ZdUser): JsonObject {
  const agent = u.role !== "end-user";
  return {
    id: u.id,
    url: `${base(origin)}/users/${u.id}.json`,
    name: u.name,
    email: u.email,
    created_at: iso(u.createdAt),
    updated_at: iso(u.updatedAt),
    time_zone: RAILS_ZONES[u.timeZone] ?? "UTC",
    iana_time_zone: u.timeZone,
    phone: u.phone,
    shared_phone_number: u.phone === null ? null : false,
    photo: null,
    locale_id: 1,
    locale: "en-US",
    organization_id: u.organizationId,
    role: u.role,
    verified: true,
    external_id: null,
    tags: u.tags,
    alias: "",
    active: true,
    shared: false,
    shared_agent: false,
    last_login_at: agent ? iso(Math.max(u.createdAt, m.world.asOf - ((u.id % 17) + 1) * 3_600_000)) : null,
    two_factor_auth_enabled: null,
    signature: agent ? `${u.name}\n${m.world.company.name} Support` : null,
    details: "",
    notes: "",
    role_type: u.role === "agent" ? 0 : null,
    custom_role_id: u.role === "agent" ? m.numericId("role/staff") : null,
    moderator: agent,
    ticket_restriction: agent ? null : "requested",
    only_private_comments: false,
    restricted_agent: false,
    suspended: false,
    default_group_id: u.groupId,
    report_csv: u.role === "admin",
    user_fields: {},
  };
}

export function organizationObject(origin: string, c: CustomerCompany): JsonObject {
  return {
    url: `${base(origin)}/organizations/${c.id}.json`,
    id: c.id,
    name: c.name,
    shared_tickets: false,
    shared_comments: false,
    external_id: null,
    created_at: iso(c.createdAt),
    updated_at: iso(c.createdAt),
    domain_names: [c.domain],
    details: `${c.city}, ${c.country}`,
    notes: "",
    group_id: null,
    tags: [c.lifecycle],
    organization_fields: {},
  };
}

export function groupObject(origin: string, g: ZdGroup): JsonObject {
  return {
    url: `${base(origin)}/groups/${g.id}.json`,
    id: g.id,
    is_public: true,
    name: g.name,
    description: g.description,
    default: g.isDefault,
    deleted: false,
    created_at: iso(g.createdAt),
    updated_at: iso(g.createdAt),
  };
}

function ratingSummary(t: ZdTicket): JsonValue {
  if (t.rating) return { id: t.rating.id, score: t.rating.score, comment: t.rating.comment };
  return { score: t.solvedAt !== null ? "offered" : "unoffered" };
}

/** A ticket; `generated` adds the export's `generated_timestamp` (epoch seconds). */
export function ticketObject(m: ZdModel, origin: string, t: ZdTicket, options: { generated?: boolean } = {}): JsonObject {
  const tk = t.ticket;
  const requester = m.users.find((u) => u.id === tk.contactId)!;
  const field = engineeringField(m);
  const custom = [{ id: field.id, value: tk.workItemKey ?? null }];
  const support = `support@${m.world.company.domain}`;
  return {
    url: `${base(origin)}/tickets/${t.id}.json`,
    id: t.id,
    external_id: null,
    via: {
      channel: "email",
      source: {
        from: { address: requester.email, name: requester.name },
        to: { name: `${m.world.company.name} Support`, address: support },
        rel: null,
      },
    },
    created_at: iso(t.createdAt),
    updated_at: iso(t.updatedAt),
    ...(options.generated ? { generated_timestamp: m.generated(t) } : {}),
    type: t.type,
    subject: tk.subject,
    raw_subject: tk.subject,
    description: t.comments[0]!.body,
    priority: t.priority,
    status: t.status,
    recipient: support,
    requester_id: requester.id,
    submitter_id: requester.id,
    assignee_id: tk.ownerId,
    organization_id: tk.companyId,
    group_id: t.groupId,
    collaborator_ids: [],
    follower_ids: [],
    email_cc_ids: [],
    forum_topic_id: null,
    problem_id: null,
    has_incidents: false,
    is_public: true,
    due_at: null,
    tags: t.tags,
    custom_fields: custom,
    satisfaction_rating: ratingSummary(t),
    sharing_agreement_ids: [],
    custom_status_id: m.numericId(`status/${t.status}`),
    fields: custom,
    followup_ids: [],
    ticket_form_id: m.numericId("form/default"),
    brand_id: m.numericId("brand/default"),
    allow_channelback: false,
    allow_attachments: true,
    from_messaging_channel: false,
  };
}

export function commentObject(m: ZdModel, t: ZdTicket, c: ZdComment, index: number): JsonObject {
  const author = m.users.find((u) => u.id === c.authorId);
  const fromRequester = index === 0;
  const support = `support@${m.world.company.domain}`;
  const html = c.body
    .split("\n")
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join("");
  return {
    id: c.id,
    type: "Comment",
    author_id: c.authorId,
    body: c.body,
    html_body: `<div class="zd-comment" dir="auto">${html}</div>`,
    plain_body: c.body,
    public: c.public,
    attachments: [],
    audit_id: m.numericId(`ticket/${t.id}/audit/${index}`),
    via: fromRequester
      ? {
          channel: "email",
          source: {
            from: { address: author?.email ?? "", name: author?.name ?? "" },
            to: { name: `${m.world.company.name} Support`, address: support },
            rel: null,
          },
        }
      : { channel: "web", source: { from: {}, to: {}, rel: null } },
    created_at: iso(c.createdAt),
    metadata: {
      system: { client: fromRequester ? "Mail" : "Mozilla/5.0", ip_address: null, location: null, latitude: null, longitude: null },
      custom: {},
    },
  };
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export function ratingObject(origin: string, t: ZdTicket): JsonObject {
  const r = t.rating!;
  return {
    url: `${base(origin)}/satisfaction_ratings/${r.id}.json`,
    id: r.id,
    assignee_id: t.ticket.ownerId,
    group_id: t.groupId,
    requester_id: t.ticket.contactId,
    ticket_id: t.id,
    score: r.score,
    created_at: iso(r.createdAt),
    updated_at: iso(r.createdAt),
    comment: r.comment,
    ...(r.score === "bad" ? { reason: "The issue took too long to resolve", reason_code: 5, reason_id: 0 } : {}),
  };
}

const minutes = (ms: number) => Math.max(0, Math.round(ms / 60_000));

/** Ticket metrics: times from the ticket's comments (calendar minutes; business minutes the same, a 24/7 schedule). */
export function metricObject(m: ZdModel, origin: string, t: ZdTicket): JsonObject {
  const id = m.numericId(`ticket/${t.id}/metric`);
  const agentReplies = t.comments.filter((c) => c.public && c.authorId !== t.ticket.contactId);
  const firstReply = agentReplies[0];
  const last = t.comments.at(-1)!;
  const lastRequester = [...t.comments].reverse().find((c) => c.authorId === t.ticket.contactId)!;
  const both = (n: number | null) => ({ calendar: n, business: n });
  const resolution = t.solvedAt !== null ? minutes(t.solvedAt - t.createdAt) : null;
  return {
    url: `${base(origin)}/ticket_metrics/${id}.json`,
    id,
    ticket_id: t.id,
    created_at: iso(t.createdAt),
    updated_at: iso(t.updatedAt),
    group_stations: t.ticket.workItemKey ? 2 : 1,
    assignee_stations: 1,
    reopens: 0,
    replies: agentReplies.length,
    assignee_updated_at: firstReply ? iso(agentReplies.at(-1)!.createdAt) : null,
    requester_updated_at: iso(lastRequester.createdAt),
    status_updated_at: iso(t.solvedAt ?? last.createdAt),
    initially_assigned_at: iso(t.createdAt),
    assigned_at: iso(t.createdAt),
    solved_at: t.solvedAt !== null ? iso(t.solvedAt) : null,
    latest_comment_added_at: iso(last.createdAt),
    reply_time_in_minutes: both(firstReply ? minutes(firstReply.createdAt - t.createdAt) : null),
    first_resolution_time_in_minutes: both(resolution),
    full_resolution_time_in_minutes: both(resolution),
    agent_wait_time_in_minutes: both(0),
    requester_wait_time_in_minutes: both(resolution),
    on_hold_time_in_minutes: both(0),
  };
}

export function ticketFieldObject(origin: string, f: ZdField): JsonObject {
  return {
    url: `${base(origin)}/ticket_fields/${f.id}.json`,
    id: f.id,
    type: f.type,
    title: f.title,
    raw_title: f.title,
    description: f.description,
    raw_description: f.description,
    position: f.position,
    active: true,
    required: false,
    collapsed_for_agents: false,
    regexp_for_validation: null,
    title_in_portal: f.title,
    raw_title_in_portal: f.title,
    visible_in_portal: f.visibleInPortal,
    editable_in_portal: f.visibleInPortal,
    required_in_portal: false,
    tag: null,
    created_at: iso(f.createdAt),
    updated_at: iso(f.createdAt),
    removable: f.removable,
    agent_description: null,
    ...(f.options ? { system_field_options: f.options.map(([name, value]) => ({ name, value })) } : {}),
  };
}

/**
 * The ticket's audits as the incremental ticket event export writes them: one event per comment, the
 * first also creating the ticket; comment child events are always included (as `include=comment_events`
 * asks, the connectors' request).
 */
export function ticketEvents(m: ZdModel, t: ZdTicket): JsonObject[] {
  return t.comments.map((c, i) => {
    const comment = commentObject(m, t, c, i);
    const created: JsonObject[] =
      i === 0
        ? [
            {
              id: m.numericId(`ticket/${t.id}/event/${i}/create`),
              via: "Mail",
              via_reference_id: null,
              type: "Create",
              event_type: "Create",
              status: "new",
              priority: t.priority,
              subject: t.ticket.subject,
              requester_id: t.ticket.contactId,
            },
          ]
        : [];
    const child: JsonObject = {
      id: c.id,
      via: i === 0 ? "Mail" : "Web form",
      via_reference_id: null,
      type: "Comment",
      author_id: c.authorId,
      body: c.body,
      html_body: comment.html_body!,
      plain_body: c.body,
      public: c.public,
      attachments: [],
      audit_id: comment.audit_id!,
      created_at: iso(c.createdAt),
      event_type: "Comment",
    };
    return {
      id: comment.audit_id!,
      ticket_id: t.id,
      timestamp: Math.floor(c.createdAt / 1000),
      created_at: iso(c.createdAt),
      updater_id: c.authorId,
      via: i === 0 ? "Mail" : "Web form",
      system: { client: i === 0 ? "Mail" : "Mozilla/5.0", location: null, latitude: null, longitude: null },
      event_type: "Audit",
      child_events: [...created, child],
    };
  });
}
