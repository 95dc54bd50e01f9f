import { actor } from "./accounts.js";
import { checkBounds, page } from "./connection.js";
import { branchRef, commit, commitBySha, tagRef } from "./git.js";
import { type Args, type Node, empty, noReactions, once, pathOf, time, upper, type Info } from "./node.js";
import type { PinSource, Rest } from "./source.js";

const commitNode = (src: PinSource, repo: Node, base: string, sha: string) => async () => {
  const c = await commitBySha(src, base, sha);
  return c ? commit(src, repo, base, c) : null;
};

export function release(src: PinSource, repo: Node, base: string, rest: Rest): Node {
  return {
    __typename: "Release",
    id: rest.node_id,
    databaseId: rest.id,
    name: rest.name,
    tagName: rest.tag_name,
    description: rest.body ?? null,
    createdAt: rest.created_at,
    publishedAt: time(rest.published_at),
    updatedAt: rest.updated_at,
    isDraft: rest.draft,
    isPrerelease: rest.prerelease,
    isLatest: async () => (await src.get(`${base}/releases/latest`))?.id === rest.id,
    url: rest.html_url,
    resourcePath: pathOf(rest.html_url),
    author: () => actor(src, rest.author),
    repository: repo,
    tagCommit: commitNode(src, repo, base, rest.target_commitish),
    tag: () => tagRef(src, repo, base, { node_id: null, name: rest.tag_name, commit: { sha: rest.target_commitish } }),
    releaseAssets: (args: Args, info: Info) => page(rest.assets as Rest[], args, info, (a) => a),
    descriptionHTML: descriptionHtml(String(rest.body ?? "")),
    // Release notes mention no one here.
    mentions: empty(checkBounds),
    ...noReactions(checkBounds),
  };
}

/** A deployment's state is its latest status's (GitHub's `DeploymentState`); none yet is PENDING. */
const DEPLOYMENT_STATE: Record<string, string> = {
  success: "ACTIVE",
  failure: "FAILURE",
  error: "ERROR",
  inactive: "INACTIVE",
  pending: "PENDING",
  queued: "QUEUED",
  in_progress: "IN_PROGRESS",
};

export function deployment(src: PinSource, repo: Node, base: string, rest: Rest): Node {
  // REST lists statuses newest first.
  const statuses = once(() => src.list(`${base}/deployments/${rest.id}/statuses`));
  const node: Node = {
    __typename: "Deployment",
    id: rest.node_id,
    databaseId: rest.id,
    environment: rest.environment,
    originalEnvironment: rest.original_environment,
    latestEnvironment: rest.environment,
    task: rest.task,
    description: rest.description ?? null,
    payload: JSON.stringify(rest.payload ?? {}),
    createdAt: rest.created_at,
    updatedAt: rest.updated_at,
    commitOid: rest.sha,
    commit: commitNode(src, repo, base, rest.sha),
    creator: () => actor(src, rest.creator),
    repository: repo,
    ref: async () =>
      (await src.get(`${base}/branches/${rest.ref}`)) ? branchRef(src, repo, base, String(rest.ref), String(rest.sha)) : null,
    state: async () => DEPLOYMENT_STATE[String((await statuses())[0]?.state)] ?? "PENDING",
    latestStatus: async () => {
      const s = (await statuses())[0];
      return s ? deploymentStatus(src, node, s) : null;
    },
    statuses: async (args: Args, info: Info) => page(await statuses(), args, info, (s) => deploymentStatus(src, node, s)),
  };
  return node;
}

function deploymentStatus(src: PinSource, deploymentNode: Node, rest: Rest): Node {
  return {
    __typename: "DeploymentStatus",
    id: rest.node_id,
    state: upper(rest.state),
    description: rest.description ?? null,
    environment: rest.environment ?? null,
    environmentUrl: rest.environment_url || null,
    logUrl: rest.log_url || null,
    createdAt: rest.created_at,
    updatedAt: rest.updated_at,
    creator: () => actor(src, rest.creator),
    deployment: deploymentNode,
  };
}

/** Release notes as GitHub renders them: paragraphs, `- ` lists and `#` headings, HTML-escaped. */
function descriptionHtml(markdown: string): string {
  const escape = (t: string) => t.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return markdown
    .split(/\n{2,}/)
    .filter((b) => b.trim() !== "")
    .map((block) => {
      const lines = block.split("\n");
      if (lines.every((l) => /^[-*] /.test(l))) return `<ul>\n${lines.map((l) => `<li>${escape(l.slice(2))}</li>`).join("\n")}\n</ul>`;
      const heading = /^(#{1,6}) (.*)$/.exec(block);
      if (heading && lines.length === 1) return `<h${heading[1]!.length}>${escape(heading[2]!)}</h${heading[1]!.length}>`;
      return `<p>${lines.map(escape).join("<br>\n")}</p>`;
    })
    .join("\n");
}
