import { keyedHex } from "../../core/keyed.js";
import type { IdRegistry } from "../../world/ids.js";
import { rngFactory, type Rng } from "../../world/rng.js";
import type { Contact, CustomerCompany, Person, StaffMember, Ticket, World } from "../../world/types.js";

/**
 * The company's Zendesk Support account as a projection of the world: end users are the CRM's contacts,
 * organizations its companies, agents the Support team's staff (and the site administrators, as admins),
 * tickets the CRM's tickets. What Zendesk has beyond the world (comments, ratings, groups) is derived
 * here from keyed streams of this folder (`zendesk/…`), caused by the tickets and never after as-of.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type Role = "end-user" | "agent" | "admin";

export interface ZdUser {
  id: number;
  name: string;
  email: string;
  role: Role;
  organizationId: number | null;
  timeZone: string;
  createdAt: number;
  updatedAt: number;
  phone: string | null;
  groupId: number | null;
  tags: string[];
  /** The CRM or world record behind it. */
  source: { kind: "contact"; contact: Contact } | { kind: "staff"; staff: StaffMember } | { kind: "person"; person: Person };
}

export interface ZdGroup {
  id: number;
  name: string;
  description: string;
  createdAt: number;
  isDefault: boolean;
  memberIds: number[];
}

export interface ZdComment {
  id: number;
  authorId: number;
  body: string;
  public: boolean;
  createdAt: number;
}

export interface ZdRating {
  id: number;
  score: "good" | "bad";
  comment: string;
  createdAt: number;
}

export interface ZdTicket {
  ticket: Ticket;
  id: number;
  status: "new" | "open" | "pending" | "solved" | "closed";
  priority: "low" | "normal" | "high" | "urgent";
  type: "problem" | "question" | "incident" | "task";
  groupId: number;
  tags: string[];
  comments: ZdComment[];
  createdAt: number;
  updatedAt: number;
  solvedAt: number | null;
  rating: ZdRating | null;
  /** The epoch second the exports order it by: its update, bumped forward to be unique. */
  generated: number;
}

/** The custom ticket field escalated tickets cite their Jira or Linear key in. */
export const ENGINEERING_FIELD = "Engineering issue";

/** Solved tickets close four days later (Zendesk's default automation). */
const CLOSE_AFTER = 4 * DAY;

export class ZdModel {
  readonly subdomain: string;
  readonly users: ZdUser[];
  readonly organizations: CustomerCompany[];
  readonly groups: ZdGroup[];
  readonly tickets: ZdTicket[];
  readonly admin: ZdUser;
  private readonly rng: (path: string) => Rng;
  private readonly ids: IdRegistry;

  constructor(readonly world: World) {
    this.rng = rngFactory(world.generation.seed);
    this.ids = world.ids.child();
    this.subdomain = world.company.slug;
    this.organizations = [...world.commerce.companies]
      .filter((c) => c.createdAt <= world.asOf)
      .sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
    const support = world.commerce.staff.filter((s) => s.team === "Support" && s.joinedAt <= world.asOf);
    const tier1 = this.numericId("group/tier-1");
    const success = this.numericId("group/customer-success");
    const escalations = this.numericId("group/escalations");
    const accountStart = Math.min(world.company.foundedAt, ...support.map((s) => s.joinedAt));
    const groupOf = (s: StaffMember) => (s.role === "Customer Success Manager" ? success : tier1);
    const agents: ZdUser[] = support.map((s) => ({
      id: s.id,
      name: s.name,
      email: s.email,
      role: "agent",
      organizationId: null,
      timeZone: s.timeZone,
      createdAt: s.joinedAt,
      updatedAt: s.joinedAt,
      phone: null,
      groupId: groupOf(s),
      tags: [],
      source: { kind: "staff", staff: s },
    }));
    const admins: ZdUser[] = world.people
      .filter((p) => p.admin && p.joinedAt <= world.asOf)
      .map((p) => ({
        id: p.id,
        name: p.name,
        email: p.email,
        role: "admin",
        organizationId: null,
        timeZone: p.timeZone,
        createdAt: p.joinedAt,
        updatedAt: p.joinedAt,
        phone: null,
        groupId: escalations,
        tags: [],
        source: { kind: "person", person: p },
      }));
    const endUsers: ZdUser[] = world.commerce.contacts
      .filter((c) => c.createdAt <= world.asOf)
      .map((c) => ({
        id: c.id,
        name: `${c.firstName} ${c.lastName}`,
        email: c.email,
        role: "end-user",
        organizationId: c.companyId,
        timeZone: "UTC",
        createdAt: c.createdAt,
        updatedAt: c.createdAt,
        phone: c.phone,
        groupId: null,
        tags: [],
        source: { kind: "contact", contact: c },
      }));
    this.users = [...admins, ...agents, ...endUsers].sort((a, b) => a.id - b.id);
    this.admin = admins[0] ?? agents[0]!;
    this.groups = [
      {
        id: tier1,
        name: "Support",
        description: "First-line support: every new ticket lands here.",
        createdAt: accountStart,
        isDefault: true,
        memberIds: agents.filter((a) => a.groupId === tier1).map((a) => a.id),
      },
      {
        id: success,
        name: "Customer Success",
        description: "Account questions, plans and onboarding.",
        createdAt: accountStart,
        isDefault: false,
        memberIds: agents.filter((a) => a.groupId === success).map((a) => a.id),
      },
      {
        id: escalations,
        name: "Engineering Escalations",
        description: "Tickets escalated to engineering as bugs.",
        createdAt: accountStart,
        isDefault: false,
        memberIds: [...admins.map((a) => a.id), ...agents.filter((a) => a.groupId === tier1).map((a) => a.id)],
      },
    ].sort((a, b) => a.id - b.id);
    const byId = new Map(this.users.map((u) => [u.id, u]));
    this.tickets = world.commerce.tickets
      .filter((t) => t.createdAt <= world.asOf && byId.has(t.contactId))
      .map((t) => this.project(t, byId, { tier1, success, escalations }));
    // Generated times are unique seconds (export cursors order by them), bumped forward on a tie.
    let last = 0;
    for (const t of [...this.tickets].sort((a, b) => a.updatedAt - b.updatedAt || a.id - b.id)) {
      const second = Math.max(Math.floor(t.updatedAt / 1000), last + 1);
      last = second;
      t.generated = second;
    }
    for (const u of this.users)
      u.updatedAt = Math.max(u.updatedAt, ...this.tickets.filter((t) => t.ticket.contactId === u.id).map((t) => t.createdAt));
    this.claimRenderedIds();
  }

  /**
   * The ids renderers ask for (memberships, a ticket's create event, the account's fixed objects), claimed
   * now in this fixed order: so an answer computed alone gets the same ids as the build.
   */
  private claimRenderedIds(): void {
    for (const path of ["brand/default", "form/default", "role/staff", "field/engineering-issue"]) this.numericId(path);
    for (const status of ["new", "open", "pending", "solved", "closed"]) this.numericId(`status/${status}`);
    for (const g of this.groups) for (const userId of g.memberIds) this.numericId(`group/${g.id}/member/${userId}`);
    for (const u of this.users) if (u.organizationId !== null) this.numericId(`organization/${u.organizationId}/member/${u.id}`);
    for (const t of this.tickets) this.numericId(`ticket/${t.id}/event/0/create`);
  }

  /**
   * A Zendesk-sized id (12 digits) keyed by this account and a path, claimed from a child of the world's
   * registry so that no two paths share one (ids.ts claim). The model's own paths are claimed as it is
   * built, in its fixed order; the few that renderers ask for later are fixed paths claimed first of all.
   */
  numericId(path: string): number {
    return this.ids.claim(
      `zendesk/${path}`,
      360_000_000_000 + (Number.parseInt(keyedHex([this.world.generation.seed, "zendesk", path], 10), 16) % 99_999_999_999),
      360_000_000_000,
      99_999_999_999,
    );
  }

  /** The epoch second a ticket's export orders it by (unique across tickets). */
  generated(t: ZdTicket): number {
    return t.generated;
  }

  private project(t: Ticket, users: Map<number, ZdUser>, g: { tier1: number; success: number; escalations: number }): ZdTicket {
    const r = this.rng(`zendesk/ticket/${t.id}`);
    const asOf = this.world.asOf;
    const end = Math.min(t.closedAt ?? asOf, asOf);
    const comments: ZdComment[] = [];
    const add = (authorId: number, body: string, at: number, isPublic = true) => {
      if (at > end || (comments.length && at <= comments.at(-1)!.createdAt)) return;
      comments.push({ id: this.numericId(`ticket/${t.id}/comment/${comments.length}`), authorId, body, public: isPublic, createdAt: at });
    };
    const requester = users.get(t.contactId)!;
    const agent = users.get(t.ownerId);
    const agentId = agent?.id ?? this.admin.id;
    const first = requester.name.split(" ")[0];
    add(requester.id, t.content, t.createdAt);
    let at = t.createdAt + r.int(8, 90) * MINUTE;
    add(agentId, `Hi ${first}, thanks for reaching out. I'm looking into this now and will update you shortly.`, at);
    if (t.workItemKey) {
      at += r.int(10, 60) * MINUTE;
      add(agentId, `Reproduced and escalated to engineering as ${t.workItemKey}. Linking the bug so we hear when it moves.`, at, false);
      at += r.int(5, 30) * MINUTE;
      add(agentId, `Our engineers are tracking this as ${t.workItemKey}. We'll let you know as soon as a fix ships.`, at);
    } else {
      at += r.int(1, 12) * HOUR;
      add(
        requester.id,
        r.pick([
          "Thanks, that helps. One more question: does this apply to all our workspaces?",
          "Great, thank you. Could you confirm once it's done?",
          "Understood. We'll try that and report back.",
        ]),
        at,
      );
    }
    if (t.closedAt !== undefined && t.closedAt <= asOf) {
      add(
        agentId,
        t.workItemKey
          ? `The fix for ${t.workItemKey} is live. Please let us know if you still see the problem.`
          : `All set on our side. I'm marking this as solved; reply here if anything else comes up.`,
        t.closedAt - r.int(1, 20) * MINUTE,
      );
    }
    const solvedAt = t.closedAt !== undefined && t.closedAt <= asOf ? t.closedAt : null;
    const status: ZdTicket["status"] =
      solvedAt !== null
        ? asOf - solvedAt >= CLOSE_AFTER
          ? "closed"
          : "solved"
        : t.stage === "new"
          ? "new"
          : comments.at(-1)!.authorId === requester.id
            ? "open"
            : "pending";
    const updatedAt = Math.max(
      comments.at(-1)!.createdAt,
      solvedAt ?? 0,
      solvedAt !== null && status === "closed" ? solvedAt + CLOSE_AFTER : 0,
    );
    const rr = this.rng(`zendesk/ticket/${t.id}/rating`);
    const rated = solvedAt !== null && rr.chance(0.6);
    const ratedAt = solvedAt !== null ? solvedAt + rr.int(10, 600) * MINUTE : 0;
    const rating: ZdRating | null =
      rated && ratedAt <= asOf
        ? {
            id: this.numericId(`ticket/${t.id}/rating`),
            score: rr.chance(0.85) ? "good" : "bad",
            comment: rr.pick(["Quick and helpful, thanks!", "Solved, but it took a while.", "", "Great support as always."]),
            createdAt: ratedAt,
          }
        : null;
    const groupId = t.workItemKey ? g.escalations : (agent?.groupId ?? g.tier1);
    const priority =
      t.priority === "HIGH" ? (t.workItemKey && r.chance(0.3) ? "urgent" : "high") : t.priority === "MEDIUM" ? "normal" : "low";
    const tags = t.workItemKey ? ["bug", "escalated", t.workItemKey.toLowerCase().replace(/-/g, "_")] : [slug(t.subject)];
    return {
      ticket: t,
      id: t.id,
      status,
      priority,
      type: t.workItemKey ? "problem" : "question",
      groupId,
      tags: tags.sort(),
      comments,
      createdAt: t.createdAt,
      updatedAt: Math.min(Math.max(updatedAt, rating?.createdAt ?? 0), asOf),
      solvedAt,
      rating,
      generated: 0,
    };
  }
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_|_$/g, "");
}

/** Rails' time zone names Zendesk writes in `time_zone`, for the IANA zones of the world. */
export const RAILS_ZONES: Record<string, string> = {
  "America/Los_Angeles": "Pacific Time (US & Canada)",
  "America/Denver": "Mountain Time (US & Canada)",
  "America/Chicago": "Central Time (US & Canada)",
  "America/New_York": "Eastern Time (US & Canada)",
  "America/Sao_Paulo": "Brasilia",
  "Europe/London": "London",
  "Europe/Berlin": "Berlin",
  "Europe/Warsaw": "Warsaw",
  "Europe/Helsinki": "Helsinki",
  "Africa/Lagos": "West Central Africa",
  "Asia/Kolkata": "Kolkata",
  "Asia/Singapore": "Singapore",
  "Asia/Tokyo": "Tokyo",
  "Australia/Sydney": "Sydney",
  UTC: "UTC",
};
