import type { JsonValue, Resource } from "../../core/provider.js";
import type { HsContext } from "./context.js";
import { OBJECTS_LIMIT, cursorPages } from "./lists.js";
import { created, modified, num, objectId, owner, propertyJson, text, type PropDef } from "./properties.js";

/**
 * The standard CRM objects the company has no records of: engagements (calls, emails, meetings, notes,
 * tasks, communications, postal mail), commerce (line items, products, quotes, invoices, orders, carts,
 * payments, subscriptions), goals, leads, deal splits and feedback submissions. The sales team logs
 * nothing in HubSpot but deals and tickets, so every one of them answers as a portal without any does:
 * an empty list (`{"results":[]}`), an empty search (`{"total":0,"results":[]}`), a batch read whose
 * ids are all not found (207), and the type's HubSpot-defined properties. Airbyte's source-hubspot
 * reads each of them as a stream (streams.py: EngagementsCalls, LineItems, Products, Quotes, Goals, …).
 */
export interface OtherType {
  /** The path name (`line_items`), the singular (`line_item`), the type id (`0-8`), and errors' upper-case name. */
  type: string;
  singular: string;
  typeId?: string;
  upper: string;
  /** The properties beside HubSpot's three (create date, last modified date, record id), sorted by name on output. */
  props: PropDef[];
  /** The create-date property's name: `hs_createdate` on engagements, `createdate` on the others. */
  createdName: "createdate" | "hs_createdate";
}

const ts = (group: string): PropDef => ({
  name: "hs_timestamp",
  label: "Activity date",
  type: "datetime",
  fieldType: "date",
  groupName: group,
  description: "The date the activity occurred.",
});
const body = (name: string, label: string, group: string): PropDef =>
  text(name, label, group, `The ${label.toLowerCase()}.`, { fieldType: "textarea" });
const enumeration = (name: string, label: string, group: string, values: string[]): PropDef => ({
  name,
  label,
  type: "enumeration",
  fieldType: "select",
  groupName: group,
  description: `The ${label.toLowerCase()}.`,
  options: values.map((v) => ({ label: v.charAt(0) + v.slice(1).toLowerCase().replaceAll("_", " "), value: v })),
});

function engagement(type: string, singular: string, typeId: string, group: string, props: PropDef[]): OtherType {
  return {
    type,
    singular,
    typeId,
    upper: singular.toUpperCase(),
    createdName: "hs_createdate",
    props: [ts(group), owner("Activity assigned to", group), ...props],
  };
}

function commerce(type: string, singular: string, typeId: string | undefined, props: PropDef[]): OtherType {
  return { type, singular, ...(typeId ? { typeId } : {}), upper: singular.toUpperCase(), createdName: "createdate", props };
}

export const OTHER_TYPES: OtherType[] = [
  engagement("calls", "call", "0-48", "call", [
    body("hs_call_body", "Call notes", "call"),
    enumeration("hs_call_direction", "Call direction", "call", ["INBOUND", "OUTBOUND"]),
    num("hs_call_duration", "Call duration", "call", "The duration of the call in milliseconds.", { numberDisplayHint: "duration" }),
    enumeration("hs_call_status", "Call status", "call", [
      "BUSY",
      "CALLING_CRM_USER",
      "CANCELED",
      "COMPLETED",
      "CONNECTING",
      "FAILED",
      "IN_PROGRESS",
      "NO_ANSWER",
      "QUEUED",
      "RINGING",
    ]),
    text("hs_call_title", "Call title", "call", "The title of the call."),
  ]),
  engagement("emails", "email", "0-49", "email", [
    enumeration("hs_email_direction", "Email direction", "email", ["EMAIL", "INCOMING_EMAIL", "FORWARDED_EMAIL"]),
    enumeration("hs_email_status", "Email send status", "email", ["BOUNCED", "FAILED", "SCHEDULED", "SENDING", "SENT"]),
    text("hs_email_subject", "Email subject", "email", "The subject of the email."),
    body("hs_email_text", "Email body", "email"),
  ]),
  engagement("meetings", "meeting", "0-47", "meeting", [
    body("hs_meeting_body", "Meeting description", "meeting"),
    {
      name: "hs_meeting_end_time",
      label: "Meeting end time",
      type: "datetime",
      fieldType: "date",
      groupName: "meeting",
      description: "The date and time the meeting ends.",
    },
    enumeration("hs_meeting_outcome", "Meeting outcome", "meeting", ["CANCELED", "COMPLETED", "NO_SHOW", "RESCHEDULED", "SCHEDULED"]),
    {
      name: "hs_meeting_start_time",
      label: "Meeting start time",
      type: "datetime",
      fieldType: "date",
      groupName: "meeting",
      description: "The date and time the meeting starts.",
    },
    text("hs_meeting_title", "Meeting name", "meeting", "The title of the meeting."),
  ]),
  engagement("notes", "note", "0-46", "note", [body("hs_note_body", "Note body", "note")]),
  engagement("tasks", "task", "0-27", "task", [
    body("hs_task_body", "Notes", "task"),
    enumeration("hs_task_priority", "Priority", "task", ["HIGH", "LOW", "MEDIUM", "NONE"]),
    enumeration("hs_task_status", "Task status", "task", ["COMPLETED", "DEFERRED", "IN_PROGRESS", "NOT_STARTED", "WAITING"]),
    text("hs_task_subject", "Task title", "task", "The title of the task."),
    enumeration("hs_task_type", "Task type", "task", ["CALL", "EMAIL", "TODO"]),
  ]),
  engagement("communications", "communication", "0-18", "communication", [
    body("hs_communication_body", "Communication body", "communication"),
    enumeration("hs_communication_channel_type", "Channel type", "communication", ["LINKEDIN_MESSAGE", "SMS", "WHATS_APP"]),
  ]),
  engagement("postal_mail", "postal_mail", "0-116", "postal_mail", [body("hs_postal_mail_body", "Postal mail body", "postal_mail")]),
  commerce("line_items", "line_item", "0-8", [
    num("amount", "Net price", "lineiteminformation", "The line item's price times its quantity, less any discount.", {
      numberDisplayHint: "currency",
    }),
    text("hs_product_id", "Product ID", "lineiteminformation", "The product the line item was created from."),
    text("name", "Name", "lineiteminformation", "The line item's name."),
    num("price", "Unit price", "lineiteminformation", "The price of one unit.", { numberDisplayHint: "currency" }),
    num("quantity", "Quantity", "lineiteminformation", "How many units of the product."),
    enumeration("recurringbillingfrequency", "Billing frequency", "lineiteminformation", ["ANNUALLY", "MONTHLY", "QUARTERLY"]),
  ]),
  commerce("products", "product", "0-7", [
    text("description", "Description", "productinformation", "The product's description.", { fieldType: "textarea" }),
    text("hs_sku", "SKU", "productinformation", "The product's stock keeping unit."),
    text("name", "Name", "productinformation", "The product's name."),
    num("price", "Unit price", "productinformation", "The price of one unit.", { numberDisplayHint: "currency" }),
    enumeration("recurringbillingfrequency", "Billing frequency", "productinformation", ["ANNUALLY", "MONTHLY", "QUARTERLY"]),
  ]),
  commerce("quotes", "quote", "0-14", [
    {
      name: "hs_expiration_date",
      label: "Expiration date",
      type: "datetime",
      fieldType: "date",
      groupName: "quoteinformation",
      description: "The date the quote expires.",
    },
    num("hs_quote_amount", "Quote amount", "quoteinformation", "The total amount of the quote.", { numberDisplayHint: "currency" }),
    enumeration("hs_status", "Quote approval status", "quoteinformation", [
      "APPROVAL_NOT_NEEDED",
      "APPROVED",
      "DRAFT",
      "PENDING_APPROVAL",
      "REJECTED",
    ]),
    text("hs_title", "Quote name", "quoteinformation", "The name of the quote."),
  ]),
  commerce("invoices", "invoice", "0-53", [
    num("hs_amount_billed", "Amount billed", "invoiceinformation", "The total amount of the invoice.", { numberDisplayHint: "currency" }),
    enumeration("hs_invoice_status", "Invoice status", "invoiceinformation", ["DRAFT", "OPEN", "PAID", "VOIDED"]),
  ]),
  commerce("orders", "order", "0-123", [text("hs_order_name", "Order name", "orderinformation", "The name of the order.")]),
  commerce("carts", "cart", "0-142", [text("hs_cart_name", "Cart name", "cartinformation", "The name of the cart.")]),
  commerce("commerce_payments", "commerce_payment", "0-101", [
    num("hs_initial_amount", "Gross amount", "paymentinformation", "The amount of the payment.", { numberDisplayHint: "currency" }),
  ]),
  commerce("subscriptions", "subscription", "0-69", [text("hs_name", "Name", "subscriptioninformation", "The subscription's name.")]),
  commerce("goal_targets", "goal_target", "0-74", [text("hs_goal_name", "Goal name", "goalinformation", "The goal's name.")]),
  commerce("leads", "lead", "0-136", [text("hs_lead_name", "Lead name", "leadinformation", "The lead's name.")]),
  commerce("deal_splits", "deal_split", undefined, [
    num("hs_split_amount", "Split amount", "dealsplitinformation", "The owner's share of the deal.", { numberDisplayHint: "currency" }),
  ]),
  commerce("feedback_submissions", "feedback_submission", "0-19", [
    text("hs_content", "Response", "feedbacksubmissioninformation", "The feedback's free-text response."),
  ]),
];

export const OTHER_BY_TYPE = new Map(OTHER_TYPES.map((t) => [t.type, t]));

/** Every property of the type, sorted by name (as the properties API lists them). */
export function otherProperties(t: OtherType): PropDef[] {
  const group = t.props[0]?.groupName ?? t.singular;
  const base = [{ ...created(group), name: t.createdName }, modified("hs_lastmodifieddate", group), objectId(group)];
  return [...base, ...t.props].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** What a read without `properties` returns, and what any read adds: the create and modified dates and the record id. */
export function otherDefaults(t: OtherType): string[] {
  return [t.createdName, "hs_lastmodifieddate", "hs_object_id"].sort();
}

/** Every spelling HubSpot accepts for the type in a path (plural, singular, type id), as a regex alternation. */
export function otherSpellings(t: OtherType): string[] {
  return [...new Set([t.type, t.singular, ...(t.typeId ? [t.typeId] : [])])];
}

/**
 * `crm/v3/objects/{type}` (empty, also `archived=true` and with `propertiesWithHistory`) and
 * `crm/v3/properties/{type}` with its groups, for every type the company has no records of.
 */
export function* otherObjectResources(hs: HsContext): Generator<Resource> {
  for (const t of OTHER_TYPES) {
    for (const filters of [
      [],
      [["archived", "true"]],
      [["propertiesWithHistory", "all"]],
      [
        ["archived", "true"],
        ["propertiesWithHistory", "all"],
      ],
    ] as Array<Array<[string, string]>>) {
      yield* cursorPages(hs, `crm/v3/objects/${t.type}`, [], OBJECTS_LIMIT, filters);
    }
    const base = `crm/v3/properties/${t.type}`;
    const defs = otherProperties(t);
    const all: JsonValue[] = defs.map((d, i) => propertyJson(hs, d, i));
    yield { path: base, body: { results: all } };
    for (const [i, d] of defs.entries()) yield { path: `${base}/${d.name}`, body: all[i]! };
    const groupNames = [...new Set(defs.map((d) => d.groupName))];
    const groups = groupNames.map((name, i) => ({
      name,
      label:
        name.charAt(0).toUpperCase() +
        name
          .slice(1)
          .replace(/information$/, " information")
          .replaceAll("_", " "),
      displayOrder: i,
      archived: false,
    }));
    yield { path: `${base}/groups`, body: { results: groups } };
    for (const g of groups) yield { path: `${base}/groups/${g.name}`, body: g };
  }
}
