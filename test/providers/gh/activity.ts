import { newest, type ActivityProbe } from "../../support/activity.js";

/**
 * GitHub: the newest of the org's pull request or issue updates, default-branch commits, pushes and
 * Actions runs. The org is the token holder's (`/user/orgs`). Search is GitHub's org-wide view: issues
 * and pull requests by `updated` (a push, review, comment, merge or close updates them) and commits by
 * `committer-date`, one request each. `pushed_at` counts pushes to any branch. Actions runs have no
 * org-wide list, so each repository's run list (newest first) gives its newest run; `updated_at` is the
 * run's last change (created, started or finished).
 */
export const newestActivity: ActivityProbe = async (client) => {
  const [org] = await client.json<Array<{ login: string }>>("/user/orgs");
  if (!org) throw new Error("gh: the token holder is in no organization");
  const q = encodeURIComponent(`org:${org.login}`);
  const issues = await client.json<{
    items: Array<{ number: number; repository_url: string; updated_at: string; pull_request?: unknown }>;
  }>(`/search/issues?q=${q}&sort=updated&order=desc&per_page=1`);
  const commits = await client.json<{
    items: Array<{ sha: string; repository: { full_name: string }; commit: { committer: { date: string } } }>;
  }>(`/search/commits?q=${q}&sort=committer-date&order=desc&per_page=1`);
  const repos = await client.json<Array<{ full_name: string; pushed_at: string | null }>>(
    `/orgs/${encodeURIComponent(org.login)}/repos?sort=pushed&direction=desc&per_page=100`,
  );
  const runs = await Promise.all(
    repos.slice(0, 25).map(async (r) => {
      const {
        workflow_runs: [run],
      } = await client.json<{ workflow_runs: Array<{ id: number; event: string; status: string; updated_at: string }> }>(
        `/repos/${r.full_name}/actions/runs?per_page=1`,
      );
      return run && { at: Date.parse(run.updated_at), what: `Actions run ${r.full_name}#${run.id} (${run.event}, ${run.status})` };
    }),
  );
  const [issue] = issues.items;
  const [commit] = commits.items;
  const [pushed] = repos;
  return newest(
    [
      issue && {
        at: Date.parse(issue.updated_at),
        what: `${issue.pull_request ? "pull request" : "issue"} ${issue.repository_url.split("/repos/")[1]}#${issue.number} updated`,
      },
      commit && { at: Date.parse(commit.commit.committer.date), what: `commit ${commit.repository.full_name}@${commit.sha.slice(0, 7)}` },
      pushed?.pushed_at ? { at: Date.parse(pushed.pushed_at), what: `push to ${pushed.full_name}` } : undefined,
      ...runs,
    ],
    "gh",
  );
};
