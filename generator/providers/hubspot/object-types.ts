/** The four CRM object types served, by their plural path name (a module of its own: no imports, no cycles). */
export const OBJECT_TYPES = ["contacts", "companies", "deals", "tickets"] as const;
export type ObjectType = (typeof OBJECT_TYPES)[number];

/** HubSpot's names for each object type: the type id (`0-1`), the singular, and the upper-case name of errors. */
export const TYPE_NAMES: Record<ObjectType, { typeId: string; singular: string; upper: string }> = {
  contacts: { typeId: "0-1", singular: "contact", upper: "CONTACT" },
  companies: { typeId: "0-2", singular: "company", upper: "COMPANY" },
  deals: { typeId: "0-3", singular: "deal", upper: "DEAL" },
  tickets: { typeId: "0-5", singular: "ticket", upper: "TICKET" },
};

/** Every spelling HubSpot accepts for an object type in a path, as a regex alternation. */
export function spellings(type: ObjectType): string {
  const n = TYPE_NAMES[type];
  return `${type}|${n.singular}|${n.typeId.replace("-", "\\-")}`;
}
