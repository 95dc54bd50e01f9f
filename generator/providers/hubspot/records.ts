import { DAY, MINUTE } from "../../world/clock.js";
import { DEAL_STAGES, ticketCategory, ticketChannel } from "../../world/commerce/commerce.js";
import type { Contact, CustomerCompany, Deal, Ticket } from "../../world/types.js";
import type { HsContext } from "./context.js";
import { OBJECT_TYPES, type ObjectType } from "./object-types.js";
import { DEAL_STAGE_IDS, PIPELINES } from "./pipelines.js";
import { HS_INDUSTRY, HS_SOURCE_TYPE, HS_TICKET_CATEGORY, propertyNames } from "./properties.js";

/**
 * The world's CRM (`world.commerce`) as HubSpot records: ids are the world's, every property value is a
 * string (or null when unset), and each value keeps the history of how it got there, so
 * `propertiesWithHistory` and `updatedAt` tell the same story as the world (a deal's stage changes, a
 * company's lifecycle, a ticket's status).
 *
 * Archived: a closed-lost deal is archived (deleted, restorable) 30 days after it was lost, when that is
 * at least 90 days before the as-of time. An archived deal is out of every list, search, association and
 * rollup, and is read with `archived=true`.
 */
export interface Change {
  value: string;
  at: number;
  /** HubSpot's sourceType: a user in the CRM, or HubSpot computing it. */
  source: "CRM_UI" | "CALCULATED";
  userId?: number;
}

export interface HsRecord {
  type: ObjectType;
  id: number;
  createdAt: number;
  updatedAt: number;
  archivedAt?: number;
  /** Every defined property, by name: its current value, or null. */
  props: Record<string, string | null>;
  /** Each set property's changes, oldest first. */
  history: Record<string, Change[]>;
  /** Associated records by type, by id ascending; `primary` marks HubSpot's primary association. */
  assoc: Partial<Record<ObjectType, Array<{ id: number; primary: boolean }>>>;
}

export type Records = Record<ObjectType, HsRecord[]>;

export const ARCHIVE_AFTER = 30 * DAY;
const ARCHIVED_BEFORE = 90 * DAY;

class Builder {
  readonly history: Record<string, Change[]> = {};
  constructor(readonly at: number) {}

  set(name: string, value: string | number | undefined, at: number, source: Change["source"], userId?: number): void {
    if (value === undefined) return;
    const list = (this.history[name] ??= []);
    const v = String(value);
    if (list.at(-1)?.value === v) return;
    list.push({ value: v, at, source, ...(userId !== undefined ? { userId } : {}) });
  }

  /** The last change of anything: the record's updatedAt. */
  last(): number {
    return Math.max(this.at, ...Object.values(this.history).flatMap((l) => l.map((c) => c.at)));
  }

  record(hs: HsContext, type: ObjectType, id: number, assoc: HsRecord["assoc"], archivedAt?: number): HsRecord {
    const updatedAt = Math.max(this.last(), archivedAt ?? 0);
    this.set("hs_object_id", id, this.at, "CALCULATED");
    this.set("createdate", hs.iso(this.at), this.at, "CALCULATED");
    this.set(type === "contacts" ? "lastmodifieddate" : "hs_lastmodifieddate", hs.iso(updatedAt), updatedAt, "CALCULATED");
    const props: Record<string, string | null> = {};
    for (const name of propertyNames(type)) props[name] = this.history[name]?.at(-1)?.value ?? null;
    return {
      type,
      id,
      createdAt: this.at,
      updatedAt,
      ...(archivedAt !== undefined ? { archivedAt } : {}),
      props,
      history: this.history,
      assoc,
    };
  }
}

const byId = <T extends { id: number }>(a: T, b: T) => a.id - b.id;

export function buildRecords(hs: HsContext): Records {
  const { commerce, asOf } = hs.world;
  const archivedAt = new Map<number, number>();
  for (const d of commerce.deals) {
    if (d.stage === "lost" && d.closedAt !== undefined && d.closedAt + ARCHIVE_AFTER <= asOf - ARCHIVED_BEFORE)
      archivedAt.set(d.id, d.closedAt + ARCHIVE_AFTER);
  }
  const liveDeals = commerce.deals.filter((d) => !archivedAt.has(d.id));
  const ids = (list: Array<{ id: number }>, primary: boolean) => [...list].sort(byId).map((x) => ({ id: x.id, primary }));
  const wonAt = (d: Deal) => d.stageHistory.find((h) => h.stage === "won")?.at;

  const companies = commerce.companies.map((co) => {
    const contacts = commerce.contacts.filter((c) => c.companyId === co.id);
    const deals = liveDeals.filter((d) => d.companyId === co.id);
    const b = new Builder(co.createdAt);
    const user = hs.userId(co.ownerId);
    for (const [name, value] of [
      ["name", co.name],
      ["domain", co.domain],
      ["industry", HS_INDUSTRY[co.industry]],
      ["city", co.city],
      ["country", co.country],
      ["numberofemployees", co.employees],
      ["annualrevenue", co.annualRevenue],
      ["hubspot_owner_id", co.ownerId],
    ] as const) {
      b.set(name, value, co.createdAt, "CRM_UI", user);
    }
    for (const [stage, at] of lifecycle(co, deals)) b.set("lifecyclestage", stage, at, "CRM_UI", user);
    contacts
      .sort((x, y) => x.createdAt - y.createdAt)
      .forEach((c, i) => b.set("num_associated_contacts", i + 1, c.createdAt, "CALCULATED"));
    [...deals].sort((x, y) => x.createdAt - y.createdAt).forEach((d, i) => b.set("num_associated_deals", i + 1, d.createdAt, "CALCULATED"));
    let revenue = 0;
    for (const d of deals.filter((x) => wonAt(x) !== undefined).sort((x, y) => wonAt(x)! - wonAt(y)!)) {
      revenue += d.amount;
      b.set("total_revenue", revenue, wonAt(d)!, "CALCULATED");
    }
    const tickets = commerce.tickets.filter((t) => t.companyId === co.id);
    return b.record(hs, "companies", co.id, { contacts: ids(contacts, true), deals: ids(deals, true), tickets: ids(tickets, true) });
  });

  const companyById = new Map(commerce.companies.map((c) => [c.id, c]));
  const companyRecord = new Map(companies.map((r) => [r.id, r]));
  const contacts = commerce.contacts.map((c) =>
    contactRecord(hs, c, companyById.get(c.companyId)!, companyRecord.get(c.companyId)!, liveDeals, commerce.tickets),
  );
  const deals = commerce.deals.map((d) => dealRecord(hs, d, archivedAt.get(d.id)));
  const tickets = commerce.tickets.map((t) => ticketRecord(hs, t));
  const out: Records = { contacts, companies, deals, tickets };
  for (const type of OBJECT_TYPES) out[type].sort(byId);
  return out;
}

/**
 * A company's lifecycle: a lead when created, an opportunity with its first deal, a customer when a
 * deal is won, cut at the world's current stage (a lead whose only deal was lost stays a lead).
 */
function lifecycle(co: CustomerCompany, deals: Deal[]): Array<[string, number]> {
  const out: Array<[string, number]> = [["lead", co.createdAt]];
  if (co.lifecycle === "lead") return out;
  const open = deals.filter((d) => co.lifecycle === "customer" || d.stage !== "lost").map((d) => d.createdAt);
  const won = deals.flatMap((d) => d.stageHistory.filter((h) => h.stage === "won").map((h) => h.at));
  const firstWon = won.length ? Math.min(...won) : undefined;
  if (open.length && (firstWon === undefined || Math.min(...open) < firstWon)) out.push(["opportunity", Math.min(...open)]);
  if (co.lifecycle === "customer") out.push(["customer", firstWon ?? co.createdAt]);
  return out;
}

function contactRecord(
  hs: HsContext,
  c: Contact,
  co: CustomerCompany,
  company: HsRecord,
  liveDeals: Deal[],
  allTickets: Ticket[],
): HsRecord {
  const b = new Builder(c.createdAt);
  const user = hs.userId(c.ownerId);
  for (const [name, value] of [
    ["firstname", c.firstName],
    ["lastname", c.lastName],
    ["email", c.email],
    ["jobtitle", c.jobTitle],
    ["phone", c.phone],
    ["hubspot_owner_id", c.ownerId],
  ] as const) {
    b.set(name, value, c.createdAt, "CRM_UI", user);
  }
  b.set("company", co.name, c.createdAt, "CALCULATED");
  b.set("associatedcompanyid", co.id, c.createdAt, "CALCULATED");
  // The contact's lifecycle follows its company's from the day it was added.
  for (const change of company.history.lifecyclestage ?? []) {
    if (change.at <= c.createdAt) b.history.lifecyclestage = [{ ...change, at: c.createdAt, source: "CALCULATED" }];
    else b.set("lifecyclestage", change.value, change.at, "CALCULATED");
  }
  const deals = liveDeals.filter((d) => d.contactIds.includes(c.id));
  [...deals]
    .sort((x, y) => x.createdAt - y.createdAt)
    .forEach((d, i) => b.set("num_associated_deals", i + 1, Math.max(d.createdAt, c.createdAt), "CALCULATED"));
  const tickets = allTickets.filter((t) => t.contactId === c.id);
  return b.record(hs, "contacts", c.id, {
    companies: [{ id: co.id, primary: true }],
    deals: deals.map((d) => ({ id: d.id, primary: false })).sort(byId),
    tickets: tickets.map((t) => ({ id: t.id, primary: false })).sort(byId),
  });
}

function dealRecord(hs: HsContext, d: Deal, archivedAt: number | undefined): HsRecord {
  const b = new Builder(d.createdAt);
  const user = hs.userId(d.ownerId);
  const probability = new Map(DEAL_STAGES.map(([s, p]) => [s, p]));
  for (const [name, value] of [
    ["dealname", d.name],
    ["amount", d.amount],
    ["pipeline", PIPELINES.deals.id],
    ["hubspot_owner_id", d.ownerId],
    ["closedate", hs.iso(d.closeDate)],
    ["dealtype", d.name.endsWith(" - Expansion") ? "existingbusiness" : "newbusiness"],
  ] as const) {
    b.set(name, value, d.createdAt, "CRM_UI", user);
  }
  b.set("num_associated_contacts", d.contactIds.length, d.createdAt, "CALCULATED");
  b.set("hs_is_closed", "false", d.createdAt, "CALCULATED");
  b.set("hs_is_closed_won", "false", d.createdAt, "CALCULATED");
  for (const h of d.stageHistory) {
    b.set("dealstage", DEAL_STAGE_IDS[h.stage], h.at, "CRM_UI", user);
    b.set("hs_deal_stage_probability", probability.get(h.stage), h.at, "CALCULATED");
    if (h.stage === "won" || h.stage === "lost") {
      b.set("hs_is_closed", "true", h.at, "CALCULATED");
      b.set("hs_is_closed_won", String(h.stage === "won"), h.at, "CALCULATED");
      b.set("days_to_close", Math.floor((d.closeDate - d.createdAt) / DAY), h.at, "CALCULATED");
    }
  }
  const assoc: HsRecord["assoc"] =
    archivedAt !== undefined
      ? {}
      : {
          companies: [{ id: d.companyId, primary: true }],
          contacts: d.contactIds.map((id) => ({ id, primary: false })).sort(byId),
        };
  return b.record(hs, "deals", d.id, assoc, archivedAt);
}

/**
 * A ticket moves through the Support Pipeline: New (`1`) when opened; an escalated bug waits on the
 * company (`3`, Waiting on us) from the moment engineering filed it; a routine ticket still open waits
 * on the customer (`2`) from its first reply 45 minutes in (New until then); a closed one is Closed (`4`).
 */
function ticketRecord(hs: HsContext, t: Ticket): HsRecord {
  const b = new Builder(t.createdAt);
  const user = hs.userId(t.ownerId);
  const item = t.workItemKey ? hs.world.workItems.find((w) => w.key === t.workItemKey) : undefined;
  // The channel and category are the world's (commerce.ts): Salesforce's Case shows the same.
  const source = ticketChannel(hs.world.generation.seed, t);
  for (const [name, value] of [
    ["subject", t.subject],
    ["content", t.content],
    ["hs_ticket_priority", t.priority],
    ["hs_pipeline", "0"],
    ["hubspot_owner_id", t.ownerId],
    ["source_type", HS_SOURCE_TYPE[source]],
    ["hs_ticket_category", HS_TICKET_CATEGORY[ticketCategory(t)]],
  ] as const) {
    b.set(name, value, t.createdAt, "CRM_UI", user);
  }
  b.set("hs_ticket_id", t.id, t.createdAt, "CALCULATED");
  b.set("hs_pipeline_stage", "1", t.createdAt, "CRM_UI", user);
  if (item) {
    b.set("engineering_issue_key", item.key, item.createdAt, "CRM_UI", user);
    if (t.stage !== "new") b.set("hs_pipeline_stage", "3", item.createdAt, "CRM_UI", user);
  } else if (t.stage === "waiting" && t.createdAt + 45 * MINUTE <= hs.world.asOf) {
    // Not before the first reply: a ticket opened in the last 45 minutes is still New.
    b.set("hs_pipeline_stage", "2", t.createdAt + 45 * MINUTE, "CRM_UI", user);
  }
  if (t.stage === "closed" && t.closedAt !== undefined) {
    b.set("hs_pipeline_stage", "4", t.closedAt, "CRM_UI", user);
    b.set("closed_date", hs.iso(t.closedAt), t.closedAt, "CALCULATED");
    b.set("time_to_close", t.closedAt - t.createdAt, t.closedAt, "CALCULATED");
  }
  return b.record(hs, "tickets", t.id, {
    companies: [{ id: t.companyId, primary: true }],
    contacts: [{ id: t.contactId, primary: false }],
  });
}
