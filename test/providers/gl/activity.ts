import { newest, type ActivityProbe } from "../../support/activity.js";

/**
 * GitLab: the newest of merge request and issue updates, project activity, default-branch commits and
 * pipelines. The instance-wide `merge_requests` and `issues` lists (scope=all, every state) sorted by
 * `updated_at` desc give the newest update in one request each. The viewer's projects by
 * `last_activity_at` name every project; each project's pipelines sorted by `updated_at` give its newest
 * pipeline change. A project's `last_activity_at` is at or after its newest commit, so commits (git order,
 * newest first) are read down that list only until a project's last activity is older than the newest
 * commit found.
 */
export const newestActivity: ActivityProbe = async (client) => {
  const api = "/api/v4";
  const projects = await client.json<Array<{ id: number; path_with_namespace: string; last_activity_at: string }>>(
    `${api}/projects?order_by=last_activity_at&sort=desc&per_page=100`,
  );
  const [mr] = await client.json<Array<{ iid: number; web_url: string; updated_at: string }>>(
    `${api}/merge_requests?scope=all&state=all&order_by=updated_at&sort=desc&per_page=1`,
  );
  const [issue] = await client.json<Array<{ iid: number; web_url: string; updated_at: string }>>(
    `${api}/issues?scope=all&state=all&order_by=updated_at&sort=desc&per_page=1`,
  );
  const pipelines = await Promise.all(
    projects.slice(0, 25).map(async (p) => {
      const [pl] = await client.json<Array<{ id: number; source: string; status: string; updated_at: string }>>(
        `${api}/projects/${p.id}/pipelines?order_by=updated_at&sort=desc&per_page=1`,
      );
      return pl && { at: Date.parse(pl.updated_at), what: `pipeline ${p.path_with_namespace}#${pl.id} (${pl.source}, ${pl.status})` };
    }),
  );
  let commit: { at: number; what: string } | undefined;
  for (const p of projects) {
    if (commit && Date.parse(p.last_activity_at) < commit.at) break;
    const [c] = await client.json<Array<{ short_id: string; committed_date: string }>>(
      `${api}/projects/${p.id}/repository/commits?per_page=1`,
    );
    if (c && !(commit && commit.at >= Date.parse(c.committed_date)))
      commit = { at: Date.parse(c.committed_date), what: `commit ${p.path_with_namespace}@${c.short_id}` };
  }
  const [active] = projects;
  return newest(
    [
      mr && { at: Date.parse(mr.updated_at), what: `merge request ${mr.web_url.split("/").slice(-5, -3).join("/")}!${mr.iid} updated` },
      issue && { at: Date.parse(issue.updated_at), what: `issue ${issue.web_url.split("/").slice(-5, -3).join("/")}#${issue.iid} updated` },
      active && { at: Date.parse(active.last_activity_at), what: `last activity in ${active.path_with_namespace}` },
      ...pipelines,
      commit,
    ],
    "gl",
  );
};
