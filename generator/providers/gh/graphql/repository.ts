import { milestone, milestones, onMilestone } from "./milestones.js";
import { actor, organization } from "./accounts.js";
import { checkBounds, page } from "./connection.js";
import { deployment, release } from "./delivery.js";
import { GitHubError } from "./errors.js";
import { branchRef, commitBySha, gitObject, tagRef } from "./git.js";
import { type Args, type Info, type Node, empty, once, ordered, pathOf, pullState } from "./node.js";
import type { PinSource, Rest } from "./source.js";
import { issue, label, pullRequest, threadOrder } from "./threads.js";

/** `RepositoryOrder` over REST repositories. */
export function orderRepositories(repos: readonly Rest[], order: Args | undefined): Rest[] {
  return ordered(repos, order, {
    CREATED_AT: (r) => String(r.created_at),
    UPDATED_AT: (r) => String(r.updated_at),
    PUSHED_AT: (r) => String(r.pushed_at),
    NAME: (r) => String(r.name).toLowerCase(),
    STARGAZERS: (r) => Number(r.stargazers_count ?? 0),
  });
}

/**
 * A repository, from `repos/{o}/{r}` (or the short form of a list, completed from it when asked), with
 * its pull requests, issues, refs, git objects, releases and deployments as the REST pin serves them.
 */
export function repository(src: PinSource, rest: Rest): Node {
  const base = `repos/${rest.full_name}`;
  const full = once(async () => (await src.get(base)) ?? rest);
  const detail = (key: string) => async () => ((await full())[key] ?? null) as unknown;
  const self = (): Node => node;
  const pulls = () => src.list(`${base}/pulls`, [["state", "all"]]);
  // REST's issue list holds pull requests too (marked by `pull_request`); GraphQL's issues do not.
  const issues = async () => (await src.list(`${base}/issues`, [["state", "all"]])).filter((i) => !i.pull_request);
  const viewerPermission = once(async (): Promise<string | null> => {
    const viewer = (await src.get("user"))?.login;
    const role = (await src.list(`${base}/collaborators`)).find((u) => u.login === viewer)?.role_name as string | undefined;
    if (role) return role.toUpperCase();
    const p = ((await full()).permissions ?? {}) as Record<string, boolean>;
    return p.admin ? "ADMIN" : p.maintain ? "MAINTAIN" : p.push ? "WRITE" : p.triage ? "TRIAGE" : p.pull ? "READ" : null;
  });
  const node: Node = {
    __typename: "Repository",
    id: rest.node_id,
    databaseId: rest.id,
    name: rest.name,
    nameWithOwner: rest.full_name,
    owner: () => actor(src, rest.owner),
    description: rest.description ?? null,
    url: rest.html_url,
    resourcePath: pathOf(rest.html_url),
    homepageUrl: detail("homepage"),
    sshUrl: detail("ssh_url"),
    isPrivate: rest.private,
    visibility: String(rest.visibility ?? (rest.private ? "private" : "public")).toUpperCase(),
    isFork: rest.fork,
    isArchived: detail("archived"),
    isDisabled: detail("disabled"),
    isTemplate: detail("is_template"),
    isLocked: false,
    isMirror: false,
    isEmpty: false,
    createdAt: detail("created_at"),
    updatedAt: detail("updated_at"),
    pushedAt: detail("pushed_at"),
    diskUsage: detail("size"),
    forkCount: detail("forks_count"),
    stargazerCount: detail("stargazers_count"),
    hasIssuesEnabled: detail("has_issues"),
    hasWikiEnabled: detail("has_wiki"),
    hasProjectsEnabled: detail("has_projects"),
    hasDiscussionsEnabled: detail("has_discussions"),
    squashMergeAllowed: detail("allow_squash_merge"),
    mergeCommitAllowed: detail("allow_merge_commit"),
    rebaseMergeAllowed: detail("allow_rebase_merge"),
    deleteBranchOnMerge: detail("delete_branch_on_merge"),
    licenseInfo: null,
    primaryLanguage: async () => {
      const name = (await full()).language as string | null;
      return name ? { __typename: "Language", id: `L_${Buffer.from(`0:${name}`).toString("base64url")}`, name, color: null } : null;
    },
    defaultBranchRef: async () => {
      const name = String((await full()).default_branch);
      const branch = await src.get(`${base}/branches/${name}`);
      return branch ? branchRef(src, self(), base, name, String(branch.commit.sha)) : null;
    },
    pullRequests: async (args: Args, info: Info) => {
      let items = await pulls();
      if (args.states?.length) items = items.filter((p) => (args.states as string[]).includes(pullState(p)));
      if (args.headRefName) items = items.filter((p) => p.head.ref === args.headRefName);
      if (args.baseRefName) items = items.filter((p) => p.base.ref === args.baseRefName);
      if (args.labels?.length) items = items.filter((p) => (p.labels as Rest[]).some((l) => (args.labels as string[]).includes(l.name)));
      // REST's pull list has no comment counts: its issue list does, read only for that order.
      const counts =
        args.orderBy?.field === "COMMENTS"
          ? new Map((await src.list(`${base}/issues`, [["state", "all"]])).map((i) => [i.number as number, i.comments as number]))
          : new Map<number, number>();
      return page(threadOrder(items.slice().reverse(), args.orderBy, counts), args, info, (p) => pullRequest(src, self(), base, p));
    },
    pullRequest: async (args: Args) => {
      const p = await src.get(`${base}/pulls/${args.number}`);
      if (!p) throw new GitHubError("NOT_FOUND", `Could not resolve to a PullRequest with the number of ${args.number}.`);
      return pullRequest(src, self(), base, p);
    },
    issues: async (args: Args, info: Info) => {
      let items = (await issues()).slice().reverse();
      const filter = (args.filterBy ?? {}) as Args;
      const states = (args.states ?? filter.states) as string[] | undefined;
      if (states?.length) items = items.filter((i) => states.includes(String(i.state).toUpperCase()));
      if (filter.since) items = items.filter((i) => Date.parse(i.updated_at) >= Date.parse(filter.since));
      if (filter.assignee && filter.assignee !== "*")
        items = items.filter((i) => (i.assignees as Rest[]).some((a) => a.login === filter.assignee));
      if (filter.assignee === "*") items = items.filter((i) => (i.assignees as Rest[]).length > 0);
      if (filter.createdBy) items = items.filter((i) => i.user?.login === filter.createdBy);
      const labels = (args.labels ?? filter.labels) as string[] | undefined;
      if (labels?.length) items = items.filter((i) => (i.labels as Rest[]).some((l) => labels.includes(l.name)));
      if (filter.milestone) items = items.filter((i) => onMilestone(i, String(filter.milestone)));
      if (filter.milestoneNumber) items = items.filter((i) => onMilestone(i, String(filter.milestoneNumber)));
      if (filter.mentioned) items = items.filter((i) => String(i.body ?? "").includes(`@${filter.mentioned}`));
      const counts = new Map(items.map((i) => [i.number as number, i.comments as number]));
      return page(threadOrder(items, args.orderBy, counts), args, info, (i) => issue(src, self(), base, i));
    },
    issue: async (args: Args) => {
      const i = await src.get(`${base}/issues/${args.number}`);
      if (!i || i.pull_request) throw new GitHubError("NOT_FOUND", `Could not resolve to an Issue with the number of ${args.number}.`);
      return issue(src, self(), base, i);
    },
    issueOrPullRequest: async (args: Args) => {
      const i = await src.get(`${base}/issues/${args.number}`);
      if (!i) throw new GitHubError("NOT_FOUND", `Could not resolve to an issue or pull request with the number of ${args.number}.`);
      if (!i.pull_request) return issue(src, self(), base, i);
      return pullRequest(src, self(), base, (await src.get(`${base}/pulls/${args.number}`))!);
    },
    refs: async (args: Args, info: Info) => {
      const prefix = String(args.refPrefix);
      let refs: Node[];
      if (prefix === "refs/heads/")
        refs = (await src.list(`${base}/branches`)).map((b) => branchRef(src, self(), base, b.name, b.commit.sha));
      else if (prefix === "refs/tags/") refs = (await src.list(`${base}/tags`)).map((t) => tagRef(src, self(), base, t));
      else if (prefix === "refs/") {
        refs = [
          ...(await src.list(`${base}/branches`)).map((b) => branchRef(src, self(), base, b.name, b.commit.sha)),
          ...(await src.list(`${base}/tags`)).map((t) => tagRef(src, self(), base, t)),
        ];
      } else refs = [];
      if (args.query) refs = refs.filter((r) => String(r.name).includes(String(args.query)));
      const dates = new Map<string, string>();
      if (args.orderBy?.field === "TAG_COMMIT_DATE") {
        for (const r of refs)
          dates.set(String(r.name), String((await commitBySha(src, base, String(r.targetOid)))?.commit.committer.date ?? ""));
      }
      const sorted = ordered(refs, args.orderBy ?? { field: "ALPHABETICAL", direction: "ASC" }, {
        ALPHABETICAL: (r) => String(r.name),
        TAG_COMMIT_DATE: (r) => dates.get(String(r.name)) ?? "",
      });
      return page(sorted, args, info, (r) => r);
    },
    ref: async (args: Args) => {
      const name = String(args.qualifiedName);
      const short = name.replace(/^refs\/(heads|tags)\//, "");
      if (!name.startsWith("refs/tags/")) {
        const b = await src.get(`${base}/branches/${short}`);
        if (b) return branchRef(src, self(), base, short, String(b.commit.sha));
      }
      if (!name.startsWith("refs/heads/")) {
        const t = (await src.list(`${base}/tags`)).find((x) => x.name === short);
        if (t) return tagRef(src, self(), base, t);
      }
      return null;
    },
    object: async (args: Args) => gitObject(src, self(), base, args),
    releases: async (args: Args, info: Info) => {
      const items = ordered(await src.list(`${base}/releases`), args.orderBy, {
        CREATED_AT: (r) => String(r.created_at),
        NAME: (r) => String(r.name),
      });
      return page(items, args, info, (r) => release(src, self(), base, r));
    },
    release: async (args: Args) => {
      const r = await src.get(`${base}/releases/tags/${args.tagName}`);
      return r ? release(src, self(), base, r) : null;
    },
    latestRelease: async () => {
      const r = await src.get(`${base}/releases/latest`);
      return r ? release(src, self(), base, r) : null;
    },
    deployments: async (args: Args, info: Info) => {
      let items = (await src.list(`${base}/deployments`)).slice().reverse();
      if (args.environments?.length) items = items.filter((d) => (args.environments as string[]).includes(d.environment));
      items = ordered(items, args.orderBy, { CREATED_AT: (d) => String(d.created_at) });
      return page(items, args, info, (d) => deployment(src, self(), base, d));
    },
    assignableUsers: async (args: Args, info: Info) => {
      let users = await src.list(`${base}/assignees`);
      if (args.query) users = users.filter((u) => String(u.login).includes(String(args.query)));
      return page(users, args, info, (u) => actor(src, u));
    },
    mentionableUsers: async (args: Args, info: Info) => page(await src.list(`${base}/collaborators`), args, info, (u) => actor(src, u)),
    collaborators: async (args: Args, info: Info) => {
      const conn = page(await src.list(`${base}/collaborators`), args, info, (u) => ({ u, n: actor(src, u) }));
      return {
        ...conn,
        nodes: conn.nodes.map((x) => x.n),
        edges: conn.edges.map((e) => ({
          cursor: e.cursor,
          node: e.node.n,
          permission: String(e.node.u.role_name ?? "write").toUpperCase(),
        })),
      };
    },
    labels: async (args: Args, info: Info) => {
      let items = await src.list(`${base}/labels`);
      // GitHub's `query` matches names and descriptions, case-insensitively.
      const q = typeof args.query === "string" ? args.query.toLowerCase() : "";
      if (q) items = items.filter((l) => `${l.name} ${l.description ?? ""}`.toLowerCase().includes(q));
      // REST labels carry no creation time: their IDs are given in creation order.
      items = ordered(items, args.orderBy ?? { field: "CREATED_AT", direction: "ASC" }, {
        CREATED_AT: (l) => Number(l.id),
        NAME: (l) => String(l.name).toLowerCase(),
      });
      return page(items, args, info, (l) => label(String(rest.html_url), l));
    },
    label: async (args: Args) => {
      const l = (await src.list(`${base}/labels`)).find((x) => String(x.name).toLowerCase() === String(args.name).toLowerCase());
      return l ? label(String(rest.html_url), l) : null;
    },
    // The viewer's role as the collaborators list names it, else the repository's `permissions` for the token's user.
    viewerPermission: () => viewerPermission(),
    viewerCanAdminister: async () => (await viewerPermission()) === "ADMIN",
    // A fork's parent, as REST's `parent` names it (the company's repositories are no forks: null).
    parent: async () => {
      const parent = (await full()).parent as Rest | undefined;
      return parent ? repository(src, parent) : null;
    },
    templateRepository: async () => {
      const template = (await full()).template_repository as Rest | undefined;
      return template ? repository(src, template) : null;
    },
    mirrorUrl: detail("mirror_url"),
    milestones: (args: Args, info: Info) => milestones(src, self(), base, args, info),
    milestone: async (args: Args) =>
      milestone(
        src,
        self(),
        (await src.list(`${base}/milestones`, [["state", "all"]])).find((m) => m.number === args.number),
      ),
    // The company uses neither stars, discussions nor projects: GitHub's empty connections.
    discussions: empty(checkBounds),
    projectsV2: empty(checkBounds),
    stargazers: empty(checkBounds),
    organization: () => (rest.owner?.type === "Organization" ? organization(src, rest.owner) : null),
  };
  return node;
}
