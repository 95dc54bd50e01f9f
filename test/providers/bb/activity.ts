import { newest, type Activity, type ActivityProbe } from "../../support/activity.js";

/**
 * Bitbucket: the newest of pull request updates, commits (any branch) and pipelines in the user's
 * workspace. Repositories sorted by `-updated_on` come first: a repository's `updated_on` is at or after
 * its newest commit and pull request update, so pull requests (every state, `-updated_on`) and commits
 * (newest first) are read down that list only until a repository is older than what was found. Pipelines
 * finish after that, and scheduled ones touch no repository field, so each repository's newest pipeline
 * (`-created_on`) is read; its time is when it completed, else when it was created.
 */
export const newestActivity: ActivityProbe = async (client) => {
  const {
    values: [access],
  } = await client.json<{ values: Array<{ workspace: { slug: string } }> }>("/2.0/user/workspaces");
  if (!access) throw new Error("bb: the user has no workspace");
  const repos = await client.json<{ values: Array<{ full_name: string; updated_on: string }> }>(
    `/2.0/repositories/${encodeURIComponent(access.workspace.slug)}?sort=-updated_on&pagelen=100`,
  );
  const found: Array<Activity | undefined> = [];
  let best = -Infinity;
  for (const r of repos.values) {
    if (Date.parse(r.updated_on) < best) break;
    const base = `/2.0/repositories/${r.full_name}`;
    const {
      values: [pr],
    } = await client.json<{ values: Array<{ id: number; state: string; updated_on: string }> }>(
      `${base}/pullrequests?state=OPEN&state=MERGED&state=DECLINED&sort=-updated_on&pagelen=1`,
    );
    const {
      values: [commit],
    } = await client.json<{ values: Array<{ hash: string; date: string }> }>(`${base}/commits?pagelen=1`);
    found.push(pr && { at: Date.parse(pr.updated_on), what: `pull request ${r.full_name}#${pr.id} (${pr.state}) updated` });
    found.push(commit && { at: Date.parse(commit.date), what: `commit ${r.full_name}@${commit.hash.slice(0, 12)}` });
    best = Math.max(best, ...found.map((a) => a?.at ?? -Infinity));
  }
  for (const r of repos.values.slice(0, 25)) {
    const {
      values: [p],
    } = await client.json<{ values: Array<{ build_number: number; state: { name: string }; created_on: string; completed_on?: string }> }>(
      `/2.0/repositories/${r.full_name}/pipelines?sort=-created_on&pagelen=1`,
    );
    found.push(
      p && {
        at: Date.parse(p.completed_on ?? p.created_on),
        what: `pipeline ${r.full_name}#${p.build_number} ${p.completed_on ? "completed" : `created (${p.state.name})`}`,
      },
    );
  }
  return newest(found, "bb");
};
