import { liveWorld } from "../../support/live-hosts.js";

/**
 * The live world and the CRM records Salesforce shows of it: companies past the lead stage are accounts,
 * and the support tickets of their contacts cases.
 */
export function sfWorld() {
  const world = liveWorld();
  const c = world.commerce;
  const accounts = c.companies.filter((x) => x.lifecycle !== "lead");
  const ids = new Set(accounts.map((a) => a.id));
  const contacts = c.contacts.filter((p) => ids.has(p.companyId));
  const deals = c.deals.filter((d) => ids.has(d.companyId));
  const history = deals.flatMap((d) => d.stageHistory);
  const people = new Set(contacts.map((p) => p.id));
  const cases = c.tickets.filter((t) => ids.has(t.companyId) && people.has(t.contactId));
  return { world, accounts, contacts, leads: c.contacts.filter((p) => !ids.has(p.companyId)), deals, history, cases };
}
