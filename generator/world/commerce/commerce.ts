import { DAY, HOUR, MINUTE, days, isoDay, isoSeconds, startOfDay, weekday } from "../clock.js";
import { slugify, stableId } from "../ids.js";
import type { WorldInput } from "../input.js";
import type { Commerce, Contact, CustomerCompany, Deal, DealStage, StaffMember, Ticket } from "./types.js";
import { CITIES, COMPANY_WORDS, FIRST_NAMES, INDUSTRIES, JOB_TITLES, LAST_NAMES, STAFF_ROLES, TIME_ZONES } from "../vocabulary.js";

/** The company's sales pipeline, in order, with each stage's win probability. */
export const DEAL_STAGES: ReadonlyArray<readonly [DealStage, number]> = [
  ["meeting", 0.2],
  ["qualified", 0.4],
  ["presentation", 0.6],
  ["decision", 0.8],
  ["contract", 0.9],
  ["won", 1],
  ["lost", 0],
];

type Ctx = Pick<WorldInput, "seed" | "ids" | "rng" | "start" | "asOf" | "company" | "people" | "workItems" | "schedule">;

/** What a ticket is about, as support files it (neutral: HubSpot's `hs_ticket_category`, Salesforce's Case `Type`). */
export type TicketCategory = "product" | "billing" | "feature-request" | "question";

/**
 * What customers write to support about, beside bugs, with the category the support team files each under.
 * The first five are the pinned universes' whole list (their daily draw picks among them only).
 */
export const TICKET_TOPICS: ReadonlyArray<readonly [string, TicketCategory]> = [
  ["Question about invoices", "billing"],
  ["SSO setup help", "question"],
  ["Export is slow", "product"],
  ["Add a seat to our plan", "billing"],
  ["API rate limits", "question"],
  ["Webhook deliveries failing", "product"],
  ["Reset two-factor authentication", "question"],
  ["Update our billing contact", "billing"],
  ["Audit log export", "question"],
  ["SCIM provisioning question", "question"],
  ["Request: custom roles", "feature-request"],
  ["Dashboard loads slowly", "product"],
  ["Invoice in EUR instead of USD", "billing"],
];
const PINNED_TOPICS = TICKET_TOPICS.slice(0, 5).map(([t]) => t);
const CATEGORY = new Map(TICKET_TOPICS);

/** A ticket's category: an escalated bug is a product issue; a routine one is its topic's. */
export function ticketCategory(t: Ticket): TicketCategory {
  return t.workItemKey ? "product" : (CATEGORY.get(t.subject) ?? "question");
}

const CHANNELS = ["email", "email", "form", "chat", "phone"] as const;

/** How a ticket came in (neutral: HubSpot's `source_type`, Salesforce's Case `Origin`). */
export type TicketChannel = (typeof CHANNELS)[number];

/**
 * The channel a ticket came in by: an escalated bug by email, a routine one a
 * keyed pick (not an id: it stays out of the id registry). The key's `hubspot/` prefix is where the pick
 * was first made; it stays, so the pinned tickets keep their channel.
 */
export function ticketChannel(seed: string, t: Ticket): TicketChannel {
  return t.workItemKey ? "email" : CHANNELS[stableId(seed, `hubspot/ticket/${t.id}/source`, 0, CHANNELS.length)]!;
}

/**
 * The company's customers and prospects, as its CRM holds them: staff who sell and support, customer
 * companies (a base won before the generation's start, then new leads day by day), their contacts,
 * deals moving through the pipeline, and support tickets, some escalated as the world's bugs, the rest
 * routine (day by day in a pinned universe, from the support queue in the live one). Every entity draws
 * from its own keyed stream; a later as-of only appends and advances.
 */
export function buildCommerce(c: Ctx): Commerce {
  const staff = buildStaff(c);
  const reps = staff.filter((s) => s.role === "Account Executive" || s.role === "Head of Sales");
  const support = staff.filter((s) => s.role === "Support Engineer" || s.role === "Customer Success Manager");
  const companies: CustomerCompany[] = [];
  const usedNames = new Set<string>();
  const addCompany = (path: string, createdAt: number, lifecycle: CustomerCompany["lifecycle"]) => {
    const r = c.rng(`crm/company/${path}`);
    let name = "";
    for (let i = 0; i < 20 && (!name || usedNames.has(name)); i++) name = `${r.pick(COMPANY_WORDS)} ${r.pick(INDUSTRIES)[0]}`;
    if (usedNames.has(name)) return;
    usedNames.add(name);
    const industry = INDUSTRIES.find(([word]) => name.endsWith(word))![1];
    const [city, country] = r.pick(CITIES);
    companies.push({
      id: c.ids.id(`crm/company/${path}`, 10_000_000_000, 9_000_000_000),
      name,
      domain: `${slugify(name).replace(/-/g, "")}.example`,
      industry,
      employees: r.pick([40, 120, 350, 800, 2_500, 9_000]),
      city,
      country,
      lifecycle,
      createdAt,
      ownerId: r.pick(reps).id,
      annualRevenue: r.int(2, 400) * 1_000_000,
    });
  };
  for (let i = 0; i < 24; i++) addCompany(`base/${i}`, c.start - c.rng(`crm/company/base/${i}/age`).int(60, 700) * DAY, "customer");
  for (const day of days(c.start, c.asOf)) {
    const r = c.rng(`crm/leads/${isoDay(day)}`);
    if (weekday(day) === 0 || weekday(day) === 6 || !r.chance(0.35)) continue;
    const at = day + r.int(8 * 60, 18 * 60) * MINUTE;
    if (at <= c.asOf) addCompany(`lead/${isoDay(day)}`, at, "lead");
  }
  const contacts = companies.flatMap((co) => contactsOf(co, c));
  const deals = companies.flatMap((co) =>
    dealsOf(
      co,
      contacts.filter((p) => p.companyId === co.id),
      c,
    ),
  );
  // A company with a won deal is a customer; one with an open deal an opportunity.
  for (const co of companies) {
    const own = deals.filter((d) => d.companyId === co.id);
    if (own.some((d) => d.stage === "won")) co.lifecycle = "customer";
    else if (co.lifecycle === "lead" && own.some((d) => d.stage !== "lost")) co.lifecycle = "opportunity";
  }
  const tickets = buildTickets(
    companies.filter((co) => co.lifecycle === "customer"),
    contacts,
    support,
    c,
  );
  if (c.schedule) tickets.push(...routineTickets(companies, deals, contacts, support, c));
  tickets.sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
  return { staff, companies, contacts, deals, tickets };
}

function buildStaff(c: Ctx): StaffMember[] {
  const out: StaffMember[] = [];
  const used = new Set(c.people.map((p) => p.name));
  let seat = 0;
  for (const [role, count] of STAFF_ROLES) {
    for (let i = 0; i < count; i++, seat++) {
      const r = c.rng(`staff/${seat}`);
      let first = "";
      let last = "";
      for (let n = 0; n < 50 && (!first || used.has(`${first} ${last}`)); n++) [first, last] = [r.pick(FIRST_NAMES), r.pick(LAST_NAMES)];
      used.add(`${first} ${last}`);
      const [timeZone] = r.pick(TIME_ZONES);
      out.push({
        id: 1_001 + seat,
        firstName: first,
        lastName: last,
        name: `${first} ${last}`,
        email: `${slugify(first)}.${slugify(last)}@${c.company.domain}`,
        role,
        team: role.includes("Sales") || role === "Account Executive" ? "Sales" : "Support",
        timeZone,
        joinedAt: c.start - r.int(30, 900) * DAY,
      });
    }
  }
  return out;
}

function contactsOf(co: CustomerCompany, c: Ctx) {
  const r = c.rng(`crm/company/${co.id}/contacts`);
  return Array.from({ length: r.int(1, 4) }, (_, i) => {
    const p = c.rng(`crm/company/${co.id}/contact/${i}`);
    const [first, last] = [p.pick(FIRST_NAMES), p.pick(LAST_NAMES)];
    const createdAt = co.createdAt + i * p.int(1, 20) * DAY + p.int(0, 600) * MINUTE;
    return {
      id: c.ids.id(`crm/company/${co.id}/contact/${i}`, 100_000_000, 900_000_000),
      companyId: co.id,
      firstName: first,
      lastName: last,
      email: `${slugify(first)}.${slugify(last)}@${co.domain}`,
      jobTitle: p.pick(JOB_TITLES),
      phone: `+1 555 01${String(p.int(10, 99))}`,
      createdAt,
      ownerId: co.ownerId,
    };
  }).filter((p) => p.createdAt <= c.asOf);
}

function dealsOf(co: CustomerCompany, people: Array<{ id: number }>, c: Ctx): Deal[] {
  const r = c.rng(`crm/company/${co.id}/deals`);
  const base = co.createdAt < c.start;
  const count = base ? r.int(1, 2) : r.chance(0.7) ? 1 : 0;
  const out: Deal[] = [];
  for (let i = 0; i < count; i++) {
    const d = c.rng(`crm/company/${co.id}/deal/${i}`);
    const createdAt = co.createdAt + d.int(1, 15) * DAY + d.int(0, 480) * MINUTE;
    if (createdAt > c.asOf) continue;
    // Each deal's whole path is planned, then cut at as-of: stages advance every few days until won or lost.
    const wins = base && i === 0 ? true : d.chance(0.45);
    const lastOpen = wins ? 4 : d.int(0, 4);
    const history: Deal["stageHistory"] = [];
    let at = createdAt;
    for (let s = 0; s <= lastOpen; s++) {
      history.push({ stage: DEAL_STAGES[s]![0], at });
      at += d.int(2, 12) * DAY + d.int(0, 8) * HOUR;
    }
    history.push({ stage: wins ? "won" : "lost", at });
    const seen = history.filter((h) => h.at <= c.asOf);
    const stage = seen.at(-1)!.stage;
    const closed = stage === "won" || stage === "lost";
    out.push({
      id: c.ids.id(`crm/company/${co.id}/deal/${i}`, 10_000_000_000, 9_000_000_000),
      companyId: co.id,
      contactIds: people.slice(0, 2).map((p) => p.id),
      name: `${co.name} - ${i === 0 ? "Platform" : "Expansion"}`,
      amount: d.int(8, 240) * 1_000,
      stage,
      createdAt,
      closeDate: history.at(-1)!.at,
      ...(closed ? { closedAt: seen.at(-1)!.at } : {}),
      ownerId: co.ownerId,
      stageHistory: seen,
    });
  }
  return out;
}

/**
 * Support tickets from customers. A customer's report of a production bug opens a ticket shortly before
 * engineering files the bug; the ticket cites the work item key, and closes a little after the bug is
 * done. A pinned universe also draws a routine ticket on about one day in three (the live one has its
 * support queue instead: routineTickets).
 */
function buildTickets(
  customers: CustomerCompany[],
  contacts: Array<{ id: number; companyId: number; createdAt: number }>,
  support: StaffMember[],
  c: Ctx,
): Ticket[] {
  const out: Ticket[] = [];
  if (customers.length === 0) return out;
  for (const item of c.workItems.filter((w) => w.type === "Bug")) {
    const r = c.rng(`crm/ticket/bug/${item.key}`);
    if (!r.chance(0.5)) continue;
    const co = r.pick(customers);
    const contact = contacts.find((p) => p.companyId === co.id && p.createdAt <= item.createdAt);
    if (!contact) continue;
    const createdAt = item.createdAt - r.int(20, 300) * MINUTE;
    const done = item.transitions.find((t) => t.to === "Done" || t.to === "Canceled");
    // Support closes the ticket a little after the bug is done: not yet when that is after as-of (draws in their old order).
    const closeAt = done ? done.at + r.int(10, 120) * MINUTE : undefined;
    const ownerId = r.pick(support).id;
    const closed = closeAt !== undefined && closeAt <= c.asOf;
    out.push({
      id: c.ids.id(`crm/ticket/bug/${item.key}`, 1_000_000_000, 9_000_000_000),
      companyId: co.id,
      contactId: contact.id,
      subject: `${item.title} (${co.name})`,
      content: `Reported by ${co.name}: ${item.title.toLowerCase()}. Escalated to engineering as ${item.key}.`,
      priority: item.priority === "Highest" || item.priority === "High" ? "HIGH" : "MEDIUM",
      stage: closed ? "closed" : done || item.status !== "To Do" ? "waiting" : "new",
      createdAt,
      ...(closed ? { closedAt: closeAt } : {}),
      ownerId,
      workItemKey: item.key,
    });
  }
  // The live universe's routine tickets come from its support queue (routineTickets), drawn per window.
  if (!c.schedule)
    for (const day of days(c.start, c.asOf)) {
      const r = c.rng(`crm/ticket/day/${isoDay(day)}`);
      if (!r.chance(0.3)) continue;
      const createdAt = day + r.int(7 * 60, 20 * 60) * MINUTE;
      if (createdAt > c.asOf) continue;
      const co = r.pick(customers);
      const contact = contacts.find((p) => p.companyId === co.id && p.createdAt <= createdAt);
      if (!contact) continue;
      const closedAt = createdAt + r.int(1, 72) * HOUR;
      const topic = r.pick(PINNED_TOPICS);
      out.push({
        id: c.ids.id(`crm/ticket/day/${isoDay(day)}`, 1_000_000_000, 9_000_000_000),
        companyId: co.id,
        contactId: contact.id,
        subject: topic,
        content: `${topic}. Sent by a ${co.name} admin.`,
        priority: r.pick(["LOW", "MEDIUM"] as const),
        stage: closedAt <= c.asOf ? "closed" : "waiting",
        createdAt,
        ...(closedAt <= c.asOf ? { closedAt } : {}),
        ownerId: r.pick(support).id,
      });
    }
  return out.sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
}

/** Six hours: the live support queue has at least one routine ticket in every such UTC window. */
const QUEUE_WINDOW = 6 * HOUR;
/** Each customer's chance of one more ticket in a window (about one more a day for thirty customers). */
const QUEUE_EXTRA = 0.01;

/**
 * The live universe's routine support queue. Customers sit in many time zones and a SaaS support queue is
 * never quiet for long: at least one routine ticket in every six-hour UTC window from the world's start,
 * and now and then more (each customer a small chance a window), at an instant inside the window. Only
 * companies that were customers at the window's start write in (their first deal won: the instant HubSpot's
 * lifecycle turns them into customers), from a contact they had by then, so a later as-of only appends.
 * One stream per window (`crm/ticket/window/<window>`) and per ticket; what happens after as-of is cut.
 */
function routineTickets(companies: CustomerCompany[], deals: Deal[], contacts: Contact[], support: StaffMember[], c: Ctx): Ticket[] {
  const since = customerSince(deals);
  const out: Ticket[] = [];
  for (let window = startOfDay(c.start); window <= c.asOf; window += QUEUE_WINDOW) {
    const customers = companies.filter((co) => (since.get(co.id) ?? Infinity) <= window);
    if (!customers.length) continue;
    const key = `crm/ticket/window/${isoSeconds(window)}`;
    const w = c.rng(key);
    const count = 1 + customers.filter(() => w.chance(QUEUE_EXTRA)).length;
    for (let k = 0; k < count; k++) {
      const r = c.rng(`${key}/${k}`);
      const createdAt = window + r.int(0, QUEUE_WINDOW / 1000 - 1) * 1000;
      const co = r.pick(customers);
      const people = contacts.filter((p) => p.companyId === co.id && p.createdAt <= createdAt);
      const contact = people.length ? r.pick(people) : undefined;
      const [topic] = r.pick(TICKET_TOPICS);
      const priority = r.weighted([
        ["LOW", 3],
        ["MEDIUM", 5],
        ["HIGH", 1],
      ] as const);
      const closedAt = createdAt + r.int(1, 72) * HOUR + r.int(0, 59) * MINUTE;
      const ownerId = r.pick(support).id;
      if (createdAt > c.asOf || !contact) continue;
      out.push({
        id: c.ids.id(`${key}/${k}`, 1_000_000_000, 9_000_000_000),
        companyId: co.id,
        contactId: contact.id,
        subject: topic,
        content: `${topic}. Sent by ${contact.firstName} ${contact.lastName} (${contact.jobTitle}, ${co.name}).`,
        priority,
        stage: closedAt <= c.asOf ? "closed" : "waiting",
        createdAt,
        ...(closedAt <= c.asOf ? { closedAt } : {}),
        ownerId,
      });
    }
  }
  return out;
}

/** When each company became a customer: its first deal won (HubSpot's lifecycle turns it then). */
export function customerSince(deals: Deal[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const d of deals) {
    const won = d.stageHistory.find((h) => h.stage === "won")?.at;
    if (won !== undefined) out.set(d.companyId, Math.min(out.get(d.companyId) ?? won, won));
  }
  return out;
}
