import type { Industry } from "../vocabulary.js";
/** The commerce domain's part of the world. */
export interface CommercePart {
  /** Its customers and prospects, as the CRM holds them, and the staff who sell to and support them. */
  commerce: Commerce;
}

/** Someone outside engineering (sales, support): in the CRM, never in the code. Ids start at 1001. */
export interface StaffMember {
  id: number;
  firstName: string;
  lastName: string;
  name: string;
  email: string;
  role: string;
  team: "Sales" | "Support";
  timeZone: string;
  joinedAt: number;
}

export interface CustomerCompany {
  id: number;
  name: string;
  domain: string;
  /** Its industry, neutral (vocabulary.ts INDUSTRIES): each CRM maps it to its own enumeration. */
  industry: Industry;
  employees: number;
  city: string;
  country: string;
  lifecycle: "lead" | "opportunity" | "customer";
  createdAt: number;
  ownerId: number;
  annualRevenue: number;
}

export interface Contact {
  id: number;
  companyId: number;
  firstName: string;
  lastName: string;
  email: string;
  jobTitle: string;
  phone: string;
  createdAt: number;
  ownerId: number;
}

/**
 * Where a deal stands in the company's sales pipeline: a first meeting, qualified, presented, the decision
 * maker bought in, the contract sent, then won or lost. Neutral names: each CRM maps them to its own stage
 * ids (hubspot/pipelines.ts, sf/records.ts).
 */
export type DealStage = "meeting" | "qualified" | "presentation" | "decision" | "contract" | "won" | "lost";

export interface Deal {
  id: number;
  companyId: number;
  contactIds: number[];
  name: string;
  amount: number;
  stage: DealStage;
  createdAt: number;
  /** The expected close date while open; the close date once closed. */
  closeDate: number;
  closedAt?: number;
  ownerId: number;
  /** Every stage it entered up to as-of, oldest first. */
  stageHistory: Array<{ stage: DealStage; at: number }>;
}

export interface Ticket {
  id: number;
  companyId: number;
  contactId: number;
  subject: string;
  content: string;
  priority: "LOW" | "MEDIUM" | "HIGH";
  stage: "new" | "waiting" | "closed";
  createdAt: number;
  closedAt?: number;
  ownerId: number;
  /** The bug it was escalated as. */
  workItemKey?: string;
}

export interface Commerce {
  staff: StaffMember[];
  companies: CustomerCompany[];
  contacts: Contact[];
  deals: Deal[];
  tickets: Ticket[];
}
