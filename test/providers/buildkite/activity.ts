import { newest, type Activity, type ActivityProbe } from "../../support/activity.js";

/**
 * Buildkite: the newest build event. The builds list (all the token's organizations) is newest created
 * first; a build created a little earlier can start or finish later than the newest one, so the first
 * page's created, started and finished times all count.
 */
export const newestActivity: ActivityProbe = async (client) => {
  const builds = await client.json<
    Array<{ number: number; url: string; state: string; created_at: string; started_at: string | null; finished_at: string | null }>
  >("/v2/builds?per_page=30&exclude_jobs=true&exclude_pipeline=true");
  const found: Activity[] = [];
  for (const b of builds) {
    const name = `build ${/\/pipelines\/([^/]+)\//.exec(b.url)?.[1] ?? "?"}#${b.number}`;
    found.push({ at: Date.parse(b.created_at), what: `${name} created` });
    if (b.started_at) found.push({ at: Date.parse(b.started_at), what: `${name} started` });
    if (b.finished_at) found.push({ at: Date.parse(b.finished_at), what: `${name} ${b.state}` });
  }
  return newest(found, "buildkite");
};
