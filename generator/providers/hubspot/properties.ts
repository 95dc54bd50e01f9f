import { asJson, type JsonValue, type Resource } from "../../core/provider.js";
import { DEAL_STAGES } from "../../world/commerce/commerce.js";
import type { TicketCategory, TicketChannel } from "../../world/commerce/commerce.js";
import { INDUSTRIES, type Industry } from "../../world/vocabulary.js";
import type { HsContext } from "./context.js";
import { OBJECT_TYPES, type ObjectType } from "./object-types.js";
import { DEAL_STAGE_IDS, DEAL_STAGE_LABELS, TICKET_STAGES } from "./pipelines.js";

/**
 * The property definitions of each object type: the HubSpot-defined properties the pin fills from the
 * world (a real portal has hundreds; these are the ones that carry data here) and one custom ticket
 * property, `engineering_issue_key`, that the company's admin created to link an escalated ticket to
 * its bug. Values are strings as HubSpot returns them: numbers in decimal, datetimes in ISO 8601 with
 * milliseconds, booleans `true`/`false`, enumerations by their option value.
 */
export type PropType = "string" | "number" | "datetime" | "enumeration" | "bool";

export interface PropDef {
  name: string;
  label: string;
  type: PropType;
  fieldType: "text" | "textarea" | "number" | "date" | "select" | "radio" | "booleancheckbox" | "phonenumber" | "calculation_read_time";
  groupName: string;
  description: string;
  options?: Array<{ label: string; value: string }>;
  /** HubSpot computes it (rollups, flags, ids): read-only, never a form field. */
  calculated?: boolean;
  readOnlyValue?: boolean;
  /** The owner properties list the portal's owners (options come from the owners API). */
  owner?: boolean;
  /** A property the portal created (not HubSpot's): who created it. */
  custom?: boolean;
  hasUniqueValue?: boolean;
  numberDisplayHint?: "currency" | "formatted" | "probability" | "duration" | "unformatted";
  textDisplayHint?: "email" | "phone_number" | "domain_name" | "multi_line";
}

export const GROUPS: Record<ObjectType, Array<{ name: string; label: string }>> = {
  contacts: [
    { name: "contactinformation", label: "Contact information" },
    { name: "sales_properties", label: "Sales properties" },
  ],
  companies: [
    { name: "companyinformation", label: "Company information" },
    { name: "sales_properties", label: "Sales properties" },
  ],
  deals: [{ name: "dealinformation", label: "Deal information" }],
  tickets: [{ name: "ticketinformation", label: "Ticket information" }],
};

/** The properties a read returns when it names none (HubSpot's defaults per object type). */
export const DEFAULT_PROPERTIES: Record<ObjectType, string[]> = {
  contacts: ["createdate", "email", "firstname", "hs_object_id", "lastmodifieddate", "lastname"],
  companies: ["createdate", "domain", "hs_lastmodifieddate", "hs_object_id", "name"],
  deals: ["amount", "closedate", "createdate", "dealname", "dealstage", "hs_lastmodifieddate", "hs_object_id", "pipeline"],
  tickets: [
    "content",
    "createdate",
    "hs_lastmodifieddate",
    "hs_object_id",
    "hs_pipeline",
    "hs_pipeline_stage",
    "hs_ticket_category",
    "hs_ticket_priority",
    "subject",
  ],
};

/** Returned with any list of requested properties, as HubSpot always adds them. */
export function alwaysReturned(type: ObjectType): string[] {
  return ["createdate", "hs_object_id", type === "contacts" ? "lastmodifieddate" : "hs_lastmodifieddate"];
}

/** What the free-text `query` of a search looks in, per object type (HubSpot's default searchable properties). */
export const SEARCHABLE: Record<ObjectType, string[]> = {
  contacts: ["firstname", "lastname", "email", "phone", "company"],
  companies: ["name", "domain", "city"],
  deals: ["dealname", "dealstage", "pipeline", "dealtype"],
  tickets: ["subject", "content", "hs_pipeline_stage", "hs_ticket_category", "engineering_issue_key"],
};

const LIFECYCLE = [
  ["subscriber", "Subscriber"],
  ["lead", "Lead"],
  ["marketingqualifiedlead", "Marketing Qualified Lead"],
  ["salesqualifiedlead", "Sales Qualified Lead"],
  ["opportunity", "Opportunity"],
  ["customer", "Customer"],
  ["evangelist", "Evangelist"],
  ["other", "Other"],
].map(([value, label]) => ({ label: label!, value: value! }));

const INDUSTRY_LABELS: Record<string, string> = {
  TRANSPORTATION_TRUCKING_RAILROAD: "Transportation/Trucking/Railroad",
  HOSPITAL_HEALTH_CARE: "Hospital & Health Care",
  FOOD_BEVERAGES: "Food & Beverages",
  COMPUTER_SOFTWARE: "Computer Software",
  RETAIL: "Retail",
  BANKING: "Banking",
  OIL_ENERGY: "Oil & Energy",
  ONLINE_MEDIA: "Online Media",
  LEISURE_TRAVEL_TOURISM: "Leisure, Travel & Tourism",
  INSURANCE: "Insurance",
};

/** The world's industries as HubSpot's `industry` enumeration values. */
export const HS_INDUSTRY: Record<Industry, string> = {
  transportation: "TRANSPORTATION_TRUCKING_RAILROAD",
  "health-care": "HOSPITAL_HEALTH_CARE",
  food: "FOOD_BEVERAGES",
  software: "COMPUTER_SOFTWARE",
  retail: "RETAIL",
  banking: "BANKING",
  energy: "OIL_ENERGY",
  media: "ONLINE_MEDIA",
  travel: "LEISURE_TRAVEL_TOURISM",
  insurance: "INSURANCE",
};

/** The world's ticket categories and channels as `hs_ticket_category` and `source_type` values. */
export const HS_TICKET_CATEGORY: Record<TicketCategory, string> = {
  product: "PRODUCT_ISSUE",
  billing: "BILLING_ISSUE",
  "feature-request": "FEATURE_REQUEST",
  question: "GENERAL_INQUIRY",
};
export const HS_SOURCE_TYPE: Record<TicketChannel, string> = { email: "EMAIL", form: "FORM", chat: "CHAT", phone: "PHONE" };

const INDUSTRY_OPTIONS = [...new Set(INDUSTRIES.map(([, industry]) => HS_INDUSTRY[industry]))]
  .sort()
  .map((value) => ({ label: INDUSTRY_LABELS[value] ?? value, value }));

export const created = (what: string): PropDef => ({
  name: "createdate",
  label: "Create Date",
  type: "datetime",
  fieldType: "date",
  groupName: what,
  description: "The date the record was created.",
  readOnlyValue: true,
});
export const objectId = (what: string): PropDef => ({
  name: "hs_object_id",
  label: "Record ID",
  type: "number",
  fieldType: "number",
  groupName: what,
  readOnlyValue: true,
  calculated: true,
  numberDisplayHint: "unformatted",
  description: "The unique ID for this record. This value is set automatically by HubSpot.",
});
export const modified = (name: string, what: string): PropDef => ({
  name,
  label: "Last Modified Date",
  type: "datetime",
  fieldType: "date",
  groupName: what,
  readOnlyValue: true,
  calculated: true,
  description: "Most recent timestamp of any property update for this record.",
});
export const owner = (label: string, what: string): PropDef => ({
  name: "hubspot_owner_id",
  label,
  type: "enumeration",
  fieldType: "select",
  groupName: what,
  owner: true,
  description: "The owner of the record. Owners are the portal's sales and support users.",
});
export const text = (name: string, label: string, group: string, description: string, extra: Partial<PropDef> = {}): PropDef => ({
  name,
  label,
  type: "string",
  fieldType: "text",
  groupName: group,
  description,
  ...extra,
});
export const num = (name: string, label: string, group: string, description: string, extra: Partial<PropDef> = {}): PropDef => ({
  name,
  label,
  type: "number",
  fieldType: "number",
  groupName: group,
  description,
  ...extra,
});
const rollup = (name: string, label: string, group: string, description: string, extra: Partial<PropDef> = {}): PropDef =>
  num(name, label, group, description, { calculated: true, readOnlyValue: true, ...extra });
const flag = (name: string, label: string, group: string, description: string): PropDef => ({
  name,
  label,
  type: "bool",
  fieldType: "booleancheckbox",
  groupName: group,
  description,
  calculated: true,
  readOnlyValue: true,
  options: [
    { label: "True", value: "true" },
    { label: "False", value: "false" },
  ],
});

/** Every property definition, per object type, sorted by name (the order the properties API lists them in). */
export const PROPERTIES: Record<ObjectType, PropDef[]> = sortAll({
  contacts: [
    num(
      "associatedcompanyid",
      "Primary Associated Company ID",
      "contactinformation",
      "HubSpot defined ID of a contact's primary associated company.",
      { calculated: false, numberDisplayHint: "unformatted" },
    ),
    text("company", "Company Name", "contactinformation", "Name of the contact's company."),
    created("contactinformation"),
    text("email", "Email", "contactinformation", "A contact's email address.", { textDisplayHint: "email" }),
    text("firstname", "First Name", "contactinformation", "A contact's first name."),
    objectId("contactinformation"),
    owner("Contact owner", "sales_properties"),
    text("jobtitle", "Job Title", "contactinformation", "A contact's job title."),
    modified("lastmodifieddate", "contactinformation"),
    text("lastname", "Last Name", "contactinformation", "A contact's last name."),
    {
      name: "lifecyclestage",
      label: "Lifecycle Stage",
      type: "enumeration",
      fieldType: "radio",
      groupName: "contactinformation",
      options: LIFECYCLE,
      description: "The qualification of contacts to sales readiness.",
    },
    rollup("num_associated_deals", "Number of Associated Deals", "sales_properties", "The number of deals associated with this contact."),
    text("phone", "Phone Number", "contactinformation", "A contact's primary phone number.", {
      fieldType: "phonenumber",
      textDisplayHint: "phone_number",
    }),
  ],
  companies: [
    num("annualrevenue", "Annual Revenue", "companyinformation", "The actual or estimated annual revenue of the company.", {
      numberDisplayHint: "currency",
    }),
    text("city", "City", "companyinformation", "The city where the company is located."),
    text("country", "Country/Region", "companyinformation", "The country/region in which the company is located."),
    created("companyinformation"),
    text("domain", "Company Domain Name", "companyinformation", "The domain name of the company.", { textDisplayHint: "domain_name" }),
    modified("hs_lastmodifieddate", "companyinformation"),
    objectId("companyinformation"),
    owner("Company owner", "companyinformation"),
    {
      name: "industry",
      label: "Industry",
      type: "enumeration",
      fieldType: "select",
      groupName: "companyinformation",
      options: INDUSTRY_OPTIONS,
      description: "The type of business the company performs.",
    },
    {
      name: "lifecyclestage",
      label: "Lifecycle Stage",
      type: "enumeration",
      fieldType: "radio",
      groupName: "companyinformation",
      options: LIFECYCLE,
      description: "The qualification of companies to sales readiness.",
    },
    text("name", "Name", "companyinformation", "The name of the company."),
    rollup(
      "num_associated_contacts",
      "Number of Associated Contacts",
      "sales_properties",
      "The number of contacts associated with this company.",
    ),
    rollup("num_associated_deals", "Number of Associated Deals", "sales_properties", "The number of deals associated with this company."),
    num("numberofemployees", "Number of Employees", "companyinformation", "The total number of employees who work for the company."),
    rollup(
      "total_revenue",
      "Total Revenue",
      "sales_properties",
      "The total revenue of all closed won deals associated with this company.",
      { numberDisplayHint: "currency" },
    ),
  ],
  deals: [
    num("amount", "Amount", "dealinformation", "The total amount of the deal.", { numberDisplayHint: "currency" }),
    {
      name: "closedate",
      label: "Close Date",
      type: "datetime",
      fieldType: "date",
      groupName: "dealinformation",
      description: "Date the deal was closed. Set automatically by HubSpot.",
    },
    created("dealinformation"),
    rollup("days_to_close", "Days to close", "dealinformation", "The number of days taken to close the deal."),
    text("dealname", "Deal Name", "dealinformation", "The name given to this deal."),
    {
      name: "dealstage",
      label: "Deal Stage",
      type: "enumeration",
      fieldType: "radio",
      groupName: "dealinformation",
      options: DEAL_STAGES.map(([stage]) => ({ label: DEAL_STAGE_LABELS[stage], value: DEAL_STAGE_IDS[stage] })),
      description:
        "The stage of the deal. Deal stages allow you to categorize and track the progress of the deals that you are working on.",
    },
    {
      name: "dealtype",
      label: "Deal Type",
      type: "enumeration",
      fieldType: "radio",
      groupName: "dealinformation",
      options: [
        { label: "New Business", value: "newbusiness" },
        { label: "Existing Business", value: "existingbusiness" },
      ],
      description: "The type of deal. By default, categorize your deal as either New Business or Existing Business.",
    },
    rollup(
      "hs_deal_stage_probability",
      "Deal probability",
      "dealinformation",
      "The probability a deal will close. This defaults to the deal stage probability setting.",
      { numberDisplayHint: "probability" },
    ),
    flag("hs_is_closed", "Is Deal Closed?", "dealinformation", "True if the deal was won or lost."),
    flag("hs_is_closed_won", "Is Closed Won", "dealinformation", "True if the deal is in the closed won state, false otherwise."),
    modified("hs_lastmodifieddate", "dealinformation"),
    objectId("dealinformation"),
    owner("Deal owner", "dealinformation"),
    rollup(
      "num_associated_contacts",
      "Number of Associated Contacts",
      "dealinformation",
      "The number of contacts associated with this deal.",
    ),
    {
      name: "pipeline",
      label: "Pipeline",
      type: "enumeration",
      fieldType: "select",
      groupName: "dealinformation",
      options: [{ label: "Sales Pipeline", value: "default" }],
      description: "The pipeline the deal is in. This determines which stages are options for the deal.",
    },
  ],
  tickets: [
    {
      name: "closed_date",
      label: "Close date",
      type: "datetime",
      fieldType: "date",
      groupName: "ticketinformation",
      calculated: true,
      readOnlyValue: true,
      description: "The date the ticket was closed.",
    },
    text("content", "Ticket description", "ticketinformation", "Text in the ticket.", {
      fieldType: "textarea",
      textDisplayHint: "multi_line",
    }),
    created("ticketinformation"),
    text(
      "engineering_issue_key",
      "Engineering issue key",
      "ticketinformation",
      "The key of the bug this ticket was escalated to engineering as, in the company's issue tracker.",
      { custom: true },
    ),
    modified("hs_lastmodifieddate", "ticketinformation"),
    objectId("ticketinformation"),
    {
      name: "hs_pipeline",
      label: "Pipeline",
      type: "enumeration",
      fieldType: "select",
      groupName: "ticketinformation",
      options: [{ label: "Support Pipeline", value: "0" }],
      description: "The pipeline that contains this ticket.",
    },
    {
      name: "hs_pipeline_stage",
      label: "Ticket status",
      type: "enumeration",
      fieldType: "select",
      groupName: "ticketinformation",
      options: TICKET_STAGES.map((s) => ({ label: s.label, value: s.id })),
      description: "The pipeline stage that contains this ticket.",
    },
    {
      name: "hs_ticket_category",
      label: "Category",
      type: "enumeration",
      fieldType: "select",
      groupName: "ticketinformation",
      description: "The main reason customer reached out for help.",
      options: [
        ["Product issue", "PRODUCT_ISSUE"],
        ["Billing issue", "BILLING_ISSUE"],
        ["Feature request", "FEATURE_REQUEST"],
        ["General inquiry", "GENERAL_INQUIRY"],
      ].map(([label, value]) => ({ label: label!, value: value! })),
    },
    rollup("hs_ticket_id", "Ticket ID", "ticketinformation", "The unique ID of the ticket.", { numberDisplayHint: "unformatted" }),
    {
      name: "hs_ticket_priority",
      label: "Priority",
      type: "enumeration",
      fieldType: "select",
      groupName: "ticketinformation",
      description: "The level of attention needed on the ticket.",
      options: [
        ["Low", "LOW"],
        ["Medium", "MEDIUM"],
        ["High", "HIGH"],
        ["Urgent", "URGENT"],
      ].map(([label, value]) => ({ label: label!, value: value! })),
    },
    owner("Ticket owner", "ticketinformation"),
    {
      name: "source_type",
      label: "Source",
      type: "enumeration",
      fieldType: "select",
      groupName: "ticketinformation",
      description: "Channel where ticket was originally submitted.",
      options: [
        ["Chat", "CHAT"],
        ["Email", "EMAIL"],
        ["Form", "FORM"],
        ["Phone", "PHONE"],
      ].map(([label, value]) => ({ label: label!, value: value! })),
    },
    text("subject", "Ticket name", "ticketinformation", "Short summary of ticket."),
    rollup("time_to_close", "Time to close", "ticketinformation", "The time it took to close the ticket, in milliseconds.", {
      numberDisplayHint: "duration",
    }),
  ],
});

function sortAll(all: Record<ObjectType, PropDef[]>): Record<ObjectType, PropDef[]> {
  for (const type of OBJECT_TYPES) all[type].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return all;
}

export function propertyNames(type: ObjectType): string[] {
  return PROPERTIES[type].map((p) => p.name);
}

/** A property definition as the properties API returns it. */
export function propertyJson(hs: HsContext, def: PropDef, displayOrder: number): JsonValue {
  const defined = hs.portalCreated;
  const custom = def.custom ? customCreated(hs) : undefined;
  const options = def.owner ? [] : (def.options ?? []).map((o, i) => ({ label: o.label, value: o.value, displayOrder: i, hidden: false }));
  return asJson({
    updatedAt: hs.iso(custom ?? defined),
    createdAt: hs.iso(custom ?? defined),
    name: def.name,
    label: def.label,
    type: def.type,
    fieldType: def.fieldType,
    description: def.description,
    groupName: def.groupName,
    options,
    ...(def.owner ? { referencedObjectType: "OWNER" } : {}),
    ...(custom !== undefined ? { createdUserId: String(hs.userId("admin")), updatedUserId: String(hs.userId("admin")) } : {}),
    displayOrder: def.custom ? -1 : displayOrder,
    calculated: def.calculated ?? false,
    externalOptions: def.owner ?? false,
    archived: false,
    hasUniqueValue: def.hasUniqueValue ?? false,
    hidden: false,
    ...(def.numberDisplayHint ? { numberDisplayHint: def.numberDisplayHint } : {}),
    ...(def.textDisplayHint ? { textDisplayHint: def.textDisplayHint } : {}),
    hubspotDefined: !def.custom,
    modificationMetadata: { archivable: !!def.custom, readOnlyDefinition: !def.custom, readOnlyValue: def.readOnlyValue ?? false },
    formField: !(def.calculated || def.readOnlyValue),
    dataSensitivity: "non_sensitive",
  });
}

/** The admin created the custom property when the first ticket was escalated as a bug. */
function customCreated(hs: HsContext): number {
  const first = hs.world.commerce.tickets.find((t) => t.workItemKey);
  return (first?.createdAt ?? hs.world.start) - 86_400_000;
}

/** `crm/v3/properties/{type}`, each property, the groups and each group. */
export function* propertyResources(hs: HsContext): Generator<Resource> {
  for (const type of OBJECT_TYPES) {
    const base = `crm/v3/properties/${type}`;
    const defs = PROPERTIES[type];
    const all = defs.map((d, i) => propertyJson(hs, d, i));
    yield { path: base, body: { results: all } };
    for (const [i, d] of defs.entries()) yield { path: `${base}/${d.name}`, body: all[i]! };
    const groups = GROUPS[type].map((g, i) => ({ name: g.name, label: g.label, displayOrder: i, archived: false }));
    yield { path: `${base}/groups`, body: { results: groups } };
    for (const g of groups) yield { path: `${base}/groups/${g.name}`, body: g };
  }
}
