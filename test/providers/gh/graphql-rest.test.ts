import { describe, expect, inject, it } from "vitest";

const baseUrl = inject("baseUrl");
const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);

type Any = any;

/**
 * Issue 13: REST and GraphQL agree. For a deterministic sample of pull requests (with reviews), issues
 * and commits of every repository, every field both APIs expose is compared, value for value, as each
 * API spells it (GraphQL's enums are REST's values in upper case; `id` is REST's `node_id`).
 */
describe.each(["gh-2026-03-g5", "gh-2026-03"])("REST and GraphQL agree on %s", (pin) => {
  const skip = only !== undefined && !only.includes(pin);
  const rest = async (path: string): Promise<Any> => (await fetch(`${baseUrl}/${pin}/${path}`)).json();
  const gql = async (query: string, variables: Record<string, unknown>): Promise<Any> => {
    const body = (await (
      await fetch(`${baseUrl}/${pin}/graphql`, {
        method: "POST",
        headers: { authorization: "bearer x" },
        body: JSON.stringify({ query, variables }),
      })
    ).json()) as Any;
    expect(body.errors).toBeUndefined();
    return body.data;
  };
  const every = <T>(items: T[], n: number) => items.filter((_, i) => i % n === 0);
  const logins = (users: Any[]) => users.map((u) => u.login);

  it.skipIf(skip)("pull requests, their reviews and their merge commits", async () => {
    const repos = (await rest(`orgs/${((await rest("user/orgs")) as Any[])[0].login}/repos?per_page=100`)) as Any[];
    let compared = 0;
    for (const repo of repos) {
      const pulls = (await rest(`repos/${repo.full_name}/pulls?state=all&per_page=100`)) as Any[];
      for (const listed of every(pulls, 9)) {
        const p = await rest(`repos/${repo.full_name}/pulls/${listed.number}`);
        const reviews = (await rest(`repos/${repo.full_name}/pulls/${p.number}/reviews?per_page=100`)) as Any[];
        const {
          repository: { pullRequest: g },
        } = await gql(
          `query ($o: String!, $n: String!, $num: Int!) { repository(owner: $o, name: $n) { pullRequest(number: $num) {
          id databaseId number title body state url createdAt updatedAt closedAt mergedAt merged isDraft locked authorAssociation
          author { login } mergedBy { login } baseRefName headRefName baseRefOid ` +
            `headRefOid additions deletions changedFiles mergeCommit { oid }
          labels(first: 100) { nodes { id name color description } } assignees(first: 100) { nodes { login } }
          reviews(first: 100) { nodes { id databaseId state body submittedAt url authorAssociation author { login } commit { oid } } }
          commits(first: 1) { totalCount } comments { totalCount }
        } } }`,
          { o: repo.owner.login, n: repo.name, num: p.number },
        );
        expect([
          g.id,
          g.databaseId,
          g.number,
          g.title,
          g.body,
          g.url,
          g.createdAt,
          g.updatedAt,
          g.closedAt,
          g.mergedAt,
          g.merged,
          g.isDraft,
          g.locked,
          g.authorAssociation,
        ]).toStrictEqual([
          p.node_id,
          p.id,
          p.number,
          p.title,
          p.body,
          p.html_url,
          p.created_at,
          p.updated_at,
          p.closed_at,
          p.merged_at,
          p.merged,
          p.draft,
          p.locked,
          p.author_association,
        ]);
        expect(g.state).toBe(p.merged ? "MERGED" : p.state.toUpperCase());
        expect([g.author.login, g.mergedBy?.login ?? null, g.baseRefName, g.headRefName, g.baseRefOid, g.headRefOid]).toStrictEqual([
          p.user.login,
          p.merged_by?.login ?? null,
          p.base.ref,
          p.head.ref,
          p.base.sha,
          p.head.sha,
        ]);
        expect([g.additions, g.deletions, g.changedFiles, g.commits.totalCount, g.comments.totalCount]).toStrictEqual([
          p.additions,
          p.deletions,
          p.changed_files,
          p.commits,
          p.comments,
        ]);
        expect(g.mergeCommit?.oid ?? null).toBe(p.merged ? p.merge_commit_sha : null);
        expect(g.labels.nodes).toStrictEqual(
          p.labels.map((l: Any) => ({ id: l.node_id, name: l.name, color: l.color, description: l.description })),
        );
        expect(logins(g.assignees.nodes)).toStrictEqual(logins(p.assignees));
        expect(g.reviews.nodes).toStrictEqual(
          reviews.map((r) => ({
            id: r.node_id,
            databaseId: r.id,
            state: r.state,
            body: r.body,
            submittedAt: r.submitted_at,
            url: r.html_url,
            authorAssociation: r.author_association,
            author: { login: r.user.login },
            commit: { oid: r.commit_id },
          })),
        );
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(20);
  });

  it.skipIf(skip)("issues and their comments", async () => {
    const repos = (await rest(`orgs/${((await rest("user/orgs")) as Any[])[0].login}/repos?per_page=100`)) as Any[];
    let compared = 0;
    for (const repo of repos) {
      const issues = ((await rest(`repos/${repo.full_name}/issues?state=all&per_page=100`)) as Any[]).filter((i) => !i.pull_request);
      for (const i of every(issues, 7)) {
        const comments = (await rest(`repos/${repo.full_name}/issues/${i.number}/comments?per_page=100`)) as Any[];
        const {
          repository: { issue: g },
        } = await gql(
          `query ($o: String!, $n: String!, $num: Int!) { repository(owner: $o, name: $n) { issue(number: $num) {
          id databaseId number title body state stateReason url createdAt updatedAt closedAt locked authorAssociation author { login }
          labels(first: 100) { nodes { name } } assignees(first: 100) { nodes { login } }
          comments(first: 100) { totalCount nodes { id databaseId body createdAt updatedAt url authorAssociation author { login } } }
        } } }`,
          { o: repo.owner.login, n: repo.name, num: i.number },
        );
        expect([
          g.id,
          g.databaseId,
          g.number,
          g.title,
          g.body,
          g.url,
          g.createdAt,
          g.updatedAt,
          g.closedAt,
          g.locked,
          g.authorAssociation,
          g.author.login,
        ]).toStrictEqual([
          i.node_id,
          i.id,
          i.number,
          i.title,
          i.body,
          i.html_url,
          i.created_at,
          i.updated_at,
          i.closed_at,
          i.locked,
          i.author_association,
          i.user.login,
        ]);
        expect([g.state, g.stateReason]).toStrictEqual([
          i.state.toUpperCase(),
          i.state_reason === null ? null : i.state_reason.toUpperCase(),
        ]);
        expect(g.labels.nodes.map((l: Any) => l.name)).toStrictEqual(i.labels.map((l: Any) => l.name));
        expect(logins(g.assignees.nodes)).toStrictEqual(logins(i.assignees));
        expect(g.comments.totalCount).toBe(i.comments);
        expect(g.comments.nodes).toStrictEqual(
          comments.map((c) => ({
            id: c.node_id,
            databaseId: c.id,
            body: c.body,
            createdAt: c.created_at,
            updatedAt: c.updated_at,
            url: c.html_url,
            authorAssociation: c.author_association,
            author: { login: c.user.login },
          })),
        );
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(10);
  });

  it.skipIf(skip)("commits, by object(expression:) and on the default branch's history", async () => {
    const repos = (await rest(`orgs/${((await rest("user/orgs")) as Any[])[0].login}/repos?per_page=100`)) as Any[];
    let compared = 0;
    for (const repo of repos) {
      const listed = (await rest(`repos/${repo.full_name}/commits?per_page=100`)) as Any[];
      const history = await gql(
        `query ($o: String!, $n: String!) { repository(owner: $o, name: $n) { defaultBranchRef { target { ... on Commit { history(first: ` +
          `100) { nodes { id oid } } } } } } }`,
        { o: repo.owner.login, n: repo.name },
      );
      expect(history.repository.defaultBranchRef.target.history.nodes).toStrictEqual(listed.map((c) => ({ id: c.node_id, oid: c.sha })));
      for (const c of every(listed, 10)) {
        const full = await rest(`repos/${repo.full_name}/commits/${c.sha}`);
        const {
          repository: { object: g },
        } = await gql(
          `query ($o: String!, $n: String!, $e: String!) { repository(owner: $o, name: $n) { object(expression: $e) { ... on Commit {
          id oid abbreviatedOid message committedDate authoredDate url additions deletions changedFilesIfAvailable tree { oid }
          author { name email date user { login } } committer { name email date user { login } } parents(first: 5) { nodes { oid } }
        } } } }`,
          { o: repo.owner.login, n: repo.name, e: c.sha },
        );
        expect([g.id, g.oid, g.abbreviatedOid, g.message, g.committedDate, g.authoredDate, g.url, g.tree.oid]).toStrictEqual([
          full.node_id,
          full.sha,
          full.sha.slice(0, 7),
          full.commit.message,
          full.commit.committer.date,
          full.commit.author.date,
          full.html_url,
          full.commit.tree.sha,
        ]);
        expect([g.additions, g.deletions, g.changedFilesIfAvailable]).toStrictEqual([
          full.stats.additions,
          full.stats.deletions,
          full.files.length,
        ]);
        expect(g.author).toStrictEqual({ ...full.commit.author, user: full.author ? { login: full.author.login } : null });
        expect(g.committer).toStrictEqual({ ...full.commit.committer, user: full.committer ? { login: full.committer.login } : null });
        expect(g.parents.nodes.map((p: Any) => p.oid)).toStrictEqual(full.parents.map((p: Any) => p.sha));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(10);
  });
});
