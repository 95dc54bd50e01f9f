/**
 * The objects the org holds and their fields, as `describe` reports them. Types are Salesforce's field
 * types (the SOAP type follows from them); references name their parent object and the relationship
 * name SOQL reaches it by (`Account.Name` from a Contact).
 */
export type FieldType =
  | "id"
  | "string"
  | "boolean"
  | "double"
  | "currency"
  | "int"
  | "percent"
  | "date"
  | "datetime"
  | "picklist"
  | "reference"
  | "email"
  | "phone"
  | "url"
  | "textarea";

export interface FieldDef {
  name: string;
  label: string;
  type: FieldType;
  length?: number;
  nillable?: boolean;
  referenceTo?: string;
  relationshipName?: string;
  picklist?: string[];
  /** Set by the system, never by a user (Id, audit fields). */
  system?: boolean;
  /** An auto-number (`CaseNumber`): the system numbers records in the order they are created. */
  autoNumber?: boolean;
}

export interface ObjectDef {
  name: string;
  label: string;
  labelPlural: string;
  keyPrefix: string;
  fields: FieldDef[];
  /** Child relationships (`SELECT (SELECT Id FROM Contacts) FROM Account`). */
  children: Array<{ childSObject: string; field: string; relationshipName: string }>;
}

const audit = (): FieldDef[] => [
  { name: "CreatedDate", label: "Created Date", type: "datetime", system: true },
  { name: "CreatedById", label: "Created By ID", type: "reference", referenceTo: "User", relationshipName: "CreatedBy", system: true },
  { name: "LastModifiedDate", label: "Last Modified Date", type: "datetime", system: true },
  {
    name: "LastModifiedById",
    label: "Last Modified By ID",
    type: "reference",
    referenceTo: "User",
    relationshipName: "LastModifiedBy",
    system: true,
  },
  { name: "SystemModstamp", label: "System Modstamp", type: "datetime", system: true },
];
const id = (): FieldDef => ({ name: "Id", label: "Record ID", type: "id", length: 18, system: true });
const deleted = (): FieldDef => ({ name: "IsDeleted", label: "Deleted", type: "boolean", system: true });
const owner = (): FieldDef => ({ name: "OwnerId", label: "Owner ID", type: "reference", referenceTo: "User", relationshipName: "Owner" });
const text = (name: string, label: string, length = 255, nillable = true): FieldDef => ({ name, label, type: "string", length, nillable });

export const STAGES = [
  ["Prospecting", 10, "Pipeline"],
  ["Qualification", 20, "Pipeline"],
  ["Needs Analysis", 20, "Pipeline"],
  ["Value Proposition", 50, "BestCase"],
  ["Id. Decision Makers", 60, "BestCase"],
  ["Negotiation/Review", 90, "Commit"],
  ["Closed Won", 100, "Closed"],
  ["Closed Lost", 0, "Omitted"],
] as const;

export const INDUSTRIES = [
  "Agriculture",
  "Apparel",
  "Banking",
  "Biotechnology",
  "Chemicals",
  "Communications",
  "Construction",
  "Consulting",
  "Education",
  "Electronics",
  "Energy",
  "Engineering",
  "Entertainment",
  "Environmental",
  "Finance",
  "Food & Beverage",
  "Government",
  "Healthcare",
  "Hospitality",
  "Insurance",
  "Machinery",
  "Manufacturing",
  "Media",
  "Not For Profit",
  "Recreation",
  "Retail",
  "Shipping",
  "Technology",
  "Telecommunications",
  "Transportation",
  "Utilities",
  "Other",
];

export const OBJECTS: ObjectDef[] = [
  {
    name: "Account",
    label: "Account",
    labelPlural: "Accounts",
    keyPrefix: "001",
    fields: [
      id(),
      deleted(),
      { ...text("Name", "Account Name"), nillable: false },
      {
        name: "Type",
        label: "Account Type",
        type: "picklist",
        nillable: true,
        picklist: ["Prospect", "Customer - Direct", "Customer - Channel", "Other"],
      },
      { name: "Industry", label: "Industry", type: "picklist", nillable: true, picklist: INDUSTRIES },
      text("BillingCity", "Billing City", 40),
      text("BillingCountry", "Billing Country", 80),
      { name: "Website", label: "Website", type: "url", length: 255, nillable: true },
      { name: "NumberOfEmployees", label: "Employees", type: "int", nillable: true },
      { name: "AnnualRevenue", label: "Annual Revenue", type: "currency", nillable: true },
      owner(),
      ...audit(),
    ],
    children: [
      { childSObject: "Case", field: "AccountId", relationshipName: "Cases" },
      { childSObject: "Contact", field: "AccountId", relationshipName: "Contacts" },
      { childSObject: "Opportunity", field: "AccountId", relationshipName: "Opportunities" },
    ],
  },
  {
    name: "Contact",
    label: "Contact",
    labelPlural: "Contacts",
    keyPrefix: "003",
    fields: [
      id(),
      deleted(),
      { name: "AccountId", label: "Account ID", type: "reference", referenceTo: "Account", relationshipName: "Account", nillable: true },
      text("FirstName", "First Name", 40),
      { ...text("LastName", "Last Name", 80), nillable: false },
      { ...text("Name", "Full Name", 121), nillable: false },
      text("Title", "Title", 128),
      { name: "Email", label: "Email", type: "email", length: 80, nillable: true },
      { name: "Phone", label: "Business Phone", type: "phone", length: 40, nillable: true },
      text("MailingCity", "Mailing City", 40),
      text("MailingCountry", "Mailing Country", 80),
      owner(),
      ...audit(),
    ],
    children: [
      { childSObject: "Case", field: "ContactId", relationshipName: "Cases" },
      { childSObject: "OpportunityContactRole", field: "ContactId", relationshipName: "OpportunityContactRoles" },
    ],
  },
  {
    name: "Opportunity",
    label: "Opportunity",
    labelPlural: "Opportunities",
    keyPrefix: "006",
    fields: [
      id(),
      deleted(),
      { name: "AccountId", label: "Account ID", type: "reference", referenceTo: "Account", relationshipName: "Account", nillable: true },
      { ...text("Name", "Name", 120), nillable: false },
      { name: "StageName", label: "Stage", type: "picklist", picklist: STAGES.map((s) => s[0]) },
      { name: "Amount", label: "Amount", type: "currency", nillable: true },
      { name: "Probability", label: "Probability (%)", type: "percent", nillable: true },
      { name: "CloseDate", label: "Close Date", type: "date" },
      { name: "Type", label: "Opportunity Type", type: "picklist", nillable: true, picklist: ["New Business", "Existing Business"] },
      { name: "IsClosed", label: "Closed", type: "boolean" },
      { name: "IsWon", label: "Won", type: "boolean" },
      {
        name: "ForecastCategory",
        label: "Forecast Category",
        type: "picklist",
        picklist: ["Omitted", "Pipeline", "BestCase", "Commit", "Closed"],
      },
      { name: "FiscalYear", label: "Fiscal Year", type: "int", nillable: true },
      { name: "FiscalQuarter", label: "Fiscal Quarter", type: "int", nillable: true },
      owner(),
      ...audit(),
    ],
    children: [
      { childSObject: "OpportunityContactRole", field: "OpportunityId", relationshipName: "OpportunityContactRoles" },
      { childSObject: "OpportunityHistory", field: "OpportunityId", relationshipName: "OpportunityHistories" },
    ],
  },
  {
    name: "OpportunityContactRole",
    label: "Opportunity Contact Role",
    labelPlural: "Opportunity Contact Role",
    keyPrefix: "00K",
    fields: [
      id(),
      deleted(),
      { name: "OpportunityId", label: "Opportunity ID", type: "reference", referenceTo: "Opportunity", relationshipName: "Opportunity" },
      { name: "ContactId", label: "Contact ID", type: "reference", referenceTo: "Contact", relationshipName: "Contact" },
      {
        name: "Role",
        label: "Role",
        type: "picklist",
        nillable: true,
        picklist: ["Business User", "Decision Maker", "Economic Buyer", "Evaluator", "Influencer", "Other"],
      },
      { name: "IsPrimary", label: "Primary", type: "boolean" },
      ...audit(),
    ],
    children: [],
  },
  {
    name: "OpportunityHistory",
    label: "Opportunity History",
    labelPlural: "Opportunity History",
    keyPrefix: "008",
    fields: [
      id(),
      deleted(),
      { name: "OpportunityId", label: "Opportunity ID", type: "reference", referenceTo: "Opportunity", relationshipName: "Opportunity" },
      { name: "StageName", label: "Stage", type: "picklist", picklist: STAGES.map((s) => s[0]) },
      { name: "Amount", label: "Amount", type: "currency", nillable: true },
      { name: "Probability", label: "Probability (%)", type: "percent", nillable: true },
      { name: "CloseDate", label: "Close Date", type: "date", nillable: true },
      {
        name: "ForecastCategory",
        label: "Forecast Category",
        type: "picklist",
        nillable: true,
        picklist: ["Omitted", "Pipeline", "BestCase", "Commit", "Closed"],
      },
      { name: "CreatedDate", label: "Created Date", type: "datetime", system: true },
      { name: "CreatedById", label: "Created By ID", type: "reference", referenceTo: "User", relationshipName: "CreatedBy", system: true },
      { name: "SystemModstamp", label: "System Modstamp", type: "datetime", system: true },
    ],
    children: [],
  },
  {
    name: "User",
    label: "User",
    labelPlural: "Users",
    keyPrefix: "005",
    fields: [
      id(),
      { ...text("Username", "Username", 80), nillable: false },
      { ...text("Name", "Full Name", 121), nillable: false },
      text("FirstName", "First Name", 40),
      { ...text("LastName", "Last Name", 80), nillable: false },
      { name: "Email", label: "Email", type: "email", length: 128 },
      text("Alias", "Alias", 8),
      text("Title", "Title", 80),
      text("Department", "Department", 80),
      { name: "IsActive", label: "Active", type: "boolean" },
      { name: "UserType", label: "User Type", type: "picklist", picklist: ["Standard", "AutomatedProcess"] },
      { name: "TimeZoneSidKey", label: "Time Zone", type: "picklist", picklist: [] },
      { name: "LocaleSidKey", label: "Locale", type: "picklist", picklist: ["en_US"] },
      { name: "ManagerId", label: "Manager ID", type: "reference", referenceTo: "User", relationshipName: "Manager", nillable: true },
      ...audit(),
    ],
    children: [],
  },
  {
    // Standard picklist values of a new org (Status, Origin, Priority); Type as a software company sets it up.
    name: "Case",
    label: "Case",
    labelPlural: "Cases",
    keyPrefix: "500",
    fields: [
      id(),
      deleted(),
      { name: "CaseNumber", label: "Case Number", type: "string", length: 30, system: true, autoNumber: true },
      { name: "ContactId", label: "Contact ID", type: "reference", referenceTo: "Contact", relationshipName: "Contact", nillable: true },
      { name: "AccountId", label: "Account ID", type: "reference", referenceTo: "Account", relationshipName: "Account", nillable: true },
      { name: "Type", label: "Case Type", type: "picklist", nillable: true, picklist: ["Question", "Problem", "Feature Request"] },
      { name: "Status", label: "Status", type: "picklist", nillable: true, picklist: ["New", "Working", "Escalated", "Closed"] },
      { name: "Origin", label: "Case Origin", type: "picklist", nillable: true, picklist: ["Phone", "Email", "Web"] },
      text("Subject", "Subject"),
      { name: "Priority", label: "Priority", type: "picklist", nillable: true, picklist: ["High", "Medium", "Low"] },
      { name: "Description", label: "Description", type: "textarea", length: 32000, nillable: true },
      { name: "IsClosed", label: "Closed", type: "boolean", system: true },
      { name: "ClosedDate", label: "Closed Date", type: "datetime", nillable: true, system: true },
      { name: "IsEscalated", label: "Escalated", type: "boolean" },
      owner(),
      ...audit(),
    ],
    children: [],
  },
  {
    name: "Lead",
    label: "Lead",
    labelPlural: "Leads",
    keyPrefix: "00Q",
    fields: [
      id(),
      deleted(),
      text("FirstName", "First Name", 40),
      { ...text("LastName", "Last Name", 80), nillable: false },
      { ...text("Company", "Company"), nillable: false },
      { name: "Email", label: "Email", type: "email", length: 80, nillable: true },
      {
        name: "Status",
        label: "Status",
        type: "picklist",
        picklist: ["Open - Not Contacted", "Working - Contacted", "Closed - Converted", "Closed - Not Converted"],
      },
      { name: "IsConverted", label: "Converted", type: "boolean" },
      owner(),
      ...audit(),
    ],
    children: [],
  },
];

export const objectDef = (name: string): ObjectDef | undefined => OBJECTS.find((o) => o.name.toLowerCase() === name.toLowerCase());
