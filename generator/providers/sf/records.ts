import type { JsonValue } from "../../core/provider.js";
import { MINUTE } from "../../world/clock.js";
import { customerSince, ticketCategory, ticketChannel, type TicketCategory, type TicketChannel } from "../../world/commerce/commerce.js";
import type { Industry } from "../../world/vocabulary.js";
import type { CustomerCompany, DealStage, StaffMember, Ticket, WorkItem, World } from "../../world/types.js";
import { sfId } from "./ids.js";
import { OBJECTS, STAGES } from "./schema.js";

/** One record: field name → value, in the object's describe order. */
export type SfRecord = Record<string, JsonValue>;

/** Every record of the org, by object name, each list in Id order. */
export type OrgData = Record<string, SfRecord[]>;

/** `2026-08-03T14:22:10.000+0000`: how Salesforce writes a dateTime. */
export const sfDateTime = (ms: number): string => new Date(ms).toISOString().replace("Z", "+0000");
export const sfDate = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

const STAGE_OF: Record<DealStage, (typeof STAGES)[number]> = {
  meeting: STAGES[0],
  qualified: STAGES[1],
  presentation: STAGES[3],
  decision: STAGES[4],
  contract: STAGES[5],
  won: STAGES[6],
  lost: STAGES[7],
};

/** The world's industries as the nearest value of Salesforce's standard picklist. */
const INDUSTRY_OF: Record<Industry, string> = {
  transportation: "Transportation",
  "health-care": "Healthcare",
  food: "Food & Beverage",
  software: "Technology",
  retail: "Retail",
  banking: "Banking",
  energy: "Energy",
  media: "Media",
  travel: "Hospitality",
  insurance: "Insurance",
};

/** The integration user the CRM sync runs as: it created the records that came over from HubSpot. */
const INTEGRATION_USER = 1;

/**
 * The org as a company running Salesforce beside HubSpot would have it: the same customers (Accounts),
 * their people (Contacts), deals (Opportunities, with their stage history and contact roles), support
 * tickets (Cases) and the sales and support staff (Users). Companies HubSpot still calls leads have no
 * Account yet: their contacts are Leads. Ids are the world's ids under each object's key prefix.
 */
export function orgData(world: World): OrgData {
  const { staff, companies, contacts, deals, tickets } = world.commerce;
  const user = (staffId: number) => sfId("005", staffId);
  const integration = sfId("005", INTEGRATION_USER);
  const audit = (created: number, modified: number, by = integration, modifiedBy = by) => ({
    CreatedDate: sfDateTime(created),
    CreatedById: by,
    LastModifiedDate: sfDateTime(modified),
    LastModifiedById: modifiedBy,
    SystemModstamp: sfDateTime(modified),
  });
  const accountOf = new Map(companies.filter((c) => c.lifecycle !== "lead").map((c) => [c.id, c]));
  const earliest = Math.min(...staff.map((s) => s.joinedAt), ...companies.map((c) => c.createdAt));
  const head = staff.find((s) => s.role === "Head of Sales");

  const users: SfRecord[] = [
    userRecord(
      integration,
      {
        firstName: "Integration",
        lastName: "User",
        email: `integration@${world.company.domain}`,
        role: "Integration",
        team: "Sales",
        timeZone: "UTC",
      },
      world.company.domain,
      "AutomatedProcess",
      null,
      audit(earliest, earliest),
    ),
    ...staff.map((s) =>
      userRecord(
        user(s.id),
        s,
        world.company.domain,
        "Standard",
        s === head || !head || s.team !== "Sales" ? null : user(head.id),
        audit(s.joinedAt, s.joinedAt),
      ),
    ),
  ];
  // A prospect's Type turns to Customer - Direct when its first deal is won: the sync modifies the Account then.
  const wonAt = customerSince(deals);
  const accounts = [...accountOf.values()].map((c) => ({
    Id: sfId("001", c.id),
    IsDeleted: false,
    Name: c.name,
    Type: c.lifecycle === "customer" ? "Customer - Direct" : "Prospect",
    Industry: INDUSTRY_OF[c.industry],
    BillingCity: c.city,
    BillingCountry: c.country,
    Website: `https://www.${c.domain}`,
    NumberOfEmployees: c.employees,
    AnnualRevenue: c.annualRevenue,
    OwnerId: user(c.ownerId),
    ...audit(c.createdAt, c.lifecycle === "customer" ? Math.max(c.createdAt, wonAt.get(c.id) ?? c.createdAt) : c.createdAt),
  }));
  const contactRecords = contacts
    .filter((p) => accountOf.has(p.companyId))
    .map((p) => {
      const c = accountOf.get(p.companyId)!;
      return {
        Id: sfId("003", p.id),
        IsDeleted: false,
        AccountId: sfId("001", c.id),
        FirstName: p.firstName,
        LastName: p.lastName,
        Name: `${p.firstName} ${p.lastName}`,
        Title: p.jobTitle,
        Email: p.email,
        Phone: p.phone,
        MailingCity: c.city,
        MailingCountry: c.country,
        OwnerId: user(p.ownerId),
        ...audit(p.createdAt, p.createdAt),
      };
    });
  const leads = contacts
    .filter((p) => !accountOf.has(p.companyId))
    .map((p) => {
      const c = companies.find((x) => x.id === p.companyId) as CustomerCompany;
      return {
        Id: sfId("00Q", p.id),
        IsDeleted: false,
        FirstName: p.firstName,
        LastName: p.lastName,
        Company: c.name,
        Email: p.email,
        Status: "Working - Contacted",
        IsConverted: false,
        OwnerId: user(p.ownerId),
        ...audit(p.createdAt, p.createdAt),
      };
    });
  const opps: SfRecord[] = [];
  const roles: SfRecord[] = [];
  const history: SfRecord[] = [];
  for (const d of deals.filter((x) => accountOf.has(x.companyId))) {
    const [stage, probability, forecast] = STAGE_OF[d.stage];
    const closed = d.stage === "won" || d.stage === "lost";
    const last = d.stageHistory.at(-1)?.at ?? d.createdAt;
    const close = new Date(d.closeDate);
    opps.push({
      Id: sfId("006", d.id),
      IsDeleted: false,
      AccountId: sfId("001", d.companyId),
      Name: d.name,
      StageName: stage,
      Amount: d.amount,
      Probability: probability,
      CloseDate: sfDate(d.closeDate),
      Type: "New Business",
      IsClosed: closed,
      IsWon: d.stage === "won",
      ForecastCategory: forecast,
      FiscalYear: close.getUTCFullYear(),
      FiscalQuarter: Math.floor(close.getUTCMonth() / 3) + 1,
      OwnerId: user(d.ownerId),
      ...audit(d.createdAt, last, user(d.ownerId)),
    });
    d.contactIds.forEach((contactId, i) =>
      roles.push({
        Id: sfId("00K", d.id + i + 1),
        IsDeleted: false,
        OpportunityId: sfId("006", d.id),
        ContactId: sfId("003", contactId),
        Role: i === 0 ? "Decision Maker" : "Evaluator",
        IsPrimary: i === 0,
        ...audit(d.createdAt, d.createdAt, user(d.ownerId)),
      }),
    );
    d.stageHistory.forEach((h, i) => {
      const [s, p, f] = STAGE_OF[h.stage];
      history.push({
        Id: sfId("008", d.id * 8 + i),
        IsDeleted: false,
        OpportunityId: sfId("006", d.id),
        StageName: s,
        Amount: d.amount,
        Probability: p,
        CloseDate: sfDate(d.closeDate),
        ForecastCategory: f,
        CreatedDate: sfDateTime(h.at),
        CreatedById: user(d.ownerId),
        SystemModstamp: sfDateTime(h.at),
      });
    });
  }
  const accountContacts = new Set(contactRecords.map((r) => r.Id));
  const items = new Map(world.workItems.map((w) => [w.key, w]));
  const cases = [...tickets]
    .filter((t) => accountOf.has(t.companyId) && accountContacts.has(sfId("003", t.contactId)))
    .sort((a, b) => a.createdAt - b.createdAt || a.id - b.id)
    .map((t, i) => caseRecord(world, t, i, t.workItemKey ? items.get(t.workItemKey) : undefined, { integration, owner: user(t.ownerId) }));
  const byId = (a: SfRecord, b: SfRecord) => (String(a.Id) < String(b.Id) ? -1 : 1);
  const data: OrgData = {
    Account: accounts,
    Contact: contactRecords,
    Opportunity: opps,
    OpportunityContactRole: roles,
    OpportunityHistory: history,
    User: users,
    Lead: leads,
    Case: cases,
  };
  for (const o of OBJECTS) data[o.name] = ordered(o.name, (data[o.name] ?? []).sort(byId));
  return data;
}

const ORIGIN_OF: Record<TicketChannel, string> = { email: "Email", form: "Web", chat: "Web", phone: "Phone" };
const TYPE_OF: Record<TicketCategory, string> = {
  product: "Problem",
  "feature-request": "Feature Request",
  billing: "Question",
  question: "Question",
};
const PRIORITY_OF: Record<Ticket["priority"], string> = { HIGH: "High", MEDIUM: "Medium", LOW: "Low" };

/**
 * A support ticket as a Case, numbered in the order cases were created (`00001001` on). Its status moves
 * as HubSpot's ticket does: New when opened; Escalated (and `IsEscalated`) when engineering files the bug
 * it reports; a routine one Working from the agent's first response 45 minutes in; Closed when closed.
 * Each change the agent (the owner) makes is the case's last modification; nothing after as-of.
 */
function caseRecord(
  world: World,
  t: Ticket,
  index: number,
  item: WorkItem | undefined,
  { integration, owner }: { integration: string; owner: string },
): SfRecord {
  const changes: Array<[string, number]> = [["New", t.createdAt]];
  const working = t.createdAt + 45 * MINUTE;
  if (item && t.stage !== "new") changes.push(["Escalated", Math.max(t.createdAt, item.createdAt)]);
  else if (!item && t.stage !== "new" && working <= world.asOf && working < (t.closedAt ?? Infinity)) changes.push(["Working", working]);
  if (t.closedAt !== undefined && t.closedAt <= world.asOf) changes.push(["Closed", t.closedAt]);
  const [status, modified] = changes.at(-1)!;
  return {
    Id: sfId("500", t.id),
    IsDeleted: false,
    CaseNumber: String(1001 + index).padStart(8, "0"),
    ContactId: sfId("003", t.contactId),
    AccountId: sfId("001", t.companyId),
    Type: TYPE_OF[ticketCategory(t)],
    Status: status,
    Origin: ORIGIN_OF[ticketChannel(world.generation.seed, t)],
    Subject: t.subject,
    Priority: PRIORITY_OF[t.priority],
    Description: t.content,
    IsClosed: status === "Closed",
    ClosedDate: status === "Closed" ? sfDateTime(modified) : null,
    IsEscalated: changes.some(([s]) => s === "Escalated"),
    OwnerId: owner,
    CreatedDate: sfDateTime(t.createdAt),
    CreatedById: integration,
    LastModifiedDate: sfDateTime(modified),
    LastModifiedById: changes.length > 1 ? owner : integration,
    SystemModstamp: sfDateTime(modified),
  };
}

function userRecord(
  idValue: string,
  s: Pick<StaffMember, "firstName" | "lastName" | "email" | "role" | "team" | "timeZone">,
  domain: string,
  type: string,
  managerId: string | null,
  audit: Record<string, JsonValue>,
): SfRecord {
  return {
    Id: idValue,
    Username: `${s.email.split("@")[0]}@${domain}.crm`,
    Name: `${s.firstName} ${s.lastName}`,
    FirstName: s.firstName,
    LastName: s.lastName,
    Email: s.email,
    Alias: (s.firstName.slice(0, 1) + s.lastName.slice(0, 4)).toLowerCase(),
    Title: s.role,
    Department: s.team,
    IsActive: true,
    UserType: type,
    TimeZoneSidKey: s.timeZone === "UTC" ? "GMT" : s.timeZone,
    LocaleSidKey: "en_US",
    ManagerId: managerId,
    ...audit,
  };
}

/** Each record's fields in the describe order, every field present (null when unset). */
function ordered(object: string, records: SfRecord[]): SfRecord[] {
  const fields = OBJECTS.find((o) => o.name === object)!.fields;
  return records.map((r) => Object.fromEntries(fields.map((f) => [f.name, r[f.name] ?? null])));
}
