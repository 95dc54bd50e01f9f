import { newest, type ActivityProbe } from "../../support/activity.js";

/**
 * Salesforce: the last-modified record of the sales and service objects, by SOQL (`ORDER BY
 * LastModifiedDate DESC LIMIT 1`), and the newest opportunity stage change (OpportunityHistory has only
 * CreatedDate). The API version is the newest the org lists at /services/data, as jsforce's clients pick it.
 */
const QUERIES = [
  ...["Account", "Contact", "Lead", "Opportunity", "Case"].map(
    (o) => [o, `SELECT Id, LastModifiedDate FROM ${o} ORDER BY LastModifiedDate DESC LIMIT 1`, "LastModifiedDate", "modified"] as const,
  ),
  [
    "OpportunityHistory",
    "SELECT Id, OpportunityId, StageName, CreatedDate FROM OpportunityHistory ORDER BY CreatedDate DESC LIMIT 1",
    "CreatedDate",
    "created",
  ] as const,
];

export const newestActivity: ActivityProbe = async (client) => {
  const versions = await client.json<Array<{ version: string; url: string }>>("/services/data");
  const latest = versions.reduce((a, b) => (Number(b.version) > Number(a.version) ? b : a));
  const found = await Promise.all(
    QUERIES.map(async ([object, soql, field, verb]) => {
      const { records } = await client.json<{ records: Array<Record<string, string>> }>(
        `${latest.url}/query?q=${encodeURIComponent(soql)}`,
      );
      const r = records[0];
      return r && { at: Date.parse(r[field]!), what: `${object} ${r.Id} ${verb}` };
    }),
  );
  return newest(found, "sf");
};
