import { newest, type Activity, type ActivityProbe } from "../../support/activity.js";

/**
 * Azure DevOps: the newest of commits, pull requests, builds and work item changes. The organization is
 * configuration, as in every client (`https://dev.azure.com/{org}`). Per project: builds newest queued
 * and newest finished, the newest pull request (lists are newest created first; `closedDate` once
 * completed or abandoned), each repository's default branch head (commits are newest first; no
 * repository field dates the last push), and WIQL's work item with the latest `System.ChangedDate`.
 */
export const newestActivity: ActivityProbe = async (client) => {
  if (!client.organization) throw new Error("ado: the client has no organization configured");
  const org = `/${encodeURIComponent(client.organization)}`;
  const found: Array<Activity | undefined> = [];
  const { value: projects } = await client.json<{ value: Array<{ id: string; name: string }> }>(`${org}/_apis/projects`);
  for (const p of projects.slice(0, 3)) {
    const base = `${org}/${p.id}/_apis`;
    for (const order of ["queueTimeDescending", "finishTimeDescending"]) {
      const {
        value: [b],
      } = await client.json<{
        value: Array<{ id: number; reason: string; status: string; queueTime: string; finishTime?: string; repository: { name: string } }>;
      }>(`${base}/build/builds?queryOrder=${order}&$top=1`);
      found.push(
        b && {
          at: Date.parse(b.finishTime ?? b.queueTime),
          what: `build ${b.id} of ${b.repository.name} (${b.reason}) ${b.finishTime ? "finished" : `queued, ${b.status}`}`,
        },
      );
    }
    const {
      value: [pr],
    } = await client.json<{
      value: Array<{ pullRequestId: number; status: string; creationDate: string; closedDate?: string; repository: { name: string } }>;
    }>(`${base}/git/pullRequests?searchCriteria.status=all&$top=1`);
    found.push(
      pr && {
        at: Date.parse(pr.closedDate ?? pr.creationDate),
        what: `pull request ${pr.repository.name}!${pr.pullRequestId} ${pr.closedDate ? pr.status : "created"}`,
      },
    );
    const { value: repos } = await client.json<{ value: Array<{ id: string; name: string }> }>(`${base}/git/repositories`);
    for (const r of repos.slice(0, 25)) {
      const {
        value: [c],
      } = await client.json<{ value: Array<{ commitId: string; committer: { date: string } }> }>(
        `${base}/git/repositories/${r.id}/commits?$top=1`,
      );
      found.push(c && { at: Date.parse(c.committer.date), what: `commit ${r.name}@${c.commitId.slice(0, 8)}` });
    }
    const query = "SELECT [System.Id] FROM WorkItems WHERE [System.TeamProject] = @project ORDER BY [System.ChangedDate] DESC";
    const {
      workItems: [wi],
    } = await client.json<{ workItems: Array<{ id: number }> }>(`${base}/wit/wiql?$top=1`, {
      method: "POST",
      body: JSON.stringify({ query }),
    });
    const item =
      wi &&
      (
        await client.json<{ value: Array<{ id: number; fields: { "System.ChangedDate": string; "System.State": string } }> }>(
          `${org}/_apis/wit/workItems?ids=${wi.id}&fields=System.ChangedDate,System.State`,
        )
      ).value[0];
    found.push(
      item && { at: Date.parse(item.fields["System.ChangedDate"]), what: `work item ${item.id} changed (${item.fields["System.State"]})` },
    );
  }
  return newest(found, "ado");
};
