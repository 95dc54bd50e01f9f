import { newest, type ActivityProbe } from "../../support/activity.js";

/**
 * Jira: the issue updated last, as JQL orders it. An issue's `updated` moves with every change to it:
 * transitions, assignment and sprint changes, comments (on the live site also the Automation for Jira
 * stale-work rule's, every 6 hours), worklogs and attachments. Jira Cloud refuses an
 * unbounded `search/jql`, so the query names every project the caller can see (`project/search`).
 */
export const newestActivity: ActivityProbe = async (client) => {
  const { values: projects } = await client.json<{ values: Array<{ key: string }> }>("/rest/api/3/project/search?maxResults=100");
  if (projects.length === 0) throw new Error("jira: the caller sees no project");
  const jql = `project in (${projects.map((p) => `"${p.key}"`).join(", ")}) ORDER BY updated DESC`;
  const {
    issues: [issue],
  } = await client.json<{ issues: Array<{ key: string; fields: { updated: string; status: { name: string } } }> }>(
    `/rest/api/3/search/jql?jql=${encodeURIComponent(jql)}&maxResults=1&fields=updated,status`,
  );
  return newest(
    [issue && { at: Date.parse(issue.fields.updated), what: `issue ${issue.key} updated (${issue.fields.status.name})` }],
    "jira",
  );
};
