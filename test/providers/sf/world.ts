import { liveWorld } from "../../support/live-hosts.js";

/** The live world and the CRM records Salesforce shows of it: companies past the lead stage are accounts. */
export function sfWorld() {
  const world = liveWorld();
  const c = world.commerce;
  const accounts = c.companies.filter((x) => x.lifecycle !== "lead");
  const ids = new Set(accounts.map((a) => a.id));
  const contacts = c.contacts.filter((p) => ids.has(p.companyId));
  const deals = c.deals.filter((d) => ids.has(d.companyId));
  const history = deals.flatMap((d) => d.stageHistory);
  return { world, accounts, contacts, leads: c.contacts.filter((p) => !ids.has(p.companyId)), deals, history };
}
