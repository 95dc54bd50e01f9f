import { newest, type Activity, type ActivityProbe } from "../../support/activity.js";

/**
 * CircleCI: the organization's newest pipelines and their workflows. The organization is the token
 * holder's (`me/collaborations`); its pipeline list is newest first, so the first page's head is the last
 * pipeline created. A workflow stops minutes after its pipeline is created, so the first three
 * pipelines' workflows give the last workflow to start or stop.
 */
export const newestActivity: ActivityProbe = async (client) => {
  const [org] = await client.json<Array<{ slug: string }>>("/api/v2/me/collaborations");
  if (!org) throw new Error("circleci: the token holder is in no organization");
  const { items: pipelines } = await client.json<{
    items: Array<{ id: string; number: number; project_slug: string; created_at: string }>;
  }>(`/api/v2/pipeline?org-slug=${encodeURIComponent(org.slug)}`);
  const found: Array<Activity | undefined> = [];
  for (const p of pipelines.slice(0, 3)) {
    found.push({ at: Date.parse(p.created_at), what: `pipeline ${p.project_slug}#${p.number} created` });
    const { items: workflows } = await client.json<{
      items: Array<{ name: string; status: string; created_at: string; stopped_at: string | null }>;
    }>(`/api/v2/pipeline/${p.id}/workflow`);
    for (const w of workflows)
      found.push({
        at: Date.parse(w.stopped_at ?? w.created_at),
        what: `workflow ${w.name} of ${p.project_slug}#${p.number} ${w.stopped_at ? `stopped (${w.status})` : `created (${w.status})`}`,
      });
  }
  return newest(found, "circleci");
};
