import { newest, type ActivityProbe } from "../../support/activity.js";

/**
 * HubSpot: the last-modified CRM record of each object type, asked as HubSpot's search API is asked for
 * it (one sort on the last-modified date, descending, limit 1). Contacts call that property
 * `lastmodifieddate`, the other types `hs_lastmodifieddate`; the answer's `updatedAt` is that instant.
 */
const TYPES = [
  ["contacts", "lastmodifieddate"],
  ["companies", "hs_lastmodifieddate"],
  ["deals", "hs_lastmodifieddate"],
  ["tickets", "hs_lastmodifieddate"],
] as const;

export const newestActivity: ActivityProbe = async (client) => {
  const found = await Promise.all(
    TYPES.map(async ([type, property]) => {
      const body = JSON.stringify({ sorts: [{ propertyName: property, direction: "DESCENDING" }], limit: 1, properties: [property] });
      const { results } = await client.json<{ results: Array<{ id: string; updatedAt: string }> }>(`/crm/v3/objects/${type}/search`, {
        method: "POST",
        body,
      });
      const r = results[0];
      return r && { at: Date.parse(r.updatedAt), what: `${type.slice(0, -1)} ${r.id} updated` };
    }),
  );
  return newest(found, "hubspot");
};
