import { newest, type ActivityProbe } from "../../support/activity.js";

/**
 * Linear: the newest issue update, comment and attachment, in one GraphQL query; each connection
 * ordered by `updatedAt` is newest first. An issue's `updatedAt` moves with its state changes and (live
 * only) with the stale-work app's comments, which come every 6 hours; an
 * attachment (a pull request linked by the GitHub integration) is updated as the pull request changes.
 * The GraphQL handler checks the key itself (the serving profile declares no auth, so the client adds
 * none): the probe sends a test key, as every Linear client sends its key in `Authorization`.
 */
const QUERY = `{
  issues(first: 1, orderBy: updatedAt) { nodes { identifier updatedAt state { name } } }
  comments(first: 1, orderBy: updatedAt) { nodes { updatedAt issue { identifier } } }
  attachments(first: 1, orderBy: updatedAt) { nodes { updatedAt title issue { identifier } } }
}`;

type Nodes<T> = { nodes: T[] };
export const newestActivity: ActivityProbe = async (client) => {
  const { data } = await client.json<{
    data: {
      issues: Nodes<{ identifier: string; updatedAt: string; state: { name: string } }>;
      comments: Nodes<{ updatedAt: string; issue: { identifier: string } | null }>;
      attachments: Nodes<{ updatedAt: string; title: string; issue: { identifier: string } }>;
    };
  }>("/graphql", { method: "POST", body: JSON.stringify({ query: QUERY }), headers: { authorization: "lin_api_test" } });
  const [issue] = data.issues.nodes;
  const [comment] = data.comments.nodes;
  const [attachment] = data.attachments.nodes;
  return newest(
    [
      issue && { at: Date.parse(issue.updatedAt), what: `issue ${issue.identifier} updated (${issue.state.name})` },
      comment && { at: Date.parse(comment.updatedAt), what: `comment on ${comment.issue?.identifier ?? "an issue"}` },
      attachment && {
        at: Date.parse(attachment.updatedAt),
        what: `attachment on ${attachment.issue.identifier} updated: ${attachment.title.slice(0, 60)}`,
      },
    ],
    "linear",
  );
};
